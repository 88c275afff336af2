import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { mulberry32 } from '../../src/demo/random.ts';
import { freshPostgres, startNode, type AppNode } from './cluster.ts';
import { call, type Answer } from './client.ts';
import { sharedDatabase } from './shared-database.ts';

// Keyed writes survive kill -9 (issue 31, item 5): 500 add_milestone calls, each with its own
// Idempotency-Key, sent eight at a time to a node that is killed with SIGKILL at random moments
// and started again on the same data. Then every key is sent once more. Every retry must return
// the first answer the client got (when it got one), and each milestone must exist exactly once:
// none lost, none written twice. Before the write and its stored answer committed together, a
// kill between the two commits left a key "processing" whose retry (once its lock expired) wrote
// the milestone a second time.
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const WRITES = 500;
const LISTINGS = 12; // at most 50 milestones each
const AT_ONCE = 8;
const KILLS = 5;

test(`kill -9 at random moments during ${WRITES} keyed writes (${engine}): every retry answers as the first time, no write twice, none lost`, { timeout: 300_000 }, async (t) => {
  const pgDb = process.env.TEST_DATABASE_URL ? await freshPostgres('idempotency_crash') : undefined;
  const dataDir = pgDb ? undefined : mkdtempSync(path.join(os.tmpdir(), 'launchyard-idempotency-crash-'));
  after(async () => {
    await pgDb?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const where: Record<string, string> = pgDb ? { DATABASE_URL: pgDb.url } : { DATA_DIR: dataDir! };
  const open = () => sharedDatabase({ databaseUrl: pgDb?.url, dataDir });

  let shared = await open();
  const owner = await shared.person(['listings:write'], 'keyed');
  const listings: string[] = [];
  for (let i = 0; i < LISTINGS; i++) listings.push(await shared.fx.listing({ slug: `keyed-${i}`, owner_id: owner.userId, status: 'live' }));
  // The scene widens the moment between a write and its stored answer: storing the answer takes
  // 20 ms more here, so kills land there often (with two commits, one in three writes or so).
  await sql`create function slow_answer() returns trigger language plpgsql as $$
    begin if new.state = 'completed' then perform pg_sleep(0.02); end if; return new; end $$`.execute(shared.db);
  await sql`create trigger slow_answer before update on idempotency_keys for each row execute function slow_answer()`.execute(shared.db);
  await shared.close();

  const env = { ...where, PUBLIC_URL: 'http://localhost:3997', RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '1000000' };
  // Moments differ from run to run; the seed is printed so a failing run can be replayed.
  const seed = Date.now() % 2 ** 31;
  t.diagnostic(`kill moments seed ${seed}`);
  const random = mulberry32(seed);
  const first = new Map<number, Answer>(); // the first answer the client received, by write
  const request = (node: AppNode, i: number) =>
    call(node.url, 'POST', `/api/v1/me/listings/${listings[i % LISTINGS]}/milestones`, {
      json: { date: '2026-11-02', title: `milestone ${i}` },
      headers: { ...owner.auth, 'idempotency-key': `crash-${i}` },
    });

  // Rounds: a node, writes sent until a random moment, then SIGKILL. Writes without an answer
  // are sent again in the next round (as a client retries).
  let next = 0;
  const unanswered: number[] = [];
  for (let round = 0; round <= KILLS; round++) {
    const node = await startNode(`keyed-${round}`, env);
    const last = round === KILLS;
    let stop = false;
    const queue = [...unanswered.splice(0)];
    const take = () => (queue.length ? queue.shift() : next < WRITES ? next++ : undefined);
    const worker = async () => {
      for (let i = stop ? undefined : take(); i !== undefined; i = stop ? undefined : take()) {
        try {
          const r = await request(node, i);
          // 409 idempotency_in_progress: a key whose run the kill cut short (its lock not yet expired).
          if (r.status === 409 && r.body?.code === 'idempotency_in_progress') unanswered.push(i);
          else if (!first.has(i)) first.set(i, r);
        } catch {
          unanswered.push(i); // the node died with this request in flight
        }
      }
    };
    let workers = Array.from({ length: AT_ONCE }, worker);
    if (!last) {
      // A random moment within the round's first couple of hundred writes.
      const target = Math.min(WRITES - 10, first.size + 20 + Math.floor(random() * 100));
      while (first.size < target) await new Promise((r) => setTimeout(r, 1));
      await new Promise((r) => setTimeout(r, Math.floor(random() * 15)));
      await node.kill9();
      stop = true;
      await Promise.all(workers);
      t.diagnostic(`round ${round}: killed after ${first.size} answered writes, ${unanswered.length} to retry`);
      // The dead node's locks on its keys: as if their 60 s had passed (the retry takes the run over).
      shared = await open();
      await sql`update idempotency_keys set locked_until = now() - interval '1 second' where state = 'processing'`.execute(shared.db);
      await shared.close();
    } else {
      await Promise.all(workers);
      // Keys still "processing" when this node started (a run cut short just before its kill) answer
      // 409 until their lock is taken over: send them again until every write has its answer.
      while (unanswered.length) {
        queue.push(...unanswered.splice(0));
        workers = Array.from({ length: AT_ONCE }, worker);
        await Promise.all(workers);
      }
      // Every key once more, on the node that was never killed.
      for (let i = 0; i < WRITES; i++) {
        const again = await request(node, i);
        const was = first.get(i);
        assert.ok(was, `write ${i} was answered at last`);
        assert.equal(again.status, was.status, `write ${i}: the retry's status is the first answer's`);
        assert.deepEqual(again.body, was.body, `write ${i}: the retry's body is the first answer's`);
        assert.equal(again.headers.get('idempotent-replayed'), 'true');
      }
      await node.stop();
    }
  }

  assert.equal(first.size, WRITES);
  for (const [i, r] of first) assert.equal(r.status, 201, `write ${i}: ${r.text.slice(0, 200)}`);
  shared = await open();
  const rows = (await sql<{ title: string; n: number }>`select title, count(*)::int as n from milestones group by title`.execute(shared.db)).rows;
  await shared.close();
  const counts = new Map(rows.map((r) => [r.title, r.n]));
  const lost = [...Array(WRITES).keys()].filter((i) => !counts.has(`milestone ${i}`));
  const twice = rows.filter((r) => r.n > 1).map((r) => `${r.title} ×${r.n}`);
  assert.deepEqual(lost, [], 'no write is lost');
  assert.deepEqual(twice, [], 'no write happened twice');
  assert.equal(rows.length, WRITES);
});
