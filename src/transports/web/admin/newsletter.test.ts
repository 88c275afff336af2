import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { decideAwards, seedEditionWeek, WEEKS } from '../../../domain/newsletter/edition-testing.ts';
import { UNSUBSCRIBE_PLACEHOLDER } from '../../../domain/newsletter/edition-copy.ts';

// /admin/newsletter over inject: administrators only; the next edition's preview under its own
// policy; a test to the administrator's own address (in the outbox); the intro saved and shown;
// the sending settings; "send now" through the sender with its progress. Every change logged.
let clock = new Date('2026-03-09T02:00:00Z');
const t = await createTestApp({ now: () => clock });
await seedEditionWeek(t);
await decideAwards(t);
await sql`insert into newsletter_subscribers (email, status, consented_at, consent_page, consent_text, confirmed_at)
  values ('reader@test.example', 'confirmed', now(), '/newsletter/subscribe', 'The newsletter', now())`.execute(t.db);
const admin = await t.signIn({ admin: true, email: 'chief@test.example' });
const member = await t.signIn({ email: 'member@test.example' });
const services = t.app.services as { newsletterSending: unknown };
const realSender = services.newsletterSending;

const log = async (action: string) => (await sql<{ subject_id: string; summary: string }>`select subject_id, summary from admin_actions where action = ${action} order by id`.execute(t.db)).rows;
const outboxTo = (email: string) => t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).orderBy('id').execute();
const page = async () => cheerio.load((await admin.browser.get('/admin/newsletter')).body);

test('administrators only: signed out → sign in; a member → 403 on the page, the preview and every form', async () => {
  const anon = await t.siteBrowser().get('/admin/newsletter');
  assert.equal(anon.status, 303);
  assert.match(String(anon.location), /^\/sign-in\?return_to=/);
  for (const path of ['/admin/newsletter', '/admin/newsletter/preview']) assert.equal((await member.browser.get(path)).status, 403, path);
  for (const [path, form] of [['test', {}], ['intro', { week: WEEKS.closed, intro: 'x' }], ['settings', { hour: '3' }], ['send', { week: WEEKS.closed }]] as const) {
    const res = await member.browser.post(`/admin/newsletter/${path}`, { ...form, csrf: member.csrf });
    assert.equal(res.status, 403, path);
  }
  assert.deepEqual(await outboxTo(member.email), []);
  assert.equal((await sql<{ n: number }>`select count(*)::int as n from admin_actions`.execute(t.db)).rows[0].n, 0);
});

test('the page: the next edition, its preview in a sandboxed frame (its own document and policy), the forms', async () => {
  const res = await admin.browser.get('/admin/newsletter');
  assert.equal(res.status, 200);
  assert.match(String(res.headers['content-security-policy']), /frame-src 'self'; frame-ancestors 'none'/);
  const $ = cheerio.load(res.body);
  assert.equal($('nav.admin-nav a[aria-current="page"]').text(), 'Newsletter');
  assert.equal($('#next-heading').text(), 'Next edition: the week of 2 Mar 2026');
  assert.match($('main').text(), /1 confirmed subscriber\b/);
  assert.match($('main').text(), /Launch of the Week is decided/);
  const frame = $('iframe.edition-preview');
  assert.deepEqual([frame.attr('src'), frame.attr('sandbox'), frame.attr('title')], ['/admin/newsletter/preview', 'allow-popups allow-popups-to-escape-sandbox', 'Preview of the next edition']);
  for (const action of ['test', 'intro', 'settings', 'send']) assert.equal($(`form[action="/admin/newsletter/${action}"] input[name="csrf"]`).attr('value'), admin.csrf, action);

  const preview = await admin.browser.get('/admin/newsletter/preview');
  assert.equal(preview.status, 200);
  assert.match(String(preview.headers['content-security-policy']), /^default-src 'none'; style-src 'unsafe-inline'; img-src http:\/\/localhost:3000; .*frame-ancestors 'self'$/);
  assert.equal(preview.headers['x-frame-options'], 'SAMEORIGIN');
  assert.equal(preview.headers['cache-control'], 'no-store');
  const p$ = cheerio.load(preview.body);
  assert.equal(p$('base').attr('target'), '_blank');
  assert.deepEqual(p$('h2').map((_, h) => p$(h).text()).get().slice(0, 2), ['Launch of the Week', 'Top 10 of the week of 2 Mar 2026']);
});

test('"send me a test": the next edition to the administrator, marked as a test, no placeholder left; logged', async () => {
  const res = await admin.browser.post('/admin/newsletter/test', { csrf: admin.csrf });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/admin/newsletter?done=test-sent');
  const [mail, ...more] = await outboxTo(admin.email);
  assert.equal(more.length, 0);
  assert.match(mail.subject, /^\[Test\] .+ weekly: Evil <img src=x onerror=alert\(1\)> Bcc: /);
  assert.ok(!/[\r\n]/.test(mail.subject));
  assert.match(mail.text_body, /LAUNCH OF THE WEEK/);
  assert.ok(mail.text_body.includes('Unsubscribe with one click, no sign-in needed: http://localhost:3000/newsletter\n'), 'the archive, not anybody\'s unsubscribe link');
  assert.ok(!mail.text_body.includes(UNSUBSCRIBE_PLACEHOLDER));
  assert.deepEqual(await outboxTo('reader@test.example'), [], 'subscribers get nothing');
  assert.deepEqual((await log('newsletter_test_sent')).map((r) => r.summary), ['Test of the edition of 2 Mar 2026 sent to chief@test.example']);
  assert.match(cheerio.load((await admin.browser.get(res.location!)).body)('p.notice').text(), /The test is on its way/);
});

