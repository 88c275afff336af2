import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { PgBoss } from 'pg-boss';
import { freshPostgres, freshRedis, startNode, type AppNode } from './cluster.ts';
import { Browser, call, csrfField, freshAddress } from './client.ts';
import { PASSWORD, sharedDatabase, type SharedDatabase } from './shared-database.ts';
import { heldSite, waitFor } from './scenes.ts';
import { loopbackSite } from '../../src/testing/loopback-site.ts';
import { authorizeUrl, pkce, TEST_REDIRECT_URI } from '../../src/testing/oauth.ts';
import { addWeeks, weekOf } from '../../src/domain/launches/weeks.ts';
import { loopbackS3 } from '../../src/testing/loopback-s3.ts';
import sharp from 'sharp';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Several nodes, one truth: two real app processes (`node src/main.ts`) on one PostgreSQL
// database and one Redis, each addressed directly (no proxy in front; they trust one, so each test
// person names a client address). Only CI's PostgreSQL pass runs this file: scripts/test.ts
// leaves it out on PGlite, where two processes cannot share a database.
if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  throw new Error('test/scale/two-nodes.test.ts needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis shared by the nodes)');
}

const PUBLIC_URL = 'http://localhost:3999'; // what the proxy would serve; nothing listens there
const ANONYMOUS_PER_MINUTE = 30;
let pgDb: Awaited<ReturnType<typeof freshPostgres>>;
let redis: Awaited<ReturnType<typeof freshRedis>>;
let shared: SharedDatabase;
let boss: PgBoss;
let A: AppNode;
let B: AppNode;
let env: Record<string, string>;
let s3: Awaited<ReturnType<typeof loopbackS3>>;

before(async () => {
  pgDb = await freshPostgres('two_nodes');
  redis = await freshRedis();
  // Pictures in S3-compatible storage both nodes share (a real s3rver on loopback).
  s3 = await loopbackS3();
  env = {
    ...s3.env,
    DATABASE_URL: pgDb.url,
    REDIS_URL: redis.url,
    PUBLIC_URL,
    TRUST_PROXY: 'true',
    SECRETS_KEY: 'two-nodes test key, shared by every node of the installation',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: String(ANONYMOUS_PER_MINUTE),
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    RATE_LIMIT_FAILED_CREDENTIALS: '1000',
    JOB_HEARTBEAT_SECONDS: '10',
    CRAWLER_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
  };
  // Both at once on the empty database: migrations, pg-boss's schema and the installation's
  // secrets are each made once, whoever comes first.
  [A, B] = await Promise.all([startNode('node-a', env), startNode('node-b', env)]);
  shared = await sharedDatabase({ databaseUrl: pgDb.url });
  // The test's own pg-boss client sends jobs as a node's cron or sweeper would; it runs none.
  boss = new PgBoss({ connectionString: pgDb.url, max: 2, supervise: false, schedule: false, migrate: false, createSchema: false });
  boss.on('error', () => {});
  await boss.start();
});

after(async () => {
  await boss?.stop({ graceful: false }).catch(() => {});
  await Promise.all([A?.stop(), B?.stop()]);
  await shared?.close();
  await redis?.drop();
  await pgDb?.drop();
  await s3?.close();
});

const nodes = () => [A, B];

test('both nodes start together on one empty database: one schema, one set of keys', async () => {
  for (const n of nodes()) {
    const ready = await call(n.url, 'GET', '/readyz');
    assert.deepEqual(ready.body, { status: 'ready', database: 'up', redis: 'up' }, `${n.name} is ready with Redis`);
  }
  const migrations = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(shared.db);
  assert.ok(migrations.rows[0].n > 10);
  const [jwksA, jwksB] = await Promise.all(nodes().map((n) => call(n.url, 'GET', '/oauth/jwks')));
  assert.equal(jwksA.status, 200);
  assert.deepEqual(jwksA.body, jwksB.body, 'both nodes publish the same signing keys');
});

