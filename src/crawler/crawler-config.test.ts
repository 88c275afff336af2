import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../config.ts';
import { DEFAULT_CRAWL_BOUNDS } from './crawler.ts';

test('crawler config: a named user agent, no allowed hosts and the default bounds unless set', () => {
  const c = loadConfig({ PUBLIC_URL: 'https://launch.example/' });
  assert.deepEqual(c.crawler, { allowHosts: [], userAgent: 'LaunchyardBot/1.0 (+https://launch.example/bot)', bounds: DEFAULT_CRAWL_BOUNDS });
  const set = loadConfig({
    CRAWLER_ALLOW_HOSTS: ' 127.0.0.1, localhost ,[::1],',
    CRAWLER_MAX_PAGES: '3',
    CRAWLER_MAX_PAGE_BYTES: '65536',
    CRAWLER_TIMEOUT_SECONDS: '5',
    CRAWLER_MAX_REDIRECTS: '0',
  }).crawler;
  assert.deepEqual(set.allowHosts, ['127.0.0.1', 'localhost', '[::1]']);
  assert.deepEqual(set.bounds, { maxPages: 3, maxBytesPerPage: 65536, timeMs: 5000, maxRedirects: 0 });
});

test('crawler config: bad values are one config error naming the variable', () => {
  const bad: Record<string, string>[] = [
    { CRAWLER_ALLOW_HOSTS: 'localhost:3000' },
    { CRAWLER_ALLOW_HOSTS: 'http://localhost' },
    { CRAWLER_ALLOW_HOSTS: '::1' },
    { CRAWLER_MAX_PAGES: '0' },
    { CRAWLER_MAX_PAGE_BYTES: 'lots' },
    { CRAWLER_TIMEOUT_SECONDS: '0' },
    { CRAWLER_MAX_REDIRECTS: '-1' },
  ];
  for (const env of bad) {
    const name = Object.keys(env)[0];
    assert.throws(() => loadConfig(env), (e: unknown) => e instanceof ConfigError && e.message.startsWith(`config error: ${name} `), name);
  }
});
