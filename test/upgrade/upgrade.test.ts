import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrate, MIGRATIONS_DIR } from '../../src/store/migrate.ts';
import { loadConfig } from '../../src/config.ts';
import { createApp } from '../../src/app.ts';
import { inheritedV8Flags } from '../../src/testing/v8-flags.ts';
import { FIXTURE, FIXTURE_LAST_MIGRATION } from '../fixtures/make-upgrade-fixture.ts';
import { fixtureDump, openFixture, postgresCopy, postgresFixture } from './old-database.ts';
import { describeSchema, rowCounts, type SchemaDescription } from './schema.ts';

// Upgrades: a database as the release of migration 0024 left it (test/fixtures), with data, is
// brought up to today by today's migrate() and served by today's service; a migration killed with
// SIGKILL part-way leaves the database as it was, and the next run completes it. On PGlite the
// fixture's own dump; with TEST_DATABASE_URL the same schema and rows in PostgreSQL.
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const engine = postgres ? 'PostgreSQL' : 'PGlite';
const newer = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f) && f > FIXTURE_LAST_MIGRATION).sort();

/** The fixture's database on this pass's engine, not yet upgraded. */
async function oldDatabase(label: string): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (!postgres) return { database: await openFixture(), drop: async () => {} };
  const made = await postgresFixture(label);
  return { database: await openDatabase({ databaseUrl: made.url, dataDir: '' }), url: made.url, drop: made.drop };
}

