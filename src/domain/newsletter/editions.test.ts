import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import { decideAwards, HOSTILE_NAME, HOSTILE_TAGLINE, LOGO_HASH, seedEditionWeek, WEEKS } from './edition-testing.ts';
import { editionCopy, UNSUBSCRIBE_PLACEHOLDER } from './edition-copy.ts';
import { plainLine } from './mail-markup.ts';

// The weekly digest built from a seeded week: last week's winners, its top 10, this week's
// launches, next week's, new blog posts; hostile names escaped everywhere; no picture but the
// kept logos; the sender's placeholder exactly once in each part.
const PUBLIC_URL = 'https://yard.example';
let clock = new Date('2026-03-09T00:45:00Z');
const t = await createTestApp({ now: () => clock, env: { PUBLIC_URL } });
await sql`update site_settings set name = 'Yard'`.execute(t.db);
const editions = t.app.services.newsletterEditions;
await seedEditionWeek(t);

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

test('before the awards are decided nothing is built; then the edition of the closed week is', async () => {
  assert.deepEqual(await editions.buildDue(), { week: WEEKS.closed, skipped: 'awards not decided yet' });
  const preview = await editions.preview();
  assert.equal(preview.week, WEEKS.closed);
  assert.equal(preview.decided, false, 'a preview says so');
  assert.equal(preview.edition, undefined);

  await decideAwards(t);
  const built = await editions.buildDue();
  assert.ok('edition' in built && built.edition);
  assert.deepEqual([built.week, built.edition.status, built.written, built.due], [WEEKS.closed, 'draft', true, false]);
});

test('the edition: winners, top 10, this week, next week and new posts, in the HTML and the text', async () => {
  const e = (await t.app.services.newsletterEditions.preview()).edition!;
  const $ = cheerio.load(e.html);
  const section = (title: RegExp) => $('h2').filter((_, h) => title.test($(h).text())).first().parent();
  const names = (title: RegExp) => section(title).find('a[href*="/listings/"]').map((_, a) => $(a).text()).get();
  const hostile = HOSTILE_NAME.replace('\r\n', '\n'); // as a text node: the markup in it is text (HTML reads CR LF as LF)

  assert.deepEqual(names(/^Launch of the Week$/), [hostile, 'Alpha', 'Bravo']);
  assert.deepEqual(section(/^Launch of the Week$/).find('.ly-mark').map((_, m) => $(m).text()).get(), ['★ #1', '★ #2', '★ #3']);
  const top = names(/^Top 10 of the week of 2 Mar 2026$/);
  assert.equal(top.length, 10);
  assert.deepEqual(top.slice(0, 4), [hostile, 'Alpha', 'Bravo', 'Charlie']);
  assert.match(section(/^Top 10/).text(), /All 12 launches of that week/);
  assert.deepEqual(names(/^Launching this week$/), ['Delta', 'Echo']);
  assert.deepEqual(names(/^Coming the week of 16 Mar 2026$/), ['Foxtrot']);
  assert.ok(!e.html.includes('/listings/golf'), 'a later week is not next week');
  assert.deepEqual(section(/^New on the blog$/).find('a').map((_, a) => $(a).text()).get(), ['A fresh post <b>bold</b>'], 'only the post since the week began, as text');
  assert.equal($('a[href="https://yard.example/launches/weeks/2026-03-02"]').length, 1, 'the week board');

  // The text part says the same, one line per listing and its address.
  assert.match(e.text, /^Yard weekly — the week of 2 Mar 2026\n/);
  assert.ok(e.text.includes(`LAUNCH OF THE WEEK\n==================\n\n#1 ${plainLine(HOSTILE_NAME)} — ${plainLine(HOSTILE_TAGLINE)} (6 votes)\nhttps://yard.example/listings/evil\n\n#2 Alpha — The first letter (5 votes)\nhttps://yard.example/listings/alpha\n\n#3 Bravo — Second to none (4 votes)`));
  assert.match(e.text, /\n10\. Filler 6 \(1 vote\)\nhttps:\/\/yard\.example\/listings\/filler-6\n/);
  assert.match(e.text, /LAUNCHING THIS WEEK\n=+\n\nDelta — Delta launches\nhttps:\/\/yard\.example\/listings\/delta\n\nEcho — Echo launches/);
  assert.match(e.text, /COMING THE WEEK OF 16 MAR 2026\n=+\n\nFoxtrot — Foxtrot launches\nhttps:\/\/yard\.example\/listings\/foxtrot/);
  assert.match(e.text, /NEW ON THE BLOG\n=+\n\nA fresh post <b>bold<\/b>\nhttps:\/\/yard\.example\/blog\/fresh-post/);
  assert.ok(!/old-news|unpublished|golf/.test(e.text + e.html));

  // Kept as built: the web version reads from it.
  assert.deepEqual((e.content as { awards: { slug: string }[] }).awards.map((a) => a.slug), ['evil', 'alpha', 'bravo']);
});

