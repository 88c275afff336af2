import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { startSmtpSink, readMessage } from '../testing/smtp-sink.ts';
import { addEdition, addSubscribers } from '../testing/newsletter-fixtures.ts';
import { newsletterDeliveriesStore } from '../store/newsletter-deliveries-store.ts';
import { createBulkSender } from '../mail/bulk-sender.ts';
import { runNewsletterSend, type NewsletterSendDeps } from './newsletter-send.ts';

// The newsletter's sender against a real SMTP server on loopback (smtp-server): what arrives, how
// often, with which headers; temporary and permanent refusals; two runs at once; the hand-over.
const sink = await startSmtpSink();
after(() => sink.close());
const t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Launchyard <news@test.example>', NEWSLETTER_RATE_PER_SECOND: '500' } });
const store = newsletterDeliveriesStore(t.db);
const sending = t.app.services.newsletterSending;

/** The job's dependencies as handlers.ts wires them, with fast retries and short leases. */
function deps(over: Partial<NewsletterSendDeps> = {}): NewsletterSendDeps {
  return {
    store,
    subscriptions: t.app.services.newsletter,
    openSender: () => createBulkSender({ smtpUrl: sink.url, from: 'Launchyard <news@test.example>', ratePerSecond: 500 }),
    outbox: t.app.services.outbox,
    jobs: t.app.services.jobs,
    publicUrl: 'http://localhost:3000',
    ratePerSecond: 500,
    now: () => new Date(),
    rules: { backoffBaseMs: 20, backoffMaxMs: 100, leaseMs: 5000 },
    ...over,
  };
}

/** Queues without sending the job (the tests run the sender themselves, with their own rules). */
const queue = (editionId: string) => store.queue(editionId, new Date());
const deliveries = async (editionId: string) =>
  (await sql<{ email: string; status: string; attempts: number; last_error: string | null; message_id: string | null }>`select s.email, d.status, d.attempts::int as attempts, d.last_error, d.message_id
    from newsletter_deliveries d join newsletter_subscribers s on s.id = d.subscriber_id where d.edition_id = ${editionId} order by s.email`.execute(t.db)).rows;
const subscriber = async (email: string) =>
  (await sql<{ id: string; status: string; bounces: number }>`select id, status, bounces::int as bounces from newsletter_subscribers where email = ${email}`.execute(t.db)).rows[0];
const editionStatus = async (id: string) => (await sql<{ status: string }>`select status from newsletter_editions where id = ${id}`.execute(t.db)).rows[0].status;

