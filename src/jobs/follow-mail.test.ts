import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { createTestApp } from '../testing/harness.ts';
import { runWeekStart } from './week-start.ts';
import { FOLLOW_MAIL_JOB, mailFollowEvents, type FollowMailDeps } from './follow-mail.ts';
import type { JobData, SendOptions } from './dispatch.ts';
import { followMailStore } from '../store/follow-mail-store.ts';
import { outboxStore } from '../store/outbox-store.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import type { EmailKind } from '../store/schema.ts';

// Follows send mail: a followed listing goes live, or wins a Launch of the Week place. The
// week-start transaction records what happened; a job per kind mails each follower once, naming
// every followed listing of the run, with the one-click unsubscribe link (RFC 8058) in the text
// and the headers. Real database, the outbox, and a real SMTP server at the end.
const PUBLIC_URL = 'https://yard.example';
let clock = new Date('2026-02-20T10:00:00Z');
const t = await createTestApp({ now: () => clock, env: { PUBLIC_URL } });
const { emailPreferences } = t.app.services;
await sql`update site_settings set name = 'Yard'`.execute(t.db);
const store = followMailStore(t.db);

const BEFORE = new Date('2026-02-20T10:00:00Z');
async function person(name: string, opts: { verified?: boolean } = {}) {
  const email = `${name.toLowerCase()}@test.example`;
  const id = await t.fx.user({ email, name });
  if (opts.verified !== false) await t.db.updateTable('users').set({ email_verified_at: BEFORE }).where('id', '=', id).execute();
  return { id, email };
}
const follow = (listingId: string, who: { id: string }, at = BEFORE) => t.db.insertInto('follows').values({ listing_id: listingId, user_id: who.id, created_at: at }).execute();
const scheduled = (name: string, week: string, tagline: string | null = null) =>
  t.fx.listing({ slug: name.toLowerCase().replace(/[^a-z]+/g, '-'), name, tagline, status: 'scheduled', launch_week: week });
const mailsTo = (email: string, subjectLike = '%') =>
  t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).where('subject', 'like', subjectLike).orderBy('id').execute();
