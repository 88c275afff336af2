import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { startSmtpSink, readMessage } from '../testing/smtp-sink.ts';
import { decideAwards, HOSTILE_NAME, seedEditionWeek, WEEKS } from '../domain/newsletter/edition-testing.ts';
import { plainLine } from '../domain/newsletter/mail-markup.ts';
import { UNSUBSCRIBE_PLACEHOLDER } from '../domain/newsletter/edition-copy.ts';
import { runWeekStart } from './week-start.ts';
import { NEWSLETTER_BUILD_JOB } from './newsletter-build.ts';

// Issue 30 end to end, one story through the real pieces: the site's form, the confirmation mail
// over SMTP, its link, week-start deciding the awards, the hourly build job handing the edition to
// the sender through the queue, the digest at a real SMTP server on loopback, a mail client's
// one-click unsubscribe over a socket, and the next week's edition that no longer reaches the
// reader (while a reader still subscribed gets it: the control that proves the second send ran).
const sink = await startSmtpSink({ keepRaw: true });
after(() => sink.close());
let clock = new Date('2026-03-06T12:00:00Z'); // Friday of the seeded week, still open
const t = await createTestApp({ now: () => clock, env: { SMTP_URL: sink.url, MAIL_FROM: 'Launchyard <news@test.example>', NEWSLETTER_RATE_PER_SECOND: '500' } });
await seedEditionWeek(t);

