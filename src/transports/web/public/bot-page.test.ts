import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../testing/harness.ts';
import { loadConfig } from '../../../config.ts';

const t = await createTestApp();

test('the crawler names itself with a link to /bot, and /bot says how to keep it out', async () => {
  const ua = loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).crawler.userAgent;
  const link = /\(\+(\S+)\)/.exec(ua)?.[1];
  assert.equal(link, 'http://localhost:3000/bot');
  const res = await t.get('/bot');
  assert.equal(res.status, 200);
  assert.match(res.type, /text\/html/);
  assert.match(String(res.body), /User-agent: LaunchyardBot\nDisallow: \//);
});
