import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { decideAwards, seedEditionWeek, WEEKS } from '../../../domain/newsletter/edition-testing.ts';
import { UNSUBSCRIBE_PLACEHOLDER } from '../../../domain/newsletter/edition-copy.ts';
import { addWeeks } from '../../../domain/launches/weeks.ts';

// The public archive: /newsletter lists the sent editions (newest first, paged), /newsletter/{week}
// is an edition's web version under its own strict policy, /feeds/newsletter.rss the feed; drafts
// and editions still going out are not public. Over inject, as a visitor.
const BASE = 'http://localhost:3000';
let clock = new Date('2026-03-09T01:00:00Z');
const t = await createTestApp({ now: () => clock, env: { PUBLIC_URL: BASE } });
await sql`update site_settings set name = 'Yard'`.execute(t.db);
const editions = t.app.services.newsletterEditions;
await seedEditionWeek(t);
await decideAwards(t);
await editions.buildDue();
await sql`update newsletter_editions set status = 'sent', sending_at = '2026-03-09T09:00:00Z', sent_at = '2026-03-09T09:20:00Z' where week = ${WEEKS.closed}::date`.execute(t.db);
// The next edition, a draft (an intro written ahead): not public.
clock = new Date('2026-03-10T08:00:00Z');
await editions.saveIntro(null, WEEKS.current, 'Coming soon');
const visitor = t.siteBrowser();