/** What the fixture's rows must look like after the upgrade. */
async function assertUpgraded(db: Kysely<any>, before: Record<string, number>) {
  const after = await rowCounts(db);
  for (const [table, n] of Object.entries(before)) {
    if (table === 'schema_migrations') continue;
    // 0041 and 0042 record versions 3 and 4 of the default category tree the fixture runs (versions 1 and 2).
    const added = table === 'category_tree_versions' ? 2 : 0;
    assert.equal(after[table], n + added, `${table}: the upgrade keeps its ${n} rows${added ? ` and adds ${added}` : ''}`);
  }
  assert.equal(after.schema_migrations, before.schema_migrations + newer.length);

  const listing = (await sql<any>`select id, name, tagline, status, plan, launch_week::text as week, published_at, votes_count, follows_count, vote_points, week_points, comments_count
    from listings where slug = ${FIXTURE.live.slug}`.execute(db)).rows[0];
  assert.equal(listing.name, FIXTURE.live.name);
  assert.equal(listing.tagline, FIXTURE.live.tagline);
  assert.equal(listing.status, 'live');
  assert.equal(listing.week, FIXTURE.live.launchWeek);
  assert.equal(new Date(listing.published_at).toISOString(), '2026-10-05T00:00:00.000Z');
  assert.equal(listing.votes_count, FIXTURE.votes.length);
  assert.equal(listing.follows_count, 2);
  assert.equal(listing.comments_count, FIXTURE.comments, '0024 kept the comment counts and they stay');
  // 0025: every earlier vote counts a full point, all time and in its launch week.
  assert.equal(Number(listing.vote_points), FIXTURE.votes.length * 1000);
  assert.equal(Number(listing.week_points), FIXTURE.votes.length * 1000);

  // 0025: the raw addresses and user agents are gone, replaced by salted hashes that still tell
  // one network (/24, /48) and one browser from another.
  const voteColumns = (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'votes'`.execute(db)).rows.map((r) => r.name);
  assert.ok(!voteColumns.includes('ip') && !voteColumns.includes('user_agent'), 'no raw address or user agent column left');
  const votes = new Map(
    (await sql<any>`select u.email, v.network_hash, v.agent_hash, v.seen_on, v.points, v.week::text as week from votes v join users u on u.id = v.user_id`.execute(db)).rows.map((r) => [r.email, r]),
  );
  assert.equal(votes.size, FIXTURE.votes.length);
  const vote = (email: string) => votes.get(email)!;
  for (const v of FIXTURE.votes) {
    assert.equal(vote(v.voter).seen_on, 'unrecorded');
    assert.equal(vote(v.voter).points, 1000);
    assert.equal(vote(v.voter).week, FIXTURE.live.launchWeek);
    assert.equal(vote(v.voter).network_hash === null, v.ip === null, `${v.voter}: a network hash exactly when there was an address`);
    assert.equal(vote(v.voter).agent_hash === null, v.agent === null);
    if (v.ip) assert.match(vote(v.voter).network_hash, /^[0-9a-f]{32}$/);
  }
  assert.equal(vote('vic@upgrade.test').network_hash, vote('val@upgrade.test').network_hash, 'one /24: one network');
  assert.notEqual(vote('vic@upgrade.test').network_hash, vote('vera@upgrade.test').network_hash, 'another /24: another network');
  assert.equal(vote('vic@upgrade.test').agent_hash, vote('val@upgrade.test').agent_hash, 'the same browser');
  assert.notEqual(vote('vic@upgrade.test').agent_hash, vote('vera@upgrade.test').agent_hash);
  const stored = JSON.stringify([...votes.values()]);
  for (const v of FIXTURE.votes) if (v.ip) assert.ok(!stored.includes(v.ip), `no trace of ${v.ip}`);

  // A sample of the other rows, as the fixture wrote them.
  const emails = (await sql<{ email: string }>`select email from users order by email`.execute(db)).rows.map((r) => r.email);
  assert.deepEqual(emails, [...FIXTURE.users].sort());
  const order = (await sql<any>`select o.status, o.total_cents, l.product_code, l.launch_week::text as week from orders o join order_lines l on l.order_id = o.id where o.number = ${FIXTURE.orderNumber}`.execute(db)).rows;
  assert.deepEqual(order.map((o) => ({ ...o, total_cents: Number(o.total_cents) })), [{ status: 'paid', total_cents: 5831, product_code: 'paid-launch', week: FIXTURE.live.launchWeek }]);
  const comments = (await sql<any>`select body, replies_count, upvotes from comments order by id`.execute(db)).rows;
  assert.deepEqual(comments, [{ body: 'Does it sync?', replies_count: 1, upvotes: 1 }, { body: 'Yes, every device.', replies_count: 0, upvotes: 0 }]);
  const reviews = (await sql<{ rating: number }>`select rating from reviews order by rating`.execute(db)).rows.map((r) => r.rating);
  assert.deepEqual(reviews, [4, 5]);
  const site = (await sql<any>`select name, timezone from site_settings`.execute(db)).rows[0];
  assert.deepEqual(site, { name: 'Upgrade Yard', timezone: 'Europe/Berlin' });
}

let cleanSchema: SchemaDescription | undefined;
let migrateMs = 2000;

test(`an 0024 database upgrades with today's migrations (${engine}): every row stays, votes' addresses become hashes`, async () => {
  const old = await oldDatabase('direct');
  after(() => old.drop());
  try {
    const { db } = old.database;
    const before = await rowCounts(db);
    assert.equal(before.schema_migrations, 24, 'the fixture stops at 0024');
    assert.ok(before.votes === FIXTURE.votes.length && before.listings === 3 && before.orders === 1);
    const raw = (await sql<{ ip: string | null }>`select host(ip) as ip from votes order by id`.execute(db)).rows.map((r) => r.ip);
    assert.deepEqual(raw, FIXTURE.votes.map((v) => v.ip), 'the fixture has the raw addresses 0024 stored');

    const started = performance.now();
    assert.deepEqual(await migrate(db), newer, 'every newer migration, in order');
    migrateMs = performance.now() - started;
    assert.deepEqual(await migrate(db), [], 'a second run has nothing to do');
    await assertUpgraded(db, before);
    cleanSchema = await describeSchema(db);
  } finally {
    await old.database.close();
  }
});

test(`the service starts on an 0024 database, upgrades it and serves its listings (${engine})`, async () => {
  const old = postgres ? await postgresFixture('service') : undefined;
  after(() => old?.drop());
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    JOBS: 'off',
    SHARE_IMAGES: 'off',
    ...(old ? { DATABASE_URL: old.url } : {}),
  });
  const app = await createApp(config, { inlineJobs: true, viewFlushMs: 0, profileCacheMs: 0, loadDataDir: old ? undefined : fixtureDump() });
  try {
    const profile = await app.http.inject({ method: 'GET', url: `/api/v1/listings/${FIXTURE.live.slug}` });
    assert.equal(profile.statusCode, 200, profile.body);
    const body = profile.json();
    assert.equal(body.name, FIXTURE.live.name);
    assert.equal(body.tagline, FIXTURE.live.tagline);
    const page = await app.http.inject({ method: 'GET', url: `/listings/${FIXTURE.live.slug}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, new RegExp(FIXTURE.live.tagline));
    const search = await app.http.inject({ method: 'GET', url: '/api/v1/listings?q=notionly' });
    assert.equal(search.statusCode, 200, search.body);
    assert.ok(search.json().items.some((l: { slug: string }) => l.slug === FIXTURE.live.slug), 'found by search');
    assert.equal((await app.http.inject({ method: 'GET', url: `/api/v1/listings/${FIXTURE.draft.slug}` })).statusCode, 404, 'a draft stays unpublished');
  } finally {
    await app.close();
  }
});