const countMails = async () => (await sql<{ n: number }>`select count(*)::int as n from outbox_emails`.execute(t.db)).rows[0].n;
const deps = (over: Partial<FollowMailDeps> = {}): FollowMailDeps => ({
  store, mailer: t.app.services.mailer, preferences: emailPreferences, jobs: { send: async () => {} }, publicUrl: PUBLIC_URL, now: () => clock, ...over,
});
const linkPath = (headers: Record<string, string>) => headers['List-Unsubscribe'].slice(1 + PUBLIC_URL.length, -1);
const oneClick = (path: string) => t.siteBrowser({ ip: '198.51.100.9' }).post(path, { 'List-Unsubscribe': 'One-Click' }, { origin: 'https://mail.example' });
const switchOf = async (userId: string, kind: EmailKind) => (await emailPreferences.of(userId)).find((k) => k.kind === kind)?.enabled;
function assertUnsubscribable(m: { headers: Record<string, string>; text_body: string }, kind: EmailKind, userId: string) {
  assert.match(m.headers['List-Unsubscribe'], new RegExp(`^<${PUBLIC_URL}/unsubscribe/${kind}/${userId}/[A-Za-z0-9_-]{43}>$`));
  assert.equal(m.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
  assert.ok(m.text_body.includes(`(one click, no sign-in): ${m.headers['List-Unsubscribe'].slice(1, -1)}`), 'the link is in the text too');
}

const fay = await person('Fay');
const hal = await person('Hal');
const finn = await person('Finn');
const dora = await person('Dora');
const uma = await person('Uma', { verified: false });
const gus = await person('Gus');
const cleo = await person('Cleo');
const alpha = await scheduled('Alpha', '2026-03-02', 'The first letter');
const bravo = await scheduled('Bravo', '2026-03-02');
const charlie = await scheduled('Charlie', '2026-03-09');
for (const who of [fay, finn, dora, uma]) await follow(alpha, who);
for (const who of [fay, hal]) await follow(bravo, who);
await follow(charlie, cleo);
await emailPreferences.set(finn.id, 'followed_live', false);
await t.db.updateTable('users').set({ disabled_at: BEFORE }).where('id', '=', dora.id).execute();

test('going live: one mail per follower naming every followed listing of the run; nobody who switched it off, is disabled, unconfirmed, or followed afterwards', async () => {
  // A run without a queue (the CLI's jobs:run) records what it owes and sends nothing.
  clock = new Date('2026-03-02T00:30:00Z');
  assert.equal((await runWeekStart(t.db, clock)).published, 2);
  assert.equal(await countMails(), 0);
  assert.deepEqual(await store.pendingKinds(), ['followed_live']);
  // Gus follows Alpha once it is live: he is not told it went live.
  await follow(alpha, gus, new Date('2026-03-02T00:45:00Z'));

  // The next hourly run sends the job for what is still pending.
  clock = new Date('2026-03-02T01:00:00Z');
  assert.equal((await runWeekStart(t.db, clock, t.app.services.jobs)).published, 0);
  await t.jobsIdle();

  const [both, ...moreFay] = await mailsTo(fay.email);
  assert.equal(moreFay.length, 0, 'one mail for two listings');
  assert.equal(both.subject, '2 listings you follow are live on Yard');
  assert.match(both.text_body, /^Hello Fay,\n\n2 listings you follow are live on Yard this week:\n\nAlpha — The first letter\nhttps:\/\/yard\.example\/listings\/alpha\n\nBravo\nhttps:\/\/yard\.example\/listings\/bravo\n/);
  assertUnsubscribable(both, 'followed_live', fay.id);
  const [one, ...moreHal] = await mailsTo(hal.email);
  assert.equal(moreHal.length, 0);
  assert.equal(one.subject, 'Bravo is live on Yard');
  assertUnsubscribable(one, 'followed_live', hal.id);
  for (const nobody of [finn, dora, uma, gus, cleo]) assert.deepEqual(await mailsTo(nobody.email), [], nobody.email);

  assert.deepEqual(await store.pendingKinds(), [], 'every event decided');
  const rows = await sql<{ user_id: string; outbox: boolean }>`select user_id, outbox_id is not null as outbox from follow_mail_deliveries order by user_id, event_id`.execute(t.db);
  assert.deepEqual(rows.rows, [{ user_id: fay.id, outbox: true }, { user_id: fay.id, outbox: true }, { user_id: hal.id, outbox: true }]);
});

test('run twice, or three times at once, and the week-start run again: still one mail per (listing, event, follower)', async () => {
  const before = await countMails();
  await Promise.all([mailFollowEvents(deps(), 'followed_live'), mailFollowEvents(deps(), 'followed_live')]);
  await runWeekStart(t.db, clock, t.app.services.jobs);
  await t.jobsIdle();
  assert.equal(await countMails(), before, 'nothing pending: nothing sent');

  // Charlie goes live; three runs race over the same pending event.
  await follow(charlie, fay);
  clock = new Date('2026-03-09T00:30:00Z');
  await runWeekStart(t.db, clock);
  const runs = await Promise.all([1, 2, 3].map(() => mailFollowEvents(deps(), 'followed_live')));
  assert.equal(runs.reduce((n, r) => n + r.mailed, 0), 2, JSON.stringify(runs));
  assert.equal((await mailsTo(fay.email, 'Charlie is live on Yard')).length, 1);
  assert.equal((await mailsTo(cleo.email, 'Charlie is live on Yard')).length, 1);
  assert.equal(await countMails(), before + 2);
  // The event was marked by whichever run finished; a later run finds nothing.
  assert.deepEqual(await mailFollowEvents(deps(), 'followed_live'), { kind: 'followed_live', mailed: 0, skipped: 'nothing pending' });
});

test('awards: one mail per follower naming every followed winner and its place; the kinds switch separately', async () => {
  const voters = await Promise.all(['V1', 'V2', 'V3'].map((n) => person(n)));
  const during = new Date('2026-03-04T12:00:00Z');
  for (const v of voters) await t.fx.vote(alpha, v.id, during);
  for (const v of voters.slice(0, 2)) await t.fx.vote(bravo, v.id, during);
  // 48 hours after the week closed: decided, whatever the detection job did.
  clock = new Date('2026-03-11T01:00:00Z');
  const run = await runWeekStart(t.db, clock, t.app.services.jobs);
  assert.deepEqual(run.awarded, [{ week: '2026-03-02', winners: 2 }]);
  await t.jobsIdle();

  const [both, ...more] = await mailsTo(fay.email, '%Launch of the Week%');
  assert.equal(more.length, 0);
  assert.equal(both.subject, '2 listings you follow won Launch of the Week on Yard');
  assert.deepEqual(both.text_body.split('\n').filter((l) => l.startsWith('#')), ['#1 in the week of 2026-03-02: Alpha — The first letter', '#2 in the week of 2026-03-02: Bravo']);
  assert.match(both.text_body, /The week's results:\nhttps:\/\/yard\.example\/launches\/weeks\/2026-03-02\n/);
  assertUnsubscribable(both, 'followed_award', fay.id);
  // Finn switched off only the going-live mails.
  assert.deepEqual((await mailsTo(finn.email)).map((m) => m.subject), ['Alpha is #1 Launch of the Week on Yard']);
  assert.deepEqual((await mailsTo(hal.email, '%Launch of the Week%')).map((m) => m.subject), ['Bravo is #2 Launch of the Week on Yard']);
  // Gus followed Alpha after it went live, long before its award: he is told about the award.
  assert.deepEqual((await mailsTo(gus.email)).map((m) => m.subject), ['Alpha is #1 Launch of the Week on Yard']);
  for (const nobody of [dora, uma, cleo]) assert.deepEqual(await mailsTo(nobody.email, '%Launch of the Week%'), [], nobody.email);

  // The mail's one-click POST (no session, another origin) switches that kind off at once, only that one.
  assert.equal((await oneClick(linkPath(both.headers))).status, 200);
  assert.equal(await switchOf(fay.id, 'followed_award'), false);
  assert.equal(await switchOf(fay.id, 'followed_live'), true);
});

test('a mailer that fails before storing the mail gives the claim back: the retry mails that follower once', async () => {
  const echo = await scheduled('Echo', '2026-03-16');
  const ivy = await person('Ivy');
  await follow(echo, ivy);
  clock = new Date('2026-03-16T00:30:00Z');
  await runWeekStart(t.db, clock);
  const failing: Pick<Mailer, 'send'> = { send: async () => Promise.reject(new Error('the outbox could not be written')) };
  await assert.rejects(mailFollowEvents(deps({ mailer: failing }), 'followed_live'), /the outbox could not be written/);
  assert.equal((await sql<{ n: number }>`select count(*)::int as n from follow_mail_deliveries where user_id = ${ivy.id}`.execute(t.db)).rows[0].n, 0);
  assert.deepEqual(await store.pendingKinds(), ['followed_live']);
  assert.equal((await mailFollowEvents(deps(), 'followed_live')).mailed, 1);
  assert.equal((await mailsTo(ivy.email, 'Echo is live on Yard')).length, 1);
});

test('a run mails a bounded number of people and sends itself again, keyed by the kind, until nobody is left', async () => {
  const fox = await scheduled('Foxtrot', '2026-03-23');
  const fans = [];
  for (const n of ['Fan1', 'Fan2', 'Fan3', 'Fan4', 'Fan5']) fans.push(await person(n));
  for (const f of fans) await follow(fox, f);
  clock = new Date('2026-03-23T00:30:00Z');
  await runWeekStart(t.db, clock);
  const sent: { name: string; data: JobData; opts?: SendOptions }[] = [];
  const jobs = { send: async (name: string, data: JobData, opts?: SendOptions) => void sent.push({ name, data, opts }) };
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await mailFollowEvents(deps({ jobs, peoplePerRun: 2 }), 'followed_live'));
  assert.deepEqual(results.map((r) => r.mailed), [2, 2, 1, 0]);
  assert.deepEqual(sent, [
    { name: FOLLOW_MAIL_JOB, data: { kind: 'followed_live' }, opts: { singletonKey: 'followed_live' } },
    { name: FOLLOW_MAIL_JOB, data: { kind: 'followed_live' }, opts: { singletonKey: 'followed_live' } },
  ]);
  for (const f of fans) assert.equal((await mailsTo(f.email)).length, 1, f.email);
});

test('over SMTP: a name with CR/LF cannot add a header or a recipient; List-Unsubscribe and List-Unsubscribe-Post arrive; the one-click POST unsubscribes', async () => {
  const received: { rcpt: string[]; data: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  const mailer = createMailer({ store: outboxStore(t.db), smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, from: 'yard@test.example', now: () => clock });
  /** A message's header block, unfolded (a long header continues on the next line after CRLF and white space). */
  const headerLines = (data: string) => data.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  try {
    const golf = await scheduled('Golf\r\nBcc: victim@evil.example\r\nX-Injected: yes', '2026-03-30');
    const jay = await person('Jay');
    await follow(golf, jay);
    clock = new Date('2026-03-30T00:30:00Z');
    await runWeekStart(t.db, clock);
    assert.equal((await mailFollowEvents(deps({ mailer }), 'followed_live')).mailed, 1);

    assert.equal(received.length, 1);
    assert.deepEqual(received[0].rcpt, [jay.email], 'no other recipient');
    const lines = headerLines(received[0].data);
    assert.deepEqual(lines.filter((l) => /^(bcc|x-injected):/i.test(l)), [], 'no injected header');
    assert.deepEqual(lines.filter((l) => l.startsWith('Subject: ')), ['Subject: Golf Bcc: victim@evil.example X-Injected: yes is live on Yard']);
    const link = await emailPreferences.unsubscribeUrl(jay.id, 'followed_live');
    assert.ok(lines.includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click'));
    assert.equal(lines.find((l) => l.startsWith('List-Unsubscribe: '))?.replace(/ /g, ''), `List-Unsubscribe:<${link}>`);
    const [row] = await mailsTo(jay.email);
    assert.ok(row.sent_at, 'the outbox row says sent');
    assert.doesNotMatch(row.subject, /[\r\n]/, 'the outbox keeps the subject as sent');

    // The mail client's one-click POST: no cookie, another origin, at once.
    const client = t.siteBrowser({ ip: '198.51.100.10' });
    const res = await client.post(link.slice(PUBLIC_URL.length), { 'List-Unsubscribe': 'One-Click' }, { origin: 'https://mail.example' });
    assert.equal(res.status, 200, res.body.slice(0, 300));
    assert.match(res.body, /You will no longer get mails about listings I follow going live\./);
    assert.equal(client.jar.size, 0);
    assert.equal(await switchOf(jay.id, 'followed_live'), false);
    assert.equal(await switchOf(jay.id, 'followed_award'), true);

    // And nodemailer on its own: a raw CR/LF subject still reaches the server as one header line.
    await mailer.send({ to: jay.email, subject: 'Raw\r\nBcc: victim@evil.example', text: 'Hello.' });
    const raw = headerLines(received[1].data);
    assert.deepEqual(received[1].rcpt, [jay.email]);
    assert.deepEqual(raw.filter((l) => /^bcc:/i.test(l)), []);
    assert.deepEqual(raw.filter((l) => l.startsWith('Subject: ')), ['Subject: Raw Bcc: victim@evil.example']);
  } finally {
    mailer.close();
  }
});
