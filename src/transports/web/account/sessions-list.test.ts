import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import * as cheerio from 'cheerio';
import { createTestApp } from '../../../testing/harness.ts';

// What a session keeps of its browser (migration 0033): a coarse label, no address, shown on the
// account page so a person recognises where they are signed in; other people's sessions never show.
const t = await createTestApp();
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInWith(who: { email: string; password: string }, userAgent: string, ip: string) {
  const b = t.siteBrowser({ userAgent, ip });
  const res = await b.post('/sign-in', { ...who, csrf: await b.csrf('/sign-in') });
  assert.equal(res.status, 303);
  return b;
}

test('a session stores the browser\'s label and nothing of its address or header; /account lists the person\'s own sessions', async () => {
  const first = await t.signIn({ ip: '198.51.100.40' });
  const firefox = await signInWith(first, FIREFOX, '203.0.113.41');
  const other = await t.signIn({ ip: '198.51.100.42' });
  await signInWith(other, IPHONE, '203.0.113.43');

  const rows = (await sql<Record<string, unknown>>`select * from sessions where user_id = ${first.userId} order by id`.execute(t.db)).rows;
  assert.deepEqual(rows.map((r) => r.device), ['Unknown browser', 'Firefox on Linux']);
  const stored = JSON.stringify(rows);
  for (const raw of ['198.51.100', '203.0.113', 'Mozilla', 'Gecko', 'test-browser']) assert.ok(!stored.includes(raw), `${raw} in ${stored}`);

  const $ = cheerio.load((await firefox.get('/account')).body);
  const listed = $('ul.sessions li').map((_, li) => $(li).text().replace(/\s+/g, ' ')).get();
  assert.equal(listed.length, 2);
  assert.match(listed[0], /^Firefox on Linux \(this browser\): signed in \d{4}-\d\d-\d\d \d\d:\d\d UTC with your password, last seen /);
  assert.match(listed[1], /^Unknown browser: signed in /);
  assert.match($('#sessions-heading').parent().text(), /signed in on 2 browsers or devices/);
  assert.doesNotMatch($.html(), /iOS|Safari/, 'another person\'s session is not listed');
  assert.equal($('#sessions-heading').parent().find('a[href="/privacy"]').length, 1);
});
