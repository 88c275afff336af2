/**
 * `npm run bench:votes`: the figures of issue 28 (votes people can trust). An organic launch week
 * (1,000 voters, 40 listings) weighed by the real job (src/jobs/vote-weighing.ts), then each
 * attack added to it in a transaction that is rolled back: (a) bought votes from new accounts,
 * (b) a ring, (c) one network's burst, (d) a maker's real friends. Then the job's time on a week of
 * 100,000 votes. PGlite always (a temporary data directory) unless --only postgres; PostgreSQL
 * too when DATABASE_URL is set, in a scratch database made on that server and dropped after (the
 * database DATABASE_URL names is never written).
 *
 *   npm run bench:votes
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:votes -- --only postgres
 *   npm run bench:votes -- --weighting '{"networkFree":2}' --detection '{"ringMinRatio":2}'   # explore other rules
 *
 * Options: --only pglite|postgres, --weighting JSON, --detection JSON (overrides of the published
 * defaults, printed in the header), --timing-voters N (default 20000; 0 skips the timing part),
 * --seed TEXT (another organic week), --analyze (ANALYZE on PGlite too before the timing runs).
 * It is a report: the exit code is 0 whether goals pass or fail (1 only when it could not run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../src/store/database.ts';
import { migrate } from '../src/store/migrate.ts';
import type { DB } from '../src/store/schema.ts';
import { createRandom, hashSeed, type Random } from '../src/demo/random.ts';
import { addWeeks, weekOf } from '../src/domain/launches/weeks.ts';
import { weekBounds } from '../src/domain/launches/zoned-time.ts';
import { DEFAULT_WEIGHTING, VoteWeighting } from '../src/domain/community/vote-weighting.ts';
import { DEFAULT_DETECTION, VoteDetectionRules } from '../src/domain/community/vote-detection.ts';
import { runVoteWeighing } from '../src/jobs/vote-weighing.ts';
import { createWorkPool, type WorkPool } from '../src/workers/pool.ts';
import { ENGINE_NAMES, type Engine } from './bench/report.ts';
import { HOUR, organicWeek } from './bench/votes-world.ts';
import { insertListings, insertPlan, placeOf, readBoard, type Board } from './bench/votes-seed.ts';
import { ATTACKS, type Attack } from './bench/votes-attacks.ts';
import { organicTauSpread } from './bench/votes-sensitivity.ts';
import {
  formatEngineVotes,
  formatVoteVerdicts,
  kendallTauB,
  voteVerdicts,
  type EngineVotes,
  type OrganicResult,
  type ScenarioResult,
  type TimingResult,
  type TimingRun,
} from './bench/votes-report.ts';

type Rules = { weighting: VoteWeighting; detection: VoteDetectionRules };

interface Options {
  only?: Engine;
  rules: Rules;
  custom: string[];
  timingVoters: number;
  seed: string;
  /** PGlite too gets ANALYZE before the timing runs (what the job would plan with if something analyzed there). */
  analyze: boolean;
}

