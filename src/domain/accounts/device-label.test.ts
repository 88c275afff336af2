import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deviceLabel, USER_AGENT_READ } from './device-label.ts';

// What a session keeps of a browser: the header as browsers send it → the label a person sees.
// migrations/0033_session_device.sql computes the same labels in SQL (its test compares the two).
const USER_AGENTS: [header: string | null, label: string][] = [
  ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome on Windows'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68', 'Edge on Windows'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari on macOS'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1', 'Chrome on iOS'],
  ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15', 'Firefox on iPadOS'],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36', 'Chrome on Android'],
  ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 'Opera on Windows'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Vivaldi/6.8', 'Vivaldi on Linux'],
  ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome on ChromeOS'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36', 'Chrome on Linux'],
  ['curl/8.5.0', 'Unknown browser'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Unknown browser on Windows'],
  ['Firefox/1.0', 'Firefox'],
  ['', 'Unknown browser'],
  [null, 'Unknown browser'],
];

for (const [header, label] of USER_AGENTS) {
  test(`${JSON.stringify(header?.slice(0, 60) ?? null)} → ${label}`, () => {
    assert.equal(deviceLabel(header), label);
  });
}

test('only the first 500 characters are read, and a long hostile header costs no more than its length', () => {
  assert.equal(deviceLabel(`${'x'.repeat(USER_AGENT_READ)} Firefox/128.0 (Linux)`), 'Unknown browser');
  const hostile = 'Mozilla/5.0 ('.repeat(100_000);
  const start = performance.now();
  for (let i = 0; i < 1000; i++) assert.equal(deviceLabel(hostile), 'Unknown browser');
  assert.ok(performance.now() - start < 1000, 'each read stops at 500 characters');
});