test('an edition to 50 confirmed subscribers arrives once each, with its headers and each one\'s unsubscribe link; nobody else is mailed; a second start sends nothing', async () => {
  sink.reset();
  const confirmed = await addSubscribers(t.db, { count: 50, prefix: 'weekly' });
  await addSubscribers(t.db, { count: 5, status: 'pending', prefix: 'weekly-pending' });
  await addSubscribers(t.db, { count: 5, status: 'unsubscribed', prefix: 'weekly-gone' });
  await addSubscribers(t.db, { count: 3, status: 'bouncing', prefix: 'weekly-bouncing' });
  const editionId = await addEdition(t.db, { subject: 'This week: 12 launches & 3 winners' });

  const first = await sending.start(editionId);
  assert.deepEqual(first, { started: true, queued: 50, status: 'sending' });
  await t.jobsIdle();

  assert.equal(sink.count(), 50);
  assert.deepEqual([...sink.copies.values()].filter((n) => n !== 1), [], 'one copy each');
  assert.deepEqual([...sink.copies.keys()].sort(), Array.from({ length: 50 }, (_, i) => `weekly-${i + 1}@test.example`).sort(), 'only the confirmed');
  assert.deepEqual(await sending.progress(editionId), { sent: 50, failed: 0, remaining: 0, total: 50 });
  assert.equal(await editionStatus(editionId), 'sent');

  const to = 'weekly-7@test.example';
  const id = confirmed[6];
  const mail = readMessage(sink.accepted.find((m) => m.to[0] === to)!.raw);
  const unsubscribe = await t.app.services.newsletter.unsubscribeUrl(id);
  assert.match(unsubscribe, /^http:\/\/localhost:3000\/newsletter\/unsubscribe\/\d+\/[A-Za-z0-9_-]{43}$/);
  assert.equal(mail.header('Subject'), 'This week: 12 launches & 3 winners');
  assert.equal(mail.header('From'), 'Launchyard <news@test.example>');
  assert.equal(mail.header('To'), to);
  assert.equal(mail.header('Message-ID'), `<edition-${editionId}.sub-${id}@localhost>`, 'deterministic per (edition, subscriber)');
  assert.equal(mail.header('List-Unsubscribe'), `<${unsubscribe}>`);
  assert.equal(mail.header('List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
  assert.equal(mail.header('List-Id'), '<newsletter.localhost>');
  assert.match(mail.header('Content-Type') ?? '', /^multipart\/alternative/);
  assert.ok(mail.text.includes(`Unsubscribe: ${unsubscribe}\n`), 'the text part has the link');
  assert.ok(mail.html.includes(`<a href="${unsubscribe}">Unsubscribe</a>`), 'the HTML part has the link');
  assert.ok(!mail.text.includes('{{') && !mail.html.includes('{{unsubscribe_url}}'), 'no placeholder left');
  const other = readMessage(sink.accepted.find((m) => m.to[0] === 'weekly-8@test.example')!.raw);
  assert.notEqual(other.header('List-Unsubscribe'), mail.header('List-Unsubscribe'), 'each subscriber has a link of their own');

  const rows = await deliveries(editionId);
  assert.ok(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.last_error === null));
  assert.equal(rows.find((r) => r.email === to)?.message_id, `<edition-${editionId}.sub-${id}@localhost>`);
  // The outbox keeps one row for the edition, not one per subscriber.
  const kept = await sql<{ to_address: string; sent_at: Date | null; text_body: string }>`select to_address, sent_at, text_body from outbox_emails where subject = 'This week: 12 launches & 3 winners'`.execute(t.db);
  assert.equal(kept.rows.length, 1);
  assert.equal(kept.rows[0].to_address, '50 newsletter subscribers');
  assert.ok(kept.rows[0].sent_at);
  assert.match(kept.rows[0].text_body, /^Sent by SMTP to 50 subscribers \(0 failed\)\./);

  const again = await sending.start(editionId);
  assert.deepEqual(again, { started: false, queued: 0, status: 'sent' });
  await t.jobsIdle();
  assert.equal(sink.count(), 50, 'a second start sends nothing');
  await assert.rejects(sending.start('999999'), { code: 'newsletter_edition_not_found' });
  await assert.rejects(sending.progress('x'), { code: 'newsletter_edition_not_found' });
});

test('the rate is bounded: 30 messages at NEWSLETTER_RATE_PER_SECOND 20 take over a second', async () => {
  sink.reset();
  await addSubscribers(t.db, { count: 30, prefix: 'paced' });
  await sql`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where email not like 'paced-%' and status = 'confirmed'`.execute(t.db);
  const editionId = await addEdition(t.db);
  await queue(editionId);
  const began = Date.now();
  await runNewsletterSend(deps({ ratePerSecond: 20, openSender: () => createBulkSender({ smtpUrl: sink.url, from: 'news@test.example', ratePerSecond: 20 }) }), editionId);
  const took = Date.now() - began;
  assert.equal(sink.count(), 30);
  assert.ok(took >= 900, `took ${took} ms`);
});

test('451, then 250: retried after a backoff and delivered once, whether refused at RCPT TO or after the message\'s end', async () => {
  sink.reset();
  await sql`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where status = 'confirmed'`.execute(t.db);
  await addSubscribers(t.db, { count: 6, prefix: 'later' });
  const editionId = await addEdition(t.db);
  await queue(editionId);
  sink.setPolicy({
    rcpt: (to, n) => (to === 'later-1@test.example' && n === 1 ? { code: 451, message: 'Greylisted, try again later' } : undefined),
    data: (to, n) => (to === 'later-2@test.example' && n < 3 ? { code: 452, message: 'Mailbox full for now' } : undefined),
  });
  try {
    const run = await runNewsletterSend(deps(), editionId);
    assert.ok('finished' in run && run.finished);
    assert.equal(run.retried, 3);
  } finally {
    sink.setPolicy({});
  }
  assert.deepEqual([...sink.copies.entries()].sort(), Array.from({ length: 6 }, (_, i) => [`later-${i + 1}@test.example`, 1]).sort());
  const rows = await deliveries(editionId);
  assert.deepEqual(rows.map((r) => [r.email, r.status, r.attempts]), [
    ['later-1@test.example', 'sent', 2],
    ['later-2@test.example', 'sent', 3],
    ['later-3@test.example', 'sent', 1],
    ['later-4@test.example', 'sent', 1],
    ['later-5@test.example', 'sent', 1],
    ['later-6@test.example', 'sent', 1],
  ]);
  assert.ok(rows.every((r) => r.last_error === null), 'the error of a retried attempt is cleared once it is sent');
  assert.deepEqual(await sending.progress(editionId), { sent: 6, failed: 0, remaining: 0, total: 6 });
});

test('a temporary refusal that never clears fails the delivery after the attempts allowed, without counting a bounce', async () => {
  sink.reset();
  await sql`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where status = 'confirmed'`.execute(t.db);
  await addSubscribers(t.db, { count: 2, prefix: 'stuck' });
  const editionId = await addEdition(t.db);
  await queue(editionId);
  sink.setPolicy({ rcpt: (to) => (to === 'stuck-1@test.example' ? { code: 421, message: 'Try again later' } : undefined) });
  try {
    await runNewsletterSend(deps({ rules: { backoffBaseMs: 5, backoffMaxMs: 20, leaseMs: 5000, maxAttempts: 3 } }), editionId);
  } finally {
    sink.setPolicy({});
  }
  const [stuck, fine] = await deliveries(editionId);
  assert.equal(stuck.status, 'failed');
  assert.equal(stuck.attempts, 3);
  assert.match(stuck.last_error ?? '', /^gave up after 3 attempts: .*421/);
  assert.equal(fine.status, 'sent');
  assert.equal((await subscriber('stuck-1@test.example')).bounces, 0);
  assert.equal(await editionStatus(editionId), 'sent', 'a failed delivery is finished too');
});

test('550 for one address three editions in a row: marked bouncing and not mailed the fourth; an accepted mail resets the count', async () => {
  await sql`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where status = 'confirmed'`.execute(t.db);
  await addSubscribers(t.db, { count: 3, prefix: 'bounce' });
  const refuse = (who: string) => (to: string) => (to === who ? { code: 550, message: 'No such user here' } : undefined);
  const send = async (policy: Parameters<typeof sink.setPolicy>[0]) => {
    sink.reset();
    sink.setPolicy(policy);
    const editionId = await addEdition(t.db);
    try {
      await sending.start(editionId);
      await t.jobsIdle();
    } finally {
      sink.setPolicy({});
    }
    return editionId;
  };
  // bounce-1 is refused at RCPT TO, bounce-2 after the message's end (DATA): both count.
  for (let i = 1; i <= 3; i++) {
    const editionId = await send({ rcpt: refuse('bounce-1@test.example'), data: refuse('bounce-2@test.example') });
    assert.deepEqual([...sink.copies.keys()], ['bounce-3@test.example']);
    assert.deepEqual(await sending.progress(editionId), { sent: 1, failed: 2, remaining: 0, total: 3 });
    const failed = (await deliveries(editionId)).filter((r) => r.status === 'failed');
    assert.ok(failed.every((r) => r.attempts === 1 && /550 No such user here/.test(r.last_error ?? '')), JSON.stringify(failed));
    for (const who of ['bounce-1@test.example', 'bounce-2@test.example']) {
      assert.deepEqual(await subscriber(who).then((s) => [s.status, s.bounces]), [i < 3 ? 'confirmed' : 'bouncing', i], who);
    }
  }
  const fourth = await send({});
  assert.deepEqual([...sink.copies.keys()], ['bounce-3@test.example'], 'bouncing addresses are no longer mailed');
  assert.equal((await sending.progress(fourth)).total, 1);

  // Bounces count in a row: one accepted delivery sets the count back to 0.
  await sql`update newsletter_subscribers set bounces = 2 where email = 'bounce-3@test.example'`.execute(t.db);
  await send({});
  assert.equal((await subscriber('bounce-3@test.example')).bounces, 0);
});

test('queued deliveries to an address that is bouncing or unsubscribed by its turn are skipped as failed, nothing sent', async () => {
  sink.reset();
  await sql`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where status = 'confirmed'`.execute(t.db);
  await addSubscribers(t.db, { count: 3, prefix: 'turn' });
  const editionId = await addEdition(t.db);
  await queue(editionId);
  await sql`update newsletter_subscribers set status = 'bouncing' where email = 'turn-1@test.example'`.execute(t.db);
  await sql`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where email = 'turn-2@test.example'`.execute(t.db);
  await runNewsletterSend(deps(), editionId);
  assert.deepEqual([...sink.copies.keys()], ['turn-3@test.example']);
  assert.deepEqual((await deliveries(editionId)).map((r) => [r.email, r.status, r.last_error]), [
    ['turn-1@test.example', 'failed', 'not sent: the address is bouncing'],
    ['turn-2@test.example', 'failed', 'not sent: the address is unsubscribed'],
    ['turn-3@test.example', 'sent', null],
  ]);
});

test('two sender runs at once (two nodes): each subscriber gets exactly one copy', async () => {
  sink.reset();
  await sql`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where status = 'confirmed'`.execute(t.db);
  await addSubscribers(t.db, { count: 120, prefix: 'twice' });
  const editionId = await addEdition(t.db);
  await queue(editionId);
  // A slow server, so both runs are sending at the same time.
  sink.setPolicy({ delayMs: 5 });
  let runs;
  try {
    runs = await Promise.all([runNewsletterSend(deps({ node: 'node-a', ratePerSecond: 20 }), editionId), runNewsletterSend(deps({ node: 'node-b', ratePerSecond: 20 }), editionId)]);
  } finally {
    sink.setPolicy({});
  }
  assert.equal(sink.count(), 120);
  assert.equal(sink.copies.size, 120);
  assert.deepEqual([...sink.copies.values()].filter((n) => n !== 1), []);
  const sent = runs.map((r) => ('sent' in r ? r.sent : 0));
  assert.equal(sent[0] + sent[1], 120);
  assert.ok(sent[0] > 0 && sent[1] > 0, `both runs sent: ${sent[0]} + ${sent[1]}`);
  assert.deepEqual(await sending.progress(editionId), { sent: 120, failed: 0, remaining: 0, total: 120 });
});

test('a run whose lease lapsed and was claimed by another cannot finish its copy: the message is stopped before its end and never arrives', async () => {
  sink.reset();
  await sql`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where status = 'confirmed'`.execute(t.db);
  const [id] = await addSubscribers(t.db, { count: 1, prefix: 'lapsed' });
  const editionId = await addEdition(t.db);
  await queue(editionId);
  const at = new Date();
  // Run A claims with a lease that has already run out; run B claims the row again.
  assert.equal((await store.claim({ editionId, node: 'run-a', limit: 10, at, leaseUntil: new Date(at.getTime() - 1) })).length, 1);
  assert.equal((await store.claim({ editionId, node: 'run-b', limit: 10, at, leaseUntil: new Date(at.getTime() + 60_000) })).length, 1);
  let ended = false;
  assert.equal(await store.handOver({ editionId, subscriberId: id, node: 'run-a', at, messageId: '<x@localhost>' }, () => (ended = true)), false, 'A no longer holds it');
  assert.equal(ended, false, 'and its copy is not ended');

  // A's message goes as far as the DATA phase; its hand-over is refused, so its end is never written.
  const bulk = createBulkSender({ smtpUrl: sink.url, from: 'news@test.example', ratePerSecond: 100 });
  const message = { to: 'lapsed-1@test.example', subject: 'Lapsed', text: 'text', html: '<p>html</p>', headers: {}, messageId: `<edition-${editionId}.sub-${id}@localhost>` };
  let askedAt: number | undefined;
  const outcome = await bulk.send(message, async (end) => {
    askedAt = sink.count();
    if (!(await store.handOver({ editionId, subscriberId: id, node: 'run-a', at: new Date(), messageId: message.messageId }, end))) throw new Error('the claim is another run\'s');
  });
  assert.equal(askedAt, 0, 'the hand-over is asked for before the server has the message');
  assert.deepEqual(outcome, { kind: 'withheld', error: 'the claim is another run\'s' });
  // The pool goes on over a new connection: B's copy arrives, once.
  assert.deepEqual(await bulk.send(message, async (end) => {
    assert.equal(await store.handOver({ editionId, subscriberId: id, node: 'run-b', at: new Date(), messageId: message.messageId }, end), true);
  }), { kind: 'accepted' });
  bulk.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual([...sink.copies.entries()], [['lapsed-1@test.example', 1]]);
  assert.deepEqual((await deliveries(editionId)).map((r) => r.status), ['sent']);
});

test('without SMTP_URL the outbox receives the edition: every delivery recorded, one outbox row with the text', async () => {
  sink.reset();
  await sql`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where status = 'confirmed'`.execute(t.db);
  await addSubscribers(t.db, { count: 25, prefix: 'offline' });
  const editionId = await addEdition(t.db, { subject: 'Offline edition' });
  await queue(editionId);
  const run = await runNewsletterSend(deps({ openSender: () => createBulkSender({ from: 'news@test.example', ratePerSecond: 50 }) }), editionId);
  assert.ok('sent' in run && run.sent === 25);
  assert.equal(sink.count(), 0, 'nothing leaves the machine');
  assert.deepEqual(await sending.progress(editionId), { sent: 25, failed: 0, remaining: 0, total: 25 });
  const kept = (await sql<{ to_address: string; transport: string; sent_at: Date | null; text_body: string }>`select to_address, transport, sent_at, text_body from outbox_emails where subject = 'Offline edition'`.execute(t.db)).rows;
  assert.equal(kept.length, 1);
  assert.deepEqual([kept[0].to_address, kept[0].transport, kept[0].sent_at], ['25 newsletter subscribers', 'outbox', null]);
  assert.match(kept[0].text_body, /^Not sent: SMTP_URL is not set/);
  assert.ok(kept[0].text_body.includes('Unsubscribe: [unsubscribe link]'));
});