const READER = 'digest.reader@test.example';
const CONTROL = 'digest.control@test.example';
const mailsTo = (to: string) => sink.accepted.filter((m) => m.to.includes(to)).map((m) => readMessage(m.raw));
/** A header as a mail client shows it: RFC 2047 Q-encoded words (UTF-8) decoded. */
const shown = (value = '') =>
  /^=\?UTF-8\?Q\?/i.test(value)
    ? Buffer.from([...value.matchAll(/=\?UTF-8\?Q\?([^?]*)\?=/gi)].map((m) => m[1]).join('').replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
    : value;
const status = async (email: string) => (await t.db.selectFrom('newsletter_subscribers').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status;
/** Runs the hourly build job as the queue does, and waits for it and the sending it starts. */
async function hourlyBuild() {
  await t.app.services.jobs.send(NEWSLETTER_BUILD_JOB, {});
  await t.jobsIdle();
  await t.jobsIdle();
}

/** Subscribes on the site's form, gets the confirmation mail at the SMTP server, posts its link's button. */
async function subscribeAndConfirm(email: string, ip: string) {
  const browser = t.siteBrowser({ ip });
  const form = await browser.get('/newsletter/subscribe');
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1];
  const consent = /name="consent" value="([0-9a-f]{16})"/.exec(form.body)![1];
  const res = await browser.post('/newsletter/subscribe', { csrf, consent, website: '', email });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/newsletter/check-your-inbox');
  assert.equal(await status(email), 'pending');
  await t.app.services.newsletter.idle();
  const [mail] = mailsTo(email);
  assert.ok(mail, `the confirmation mail for ${email} reached the SMTP server`);
  assert.equal(mail.header('Subject'), 'Confirm your subscription to the Launchyard newsletter');
  const link = /http:\/\/localhost:3000(\/newsletter\/confirm\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  assert.ok(link, mail.text);
  const confirmed = await browser.post(link, { csrf: await browser.csrf(link) });
  assert.equal(confirmed.status, 303);
  assert.equal(await status(email), 'confirmed');
}

test('subscribe → confirm → the digest with the winners at the SMTP server → one-click unsubscribe → the next edition reaches only the control', async () => {
  await subscribeAndConfirm(READER, '198.51.100.61');
  await subscribeAndConfirm(CONTROL, '203.0.113.62');
  assert.equal(sink.count(), 2, 'two confirmation mails, nothing else yet');

  // The week closes; Monday 00:30 week-start decides its awards; the build job at 00:20 and 01:20 only drafts.
  clock = new Date('2026-03-09T01:20:00Z');
  await decideAwards(t);
  await hourlyBuild();
  const draft = await sql<{ status: string }>`select status from newsletter_editions where week = ${WEEKS.closed}::date`.execute(t.db);
  assert.deepEqual(draft.rows.map((r) => r.status), ['draft']);
  assert.equal(sink.count(), 2, 'nothing sent before the sending hour (9:00, the default)');

  // 09:20, the job's run in the sending hour: built and handed to the sender, which mails it.
  clock = new Date('2026-03-09T09:20:00Z');
  await hourlyBuild();
  const [digest, ...more] = mailsTo(READER).slice(1);
  assert.ok(digest, 'the digest reached the SMTP server for the reader');
  assert.equal(more.length, 0, 'once');
  assert.equal(mailsTo(CONTROL).length, 2);
  assert.match(shown(digest.header('Subject')), /^Launchyard weekly: Evil <img src=x onerror=alert\(1\)> Bcc: victim@example\.com \{… is Launch of the Week \(week of 2 Mar 2026\)$/);
  // Launch of the Week: the hostile name, Alpha, Bravo, in both parts; the week's launches too.
  assert.ok(digest.text.includes(`#1 ${plainLine(HOSTILE_NAME)}`), digest.text);
  assert.match(digest.text, /#2 Alpha — The first letter \(5 votes\)/);
  assert.match(digest.text, /#3 Bravo — Second to none \(4 votes\)/);
  assert.ok(digest.html.includes('Evil &lt;img src=x onerror=alert(1)&gt;') && !digest.html.includes('<img src=x'), 'the hostile name as text in the HTML');
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Filler 1', 'Delta', 'Echo', 'Foxtrot']) {
    assert.ok(digest.html.includes(`>${name}</a>`), `${name} in the HTML`);
    assert.ok(digest.text.includes(`${name}`), `${name} in the text`);
  }
  assert.match(digest.text, /LAUNCH OF THE WEEK[\s\S]*TOP 10[\s\S]*LAUNCHING THIS WEEK\n=+\n\nDelta — Delta launches/);
  // RFC 8058 headers, and the same link filled in both parts.
  const listUnsubscribe = digest.header('List-Unsubscribe') ?? '';
  const url = /^<(http:\/\/localhost:3000\/newsletter\/unsubscribe\/\d+\/[A-Za-z0-9_-]{43})>$/.exec(listUnsubscribe)?.[1];
  assert.ok(url, listUnsubscribe);
  assert.equal(digest.header('List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
  assert.ok(digest.text.includes(`Unsubscribe with one click, no sign-in needed: ${url}\n`), digest.text.slice(-600));
  assert.ok(digest.html.includes(`href="${url}"`), 'the HTML part has the link');
  assert.ok(!digest.text.includes(UNSUBSCRIBE_PLACEHOLDER) && !digest.html.includes(UNSUBSCRIBE_PLACEHOLDER), 'no placeholder left');
  assert.notEqual(mailsTo(CONTROL)[1].header('List-Unsubscribe'), listUnsubscribe, 'a link of each subscriber\'s own');

  // A mail client's one-click button: a POST over a real socket, no cookie, no CSRF token.
  const res = await fetch(url.replace('http://localhost:3000', await t.url()), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: digest.header('List-Unsubscribe-Post'),
  });
  assert.equal(res.status, 200);
  assert.match(await res.text(), /will no longer get the weekly newsletter/);
  assert.equal(await status(READER), 'unsubscribed');
  assert.equal(await status(CONTROL), 'confirmed');

  // The next week: Delta and Echo went live at week-start, get votes, the week closes, its awards are decided.
  const [delta, echo] = await Promise.all(['delta', 'echo'].map(async (slug) => (await t.db.selectFrom('listings').select(['id', 'status']).where('slug', '=', slug).executeTakeFirstOrThrow())));
  assert.deepEqual([delta.status, echo.status], ['live', 'live']);
  for (let i = 0; i < 3; i++) {
    const voter = await t.fx.user();
    await t.fx.vote(echo.id, voter, new Date('2026-03-11T12:00:00Z'));
    if (i < 2) await t.fx.vote(delta.id, voter, new Date('2026-03-11T12:00:00Z'));
  }
  await sql`update vote_detection_runs set ran_at = '2026-03-16T00:10:00Z'`.execute(t.db);
  const decided = await runWeekStart(t.db, new Date('2026-03-16T00:30:00Z'));
  assert.deepEqual(decided.awarded.map((a) => a.week), [WEEKS.current]);
  const before = sink.count();
  clock = new Date('2026-03-16T09:20:00Z');
  await hourlyBuild();
  const sent = await sql<{ week: string; status: string }>`select week::text as week, status from newsletter_editions order by week`.execute(t.db);
  assert.deepEqual(sent.rows, [{ week: WEEKS.closed, status: 'sent' }, { week: WEEKS.current, status: 'sent' }]);

  // The control got the new edition (Echo first, then Delta); the reader nothing more.
  assert.equal(sink.count(), before + 1, 'one message: the control\'s');
  const next = mailsTo(CONTROL)[2];
  assert.ok(next, 'the still-confirmed subscriber got the next edition');
  assert.match(shown(next.header('Subject')), /Echo is Launch of the Week \(week of 9 Mar 2026\)/);
  assert.match(next.text, /#1 Echo — Echo launches \(3 votes\)[\s\S]*#2 Delta — Delta launches \(2 votes\)/);
  assert.equal(mailsTo(READER).length, 2, 'the reader: the confirmation and one digest, nothing after unsubscribing');
  assert.equal(sink.copies.get(READER), 2);
});
