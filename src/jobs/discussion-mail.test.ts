import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp } from '../testing/harness.ts';
import type { Actor } from '../domain/actor.ts';
import { COMMENT_MAIL_JOB } from '../domain/community/discussions.ts';
import type { JobData, SendOptions } from './dispatch.ts';
import { mailNewComments } from './discussion-mail.ts';
import { discussionMailStore } from '../store/discussion-mail-store.ts';
import { outboxStore } from '../store/outbox-store.ts';
import { createMailer } from '../mail/mailer.ts';

// The discussion mails: the makers' mail batched per listing and window (their own comments left
// out), the reply mail, the followers' update mail; each with its one-click unsubscribe (RFC 8058)
// in the headers and the text, and each kind honouring its switch.
const PUBLIC_URL = 'https://yard.example';
const T0 = new Date('2026-03-02T10:00:00Z');
let clock = T0;
const at = (minutes: number) => (clock = new Date(T0.getTime() + minutes * 60_000));
const t = await createTestApp({ now: () => clock, env: { PUBLIC_URL } });
const { discussions, emailPreferences } = t.app.services;

/** Every comment-mail job sent, with its options: the window's re-send must come once, never loop. */
const commentJobs: { data: JobData; opts?: SendOptions }[] = [];
/** While set, comment-mail jobs are only recorded: the SMTP test runs the job itself. */
let holdCommentMail = false;
const dispatcher = t.app.services.jobs;
const send = dispatcher.send.bind(dispatcher);
dispatcher.send = async (name: string, data: JobData, opts?: SendOptions) => {
  if (name === COMMENT_MAIL_JOB) commentJobs.push({ data, opts });
  if (name === COMMENT_MAIL_JOB && holdCommentMail) return;
  return send(name, data, opts);
};

/** A confirmed account two days old (the new-account limits of comments do not apply). */
async function person(name: string) {
  const email = `${name.toLowerCase().replace(/ /g, '-')}@test.example`;
  const id = await t.fx.user({ email, name });
  await t.db.updateTable('users').set({ email_verified_at: clock, created_at: new Date(clock.getTime() - 2 * 86_400_000) }).where('id', '=', id).execute();
  return { id, email };
}
const actor = (userId: string): Actor => ({ kind: 'user', via: 'session', userId, scopes: [], ip: '203.0.113.1' }) as unknown as Actor;
const post = async (who: { id: string }, slug: string, body: string, parentId?: number) => (await discussions.post(actor(who.id), slug, { body, parent_id: parentId })).id;
const mails = (subjectLike: string) =>
  t.db.selectFrom('outbox_emails').selectAll().where('subject', 'like', subjectLike).orderBy('id').execute();