test('hostile names: escaped in the HTML, one line in the subject and the text, never the placeholder', async () => {
  const e = (await editions.preview()).edition!;
  const $ = cheerio.load(e.html);
  assert.equal($('script').length, 0);
  assert.equal($('[onerror]').length, 0);
  assert.ok(e.html.includes('Evil &lt;img src=x onerror=alert(1)&gt;'));
  assert.ok(e.html.includes('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#123;&#123;&#123;&#123;unsubscribe_url}}}}'));
  assert.equal(e.subject, 'Yard weekly: Evil <img src=x onerror=alert(1)> Bcc: victim@example.com {… is Launch of the Week (week of 2 Mar 2026)', 'one line, the name cut at 60 characters');
  assert.ok(!/[\r\n]/.test(e.subject));
  assert.ok(!e.text.includes('\r') && !e.text.includes('\nBcc:'), 'no name starts a line of its own');
  assert.equal(count(e.html, UNSUBSCRIBE_PLACEHOLDER), 1, 'the footer link alone');
  assert.equal(count(e.text, UNSUBSCRIBE_PLACEHOLDER), 1);
  assert.equal($(`a[href="${UNSUBSCRIBE_PLACEHOLDER}"]`).text(), 'Unsubscribe');

  // The sender's copy: the subscriber's link there, and nowhere else.
  const copy = editionCopy(e);
  const link = 'https://yard.example/newsletter/unsubscribe/7/abc?x=1&y=2';
  assert.equal(count(copy.html('https://yard.example/newsletter/unsubscribe/7/abc?x=1&y=2'), 'unsubscribe/7/abc?x=1&amp;y=2'), 1);
  assert.equal(count(copy.text(link), link), 1);
});

test('mail-safe HTML: no tracking pixel (no picture but kept logos of PUBLIC_URL), absolute links, a fluid 600 px column, dark mode', async () => {
  const e = (await editions.preview()).edition!;
  const $ = cheerio.load(e.html);
  const images = $('img').map((_, i) => ({ src: $(i).attr('src'), alt: $(i).attr('alt'), width: $(i).attr('width') })).get();
  assert.deepEqual(images, [
    { src: `${PUBLIC_URL}/media/${LOGO_HASH}/logo-128.png`, alt: 'Alpha logo', width: '48' },
    { src: `${PUBLIC_URL}/media/${LOGO_HASH}/logo-128.png`, alt: 'Alpha logo', width: '48' },
  ]);
  assert.ok(!/\.(webp|avif)\b/.test(e.html), 'PNG only in mail');
  assert.ok(!/background(-image)?:\s*url|<video|<iframe|<link /.test(e.html), 'nothing else loads');
  for (const a of $('a[href]').toArray()) {
    const href = $(a).attr('href')!;
    assert.ok(href === UNSUBSCRIBE_PLACEHOLDER || href.startsWith(`${PUBLIC_URL}/`), href);
  }
  assert.equal($('meta[name="color-scheme"]').attr('content'), 'light dark');
  assert.match(e.html, /max-width:600px/);
  assert.match($('style').text(), /@media \(prefers-color-scheme: dark\)/);
  assert.equal($('html').attr('lang'), 'en');
  assert.equal($('h1').text(), 'Yard weekly');
  for (const table of $('table').toArray()) assert.equal($(table).attr('role'), 'presentation');
});

test('the intro: Markdown without raw HTML or images, links made absolute; saved with its log entry', async () => {
  const admin = await t.fx.user({ email: 'editor@test.example' });
  await t.db.updateTable('users').set({ is_admin: true }).where('id', '=', admin).execute();
  await editions.saveIntro(admin, WEEKS.closed, 'Hello **makers**.\n\n<b>raw</b> ![pixel](https://tracker.example/p.gif) [our ranking](/about/ranking) {{unsubscribe_url}}');
  const e = (await editions.preview()).edition!;
  const $ = cheerio.load(e.html);
  assert.equal($('strong').first().text(), 'makers');
  assert.ok(e.html.includes('&lt;b&gt;raw&lt;/b&gt;'));
  assert.equal($('img[src*="tracker"]').length, 0);
  assert.equal($('a[href="https://yard.example/about/ranking"]').text(), 'our ranking');
  assert.equal(count(e.html, UNSUBSCRIBE_PLACEHOLDER), 1);
  assert.equal(count(e.text, UNSUBSCRIBE_PLACEHOLDER), 1);
  assert.ok(e.text.includes('Hello **makers**.'), 'the text part carries the Markdown as written');
  const log = await sql<{ action: string; subject_id: string }>`select action, subject_id from admin_actions where admin_id = ${admin}`.execute(t.db);
  assert.deepEqual(log.rows, [{ action: 'newsletter_intro_saved', subject_id: WEEKS.closed }]);

  // A rebuild keeps it.
  clock = new Date('2026-03-09T01:20:00Z');
  await editions.buildDue();
  assert.match((await editions.preview()).edition!.html, /makers/);

  // Too long, or for a week that is not the next edition's: refused, nothing changed.
  await assert.rejects(editions.saveIntro(admin, WEEKS.closed, 'x'.repeat(2001)), { code: 'newsletter_intro_too_long' });
  await assert.rejects(editions.saveIntro(admin, WEEKS.current, 'hi'), { code: 'newsletter_edition_changed' });
  const stranger = await t.fx.user();
  await assert.rejects(editions.saveIntro(stranger, WEEKS.closed, 'hi'), { code: 'admin_only' });
  assert.match((await editions.preview()).edition!.html, /makers/);
});