/** The organic week: 1,000 voters over 40 listings, popularity by a Zipf law of exponent 1, about 4 votes each. */
const ORGANIC = { voters: 1000, listings: 40, zipf: 1, votesScale: 3.5 };

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      weighting: { type: 'string' },
      detection: { type: 'string' },
      'timing-voters': { type: 'string', default: '20000' },
      seed: { type: 'string', default: 'bench:votes' },
      analyze: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log("usage: npm run bench:votes -- [--only pglite|postgres] [--weighting '{…}'] [--detection '{…}'] [--timing-voters N] [--seed TEXT] [--analyze]");
    process.exit(0);
  }
  if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') throw new Error(`--only must be pglite or postgres, got ${values.only}`);
  const timingVoters = Number(values['timing-voters']);
  if (!Number.isInteger(timingVoters) || timingVoters < 0) throw new Error(`--timing-voters must be a whole number, got ${values['timing-voters']}`);
  const json = (name: string, raw: string | undefined) => {
    if (raw === undefined) return {};
    try {
      return JSON.parse(raw);
    } catch {
      throw new Error(`--${name} must be a JSON object, got ${raw}`);
    }
  };
  const custom = [
    ...(values.weighting ? [`weighting ${values.weighting}`] : []),
    ...(values.detection ? [`detection ${values.detection}`] : []),
    ...(values.seed !== 'bench:votes' ? [`seed ${values.seed}`] : []),
    ...(values.analyze ? ['ANALYZE on PGlite before the timing runs'] : []),
  ];
  return {
    only: values.only as Engine | undefined,
    rules: {
      weighting: values.weighting ? VoteWeighting.parse(json('weighting', values.weighting)) : DEFAULT_WEIGHTING,
      detection: values.detection ? VoteDetectionRules.parse(json('detection', values.detection)) : DEFAULT_DETECTION,
    },
    custom,
    timingVoters,
    seed: values.seed,
    analyze: values.analyze,
  };
}

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/** A database of its own for one engine's run, and how to remove it after. */
async function scratchDatabase(engine: Engine, databaseUrl: string | undefined): Promise<{ database: Database; label: string; remove(): Promise<void> }> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-votebench-'));
    const database = await openDatabase({ dataDir: dir });
    return { database, label: `temporary data directory ${dir}`, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `launchyard_votebench_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 4 });
  return { database, label: `scratch database ${name} on ${redact(databaseUrl!).replace(/\/[^/]*$/, '')}`, remove: () => admin(`drop database if exists ${name} with (force)`) };
}

class Rollback extends Error {}

/** Reasons of the held votes among these users' votes (or everyone else's, with `others`). */
async function heldOf(conn: Kysely<DB>, userIds: string[], others = false) {
  const rows = (
    await sql<{ held_reason: string | null; n: number }>`
      select held_reason, count(*)::int as n from votes
      where ${others ? sql`user_id <> all(${userIds}::bigint[])` : sql`user_id = any(${userIds}::bigint[])`}
      group by held_reason`.execute(conn)
  ).rows;
  const reasons: Record<string, number> = {};
  let held = 0;
  let total = 0;
  for (const r of rows) {
    total += r.n;
    if (r.held_reason) {
      reasons[r.held_reason] = r.n;
      held += r.n;
    }
  }
  return { held, total, reasons };
}

async function runEngine(engine: Engine, opts: Options, pool: WorkPool): Promise<EngineVotes> {
  const tag = `[${engine}]`;
  const { database, label, remove } = await scratchDatabase(engine, process.env.DATABASE_URL);
  try {
    const db = database.db;
    let t = performance.now();
    await migrate(db);
    console.log(`${tag} ${label}: migrated in ${elapsed(t)}`);

    const [{ timezone }] = (await sql<{ timezone: string }>`select timezone from site_settings where id = 1`.execute(db)).rows;
    const week = addWeeks(weekOf(new Date(), timezone), -2);
    const { start, end } = weekBounds(week, timezone);
    const weekStart = start.getTime();
    const now = new Date(end.getTime() + HOUR);
    const seed = createRandom(hashSeed(opts.seed));

    t = performance.now();
    // Older launches: what the voters' follows, reviews and comments are about.
    const catalogue = await insertListings(
      db,
      Array.from({ length: 400 }, (_, i) => {
        const w = addWeeks(week, -3 - (i % 10));
        return { slug: `votebench-older-${i}`, week: w, publishedAt: weekBounds(w, timezone).start.getTime() + HOUR };
      }),
    );
    const listingRng = seed.fork('listings');
    const weekListings = await insertListings(
      db,
      Array.from({ length: ORGANIC.listings }, (_, i) => ({ slug: `votebench-week-${i}`, week, publishedAt: weekStart + Math.floor(listingRng.next() * 3 * HOUR) })),
    );
    // Popularity is not the insertion order: ids and launch times must not predict the board.
    const popularity = listingRng.shuffle(weekListings);
    const organicPlan = organicWeek({ ...ORGANIC, rng: seed.fork('organic'), listings: popularity, weekStart, label: 'organic' });
    const organicIds = await insertPlan(db, organicPlan, { tag: 'organic', week, catalogue, rng: seed.fork('organic-activity') });
    console.log(`${tag} organic week ${week}: ${organicPlan.people.length} voters, ${organicPlan.votes.length} votes seeded in ${elapsed(t)}`);

    const job = async (conn: Kysely<DB>) => {
      const started = performance.now();
      const result = await runVoteWeighing({ db: conn, now: () => now, rules: opts.rules, pool });
      return { result, totalMs: performance.now() - started };
    };

    const organicRun = await job(db);
    const board = await readBoard(db, week);
    const organicHeld = await heldOf(db, organicIds);
    const organic = organicFigures(board, organicPlan.people.length, organicHeld, organicRun.totalMs, opts.rules.weighting);
    console.log(`${tag} organic run: ${organicRun.result.votes} votes weighed, ${organicRun.result.held} held, in ${(organicRun.totalMs / 1000).toFixed(2)} s`);

    const scenarios: ScenarioResult[] = [];
    for (const make of ATTACKS) {
      const attack = make({ rng: seed.fork(`attack-${make.name}`), weekStart, board: board.weighted.map((r) => r.id) });
      t = performance.now();
      scenarios.push(await runScenario(db, attack, { week, catalogue, organicIds, organicHeld: organicHeld.held, board, job, seedRng: seed.fork(`attack-${make.name}-activity`) }));
      console.log(`${tag} ${attack.title}: done in ${elapsed(t)}`);
    }

    const timing = opts.timingVoters > 0 ? await timingRun(db, { engine, analyze: opts.analyze, week: addWeeks(week, 1), timezone, voters: opts.timingVoters, catalogue, rules: opts.rules, pool, tag }) : undefined;
    return {
      engine,
      database: label,
      week,
      rules: opts.custom.length ? `NON-DEFAULT SETTINGS (${opts.custom.join('; ')})` : 'published defaults (DEFAULT_WEIGHTING, DEFAULT_DETECTION)',
      organic,
      scenarios,
      timing,
    };
  } finally {
    await database.close();
    await remove();
  }
}

function organicFigures(board: Board, voters: number, held: { held: number; total: number; reasons: Record<string, number> }, jobMs: number, weighting: VoteWeighting): OrganicResult {
  const ids = board.weighted.map((r) => r.id);
  const tauB = kendallTauB(
    board.weighted.map((r) => r.points),
    board.weighted.map((r) => r.votes),
  );
  const unweightedPlace = ids.map((id) => placeOf(board.unweighted, id));
  const tauPlaces = kendallTauB(ids.map((_, i) => i + 1), unweightedPlace);
  const moves = ids.map((_, i) => Math.abs(i + 1 - unweightedPlace[i]));
  const points = board.weighted.reduce((s, r) => s + r.points, 0);
  const votes = board.weighted.reduce((s, r) => s + r.votes, 0);
  return {
    listings: ids.length,
    voters,
    votes: held.total,
    held: held.held,
    reasons: held.reasons,
    tauB,
    tauPlaces,
    moved: moves.filter((m) => m > 0).length,
    largestMove: Math.max(...moves),
    meanWeight: points / 1000 / votes,
    jobMs,
    spread: organicTauSpread(weighting, ORGANIC),
  };
}

async function runScenario(
  db: Kysely<DB>,
  attack: Attack,
  ctx: {
    week: string;
    catalogue: string[];
    organicIds: string[];
    organicHeld: number;
    board: Board;
    job: (conn: Kysely<DB>) => Promise<{ totalMs: number }>;
    seedRng: Random;
  },
): Promise<ScenarioResult> {
  let result: ScenarioResult | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      const ids = await insertPlan(trx, attack.plan, { tag: `attack-${attack.key}`, week: ctx.week, catalogue: ctx.catalogue, rng: ctx.seedRng });
      for (const [listing, person] of attack.owners ?? []) await sql`update listings set owner_id = ${ids[person]} where id = ${listing}`.execute(trx);
      const run = await ctx.job(trx);
      const after = await readBoard(trx, ctx.week);
      const own = await heldOf(trx, ids);
      const others = await heldOf(trx, ids, true);
      const onTargets = (
        await sql<{ people: number; points: number }>`
          select count(*)::int as people, coalesce(sum(points), 0)::int as points from votes
          where user_id = any(${ids}::bigint[]) and listing_id = any(${attack.targets}::bigint[])`.execute(trx)
      ).rows[0];
      result = {
        key: attack.key,
        title: attack.title,
        kind: attack.kind,
        targets: attack.targets.map((id) => ({
          id,
          organic: { weighted: placeOf(ctx.board.weighted, id), unweighted: placeOf(ctx.board.unweighted, id) },
          attacked: { weighted: placeOf(after.weighted, id), unweighted: placeOf(after.unweighted, id) },
        })),
        votes: own.total,
        held: own.held,
        reasons: own.reasons,
        collateral: others.held - ctx.organicHeld,
        targetPeople: onTargets.people,
        targetCounted: onTargets.points / 1000,
        jobMs: run.totalMs,
      };
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  return result!;
}

/**
 * The job's time on a busy week: the organic week's votes go, a week of `voters` people over 300
 * listings goes in (about 5 votes each: 100,000 at 20,000), and the job runs twice: first with
 * every vote at its unweighed 1000 points (every row rewritten), then again as the next run 10
 * minutes later finds it (little to write).
 */
async function timingRun(
  db: Kysely<DB>,
  o: { engine: Engine; analyze: boolean; week: string; timezone: string; voters: number; catalogue: string[]; rules: Rules; pool: WorkPool; tag: string },
): Promise<TimingResult> {
  const t = performance.now();
  const rng = createRandom(hashSeed('bench:votes:timing'));
  await sql`delete from votes`.execute(db);
  const { start, end } = weekBounds(o.week, o.timezone);
  const weekStart = start.getTime();
  const listings = await insertListings(
    db,
    Array.from({ length: 300 }, (_, i) => ({ slug: `votebench-busy-${i}`, week: o.week, publishedAt: weekStart + Math.floor(rng.next() * 3 * HOUR) })),
  );
  const plan = organicWeek({ rng: rng.fork('voters'), voters: o.voters, listings: rng.shuffle(listings), zipf: 1, votesScale: 4.7, weekStart, label: 'busy' });
  const steps: string[] = [];
  const ids = await insertPlan(db, plan, { tag: 'busy', week: o.week, catalogue: o.catalogue, rng: rng.fork('activity'), log: (step, ms) => steps.push(`${step} ${(ms / 1000).toFixed(1)} s`) });
  // PostgreSQL's autovacuum analyzes the tables as a week of votes comes in; PGlite has no
  // autovacuum and nothing else analyzes them, so there the job plans without statistics.
  if (o.engine === 'postgres' || o.analyze) await sql`analyze`.execute(db);
  const seedMs = performance.now() - t;
  console.log(`${o.tag} timing week ${o.week}: ${plan.people.length} voters, ${plan.votes.length} votes seeded in ${elapsed(t)} (${steps.join(', ')})`);
  const now = new Date(end.getTime() + HOUR);
  const run = async (at: Date): Promise<TimingRun> => {
    const started = performance.now();
    const r = await runVoteWeighing({ db, now: () => at, rules: o.rules, pool: o.pool });
    return { votes: r.votes, changed: r.changed, held: r.held, totalMs: performance.now() - started, ms: r.ms, load: os.loadavg()[0] };
  };
  const first = await run(now);
  console.log(`${o.tag} timing: first run ${(first.totalMs / 1000).toFixed(2)} s`);
  const repeat = await run(new Date(now.getTime() + 10 * 60_000));
  const held = await heldOf(db, ids);
  return { voters: plan.people.length, listings: listings.length, votes: plan.votes.length, seedMs, first, repeat, reasons: held.reasons };
}

async function main() {
  const opts = parseOptions();
  const engines: Engine[] = [];
  if (opts.only !== 'postgres') engines.push('pglite');
  if (opts.only !== 'pglite') {
    if (process.env.DATABASE_URL) engines.push('postgres');
    else if (opts.only === 'postgres') throw new Error('--only postgres needs DATABASE_URL (a server where a scratch database may be made)');
  }
  console.log(`bench:votes — ${engines.map((e) => ENGINE_NAMES[e]).join(' and ')}; Node ${process.versions.node}, ${os.availableParallelism()} CPUs`);
  const results: EngineVotes[] = [];
  for (const engine of engines) {
    const pool = createWorkPool();
    try {
      results.push(await runEngine(engine, opts, pool));
    } finally {
      await pool.close();
    }
  }
  console.log('');
  for (const r of results) console.log(formatEngineVotes(r) + '\n');
  if (!process.env.DATABASE_URL && opts.only !== 'pglite') console.log('PostgreSQL not measured (set DATABASE_URL to a server where a scratch database may be made)\n');
  console.log(formatVoteVerdicts(voteVerdicts(results)));
  if (opts.custom.length) console.log(`\nNOTE: non-default settings (${opts.custom.join('; ')}): these are not the published figures.`);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
