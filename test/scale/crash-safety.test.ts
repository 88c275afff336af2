import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { freshPostgres, ROOT, startNode } from './cluster.ts';
import { call } from './client.ts';
import { sharedDatabase } from './shared-database.ts';
import { heldSite, waitFor } from './scenes.ts';

// Crash safety of one node: SIGKILL in the middle of a burst of writes, on the engine of this
// pass (PGlite in its data directory, or PostgreSQL with TEST_DATABASE_URL), then a restart on
// the same data. And a data directory the service cannot write stops start-up with one line.
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const PUBLIC_URL = 'http://localhost:3998';

test(`kill -9 during a burst of writes (${engine}): every answered write is there after the restart, the data opens again, unfinished drafts and jobs resume`, { timeout: 240_000 }, async (t) => {
  const pgDb = process.env.TEST_DATABASE_URL ? await freshPostgres('crash_safety') : undefined;
  after(() => pgDb?.drop());
  const dataDir = pgDb ? undefined : mkdtempSync(path.join(os.tmpdir(), 'launchyard-crash-'));
  const where: Record<string, string> = pgDb ? { DATABASE_URL: pgDb.url } : { DATA_DIR: dataDir! };

  // The scene, written before the node holds the database: an owner, their public listing and
  // one follower (each update mails them, in a background job).
  let shared = await sharedDatabase({ databaseUrl: pgDb?.url, dataDir });
  const owner = await shared.person(['account:read', 'listings:write'], 'crash');
  const listingId = await shared.fx.listing({ slug: 'crash-listing', owner_id: owner.userId, status: 'live', tagline: 'tagline-0' });
  const unlisted = await shared.fx.listing({ slug: 'crash-unlisted', owner_id: owner.userId, status: 'draft' });
  const fan = await shared.fx.user({ email: `fan-crash-${process.pid}@scale.test` });
  await shared.db.insertInto('follows').values({ listing_id: listingId, user_id: fan }).execute();
  await shared.close();

  // Drafts submitted in the burst crawl this site, which holds its pages until released: their
  // jobs are running (or queued) when the node dies.
  const site = await heldSite('Crashproof', 'Crashproof is based in Lyon, France.');
  after(() => site.close());
  const env = { ...where, PUBLIC_URL, JOB_HEARTBEAT_SECONDS: '10', CRAWLER_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '1000000' };
  const first = await startNode('crash-1', env);
  after(() => first.stop());

  const answered = { updates: [] as string[], drafts: [] as string[], tagline: 0 };
  const headers = owner.auth;
  const loop = async (step: (i: number) => Promise<boolean>) => {
    for (let i = 0; ; i++) {
      try {
        if (!(await step(i))) return;
      } catch {
        return; // the node is gone: this request has no answer
      }
    }
  };
  const writers = [
    // Updates of the public listing each send a mail job; the unlisted one's do not.
    ...[listingId, unlisted].map((target, w) =>
      loop(async (i) => {
        const title = `update ${w}-${i}`;
        const r = await call(first.url, 'POST', `/api/v1/me/listings/${target}/updates`, { json: { title, body: 'Written in the burst.' }, headers });
        if (r.status === 201) answered.updates.push(title);
        return answered.updates.length < 400;
      }),
    ),
    loop(async () => {
      const r = await call(first.url, 'POST', '/api/v1/drafts', { json: { url: `${site.origin}/` }, headers });
      if (r.status === 201) answered.drafts.push(r.body.id);
      return answered.drafts.length < 8;
    }),
    // One writer edits a field in sequence: after the restart it holds the last answered value
    // (or the one in flight at the kill).
    loop(async (i) => {
      const r = await call(first.url, 'PATCH', `/api/v1/me/listings/${listingId}`, { json: { fields: { tagline: `tagline-${i + 1}` } }, headers });
      if (r.status === 200) answered.tagline = i + 1;
      return true;
    }),
  ];
  await waitFor('the burst to be under way, a crawl among it', async () => (answered.updates.length >= 60 && answered.drafts.length >= 4 && answered.tagline >= 5 && site.waiting() > 0) || undefined, 60_000, 20);
  await first.kill9();
  const killedAt = Date.now();
  await Promise.all(writers);
  t.diagnostic(`killed with ${answered.updates.length} updates, ${answered.drafts.length} drafts and ${answered.tagline} edits answered`);
  if (dataDir) {
    const lock = path.join(dataDir, 'launchyard.lock');
    assert.ok(existsSync(lock), 'the killed process left its lock behind');
    assert.equal(Number(readFileSync(lock, 'utf8').split(' ')[0]), first.pid);
  }

  // The same data, a new process: the stale lock is taken over and the database opens.
  const second = await startNode('crash-2', env);
  after(() => second.stop());
  site.release();
  const mine = await call(second.url, 'GET', `/api/v1/me/listings/${listingId}`, { headers });
  assert.equal(mine.status, 200);
  const tagline = Number(/^tagline-(\d+)$/.exec(mine.body.tagline)?.[1]);
  assert.ok(tagline === answered.tagline || tagline === answered.tagline + 1, `the last answered edit (tagline-${answered.tagline}) or the one in flight survives, found ${mine.body.tagline}`);

  // Every answered draft is there and finishes: running jobs come back once their heartbeat
  // lapses, queued ones run at once.
  for (const id of answered.drafts) {
    const final = await waitFor(`draft ${id} to finish`, async () => {
      const d = await call(second.url, 'GET', `/api/v1/drafts/${id}`, { headers });
      assert.equal(d.status, 200, `answered draft ${id} is there`);
      return d.body.status === 'ready' || d.body.status === 'failed' ? d.body : undefined;
    }, 90_000, 250);
    assert.equal(final.status, 'ready', `draft ${id}: ${final.failure?.reason ?? final.status}`);
  }
  t.diagnostic(`every answered draft ready ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);

  // Look at the database itself (PGlite's only once the node has let go of it).
  const check = async (db: Awaited<ReturnType<typeof sharedDatabase>>['db']) => {
    const updates = await db.selectFrom('listing_updates').select(['title', 'followers_notified_at', 'listing_id']).where('listing_id', 'in', [listingId, unlisted]).execute();
    const titles = new Set(updates.map((u) => u.title));
    const missing = answered.updates.filter((t) => !titles.has(t));
    assert.deepEqual(missing, [], `all ${answered.updates.length} answered updates are stored (${updates.length} rows)`);
    assert.equal(titles.size, updates.length, 'none twice');
    const unmailed = updates.filter((u) => u.listing_id === listingId && answered.updates.includes(u.title) && !u.followers_notified_at).map((u) => u.title);
    const mails = await db.selectFrom('outbox_emails').select('subject').where('to_address', '=', `fan-crash-${process.pid}@scale.test`).execute();
    const perUpdate = new Map<string, number>();
    for (const m of mails) perUpdate.set(m.subject, (perUpdate.get(m.subject) ?? 0) + 1);
    assert.ok([...perUpdate.values()].every((n) => n === 1), 'no follower mailed twice about one update');
    const orphans = await db.selectFrom('drafts').select(['id', 'status', 'stage']).where('status', 'not in', ['ready', 'failed']).execute();
    const interrupted = await db.selectFrom('job_runs').select(['job', 'detail']).where('status', '=', 'failed').where('detail', 'like', 'interrupted:%').execute();
    return { unmailed, orphans, interrupted };
  };
  const stillRunning = async (db: Awaited<ReturnType<typeof sharedDatabase>>['db']) =>
    (await db.selectFrom('job_runs').select('id').where('status', '=', 'running').where('node', 'like', `%:${first.pid}`).execute()).length;
  const drained = async (db: Awaited<ReturnType<typeof sharedDatabase>>['db']) => (await stillRunning(db)) === 0 && (await check(db)).unmailed.length === 0;
  let outcome: Awaited<ReturnType<typeof check>>;
  if (pgDb) {
    // Mail jobs queued at the kill run now; runs cut by the kill are closed by their retries.
    const s = await sharedDatabase({ databaseUrl: pgDb.url });
    try {
      await waitFor('the jobs of the killed node to be retried', async () => (await drained(s.db)) || undefined, 150_000, 500);
      outcome = await check(s.db);
    } finally {
      await s.close();
    }
  } else {
    // PGlite is one process's: look with the node stopped (cleanly), and start it again for as
    // long as its queue has work left (at most a few rounds).
    let node = second;
    for (let round = 1; ; round++) {
      assert.equal(await node.stop(), 0, 'a clean stop');
      shared = await sharedDatabase({ dataDir });
      const done = await drained(shared.db);
      if (done || round === 4) {
        try {
          assert.equal(await stillRunning(shared.db), 0, 'no run of the killed node is left "running"');
          outcome = await check(shared.db);
        } finally {
          await shared.close();
        }
        break;
      }
      await shared.close();
      node = await startNode(`crash-${round + 2}`, env);
      after(() => node.stop());
      await new Promise((r) => setTimeout(r, 10_000));
    }
  }
  t.diagnostic(`the killed node's jobs all retried ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill; ${outcome!.interrupted.length} runs closed as interrupted`);
  assert.deepEqual(outcome!.unmailed, [], 'every answered update had its followers mail job run');
  // A draft committed but not answered may have lost its job (the kill came between the insert
  // and the send): it waits, stage queued, for the sweeper (every 2 minutes), never half-done.
  for (const d of outcome!.orphans) {
    assert.ok(!answered.drafts.includes(d.id), `answered draft ${d.id} finished`);
    assert.deepEqual([d.status, d.stage], ['crawling', 'queued'], `draft ${d.id} waits for the sweeper`);
  }
  assert.ok(outcome!.interrupted.length >= 1, 'the runs the kill cut short are closed as interrupted');
});

test('a DATA_DIR the service cannot write stops start-up with one clear line, not a stack trace', async () => {
  // Root may write anywhere through its capabilities: as root the service runs without the
  // file-permission overrides (setpriv drops them from the bounding set), still as uid 0, so it
  // reaches the checkout wherever it is (a clone under a 0700 directory is out of another user's
  // reach) and meets the read-only directories as any user would.
  const asRoot = process.getuid?.() === 0;
  const parent = mkdtempSync(path.join(os.tmpdir(), 'launchyard-unwritable-'));
  // 1. The directory cannot be created. 2. It exists, but its database directory cannot be written
  //    (a volume copied as another user, say).
  const existing = path.join(parent, 'existing');
  mkdirSync(path.join(existing, 'pg'), { recursive: true });
  chmodSync(existing, 0o777);
  chmodSync(path.join(existing, 'pg'), 0o555);
  chmodSync(parent, 0o555);
  after(() => chmodSync(parent, 0o755));
  const [command, args] = asRoot
    ? ['setpriv', ['--bounding-set=-dac_override,-dac_read_search,-fowner', '--', process.execPath, 'src/main.ts']]
    : [process.execPath, ['src/main.ts']];
  for (const dataDir of [path.join(parent, 'data'), existing]) {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    assert.equal(code, 1);
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, 1, `one line: ${stderr}`);
    assert.match(lines[0], new RegExp(`^cannot use the data directory ${dataDir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: permission denied \\(EACCES\\)`));
  }
});
