import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import dc from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import { WEBHOOK_SWEEP_JOB } from '../../jobs/webhook-sweep.ts';

// Outgoing webhooks end to end: registration over REST, an owner's change, the event in its
// transaction, the fan-out, and real HTTP deliveries to receivers on 127.0.0.1 (allowed by
// WEBHOOK_ALLOW_HOSTS, as an operator allows an intranet host), each one's signature checked with
// the Standard Webhooks algorithm written here from the specification, not with our signing code.
// The clock is the test's: retries and the 3-day disabling are driven by moving it and running the sweep.

// Every TCP connection attempt of this process off loopback: nothing here may leave the machine
// (endpoints registered on a public address are never delivered to; asserted by the last test).
const offLoopback: string[] = [];
const onSocket = (message: unknown) => {
  (message as { socket: Socket }).socket.on('connectionAttempt', (ip: string, port: number) => {
    if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(ip)) offLoopback.push(`${ip}:${port}`);
  });
};
dc.subscribe('net.client.socket', onSocket);
after(() => dc.unsubscribe('net.client.socket', onSocket));

let clock = new Date('2026-03-02T10:00:00Z');
const t = await createTestApp({ now: () => clock, env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_SECONDS: '1' } });

// ---- The receivers: one server, a behaviour per path.
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
/** Paths answering 500 until a test says otherwise. */
const failing = new Set<string>();
/** The /big answer: whether its writer saw the connection end before the 10 MB were written. */
const big = { closedEarly: false, finished: false };
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    if (path.startsWith('/hang')) return; // never answers
    if (path.startsWith('/redirect')) {
      res.writeHead(302, { location: 'http://10.0.0.1/metadata' }).end();
      return;
    }
    if (path.startsWith('/big')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const mb = Buffer.alloc(1024 * 1024, 'x');
      let left = 10;
      res.on('close', () => {
        if (!res.writableFinished) big.closedEarly = true;
      });
      res.on('finish', () => (big.finished = true));
      const pump = () => {
        while (left > 0) {
          left--;
          if (!res.write(mb)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
      return;
    }
    if (failing.has(path)) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver broke: ' + 'e'.repeat(3000));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
const receiver = (path: string) => `http://127.0.0.1:${port}${path}`;
after(() => {
  server.closeAllConnections();
  server.close();
});

/**
 * Standard Webhooks verification, from the specification's words: the secret is base64 after the
 * whsec_ prefix; the signed content is "<webhook-id>.<webhook-timestamp>.<body>"; the header is a
 * space-separated list of "v1,<base64 HMAC-SHA256>", any one matching in constant time; a
 * timestamp more than 5 minutes from now is refused (replays).
 */
function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string, now: Date): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const signatures = String(headers['webhook-signature'] ?? '');
  if (!id || !/^\d+$/.test(timestamp) || !signatures) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((s) => {
    const [version, sig] = s.split(',');
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

// ---- Helpers
const owner = await t.apiKey(['webhooks:write', 'listings:write']);
const listingId = await t.fx.listing({ slug: 'hooked', owner_id: owner.userId });

async function register(path: string, events = ['listing.update_posted'], who = owner) {
  const r = await t.rest('POST', '/api/v1/me/webhooks', { url: receiver(path), events }, who.auth);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body as { id: number; secret: string; url: string };
}
async function postUpdate(title: string) {
  const r = await t.rest('POST', `/api/v1/me/listings/${listingId}/updates`, { title, body: `About ${title}.` }, owner.auth);
  assert.equal(r.status, 201, JSON.stringify(r.body));
}
/** Waits for the background work (the NOTIFY comes on its own connection on PostgreSQL) until `done`. */
async function until(done: () => boolean | Promise<boolean>, what: string | (() => string), ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    await t.jobsIdle();
    if (await done()) return;
    if (Date.now() > end) assert.fail(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const at = (path: string) => received.filter((r) => r.path === path);
async function sweepAt(when: Date) {
  clock = when;
  await t.app.services.jobs.send(WEBHOOK_SWEEP_JOB, {});
  await t.jobsIdle();
}
async function deliveries(id: number) {
  const r = await t.get(`/api/v1/me/webhooks/${id}/deliveries`, owner.auth);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { items: Array<{ id: number; state: string; attempts: number; message_id: string; event: string; resent: boolean; last_attempt: null | { outcome: string; status_code: number | null; response_excerpt: string | null; error: string | null; duration_ms: number } }>; total: number };
}
const minutes = (n: number) => new Date(clock.getTime() + n * 60_000);

// ---- Tests

test('a registered endpoint receives an owner event signed the Standard Webhooks way; the secret is shown once and kept sealed', async () => {
  const hook = await register('/ok');
  assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  const listed = await t.get('/api/v1/me/webhooks', owner.auth);
  assert.equal(listed.status, 200);
  const mine = (listed.body as { items: Array<Record<string, unknown>> }).items.find((e) => e.id === hook.id)!;
  assert.equal(mine.state, 'active');
  assert.ok(!('secret' in mine), 'the secret is never listed');
  // The database keeps it sealed: its text is in no row of any table (the Idempotency-Key records included).
  const tables = (await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.db)).rows;
  for (const { table_name } of tables) {
    const n = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)} x where strpos(x::text, ${hook.secret.slice(6)}) > 0`.execute(t.db)).rows[0].n;
    assert.equal(n, 0, `the secret is in ${table_name}`);
  }

  await postUpdate('Version 2 is out');
  await until(() => at('/ok').length === 1, 'the delivery');
  const got = at('/ok')[0];
  assert.ok(verifyStandardWebhook(hook.secret, got.headers, got.body, clock), 'the signature verifies');
  assert.ok(!verifyStandardWebhook('whsec_' + Buffer.alloc(32, 1).toString('base64'), got.headers, got.body, clock), 'another secret does not');
  assert.match(String(got.headers['webhook-id']), /^msg_[0-9a-f]{32}$/);
  assert.equal(got.headers['content-type'], 'application/json');
  const payload = JSON.parse(got.body);
  assert.equal(payload.type, 'listing.update_posted');
  assert.equal(payload.data.listing.slug, 'hooked');
  assert.equal(payload.data.update.title, 'Version 2 is out');
  const log = await deliveries(hook.id);
  assert.equal(log.items[0].state, 'succeeded');
  assert.equal(log.items[0].last_attempt!.status_code, 200);
  assert.equal(log.items[0].last_attempt!.response_excerpt, '{"ok":true}');
  await t.rest('DELETE', `/api/v1/me/webhooks/${hook.id}`, undefined, owner.auth);
});

test('a 500 is retried with backoff, later events wait behind it (order), and "send again" sends the same webhook-id', async () => {
  failing.add('/flaky');
  const hook = await register('/flaky');
  await postUpdate('First');
  await until(() => at('/flaky').length === 1, 'the first attempt');
  await postUpdate('Second');
  await until(async () => (await deliveries(hook.id)).total === 2, 'the second delivery made');
  assert.equal(at('/flaky').length, 1, 'the second waits while the first fails');
  let log = await deliveries(hook.id);
  const first = log.items.find((d) => d.attempts === 1)!;
  assert.equal(first.state, 'pending');
  assert.equal(first.last_attempt!.outcome, 'http_error');
  assert.equal(first.last_attempt!.status_code, 500);
  assert.equal(Buffer.byteLength(first.last_attempt!.response_excerpt!), 1024, 'the first 1 KiB of the answer is kept');

  await sweepAt(new Date(clock.getTime() + 2_000));
  assert.equal(at('/flaky').length, 1, 'not before its time (5 s)');
  failing.delete('/flaky');
  await sweepAt(new Date(clock.getTime() + 4_000));
  await until(() => at('/flaky').length === 3, 'the retry, then the second');
  const titles = at('/flaky').map((r) => JSON.parse(r.body).data.update.title);
  assert.deepEqual(titles, ['First', 'First', 'Second'], 'in order');
  assert.equal(at('/flaky')[0].headers['webhook-id'], at('/flaky')[1].headers['webhook-id'], 'a retry carries the same webhook-id');
  log = await deliveries(hook.id);
  assert.deepEqual(log.items.map((d) => d.state), ['succeeded', 'succeeded']);

  const again = await t.rest('POST', `/api/v1/me/webhooks/${hook.id}/deliveries/${first.id}/redeliver`, undefined, owner.auth);
  assert.equal(again.status, 201, JSON.stringify(again.body));
  assert.equal((again.body as { resent: boolean }).resent, true);
  await until(() => at('/flaky').length === 4, 'the resend');
  const resent = at('/flaky')[3];
  assert.equal(resent.headers['webhook-id'], at('/flaky')[0].headers['webhook-id']);
  assert.ok(verifyStandardWebhook(hook.secret, resent.headers, resent.body, clock));
  const missing = await t.rest('POST', `/api/v1/me/webhooks/${hook.id}/deliveries/999999/redeliver`, undefined, owner.auth);
  assert.equal(missing.status, 404);
  assert.equal((missing.body as { code: string }).code, 'webhook_delivery_not_found');
  await t.rest('DELETE', `/api/v1/me/webhooks/${hook.id}`, undefined, owner.auth);
});

test('a receiver that hangs, answers 10 MB, or redirects to a private address: each attempt ends, is logged, and harms nothing', async () => {
  const hang = await register('/hang');
  const huge = await register('/big');
  const redirect = await register('/redirect');
  const started = Date.now();
  await postUpdate('Stress');
  await until(async () => {
    const all = await Promise.all([hang, huge, redirect].map((h) => deliveries(h.id)));
    return all.every((l) => l.items[0]?.last_attempt);
  }, 'an attempt at each');
  assert.ok(Date.now() - started < 8_000, 'a hanging receiver costs the deadline (1 s here), not more');

  const hung = (await deliveries(hang.id)).items[0];
  assert.equal(hung.last_attempt!.outcome, 'timeout');
  assert.equal(hung.state, 'pending', 'retried later');

  const bigOne = (await deliveries(huge.id)).items[0];
  assert.equal(bigOne.state, 'succeeded', 'a 200 is a 200, however long its body');
  assert.equal(Buffer.byteLength(bigOne.last_attempt!.response_excerpt!), 1024);
  await until(() => big.closedEarly, 'the big answer cut off');
  assert.equal(big.finished, false, 'the 10 MB were never read: the connection was dropped after 1 KiB');

  const redirected = (await deliveries(redirect.id)).items[0];
  assert.equal(redirected.last_attempt!.outcome, 'redirect');
  assert.equal(redirected.last_attempt!.status_code, 302);
  assert.match(redirected.last_attempt!.error!, /not followed/);
  assert.equal(redirected.state, 'pending');
  for (const h of [hang, huge, redirect]) await t.rest('DELETE', `/api/v1/me/webhooks/${h.id}`, undefined, owner.auth);
});

test('an endpoint whose address turned private (DNS changed) is refused at delivery, and logged', async () => {
  const hook = await register('/ok');
  // As if its DNS now answered a loopback address the operator did not allow.
  await sql`update webhook_endpoints set url = ${`https://127.0.0.2:${port}/ok`} where id = ${hook.id}`.execute(t.db);
  const before = at('/ok').length;
  await postUpdate('Rebound');
  // The delivery must exist and have its attempt (an absent one is not "attempted": undefined !== null).
  await until(async () => ((await deliveries(hook.id)).items[0]?.last_attempt ?? null) !== null, 'the attempt');
  const d = (await deliveries(hook.id)).items[0];
  assert.equal(d.last_attempt!.outcome, 'address_refused');
  assert.match(d.last_attempt!.error!, /private or reserved address/);
  assert.equal(at('/ok').length, before, 'nothing reached a receiver');
  await t.rest('DELETE', `/api/v1/me/webhooks/${hook.id}`, undefined, owner.auth);
});

test('three days of failures disable the endpoint, fail its waiting deliveries and mail its owner; enabling starts it again', async () => {
  failing.add('/down');
  const hook = await register('/down');
  const firstFailure = clock;
  await postUpdate('Into the void');
  await until(() => at('/down').length === 1, 'the first attempt');
  await postUpdate('Also into the void');
  // Retries on their backoff for just under three days: still active.
  for (const hours of [1, 6, 24, 48, 71]) await sweepAt(new Date(firstFailure.getTime() + hours * 3_600_000));
  const attemptsBefore = at('/down').length;
  assert.ok(attemptsBefore >= 5, `retried on its backoff (${attemptsBefore} attempts)`);
  let state = (await t.get('/api/v1/me/webhooks', owner.auth)).body as { items: Array<{ id: number; state: string; failing_since: string | null }> };
  assert.equal(state.items.find((e) => e.id === hook.id)!.state, 'active');
  assert.equal(state.items.find((e) => e.id === hook.id)!.failing_since, firstFailure.toISOString());

  await sweepAt(new Date(firstFailure.getTime() + 72 * 3_600_000 + 1000));
  state = (await t.get('/api/v1/me/webhooks', owner.auth)).body as typeof state;
  assert.equal(state.items.find((e) => e.id === hook.id)!.state, 'disabled');
  const log = await deliveries(hook.id);
  assert.deepEqual(log.items.map((d) => d.state), ['failed', 'failed'], 'the waiting deliveries fail with it');
  const mails = await sql<{ to_address: string; subject: string; body: string }>`select to_address, subject, text_body as body from outbox_emails where subject like '%webhook endpoint was disabled%'`.execute(t.db);
  assert.equal(mails.rows.length, 1, 'one mail');
  assert.match(mails.rows[0].body, /\/account\/webhooks/);

  const attempts = at('/down').length;
  await postUpdate('While disabled');
  await sweepAt(minutes(60));
  assert.equal(at('/down').length, attempts, 'nothing is sent to a disabled endpoint');
  const refused = await t.rest('POST', `/api/v1/me/webhooks/${hook.id}/deliveries/${log.items[0].id}/redeliver`, undefined, owner.auth);
  assert.equal(refused.status, 409);
  assert.equal((refused.body as { code: string }).code, 'webhook_disabled');

  failing.delete('/down');
  await t.app.services.webhooks.enable(owner.userId, hook.id);
  const again = await t.rest('POST', `/api/v1/me/webhooks/${hook.id}/deliveries/${log.items[0].id}/redeliver`, undefined, owner.auth);
  assert.equal(again.status, 201);
  await until(() => at('/down').length === attempts + 1, 'the resend after enabling');
  await t.rest('DELETE', `/api/v1/me/webhooks/${hook.id}`, undefined, owner.auth);
});

test('bad registrations are 4xx problems with stable codes, and nothing is stored', async () => {
  const cases: [string, unknown, number, string][] = [
    ['plain http', { url: 'http://example.com/hook', events: ['listing.live'] }, 400, 'webhook_url_not_https'],
    ['a private address', { url: 'https://10.0.0.7/hook', events: ['listing.live'] }, 400, 'webhook_url_private'],
    ['loopback by name', { url: 'https://localhost/hook', events: ['listing.live'] }, 400, 'webhook_url_private'],
    ['the metadata address', { url: 'https://169.254.169.254/latest', events: ['listing.live'] }, 400, 'webhook_url_private'],
    ['an IPv4-mapped loopback', { url: 'https://[::ffff:127.0.0.1]/hook', events: ['listing.live'] }, 400, 'webhook_url_private'],
    ['credentials in the URL', { url: 'https://user:pw@93.184.215.14/hook', events: ['listing.live'] }, 400, 'webhook_url_invalid'],
    ['not a URL', { url: 'hook me', events: ['listing.live'] }, 400, 'webhook_url_invalid'],
    ['an unknown event', { url: 'https://93.184.215.14/hook', events: ['listing.deleted'] }, 400, 'validation_failed'],
    ['no event', { url: 'https://93.184.215.14/hook', events: [] }, 400, 'validation_failed'],
  ];
  const someone = await t.apiKey(['webhooks:write']);
  for (const [name, body, status, code] of cases) {
    const r = await t.rest('POST', '/api/v1/me/webhooks', body, someone.auth);
    assert.equal(r.status, status, `${name}: ${JSON.stringify(r.body)}`);
    assert.match(r.type, /application\/problem\+json/, name);
    assert.equal((r.body as { code: string }).code, code, name);
  }
  const stored = await sql<{ n: number }>`select count(*)::int as n from webhook_endpoints where user_id = ${someone.userId}`.execute(t.db);
  assert.equal(stored.rows[0].n, 0);
});

test('an account has at most 10 endpoints: the 11th is 409 webhook_limit_reached, also when asked at once', async () => {
  const someone = await t.apiKey(['webhooks:write']);
  const make = () => t.rest('POST', '/api/v1/me/webhooks', { url: 'https://93.184.215.14/hook', events: ['awards.decided'] }, someone.auth);
  const answers = await Promise.all(Array.from({ length: 12 }, make));
  assert.equal(answers.filter((a) => a.status === 201).length, 10);
  const refused = answers.filter((a) => a.status !== 201);
  assert.equal(refused.length, 2);
  for (const r of refused) {
    assert.equal(r.status, 409);
    assert.equal((r.body as { code: string }).code, 'webhook_limit_reached');
  }
  // Deleted again: a public event of a later test must not send anything towards that public address.
  for (const made of answers.filter((a) => a.status === 201)) assert.equal((await t.rest('DELETE', `/api/v1/me/webhooks/${(made.body as { id: number }).id}`, undefined, someone.auth)).status, 200);
});

test('another person\'s endpoint is not found, and deleting stops deliveries', async () => {
  const hook = await register('/ok');
  const stranger = await t.apiKey(['webhooks:write']);
  for (const [method, url] of [
    ['DELETE', `/api/v1/me/webhooks/${hook.id}`],
    ['GET', `/api/v1/me/webhooks/${hook.id}/deliveries`],
    ['POST', `/api/v1/me/webhooks/${hook.id}/deliveries/1/redeliver`],
  ] as const) {
    const r = await t.rest(method, url, undefined, stranger.auth);
    assert.equal(r.status, 404, `${method} ${url}`);
    assert.equal((r.body as { code: string }).code, 'webhook_not_found');
  }
  const gone = await t.rest('DELETE', `/api/v1/me/webhooks/${hook.id}`, undefined, owner.auth);
  assert.deepEqual(gone.body, { webhook_id: hook.id, deleted: true });
  const before = at('/ok').length;
  await postUpdate('After deleting');
  await sweepAt(minutes(1));
  assert.equal(at('/ok').length, before);
});

test('public events: a listing live in a category reaches endpoints asking for that category, not others', async () => {
  const watcher = await t.apiKey(['webhooks:write']);
  const mk = async (path: string, categories: string[]) => {
    const r = await t.rest('POST', '/api/v1/me/webhooks', { url: receiver(path), events: ['category.listing_live'], categories }, watcher.auth);
    assert.equal(r.status, 201, JSON.stringify(r.body));
  };
  await t.fx.category({ slug: 'hook-tools', name: 'Hook tools' });
  await t.fx.category({ slug: 'other-tools', name: 'Other tools' });
  await mk('/cat-hook', ['hook-tools']);
  await mk('/cat-other', ['other-tools']);
  await mk('/cat-any', []);
  const id = await t.fx.listing({ slug: 'goes-live', category: 'hook-tools', status: 'scheduled', launch_week: '2026-03-02' });
  const { runWeekStart } = await import('../../jobs/week-start.ts');
  await runWeekStart(t.db, clock, t.app.services.jobs);
  await until(() => at('/cat-hook').length === 1 && at('/cat-any').length === 1, 'the category deliveries');
  assert.equal(at('/cat-other').length, 0);
  const body = JSON.parse(at('/cat-hook')[0].body);
  assert.equal(body.type, 'category.listing_live');
  assert.equal(String(body.data.listing.id), String(id));
  assert.deepEqual(body.data.categories, ['hook-tools']);
});

test('every event is written by the change it reports and reaches the endpoints that asked for it', async () => {
  const { insertDraft, page } = await import('../drafts/drafts-testing.ts');
  const { runDraftPipeline } = await import('../../jobs/draft-pipeline.ts');
  const { draftStores } = await import('../../store/drafts-store.ts');
  const { DRAFT_FIELDS } = await import('../../extraction/types.ts');
  const { stockShop } = await import('../orders/orders-testing.ts');
  const { runWeekStart } = await import('../../jobs/week-start.ts');
  const { SCOPES } = await import('../../domain/actor.ts');
  const { weekOf, addDays } = await import('../../domain/launches/weeks.ts');

  // A fortnight on: weeks no earlier test has closed or decided.
  clock = new Date(clock.getTime() + 14 * 86_400_000);
  const me = await t.apiKey(['webhooks:write']);
  await t.db.updateTable('users').set({ email_verified_at: clock }).where('id', '=', me.userId).execute();
  const mk = async (path: string, events: string[]) => {
    const r = await t.rest('POST', '/api/v1/me/webhooks', { url: receiver(path), events }, me.auth);
    assert.equal(r.status, 201, JSON.stringify(r.body));
  };
  await mk('/mine', ['draft.ready', 'listing.live', 'award.won', 'claim.verified', 'order.paid', 'comment.posted']);
  await mk('/public', ['launch_week.closed', 'awards.decided']);
  const types = (path: string) => at(path).map((r) => JSON.parse(r.body).type as string);

  // draft.ready: the pipeline (its crawler and drafter are doubles here) writes the draft ready.
  const draftId = await insertDraft(t, me.userId, { url: 'https://drafted.example/', status: 'crawling', stage: 'queued' } as never);
  const notFound = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, { field: f, state: 'not_found', value: null, evidence: [] }]));
  await runDraftPipeline(
    {
      stores: draftStores(t.db),
      crawler: { crawlSite: async () => ({ ok: true, pages: [page('https://drafted.example/', 'Drafted. Invoices in one click.', 'Drafted')] }), fetchPage: async () => ({ ok: false, failure: { code: 'unreachable', reason: 'test' } }) } as never,
      drafter: { draft: async () => ({ verified: { fields: notFound, faqs: [], founders: [], socials: {}, notFound: [...DRAFT_FIELDS] }, skipped: [] }) } as never,
      now: () => clock,
    },
    draftId,
  );

  // claim.verified: an e-mail claim's link opened by its claimant.
  await t.fx.listing({ slug: 'claim-me', domain: 'claimco.test', url: 'https://claimco.test/' });
  const claim = await t.app.services.claims.claim(me.userId, { slug: 'claim-me', method: 'email', email: 'founder@claimco.test' });
  const mail = await sql<{ text_body: string }>`select text_body from outbox_emails where to_address = 'founder@claimco.test'`.execute(t.db);
  const token = /\/claims\/confirm\/(\S+)/.exec(mail.rows[0].text_body)![1];
  await t.app.services.claims.confirmLink(me.userId, token);
  assert.ok(claim.id > 0);

  // order.paid and listing.live: a paid launch in this week, paid (test mode): live at once.
  await stockShop(t, 'wh-');
  const launched = Number(await t.fx.listing({ slug: 'paid-live', owner_id: me.userId, status: 'draft' }));
  const week = weekOf(clock, 'UTC');
  const order = await t.app.services.orders.createCheckout(me.userId, { items: [{ product: 'wh-paid-launch', listing_id: launched, options: { week } }], billing_country: 'US' });
  await t.app.services.orders.pay(order.number, new URL(order.checkout_url).searchParams.get('token')!, { name: 'Me', address: 'Street 1', postal_code: '1000', city: 'Town' } as never);

  // comment.posted: someone else comments under the owner's live listing.
  const commenter = await t.app.services.accounts.createUser({ email: 'commenter@hooks.test', name: 'Commenter', password: null });
  await t.db.updateTable('users').set({ email_verified_at: new Date('2026-01-01T00:00:00Z'), created_at: new Date('2026-01-01T00:00:00Z') }).where('id', '=', commenter).execute();
  await t.app.services.discussions.post({ kind: 'user', userId: commenter, ip: '203.0.113.9', via: 'session', scopes: SCOPES, credential: { id: 's', name: null, expiresAt: null } }, 'paid-live', { body: 'Nice launch!' });

  // award.won, awards.decided, launch_week.closed: a closed week with votes, decided by week-start.
  const lastWeek = addDays(week, -7);
  const winner = await t.fx.listing({ slug: 'last-week-winner', owner_id: me.userId, status: 'live', launch_week: lastWeek });
  await t.fx.vote(winner, commenter, new Date(`${lastWeek}T12:00:00Z`));
  await runWeekStart(t.db, new Date(Date.parse(`${week}T00:00:00Z`) + 3 * 86_400_000), t.app.services.jobs);

  await until(() => types('/mine').length >= 6 && types('/public').length >= 2, () => `the deliveries (mine: ${types('/mine')}, public: ${types('/public')})`);
  assert.deepEqual(new Set(types('/mine')), new Set(['draft.ready', 'claim.verified', 'order.paid', 'listing.live', 'comment.posted', 'award.won']));
  // Every closed week without awards gets them in that run: the earlier test's week too (no votes, no places).
  assert.deepEqual([...new Set(types('/public'))].sort(), ['awards.decided', 'launch_week.closed']);
  assert.equal(types('/public').filter((x) => x === 'launch_week.closed').length, 1);
  const byType = Object.fromEntries(at('/mine').map((r) => [JSON.parse(r.body).type, JSON.parse(r.body).data]));
  assert.equal(byType['draft.ready'].draft.id, draftId);
  assert.equal(byType['claim.verified'].listing.slug, 'claim-me');
  assert.equal(byType['order.paid'].order.number, order.number);
  assert.equal(byType['listing.live'].listing.slug, 'paid-live');
  assert.equal(byType['comment.posted'].comment.body, 'Nice launch!');
  assert.equal(byType['award.won'].place, 1);
  const decided = at('/public').map((r) => JSON.parse(r.body)).find((b) => b.type === 'awards.decided' && b.data.week === lastWeek);
  assert.equal(decided.data.week, lastWeek);
  assert.equal(decided.data.places[0].listing.slug, 'last-week-winner');

  // Running week-start again announces nothing twice.
  await runWeekStart(t.db, new Date(Date.parse(`${week}T00:00:00Z`) + 3 * 86_400_000 + 3_600_000), t.app.services.jobs);
  const announced = types('/public').length;
  await until(async () => (await sql<{ n: number }>`select count(*)::int as n from webhook_events where fanned_out_at is null`.execute(t.db)).rows[0].n === 0, 'the fan-out');
  assert.equal(types('/public').length, announced);
});

test('create_webhook with an Idempotency-Key: the replay answers the same endpoint and secret; the record keeps no secret', async () => {
  const someone = await t.apiKey(['webhooks:write']);
  const headers = { ...someone.auth, 'idempotency-key': 'hook-once' };
  const body = { url: 'https://93.184.215.14/idempotent', events: ['listing.live'] };
  const first = await t.rest('POST', '/api/v1/me/webhooks', body, headers);
  const again = await t.rest('POST', '/api/v1/me/webhooks', body, headers);
  assert.equal(first.status, 201);
  assert.equal(again.status, 201);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.deepEqual(again.body, first.body);
  const n = await sql<{ n: number }>`select count(*)::int as n from webhook_endpoints where user_id = ${someone.userId}`.execute(t.db);
  assert.equal(n.rows[0].n, 1);
  const kept = await sql<{ n: number }>`select count(*)::int as n from idempotency_keys x where strpos(x::text, ${(first.body as { secret: string }).secret.slice(6)}) > 0`.execute(t.db);
  assert.equal(kept.rows[0].n, 0);
});

test(`the sweep forgets the delivery log and its events after ${30} days (WEBHOOK_LOG_KEPT_DAYS), and keeps younger ones`, async () => {
  const { WEBHOOK_LOG_KEPT_DAYS } = await import('../../domain/privacy/retention.ts');
  const count = async (table: 'webhook_attempts' | 'webhook_deliveries' | 'webhook_events') => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.db)).rows[0].n;
  const hook = await register('/ok');
  await postUpdate('Kept a while');
  await until(async () => (await deliveries(hook.id)).items[0]?.state === 'succeeded', 'the delivery');
  const before = { attempts: await count('webhook_attempts'), deliveries: await count('webhook_deliveries'), events: await count('webhook_events') };
  assert.ok(before.attempts > 0 && before.deliveries > 0 && before.events > 0);
  const lastWrite = clock.getTime();
  await sweepAt(new Date(lastWrite + (WEBHOOK_LOG_KEPT_DAYS - 1) * 86_400_000));
  assert.equal((await deliveries(hook.id)).total, 1, 'a day before its end it is still there');
  await sweepAt(new Date(lastWrite + (WEBHOOK_LOG_KEPT_DAYS + 1) * 86_400_000));
  assert.equal((await deliveries(hook.id)).total, 0);
  assert.equal(await count('webhook_attempts'), 0);
  const waiting = await sql<{ n: number }>`select count(*)::int as n from webhook_deliveries where state = 'pending'`.execute(t.db);
  assert.equal(await count('webhook_deliveries'), waiting.rows[0].n, 'only deliveries still waiting stay');
});

test('no test here connected anywhere but loopback', () => {
  assert.deepEqual(offLoopback, []);
});