test(`kill -9 while migrating an 0024 database, at several moments (${engine}): the next run completes and the schema is a clean run's`, { timeout: 120_000 }, async (t) => {
  assert.ok(cleanSchema, 'the clean run above');
  // One old database to copy for each round.
  const base = postgres ? await postgresFixture('kill_base') : undefined;
  after(() => base?.drop());
  const baseDir = postgres ? undefined : mkdtempSync(path.join(os.tmpdir(), 'launchyard-upgrade-base-'));
  if (baseDir) await (await openDatabase({ dataDir: baseDir, loadDataDir: fixtureDump() })).close();
  after(() => baseDir && rmSync(baseDir, { recursive: true, force: true }));

  // Killed at once (while it starts), right after it opened the database (its migrations under
  // way), then at random moments spread over the time the migrations take.
  const delays = [null, 0, Math.random(), Math.random()].map((f) => (f === null ? null : Math.round(f * migrateMs * 1.2)));
  for (const [round, delay] of delays.entries()) {
    const copy = postgres ? await postgresCopy(base!.url, `kill_${round}`) : undefined;
    const dir = baseDir ? mkdtempSync(path.join(os.tmpdir(), 'launchyard-upgrade-kill-')) : undefined;
    if (dir) cpSync(baseDir!, dir, { recursive: true });
    const env: Record<string, string> = copy ? { DATABASE_URL: copy.url } : { DATA_DIR: dir! };
    try {
      const killed = await runChild(env, delay);
      const done = await runChild(env, undefined, ['--describe']);
      const opened = Number(/^opened (\d+)$/m.exec(done.stdout)?.[1]);
      assert.ok(opened === 24 || opened === 24 + newer.length, `round ${round}: the killed run left 24 or all migrations, never a part (found ${opened})`);
      assert.equal(done.code, 0, done.stderr);
      const schema = JSON.parse(done.stdout.trim().split('\n').at(-1)!) as SchemaDescription;
      assert.deepEqual(schema, cleanSchema, `round ${round}: the schema after the kill and a new run is a clean run's`);
      t.diagnostic(`round ${round}: killed ${delay === null ? 'at once' : `${delay} ms after it opened the database`} (${killed.stage}); the next run found ${opened} migrations applied`);
    } finally {
      await copy?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }
});

/**
 * Runs migrate-child.ts; with `killAfterMs` it is killed with SIGKILL that long after it says it
 * opened the database (null: at once, before it could). Resolves once it is gone.
 */
function runChild(env: Record<string, string>, killAfterMs: number | null | undefined, args: string[] = []) {
  const base = { ...process.env };
  for (const k of ['DATABASE_URL', 'DATA_DIR']) delete base[k];
  const child = spawn(process.execPath, [...inheritedV8Flags(), path.join(import.meta.dirname, 'migrate-child.ts'), ...args], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (killAfterMs !== undefined && killAfterMs !== null && /^opened \d+$/m.test(stdout) && !timer) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let timer: NodeJS.Timeout | undefined;
  if (killAfterMs === null) child.kill('SIGKILL');
  return new Promise<{ code: number | null; stdout: string; stderr: string; stage: string }>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      const stage = stdout.includes('migrated') ? 'after the migrations' : stdout.includes('opened') ? 'while migrating' : 'before opening the database';
      resolve({ code, stdout, stderr, stage });
    }),
  );
}