test('the intro: saved with the draft, shown in the preview and the form; too long or for a stale week refused', async () => {
  const res = await admin.browser.post('/admin/newsletter/intro', { csrf: admin.csrf, week: WEEKS.closed, intro: 'Welcome to **week ten**.\n\n<script>x</script>' });
  assert.equal(res.status, 303);
  const preview = cheerio.load((await admin.browser.get('/admin/newsletter/preview')).body);
  assert.equal(preview('strong').first().text(), 'week ten');
  assert.equal(preview('script').length, 0);
  assert.equal((await page())('#newsletter-intro').text(), 'Welcome to **week ten**.\n\n<script>x</script>');
  assert.equal((await log('newsletter_intro_saved')).length, 1);

  const long = await admin.browser.post('/admin/newsletter/intro', { csrf: admin.csrf, week: WEEKS.closed, intro: 'x'.repeat(2001) });
  assert.equal(long.status, 400);
  assert.match(cheerio.load(long.body)('#newsletter-intro-error').text(), /At most 2000 characters/);
  const stale = await admin.browser.post('/admin/newsletter/intro', { csrf: admin.csrf, week: '2026-02-23', intro: 'Old' });
  assert.equal(stale.status, 409);
  assert.match(stale.body, /The next edition changed since this page was loaded/);
  assert.equal((await log('newsletter_intro_saved')).length, 1);
  assert.match((await admin.browser.get('/admin/newsletter/preview')).body, /week ten/);
});

test('the sending settings: automatic sending and its hour saved and shown; a bad hour refused', async () => {
  const res = await admin.browser.post('/admin/newsletter/settings', { csrf: admin.csrf, hour: '7' });
  assert.equal(res.status, 303);
  assert.deepEqual(await t.app.services.newsletterEditions.settings(), { auto: false, hour: 7, timezone: 'UTC', name: (await t.app.services.newsletterEditions.settings()).name });
  const $ = await page();
  assert.equal($('#newsletter-auto').attr('checked'), undefined);
  assert.equal($('#newsletter-hour option[selected]').text(), '07:00');
  assert.match($('main').text(), /Automatic sending is off/);
  for (const hour of ['24', 'x', '']) {
    const bad = await admin.browser.post('/admin/newsletter/settings', { csrf: admin.csrf, auto: 'on', hour });
    assert.equal(bad.status, 400, hour);
    assert.match(bad.body, /The hour is a whole number from 0 to 23/);
  }
  assert.equal((await t.app.services.newsletterEditions.settings()).auto, false);
  await admin.browser.post('/admin/newsletter/settings', { csrf: admin.csrf, auto: 'on', hour: '9' });
  assert.deepEqual((await log('newsletter_settings_saved')).map((r) => r.summary), ['Newsletter: sent by hand only', 'Newsletter: sent automatically on Mondays from 9:00']);
});

test('without a sender: the page says so, and "send now" changes nothing', async () => {
  services.newsletterSending = undefined;
  try {
    assert.match((await page())('main').text(), /Sending is not available yet/);
    const res = await admin.browser.post('/admin/newsletter/send', { csrf: admin.csrf, week: WEEKS.closed });
    assert.equal(res.status, 409);
    assert.match(res.body, /Sending is not available yet/);
  } finally {
    services.newsletterSending = realSender;
  }
  assert.equal((await sql<{ s: string }>`select status as s from newsletter_editions`.execute(t.db)).rows[0].s, 'draft');
});

test('"send now": the edition goes to the sender once, logged; the progress shows; a second press sends nothing', async () => {
  clock = new Date('2026-03-09T03:00:00Z');
  const res = await admin.browser.post('/admin/newsletter/send', { csrf: admin.csrf, week: WEEKS.closed });
  assert.equal(res.status, 303, res.body.slice(0, 300));
  assert.equal(res.location, '/admin/newsletter?done=sending-started');
  await t.jobsIdle();
  const [edition] = (await sql<{ id: string; status: string }>`select id, status from newsletter_editions`.execute(t.db)).rows;
  assert.notEqual(edition.status, 'draft');
  assert.deepEqual((await log('newsletter_sending_started')).map((r) => r.subject_id), [WEEKS.closed]);

  const $ = await page();
  const bar = $('progress#newsletter-progress');
  assert.equal(bar.length, 1);
  const progress = await t.app.services.newsletterSending.progress(edition.id);
  assert.equal(progress.sent + progress.failed + progress.remaining, 1, 'one confirmed subscriber');
  assert.equal(bar.attr('max'), '1');
  assert.equal(bar.attr('value'), String(progress.sent + progress.failed));
  assert.match($('label[for="newsletter-progress"]').text(), new RegExp(`${progress.sent} mails? sent, ${progress.failed} failed, ${progress.remaining} remaining`));
  assert.equal($('#next-heading').text(), 'Next edition: the week of 9 Mar 2026', 'the next one is this week\'s');

  const again = await admin.browser.post('/admin/newsletter/send', { csrf: admin.csrf, week: WEEKS.closed });
  assert.equal(again.status, 409);
  assert.match(again.body, /is not the next one any more/);
  assert.equal((await log('newsletter_sending_started')).length, 1);
  // The past editions' table: the one going out, with its web version once sent.
  assert.equal($('#past-heading').next('table').find('tbody tr').length, 1);
});