test('rate limits: one budget across both nodes, 429 from either, RateLimit headers agree', async () => {
  const ip = freshAddress();
  const seen: { node: string; status: number; limit: string | null; remaining: string | null; reset: number }[] = [];
  for (let i = 0; i < ANONYMOUS_PER_MINUTE + 2; i++) {
    const n = nodes()[i % 2];
    const r = await call(n.url, 'GET', '/api/v1/site', { ip });
    seen.push({ node: n.name, status: r.status, limit: r.headers.get('ratelimit-limit'), remaining: r.headers.get('ratelimit-remaining'), reset: Number(r.headers.get('ratelimit-reset')) });
    if (r.status === 429) {
      assert.equal(r.body.code, 'rate_limited');
      assert.ok(Number(r.headers.get('retry-after')) > 0, 'Retry-After on a 429');
    }
  }
  assert.deepEqual(
    seen.map((s) => s.status),
    [...Array(ANONYMOUS_PER_MINUTE).fill(200), 429, 429],
    'the budget is spent across both nodes, and both refuse once it is gone',
  );
  assert.deepEqual(
    seen.slice(0, ANONYMOUS_PER_MINUTE).map((s) => Number(s.remaining)),
    Array.from({ length: ANONYMOUS_PER_MINUTE }, (_, i) => ANONYMOUS_PER_MINUTE - 1 - i),
    'each answer counts every request before it, on either node',
  );
  assert.ok(seen.every((s) => s.limit === String(ANONYMOUS_PER_MINUTE)));
  const resets = seen.map((s) => s.reset);
  assert.ok(Math.max(...resets) - Math.min(...resets) <= 1, `both nodes name the same window end (${resets.join(', ')})`);
  // Another client address has its own budget on both nodes.
  assert.equal((await call(B.url, 'GET', '/api/v1/site', { ip: freshAddress() })).status, 200);
});

/** An owner with a live listing of their own, and its followers. */
async function ownerWithListing(slug: string, followers = 0) {
  const owner = await shared.person(['account:read', 'listings:write', 'orders:write'], 'owner');
  const id = await shared.fx.listing({ slug, name: `Listing ${slug}`, owner_id: owner.userId, status: 'live', tagline: 'Before' });
  for (let i = 0; i < followers; i++) {
    const fan = await shared.fx.user({ email: `fan-${slug}-${i}@scale.test` });
    await shared.db.insertInto('follows').values({ listing_id: id, user_id: fan }).execute();
  }
  return { owner, id, slug };
}