test('/newsletter: the sent editions with their winners, the feed announced, cacheable; drafts are not listed', async () => {
  const res = await visitor.get('/newsletter');
  assert.equal(res.status, 200);
  assert.match(String(res.headers['cache-control']), /^public/);
  assert.ok(res.headers.etag);
  const $ = cheerio.load(res.body);
  assert.equal($('h1').text(), 'The weekly newsletter');
  const items = $('ol.editions li');
  assert.equal(items.length, 1);
  assert.equal(items.find('a').attr('href'), `/newsletter/${WEEKS.closed}`);
  assert.equal(items.find('a').text(), 'The week of 2 Mar 2026');
  assert.match(items.text(), /Launch of the Week: #1 Evil <img src=x onerror=alert\(1\)>\s+Bcc: victim@example\.com \{\{unsubscribe_url\}\}, #2 Alpha, #3 Bravo\./);
  assert.equal($('ol.editions img').length, 0, 'names are text');
  assert.equal($('link[rel="alternate"][type="application/rss+xml"]').attr('href'), '/feeds/newsletter.rss');
  assert.equal($('a[href="/newsletter/subscribe"]').length > 0, true);
  assert.ok(!res.body.includes(`/newsletter/${WEEKS.current}`), 'the draft is not public');
});

test('/newsletter/{week}: the web version, its own document under a strict policy, without the unsubscribe placeholder', async () => {
  const res = await visitor.get(`/newsletter/${WEEKS.closed}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-security-policy'], `default-src 'none'; style-src 'unsafe-inline'; img-src ${BASE}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
  assert.equal(res.headers['x-frame-options'], 'DENY');
  assert.match(String(res.headers['cache-control']), /^public/);
  const $ = cheerio.load(res.body);
  assert.equal($('title').text(), 'Yard weekly: Evil <img src=x onerror=alert(1)> Bcc: victim@example.com {… is Launch of the Week (week of 2 Mar 2026)');
  assert.equal($('link[rel="canonical"]').attr('href'), `${BASE}/newsletter/${WEEKS.closed}`);
  assert.equal($('main').length, 1);
  assert.equal($('script').length + $('[onerror]').length, 0);
  assert.deepEqual($('h2').map((_, h) => $(h).text()).get(), ['Launch of the Week', 'Top 10 of the week of 2 Mar 2026', 'Launching this week', 'Coming the week of 16 Mar 2026', 'New on the blog']);
  assert.ok(!res.body.includes(UNSUBSCRIBE_PLACEHOLDER));
  assert.equal($(`a[href="${BASE}/newsletter"]`).length, 2, 'the way back to the archive, top and bottom');
  assert.equal($(`a[href="${BASE}/newsletter/subscribe"]`).text(), 'Subscribe');
  const again = await visitor.get(`/newsletter/${WEEKS.closed}`, { 'if-none-match': String(res.headers.etag) });
  assert.equal(again.status, 304);
});

test('not public: a draft, a week without an edition, a date that is not one; the subscribe page keeps its address', async () => {
  for (const path of [`/newsletter/${WEEKS.current}`, '/newsletter/2026-03-16', '/newsletter/2026-02-30', '/newsletter/next', '/newsletter?page=2', '/newsletter?page=x']) {
    const res = await visitor.get(path);
    assert.equal(res.status, 404, path);
    assert.match(String(res.headers['content-type']), /text\/html/, path);
  }
  assert.equal((await visitor.get('/newsletter/subscribe')).status, 200);
});

test('the RSS feed: newest edition first, linking to its web version, its winners in the description', async () => {
  const res = await visitor.get('/feeds/newsletter.rss');
  assert.equal(res.status, 200);
  assert.match(String(res.headers['content-type']), /^application\/rss\+xml/);
  const $ = cheerio.load(res.body, { xml: true });
  assert.equal($('channel > title').text(), 'Yard: the weekly newsletter');
  assert.equal($('channel > link').text(), `${BASE}/newsletter`);
  const items = $('item');
  assert.equal(items.length, 1);
  assert.equal(items.find('link').text(), `${BASE}/newsletter/${WEEKS.closed}`);
  assert.match(items.find('title').text(), /is Launch of the Week \(week of 2 Mar 2026\)$/);
  // A reader shows the description as HTML: the name in it is escaped text.
  assert.match(items.find('description').text(), /^The week of 2 Mar 2026\. Launch of the Week: #1 Evil &lt;img src=x onerror=alert\(1\)&gt;/);
});

test('the sitemap lists the archive and the editions; the footer and the subscribe page link to it', async () => {
  const xml = (await visitor.get('/sitemaps/pages.xml')).body;
  assert.ok(xml.includes(`<loc>${BASE}/newsletter</loc>`));
  assert.ok(xml.includes(`<loc>${BASE}/newsletter/${WEEKS.closed}</loc>`));
  assert.ok(!xml.includes(`/newsletter/${WEEKS.current}`));
  assert.equal(cheerio.load((await visitor.get('/')).body)('footer a[href="/newsletter"]').length, 1);
  assert.equal(cheerio.load((await visitor.get('/newsletter/subscribe')).body)('main a[href="/newsletter"]').length, 1);
});

test('paged: 20 editions a page, newest first, and the next page', async () => {
  const content = JSON.stringify({ version: 1, site: 'Yard', week: '2025-01-06', decided: true, awards: [], top: [], topTotal: 0, current: { week: '2025-01-13', items: [], total: 0 }, upcoming: { week: '2025-01-20', items: [], total: 0 }, posts: [] });
  for (let i = 0; i < 21; i++) {
    const week = addWeeks('2025-01-06', i);
    await sql`insert into newsletter_editions (week, subject, html, text, content, status, sending_at, sent_at)
      values (${week}::date, ${`Old edition ${i}`}, '<p>x</p>', 'x', ${content}::jsonb, 'sent', ${`${week}T09:00:00Z`}, ${`${week}T09:30:00Z`})`.execute(t.db);
  }
  const first = cheerio.load((await visitor.get('/newsletter')).body);
  assert.equal(first('ol.editions li').length, 20);
  assert.equal(first('ol.editions li a').first().attr('href'), `/newsletter/${WEEKS.closed}`);
  assert.equal(first('a[rel="next"]').attr('href'), '/newsletter?page=2');
  const second = cheerio.load((await visitor.get('/newsletter?page=2')).body);
  assert.deepEqual(second('ol.editions li a').map((_, a) => second(a).attr('href')).get(), ['/newsletter/2025-01-13', '/newsletter/2025-01-06']);
});