const mailsTo = async (subjectLike: string, email: string) => (await mails(subjectLike)).filter((m) => m.to_address === email);
/** The path of a mail's List-Unsubscribe link on this site. */
const linkPath = (headers: Record<string, string>) => headers['List-Unsubscribe'].slice(1 + PUBLIC_URL.length, -1);
const oneClick = (path: string) => t.siteBrowser({ ip: '198.51.100.7' }).post(path, { 'List-Unsubscribe': 'One-Click' }, { origin: 'https://mail.example' });
/** The headers and the text of a mail people can switch off carry the same https link to its kind. */
function assertUnsubscribable(m: { headers: Record<string, string>; text_body: string }, kind: string, userId: string) {
  const link = new RegExp(`^<${PUBLIC_URL}/unsubscribe/${kind}/${userId}/[A-Za-z0-9_-]{43}>$`);
  assert.match(m.headers['List-Unsubscribe'], link);
  assert.equal(m.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
  assert.ok(m.text_body.includes(m.headers['List-Unsubscribe'].slice(1, -1)), 'the link is in the text too');
}

const owner = await person('Olga Owner');
const cofounder = await person('Carl Cofounder');
const ann = await person('Ann Visitor');
const ben = await person('Ben Visitor');
const listing = await t.fx.listing({ slug: 'talkative', name: 'Talkative', owner_id: owner.id });
await t.fx.founderOf(listing, await t.fx.founder({ name: 'Carl Cofounder', userId: cofounder.id }));
const MAKERS = '%new comment% on Talkative';

test("the makers' mail: one per maker per window, naming the new comments but not the maker's own; later comments wait for the window", async () => {
  at(0);
  const c1 = await post(ann, 'talkative', 'First thoughts: lovely onboarding.');
  await t.jobsIdle();
  const first = await mails(MAKERS);
  assert.deepEqual(first.map((m) => m.to_address).sort(), [cofounder.email, owner.email]);
  for (const m of first) {
    assert.equal(m.subject, 'A new comment on Talkative');
    assert.match(m.text_body, /Ann Visitor:\nFirst thoughts: lovely onboarding\./);
    assert.ok(m.text_body.includes(`${PUBLIC_URL}/listings/talkative#comment-${c1}`));
  }

  // Within 15 minutes: more comments (two of them the makers' own), no second mail.
  at(5);
  const sentBefore = commentJobs.length;
  const c2 = await post(ben, 'talkative', 'Does it work offline?');
  const c3 = await post(owner, 'talkative', 'Thanks for trying it, everyone.');
  const c4 = await post(cofounder, 'talkative', 'Offline mode ships next week.');
  await t.jobsIdle();
  assert.equal((await mails(MAKERS)).length, 2, 'nothing more within the window');
  // Each job that found the window open sent itself once for when it closes (605 s: 10 minutes
  // and the clock slack); the job sent back does not send itself again (the inline runner ignores
  // the delay and runs it at once, with the window still open).
  const sent = commentJobs.slice(sentBefore);
  const again = sent.filter((j) => j.data.again === true);
  assert.ok(again.length >= 1 && again.length <= 3, `${again.length} re-sends for 3 comments`);
  assert.ok(again.every((j) => j.opts?.startAfterSeconds === 605 && j.opts?.singletonKey === `comments:${listing}`), JSON.stringify(again));
  assert.equal(sent.length - again.length, 3, 'one job per comment, no more');

  // After the window: the next job mails every comment since the last mail, each maker's own left out.
  at(16);
  const c5 = await post(ann, 'talkative', 'Back again: the export works.');
  await t.jobsIdle();
  const later = (await mails(MAKERS)).slice(2);
  const to = (email: string) => later.filter((m) => m.to_address === email);
  assert.equal(to(owner.email).length, 1);
  assert.equal(to(cofounder.email).length, 1);
  const ids = (text: string) => [...text.matchAll(/#comment-(\d+)/g)].map((m) => Number(m[1]));
  assert.deepEqual(ids(to(owner.email)[0].text_body), [c2, c4, c5], 'not the first one again, not the owner\'s own');
  assert.deepEqual(ids(to(cofounder.email)[0].text_body), [c2, c3, c5], "not the co-founder's own");
  assert.equal(to(owner.email)[0].subject, '3 new comments on Talkative');
  assert.match(to(owner.email)[0].text_body, /Carl Cofounder:\nOffline mode ships next week\./);
  assert.doesNotMatch(to(owner.email)[0].text_body, /First thoughts|Thanks for trying it/);
  for (const m of later) assertUnsubscribable(m, 'comments', m.to_address === owner.email ? owner.id : cofounder.id);
});

test("the makers' mail's link: its one-click POST switches 'comments' off; the next window mails nobody", async () => {
  const last = (await mails(MAKERS)).slice(-2);
  assert.equal(last.length, 2);
  for (const m of last) {
    const res = await oneClick(linkPath(m.headers));
    assert.equal(res.status, 200, res.body.slice(0, 300));
  }
  assert.equal((await emailPreferences.of(owner.id)).find((k) => k.kind === 'comments')?.enabled, false);
  assert.equal((await emailPreferences.of(cofounder.id)).find((k) => k.kind === 'comments')?.enabled, false);
  assert.equal((await emailPreferences.of(owner.id)).find((k) => k.kind === 'replies')?.enabled, true, 'the other kinds stay on');

  at(40);
  const before = (await mails(MAKERS)).length;
  await post(ben, 'talkative', 'One more question about pricing.');
  await t.jobsIdle();
  assert.equal((await mails(MAKERS)).length, before, 'nobody mailed');

  // Switched on again, the next mail names only the comments posted since.
  await emailPreferences.set(owner.id, 'comments', true);
  at(60);
  await post(ann, 'talkative', 'Pricing is on the page, Ben.');
  await t.jobsIdle();
  const [back] = (await mails(MAKERS)).slice(before);
  assert.equal(back?.to_address, owner.email);
  assert.match(back.text_body, /Pricing is on the page, Ben\./);
});

test("a maker's own comment that nobody is told about opens no window: the next visitor's comment is mailed at once", async () => {
  const lone = await person('Lena Lone');
  await t.fx.listing({ slug: 'answered', name: 'Answered', owner_id: lone.id });
  at(300);
  await post(ann, 'answered', 'How do I export my data?');
  await t.jobsIdle();
  at(320);
  await post(lone, 'answered', 'Settings, then Export.');
  await t.jobsIdle();
  at(321);
  await post(ben, 'answered', 'Can it export to CSV?');
  await t.jobsIdle();
  const sent = await mailsTo('%new comment% on Answered', lone.email);
  assert.equal(sent.length, 2);
  assert.match(sent[1].text_body, /Can it export to CSV\?/);
  assert.doesNotMatch(sent[1].text_body, /Settings, then Export/);
});

test('the reply mail goes to the comment\'s author: not for a reply to oneself, not when switched off', async () => {
  const replier = await person('Rita Replier');
  await t.fx.listing({ slug: 'replyable', name: 'Replyable', owner_id: (await person('Rob Owner')).id });
  at(100);
  const parent = await post(ann, 'replyable', 'Is there an API?');
  const reply = await post(replier, 'replyable', 'Yes, a REST one.', parent);
  await t.jobsIdle();
  const [mail, ...more] = await mails('% replied to you on Replyable');
  assert.equal(more.length, 0);
  assert.equal(mail.to_address, ann.email);
  assert.equal(mail.subject, 'Rita Replier replied to you on Replyable');
  assert.match(mail.text_body, /Yes, a REST one\./);
  assert.ok(mail.text_body.includes(`${PUBLIC_URL}/listings/replyable#comment-${reply}`));
  assertUnsubscribable(mail, 'replies', ann.id);

  await post(ann, 'replyable', 'Answering myself: found the docs.', parent);
  await t.jobsIdle();
  assert.equal((await mails('% replied to you on Replyable')).length, 1, 'no mail for a reply to oneself');

  assert.equal((await oneClick(linkPath(mail.headers))).status, 200);
  await post(ben, 'replyable', 'The docs are at /docs.', parent);
  await t.jobsIdle();
  assert.equal((await mails('% replied to you on Replyable')).length, 1, "no mail once 'replies' is off");
});

test("the followers' update mail carries the one-click link and honours 'updates'", async () => {
  const key = await t.apiKey(['account:read', 'listings:write']);
  const id = await t.fx.listing({ slug: 'updating', name: 'Updating', owner_id: key.userId });
  const fans = [await person('Fay Fan'), await person('Finn Fan'), await person('Dora Disabled')];
  for (const f of fans) await t.db.insertInto('follows').values({ listing_id: id, user_id: f.id }).execute();
  await emailPreferences.set(fans[1].id, 'updates', false);
  await t.db.updateTable('users').set({ disabled_at: clock }).where('id', '=', fans[2].id).execute();
  const res = await t.rest('POST', `/api/v1/me/listings/${id}/updates`, { title: 'v2 is out', body: 'Faster.' }, key.auth);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  await t.jobsIdle();
  const sent = await mails('Updating: v2 is out');
  assert.deepEqual(sent.map((m) => m.to_address), [fans[0].email], "not the follower who switched 'updates' off, nor a disabled account");
  assertUnsubscribable(sent[0], 'updates', fans[0].id);

  assert.equal((await oneClick(linkPath(sent[0].headers))).status, 200);
  await t.rest('POST', `/api/v1/me/listings/${id}/updates`, { title: 'v3 is out', body: 'Even faster.' }, key.auth);
  await t.jobsIdle();
  assert.equal((await mails('Updating: v3 is out')).length, 0, 'nobody left to mail');
});

test('over SMTP the List-Unsubscribe and List-Unsubscribe-Post headers reach the server', async () => {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  const mailer = createMailer({ store: outboxStore(t.db), smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, from: 'yard@test.example', now: () => clock });
  try {
    const maker = await person('Sam Smtp');
    const smtpListing = await t.fx.listing({ slug: 'smtp-mailed', name: 'Smtp Mailed', owner_id: maker.id });
    at(200);
    holdCommentMail = true;
    await post(ann, 'smtp-mailed', 'Mailed by SMTP?');
    const result = await mailNewComments(
      { store: discussionMailStore(t.db), mailer, preferences: emailPreferences, jobs: { send: async () => {} }, publicUrl: PUBLIC_URL, now: () => clock },
      { listingId: smtpListing },
    );
    assert.deepEqual(result, { listingId: smtpListing, comments: 1, mailed: 1 });
    assert.equal(received.length, 1);
    // Unfolded (a long header may continue on the next line after CRLF and white space).
    const head = received[0].split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
    const link = await emailPreferences.unsubscribeUrl(maker.id, 'comments');
    assert.match(head, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const line = head.split('\r\n').find((l) => l.startsWith('List-Unsubscribe: '));
    assert.equal(line?.replace(/ /g, ''), `List-Unsubscribe:<${link}>`);
    assert.ok(link.startsWith(`${PUBLIC_URL}/unsubscribe/comments/${maker.id}/`));
    const row = await t.db.selectFrom('outbox_emails').selectAll().where('transport', '=', 'smtp').executeTakeFirstOrThrow();
    assert.ok(row.sent_at, 'the outbox row says sent');
    assert.equal(row.headers['List-Unsubscribe'], `<${link}>`);
  } finally {
    holdCommentMail = false;
    mailer.close();
  }
});