test('pictures in S3: a logo uploaded through node A is served by node B, and its listing shows it there', async () => {
  const { owner, slug, id } = await ownerWithListing('pictured-twice');
  const browser = new Browser(PUBLIC_URL);
  const form = await browser.request(A, 'GET', '/sign-in');
  assert.equal((await browser.request(A, 'POST', '/sign-in', { email: owner.email, password: PASSWORD, csrf: csrfField(form.text) })).status, 303);
  const page = await browser.request(A, 'GET', `/my/listings/${id}/pictures`);
  const png = await sharp({ create: { width: 160, height: 160, channels: 3, background: '#2f5bd3' } }).png().toBuffer();
  const body = new FormData();
  body.append('csrf', csrfField(page.text));
  body.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const cookie = [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${A.url}/my/listings/${id}/pictures/logo`, { method: 'POST', body, redirect: 'manual', headers: { cookie, origin: PUBLIC_URL, 'x-forwarded-for': browser.ip } });
  assert.equal(res.status, 303, await res.text());
  const listing = await call(B.url, 'GET', `/api/v1/listings/${slug}`);
  const path = new URL(listing.body.logo_url).pathname;
  assert.match(path, /^\/media\/[0-9a-f]{64}\/logo-256\.png$/);
  const served = await fetch(`${B.url}${path.replace('logo-256.png', 'logo-64.webp')}`);
  assert.equal(served.status, 200, 'node B reads what node A stored');
  assert.equal(served.headers.get('content-type'), 'image/webp');
  const profile = await call(B.url, 'GET', `/listings/${slug}`);
  assert.match(profile.text, new RegExp(path.replace('logo-256.png', 'logo-64.avif').replace(/[/.]/g, '\\$&')));
});

test('an Idempotency-Key sent to node A and retried on node B replays the first answer', async () => {
  const { owner, id } = await ownerWithListing('replayed');
  const headers = { ...owner.auth, 'idempotency-key': 'news-1' };
  const first = await call(A.url, 'POST', `/api/v1/me/listings/${id}/updates`, { json: { title: 'v2', body: 'Out now.' }, headers });
  assert.equal(first.status, 201, first.text);
  const retried = await call(B.url, 'POST', `/api/v1/me/listings/${id}/updates`, { json: { title: 'v2', body: 'Out now.' }, headers });
  assert.equal(retried.status, 201);
  assert.equal(retried.headers.get('idempotent-replayed'), 'true');
  assert.deepEqual(retried.body, first.body);
  const other = await call(B.url, 'POST', `/api/v1/me/listings/${id}/updates`, { json: { title: 'v3', body: 'Other.' }, headers });
  assert.deepEqual([other.status, other.body.code], [422, 'idempotency_key_reused']);
  const rows = await shared.db.selectFrom('listing_updates').select('title').where('listing_id', '=', id).execute();
  assert.deepEqual(rows, [{ title: 'v2' }], 'one update');
});

test('50 concurrent duplicates split across both nodes: exactly one effect, one mail per follower', async () => {
  const { owner, id } = await ownerWithListing('stampede', 3);
  const headers = { ...owner.auth, 'idempotency-key': 'stampede-1' };
  const send = (i: number) => call(nodes()[i % 2].url, 'POST', `/api/v1/me/listings/${id}/updates`, { json: { title: 'Launch day', body: 'We are live.' }, headers });
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(i)));
  const firstHand = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') !== 'true');
  const replays = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === 'true');
  const busy = answers.filter((a) => a.status === 409);
  assert.equal(firstHand.length, 1, `one first-hand answer (statuses ${answers.map((a) => a.status).join(',')})`);
  assert.equal(firstHand.length + replays.length + busy.length, 50, 'nothing but the answer, its replays and "still in progress"');
  assert.ok(busy.every((a) => a.body.code === 'idempotency_in_progress' && a.headers.get('retry-after')));
  for (const r of replays) assert.deepEqual(r.body, firstHand[0].body);
  // A client that got 409 retries later, on either node, and gets the one answer.
  for (let i = 0; i < busy.length; i++) assert.deepEqual((await send(i)).body, firstHand[0].body);
  const rows = await shared.db.selectFrom('listing_updates').select('id').where('listing_id', '=', id).execute();
  assert.equal(rows.length, 1, 'one update row');
  // The followers' mail is a background job of its own: sent once, worked by one node, once.
  const mails = await waitFor('the followers are mailed', async () => {
    const r = await shared.db.selectFrom('outbox_emails').select('to_address').where('to_address', 'like', 'fan-stampede-%').execute();
    return r.length >= 3 ? r : undefined;
  });
  await sleep(1500);
  const again = await shared.db.selectFrom('outbox_emails').select('to_address').where('to_address', 'like', 'fan-stampede-%').execute();
  assert.equal(again.length, 3, `one mail per follower (${mails.length} then ${again.length})`);
});

test('webhooks: events written on both nodes at once are delivered once each, in the order they were written, by whichever node', async () => {
  const hooker = await shared.person(['webhooks:write', 'listings:write'], 'hooker');
  const id = await shared.fx.listing({ slug: 'hooked-twice', name: 'Listing hooked-twice', owner_id: hooker.userId, status: 'live' });
  const got: { id: string; title: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ id: String(req.headers['webhook-id']), title: JSON.parse(Buffer.concat(chunks).toString('utf8')).data.update.title });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const made = await call(A.url, 'POST', '/api/v1/me/webhooks', { json: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['listing.update_posted'] }, headers: hooker.auth });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const N = 20;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => call(nodes()[i % 2].url, 'POST', `/api/v1/me/listings/${id}/updates`, { json: { title: `Update ${i}`, body: 'Hello.' }, headers: hooker.auth })),
    );
    assert.deepEqual(answers.map((a) => a.status), Array(N).fill(201));
    await waitFor('every event delivered', async () => (got.length >= N ? got : undefined));
    await sleep(2000);
    assert.equal(got.length, N, 'no event delivered twice');
    assert.equal(new Set(got.map((g) => g.id)).size, N);
    const written = await sql<{ msg_id: string }>`select e.msg_id from webhook_events e where e.type = 'listing.update_posted' and e.user_id = ${hooker.userId} order by e.id`.execute(shared.db);
    assert.deepEqual(got.map((g) => g.id), written.rows.map((r) => r.msg_id), 'delivered in the order the events were written');
  } finally {
    receiver.close();
  }
});

test('comments posted on both nodes at once: the makers get one batched mail per listing per window, not one per node', async () => {
  const { owner, id, slug } = await ownerWithListing('discussed');
  // Six visitors, each signed in on one node and posting there, all at once.
  const visitors = await Promise.all(Array.from({ length: 6 }, (_, i) => shared.person(['account:read'], `commenter-${i}`)));
  const browsers = await Promise.all(visitors.map(async (v, i) => {
    const browser = new Browser(PUBLIC_URL);
    const node = nodes()[i % 2];
    const form = await browser.request(node, 'GET', '/sign-in');
    const signedIn = await browser.request(node, 'POST', '/sign-in', { email: v.email, password: PASSWORD, csrf: csrfField(form.text) });
    assert.equal(signedIn.status, 303, signedIn.text.slice(0, 300));
    const page = await browser.request(node, 'GET', `/listings/${slug}`);
    return { browser, node, csrf: csrfField(page.text) };
  }));
  const posted = await Promise.all(browsers.map((b, i) =>
    b.browser.request(b.node, 'POST', `/listings/${slug}/comments`, { csrf: b.csrf, body: `Question number ${i} from node ${b.node === A ? 'A' : 'B'}` })));
  assert.deepEqual(posted.map((p) => p.status), Array(6).fill(303), posted.map((p) => p.text.slice(0, 200)).join('\n'));
  const stored = await sql<{ n: number }>`select count(*)::int as n from comments where listing_id = ${id}`.execute(shared.db);
  assert.equal(stored.rows[0].n, 6);
  // Each post sent the listing's comment-mail job from its node; whichever node works one, the
  // mark's row lock lets one mail through for the window.
  const first = await waitFor('the owner is mailed about the comments', async () => {
    const r = await shared.db.selectFrom('outbox_emails').select(['subject', 'text_body', 'headers']).where('to_address', '=', owner.email).execute();
    return r.length ? r : undefined;
  });
  await sleep(3000);
  const mails = await shared.db.selectFrom('outbox_emails').select(['subject', 'text_body', 'headers']).where('to_address', '=', owner.email).execute();
  assert.equal(mails.length, 1, `one mail in the window (${first.length} then ${mails.length}): ${mails.map((m) => m.subject).join(' | ')}`);
  assert.match(mails[0].subject, /new comment/);
  assert.equal(mails[0].headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
  // The comments the mail named are behind the mark; the rest wait for the window's end (a job
  // queued to start then), never a second mail now.
  const mark = await sql<{ last_comment_id: string }>`select last_comment_id from comment_mail_marks where listing_id = ${id}`.execute(shared.db);
  const named = await sql<{ n: number }>`select count(*)::int as n from comments where listing_id = ${id} and id <= ${mark.rows[0].last_comment_id}`.execute(shared.db);
  assert.ok(named.rows[0].n >= 1);
  assert.equal(mails[0].text_body.split('Question number ').length - 1, named.rows[0].n, 'the mail names exactly the comments behind the mark');
});

test('a write on node A is visible to its owner on node B at once; public caches on B catch up within their 5 s TTL', async () => {
  const { owner, id, slug } = await ownerWithListing('cached-profile');
  // B has the public profile and the public page in its caches (and Redis has them). Each read
  // comes from another visitor (address), as they would.
  assert.equal((await call(B.url, 'GET', `/api/v1/listings/${slug}`)).body.tagline, 'Before');
  assert.match((await call(B.url, 'GET', `/listings/${slug}`)).text, /Before/);
  const edit = await call(A.url, 'PATCH', `/api/v1/me/listings/${id}`, { json: { fields: { tagline: 'After' } }, headers: owner.auth });
  assert.equal(edit.status, 200, edit.text);
  const wrote = Date.now();
  const mine = await call(B.url, 'GET', `/api/v1/me/listings/${id}`, { headers: owner.auth });
  assert.equal(mine.body.tagline, 'After', 'the owner reads their own write on the other node at once');
  assert.equal((await call(A.url, 'GET', `/api/v1/listings/${slug}`)).body.tagline, 'After', 'the writing node drops its cached copy');
  const caughtUp = await waitFor('B serves the new tagline', async () => {
    const api = await call(B.url, 'GET', `/api/v1/listings/${slug}`);
    const page = await call(B.url, 'GET', `/listings/${slug}`);
    return api.body.tagline === 'After' && /After/.test(page.text) ? Date.now() - wrote : undefined;
  }, 10_000, 100);
  assert.ok(caughtUp <= 5_000 + 500, `public reads on B caught up after ${caughtUp} ms (TTL 5 s)`);
});

test('sessions and CSRF work across nodes; an OAuth token issued on node A works on node B', async () => {
  const person = await shared.person(['account:read'], 'visitor');
  await shared.fx.listing({ slug: 'followed', status: 'live' });
  const browser = new Browser(PUBLIC_URL);
  // The sign-in form from A (its CSRF cookie signed there), posted to B.
  const form = await browser.request(A, 'GET', '/sign-in');
  const signedIn = await browser.request(B, 'POST', '/sign-in', { email: person.email, password: PASSWORD, csrf: csrfField(form.text) });
  assert.equal(signedIn.status, 303, signedIn.text.slice(0, 300));
  const account = await browser.request(A, 'GET', '/account');
  assert.equal(account.status, 200);
  assert.match(account.text, new RegExp(person.email.replace(/[.+]/g, '\\$&')));
  // A signed-in form from A, posted to B: the session's CSRF token is the same truth on both.
  const csrf = csrfField(account.text);
  const refused = await browser.request(B, 'POST', '/listings/followed/follow', { csrf: 'not-the-token', intent: 'add' });
  assert.equal(refused.status, 403);
  const followed = await browser.request(B, 'POST', '/listings/followed/follow', { csrf, intent: 'add' });
  assert.equal(followed.status, 303);
  const follows = await sql<{ n: number }>`select count(*)::int as n from follows f join listings l on l.id = f.listing_id where l.slug = 'followed' and f.user_id = ${person.userId}`.execute(shared.db);
  assert.equal(follows.rows[0].n, 1);

  // OAuth: registered on A; authorize, sign-in check and consent hop between the nodes.
  const reg = await call(A.url, 'POST', '/oauth/reg', {
    json: { client_name: 'Two nodes', redirect_uris: [TEST_REDIRECT_URI], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', application_type: 'native' },
  });
  assert.equal(reg.status, 201, reg.text);
  const clientId = reg.body.client_id as string;
  const { verifier, challenge } = pkce();
  const resource = `${PUBLIC_URL}/api/v1`;
  const consent = await browser.visit([B, A], 'GET', authorizeUrl({ clientId, scope: 'account:read', resource, challenge, method: 'S256' }));
  assert.ok(consent.page && consent.page.status === 200, `a consent page (${consent.page?.status} ${consent.left})`);
  const action = /<form method="post" action="([^"]+)"/.exec(consent.page.text)?.[1]?.replace(/&amp;/g, '&');
  assert.ok(action, 'the consent form');
  const decided = await browser.visit([A, B], 'POST', action, { csrf: csrfField(consent.page.text), decision: 'approve' });
  assert.ok(decided.left, 'back to the client');
  const code = decided.left.searchParams.get('code')!;
  const token = await call(A.url, 'POST', '/oauth/token', {
    form: { grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT_URI, code_verifier: verifier, client_id: clientId, resource },
  });
  assert.equal(token.status, 200, token.text);
  const me = await call(B.url, 'GET', '/api/v1/me', { headers: { authorization: `Bearer ${token.body.access_token}` } });
  assert.equal(me.status, 200, 'the token from A works on B');
  assert.deepEqual([String(me.body.user.id), me.body.access.credential, me.body.access.client_id], [String(person.userId), 'oauth', clientId]);
  const refreshed = await call(B.url, 'POST', '/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: token.body.refresh_token, client_id: clientId, resource } });
  assert.equal(refreshed.status, 200, refreshed.text);
  assert.equal((await call(A.url, 'GET', '/api/v1/me', { headers: { authorization: `Bearer ${refreshed.body.access_token}` } })).status, 200, 'refreshed on B, used on A');

  // Signing out on B ends the session on A too.
  const out = await browser.request(B, 'POST', '/sign-out', { csrf });
  assert.equal(out.status, 303);
  const gone = await browser.request(A, 'GET', '/account');
  assert.equal(gone.status, 303);
  assert.match(gone.headers.get('location') ?? '', /^\/sign-in/);
});

/** job_runs of these pg-boss jobs, oldest first. */
const runsOf = (jobIds: string[]) =>
  shared.db.selectFrom('job_runs').selectAll().where('job_id', 'in', jobIds.length ? jobIds : ['none']).orderBy('started_at').orderBy('id').execute();

/** Each job ran on one node, and runs of one queue never overlapped. */
function assertOneAtATime(runs: Awaited<ReturnType<typeof runsOf>>) {
  for (const r of runs) assert.ok(r.node === A.jobNode || r.node === B.jobNode, `run ${r.id} names a node (${r.node})`);
  for (let i = 1; i < runs.length; i++) {
    assert.ok(runs[i - 1].finished_at && new Date(runs[i - 1].finished_at!).getTime() <= new Date(runs[i].started_at).getTime() + 5, `runs ${runs[i - 1].id} and ${runs[i].id} of ${runs[i].job} overlapped`);
  }
}

const jobsDone = async (name: string, ids: string[]) => {
  for (const id of ids) {
    const job = await boss.getJobById(name, id);
    if (job && job.state !== 'completed' && job.state !== 'failed' && job.state !== 'cancelled') return false;
  }
  return true;
};

test('background jobs due on both nodes at the same instant run once: week start and awards, badge checks, draft pipeline, order expiry', async () => {
  const { timezone } = await shared.db.selectFrom('site_settings').select('timezone').executeTakeFirstOrThrow();
  const thisWeek = weekOf(new Date(), timezone);
  const lastWeek = addWeeks(thisWeek, -1);
  const owner = await shared.person(['account:read', 'listings:write', 'orders:write'], 'jobs');

  // Week start: a launch due this week, and last week's launches awaiting their awards.
  const due = await shared.fx.listing({ slug: 'due-this-week', owner_id: owner.userId, status: 'scheduled', launch_week: thisWeek, published_at: null });
  const gold = await shared.fx.listing({ slug: 'last-week-gold', status: 'live', launch_week: lastWeek });
  const silver = await shared.fx.listing({ slug: 'last-week-silver', status: 'live', launch_week: lastWeek });
  const inLastWeek = new Date(`${lastWeek}T12:00:00Z`);
  // Voters with confirmed addresses, a year old: their votes count (0.8: no activity yet) when weighed.
  const voter = async () => {
    const id = await shared.fx.user();
    await sql`update users set email_verified_at = now(), created_at = now() - interval '400 days' where id = ${id}`.execute(shared.db);
    return id;
  };
  for (let i = 0; i < 3; i++) await shared.fx.vote(gold, await voter(), inLastWeek);
  await shared.fx.vote(silver, await voter(), inLastWeek);
  // The vote weighing, due on both nodes at once (each node's 10-minute schedule): the runs never
  // overlap, the first weighs, the second finds nothing to change. Awards wait for a weighing
  // after the week's close (jobs/week-start.ts), so it runs first here.
  // (Its queue keeps one waiting job: a send while another waits is dropped, which is also "once".)
  const weighJobs = (await Promise.all([boss.send('vote-weighing', null), boss.send('vote-weighing', null)])).filter((id): id is string => id !== null);
  assert.ok(weighJobs.length >= 1);
  await waitFor('the vote weighing to finish', () => jobsDone('vote-weighing', weighJobs).then((d) => d || undefined), 60_000, 250);
  const weighRuns = await runsOf(weighJobs);
  assert.equal(weighRuns.length, weighJobs.length, 'every job sent ran');
  assertOneAtATime(weighRuns);
  const weighed = weighRuns.map((r) => JSON.parse(r.detail!));
  assert.ok(weighed[0].changed >= 4, 'the first run weighed the votes');
  for (const later of weighed.slice(1)) assert.equal(later.changed, 0, 'a later run found every weight already set');
  const points = await sql<{ points: number }>`select distinct v.points from votes v where v.listing_id in (${gold}, ${silver})`.execute(shared.db);
  assert.deepEqual(points.rows, [{ points: 800 }], 'a year-old confirmed account without activity counts 0.8');

  // Badge check: a free listing awaiting its badge, which is on its homepage.
  const site = await loopbackSite({ '/': '<html><head><title>Home</title></head><body>soon</body></html>' });
  after(() => site.close());
  const badged = await shared.fx.listing({ slug: 'badged', owner_id: owner.userId, status: 'draft', url: `${site.origin}/`, domain: '127.0.0.1' });
  const free = await call(B.url, 'POST', `/api/v1/me/listings/${badged}/free`, { headers: owner.auth });
  assert.equal(free.status, 200, free.text);
  const embed = (await call(A.url, 'GET', `/api/v1/me/listings/${badged}`, { headers: owner.auth })).body.badge.embed_html;
  site.pages['/'] = `<html><head><title>Home</title></head><body><footer>${embed}</footer></body></html>`;

  // Order expiry: an unpaid order past its end.
  await shared.fx.product({ code: 'unlock-story', price_cents: 2900, kind: 'section_unlock', options: { section: 'story' } });
  const buyable = await shared.fx.listing({ slug: 'buyer-listing', owner_id: owner.userId, status: 'draft' });
  const order = await call(B.url, 'POST', '/api/v1/orders/checkout', { json: { items: [{ product: 'unlock-story', listing_id: Number(buyable) }], billing_country: 'US' }, headers: owner.auth });
  assert.equal(order.status, 201, order.text);
  await sql`update orders set expires_at = now() - interval '1 minute' where number = ${order.body.number}`.execute(shared.db);

  // Draft pipeline: submitted on A while B's sweeper re-sends the same draft's job.
  const draftSite = await loopbackSite({
    '/': '<html><head><title>Twice Ltd</title><meta name="description" content="Invoices for two."></head><body><h1>Twice Ltd</h1><p>Twice Ltd is based in Porto, Portugal.</p><a href="/about">About</a></body></html>',
    '/about': '<html><head><title>About Twice</title></head><body><h1>About</h1><p>Founded in 2021.</p></body></html>',
  });
  after(() => draftSite.close());

  // Everything due at once, on both nodes: each scheduled job sent twice (two nodes' crons
  // firing), the badge check also asked for directly from both, the draft sent twice.
  const [drafted, ...sent] = await Promise.all([
    call(A.url, 'POST', '/api/v1/drafts', { json: { url: `${draftSite.origin}/` }, headers: owner.auth }),
    boss.send('week-start', null),
    boss.send('week-start', null),
    boss.send('badge-check-sweep', null),
    boss.send('badge-check-sweep', null),
    boss.send('badge-check', { listingId: badged }, { singletonKey: badged }),
    boss.send('badge-check', { listingId: badged }, { singletonKey: badged }),
    boss.send('order-expiry', null),
    boss.send('order-expiry', null),
  ]);
  assert.equal(drafted.status, 201, drafted.text);
  const draftId = drafted.body.id as string;
  const resent = await boss.send('draft-pipeline', { draftId }, { singletonKey: draftId });
  const [weekJobs, sweepJobs, checkJobs, expiryJobs] = [sent.slice(0, 2), sent.slice(2, 4), sent.slice(4, 6), sent.slice(6, 8)];
  // One key, one waiting job: a duplicate sent while the first waits is dropped (whether the pair
  // above met that way depends on a worker's timing; a deferred job makes it certain).
  const key = `probe-${process.pid}`;
  const waiting = await boss.send('badge-check', { listingId: '0' }, { singletonKey: key, startAfter: 3600 });
  assert.ok(waiting);
  assert.equal(await boss.send('badge-check', { listingId: '0' }, { singletonKey: key }), null, 'a second badge check of one listing, sent while the first waits, is dropped');
  await boss.cancel('badge-check', waiting);

  await waitFor('every job to finish', async () => {
    const draft = await shared.db.selectFrom('drafts').select('status').where('id', '=', draftId).executeTakeFirstOrThrow();
    const checks = [
      await jobsDone('week-start', weekJobs as string[]),
      await jobsDone('badge-check-sweep', sweepJobs as string[]),
      await jobsDone('order-expiry', expiryJobs as string[]),
      await jobsDone('badge-check', checkJobs.filter(Boolean) as string[]),
      draft.status === 'ready',
    ];
    return checks.every(Boolean) || undefined;
  }, 60_000, 250);

  // Week start: published once, awarded once, counting every run (the nodes' start-up runs too).
  const allRuns = (job: string) => shared.db.selectFrom('job_runs').selectAll().where('job', '=', job).orderBy('started_at').orderBy('id').execute();
  const weekRuns = await allRuns('week-start');
  assert.equal(weekRuns.filter((r) => weekJobs.includes(r.job_id)).length, 2, 'both sends ran');
  assertOneAtATime(weekRuns);
  const details = weekRuns.map((r) => JSON.parse(r.detail!));
  assert.equal(details.reduce((n, d) => n + d.published, 0), 1, 'the due launch went live in one run');
  assert.equal(details.flatMap((d) => d.awarded).filter((a: { week: string }) => a.week === lastWeek).length, 1, 'last week was awarded in one run');
  const launched = await shared.db.selectFrom('listings').select(['status', 'published_at']).where('id', '=', due).executeTakeFirstOrThrow();
  assert.equal(launched.status, 'live');
  const awards = await shared.db.selectFrom('awards').select(['place', 'listing_id', 'votes']).where('week', '=', lastWeek).orderBy('place').execute();
  assert.deepEqual(awards, [{ place: 1, listing_id: gold, votes: 3 }, { place: 2, listing_id: silver, votes: 1 }]);

  // Badge check: verified once, scheduled once, whatever the number of sweeps and requests.
  const checks = await shared.db.selectFrom('badge_checks').select('outcome').where('listing_id', '=', badged).execute();
  assert.deepEqual(checks, [{ outcome: 'verified' }]);
  assert.equal((await shared.db.selectFrom('listings').select('status').where('id', '=', badged).executeTakeFirstOrThrow()).status, 'scheduled');
  const checkJobIds = (await sql<{ id: string }>`select id::text from pgboss.job where name = 'badge-check' and data->>'listingId' = ${badged}`.execute(shared.db)).rows.map((r) => r.id);
  assertOneAtATime(await runsOf(checkJobIds));

  // Order expiry: expired by one run.
  const expiryRuns = await allRuns('order-expiry');
  assert.equal(expiryRuns.filter((r) => expiryJobs.includes(r.job_id)).length, 2, 'both sends ran');
  assertOneAtATime(expiryRuns);
  const expiredIn = expiryRuns.map((r) => JSON.parse(r.detail!)).filter((d) => d.orders.includes(order.body.number));
  assert.equal(expiredIn.length, 1, 'one run expired the order');
  assert.equal((await call(A.url, 'GET', `/api/v1/orders/${order.body.number}`, { headers: owner.auth })).body.status, 'expired');

  // Draft: the re-send while the first job waited or ran was dropped or waited its turn; the
  // site was drafted by one run, and its pages are stored once.
  const draftJobIds = (await sql<{ id: string }>`select id::text from pgboss.job where name = 'draft-pipeline' and data->>'draftId' = ${draftId}`.execute(shared.db)).rows.map((r) => r.id);
  assert.ok(draftJobIds.length <= 2 && (resent === null || draftJobIds.includes(resent)));
  await waitFor('the draft jobs to finish', () => jobsDone('draft-pipeline', draftJobIds).then((d) => d || undefined), 30_000, 250);
  const draftRuns = await runsOf(draftJobIds);
  assertOneAtATime(draftRuns);
  assert.equal(draftRuns.filter((r) => /"status":"ready"/.test(r.detail ?? '')).length, 1, 'one run drafted it');
  const pages = await shared.db.selectFrom('crawl_pages').select('url').where('draft_id', '=', draftId).where('purpose', '=', 'site').execute();
  assert.equal(new Set(pages.map((p) => p.url)).size, pages.length, 'no page stored twice');
  assert.equal((await call(B.url, 'GET', `/api/v1/drafts/${draftId}`, { headers: owner.auth })).body.status, 'ready');
});

test('a node killed mid-job: the other node retries it (pg-boss heartbeat) and the draft ends ready, once', { timeout: 120_000 }, async (t) => {
  const owner = await shared.person(['account:read', 'listings:write'], 'killed');
  const site = await heldSite('Slowly', 'Slowly is based in Porto, Portugal.');
  after(() => site.close());
  const created = await call(B.url, 'POST', '/api/v1/drafts', { json: { url: `${site.origin}/` }, headers: owner.auth });
  assert.equal(created.status, 201, created.text);
  const draftId = created.body.id as string;
  const jobId = await waitFor('the draft job', async () =>
    (await sql<{ id: string }>`select id::text from pgboss.job where name = 'draft-pipeline' and data->>'draftId' = ${draftId}`.execute(shared.db)).rows[0]?.id);
  // The crawl is waiting for the home page: the job is running on one of the nodes.
  const running = await waitFor('the run to reach the home page', async () => {
    const run = await shared.db.selectFrom('job_runs').selectAll().where('job_id', '=', jobId).where('status', '=', 'running').executeTakeFirst();
    return run && site.waiting() > 0 ? run : undefined;
  }, 30_000, 100);
  const [victim, survivor] = running.node === A.jobNode ? [A, B] : [B, A];
  assert.equal(running.node, victim.jobNode);
  const killedAt = Date.now();
  await victim.kill9();
  site.release();

  const draft = await waitFor('the survivor to finish the draft', async () => {
    const d = await call(survivor.url, 'GET', `/api/v1/drafts/${draftId}`, { headers: owner.auth });
    return d.body.status === 'ready' || d.body.status === 'failed' ? d.body : undefined;
  }, 90_000, 250);
  const tookS = (Date.now() - killedAt) / 1000;
  t.diagnostic(`the draft was ready ${tookS.toFixed(1)} s after its node was killed (heartbeat 10 s)`);
  assert.equal(draft.status, 'ready', JSON.stringify(draft).slice(0, 300));
  const runs = await runsOf([jobId]);
  assert.deepEqual(
    runs.map((r) => [r.node, r.attempt, r.status]),
    [
      [victim.jobNode, 1, 'failed'],
      [survivor.jobNode, 2, 'succeeded'],
    ],
    `the killed node's run is closed, the survivor's retry succeeded (${tookS.toFixed(1)} s after the kill)`,
  );
  assert.match(runs[0].detail ?? '', /^interrupted: its node stopped/);
  const pages = await shared.db.selectFrom('crawl_pages').select('url').where('draft_id', '=', draftId).execute();
  assert.ok(pages.length >= 1 && new Set(pages.map((p) => p.url)).size === pages.length, 'the pages once');
  assert.equal((await call(survivor.url, 'GET', '/readyz')).status, 200, 'the survivor serves on');
});
