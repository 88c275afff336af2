/**
 * The database side of a request, without HTTP: runs a service call in-process (the same
 * domain and store code the server runs, with its caches off), times it, captures the SQL it sends, and replays that
 * SQL under EXPLAIN (ANALYZE, BUFFERS). Used by `npm run bench -- --profile` after the server stops.
 */
import { CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import { openDatabase } from '../../src/store/database.ts';
import type { DB } from '../../src/store/schema.ts';
import type { Services } from '../../src/services.ts';
import { benchServices } from './services.ts';
import { searchListings } from '../../src/operations/listings/search-listings.ts';

export interface Explained {
  label: string;
  runs: number;
  ms: { p50: number; p99: number; min: number };
  /** The statements one call sends, in order. */
  statements: string[];
  plan: string;
}

/** A plugin that compiles every query it sees into sink.current (when set), changing nothing. */
function capturing(db: Kysely<DB>, sink: { current?: CompiledQuery[] }): KyselyPlugin {
  return {
    transformQuery({ node, queryId }) {
      sink.current?.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
}

async function explainCall(
  db: Kysely<DB>,
  label: string,
  call: (services: Services) => Promise<unknown>,
  pickMain: (q: CompiledQuery) => boolean,
  runs: number,
): Promise<Explained> {
  const sink: { current?: CompiledQuery[] } = {};
  // Caches off: this measures the database path that a cache miss takes.
  const { services, close } = benchServices(db.withPlugin(capturing(db, sink)));
  try {
    const captured: CompiledQuery[] = [];
    sink.current = captured;
    await call(services);
    sink.current = undefined;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await call(services);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
    const main = captured.find(pickMain);
    let plan = '(no statement matched)';
    if (main) {
      const before = captured.slice(0, captured.indexOf(main)).filter((q) => /set_config/.test(q.sql));
      plan = await db.transaction().execute(async (trx) => {
        for (const q of before) await trx.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
        const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain (analyze, buffers) ${main.sql}`, [...main.parameters]),
        );
        return r.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    }
    return {
      label,
      runs,
      ms: { p50: at(50), p99: at(99), min: times[0] },
      statements: captured.map((q) => q.sql.replace(/\s+/g, ' ').trim().slice(0, 160)),
      plan,
    };
  } finally {
    await close();
  }
}

export async function explainEndpoints(
  conn: { dataDir: string; databaseUrl?: string },
  targets: { slug: string; typo: string; busy?: string },
  runs = 30,
): Promise<Explained[]> {
  const database = await openDatabase({ dataDir: conn.dataDir, databaseUrl: conn.databaseUrl, poolSize: 2 });
  try {
    const db = database.db;
    const search = searchListings.input.parse({ q: targets.typo });
    return [
      await explainCall(db, `search_listings q=${targets.typo}`, (s) => s.listings.search(search), (q) => /from listing_search s/.test(q.sql), runs),
      await explainCall(db, `get_listing ${targets.slug}`, (s) => s.listings.profile(targets.slug), (q) => /from listings l\s+where l\.slug/.test(q.sql), runs),
      // The thread query: an index walk of comments_threads_top_idx / _new_idx, never a sort of every thread.
      ...(targets.busy
        ? [
            await explainCall(db, `list_comments ${targets.busy} (top, page 1)`, (s) => s.discussions.list(targets.busy!, { sort: 'top', page: 1, per_page: 20 }), isThreadQuery, runs),
            await explainCall(db, `list_comments ${targets.busy} (newest, page 50)`, (s) => s.discussions.list(targets.busy!, { sort: 'newest', page: 50, per_page: 20 }), isThreadQuery, runs),
          ]
        : []),
    ];
  } finally {
    await database.close();
  }
}

const isThreadQuery = (q: CompiledQuery) => /with page as/.test(q.sql);

export interface ReadPlans {
  label: string;
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement the read sends that reads listings or votes. */
  plans: Array<{ statement: string; plan: string }>;
  /** A sequential scan of listings or votes in one of the plans (never on a request path). */
  seqScan: boolean;
}

const SEQ_SCAN = /Seq Scan on (?:listings|votes)\b/;

/** Every statement of each read that touches listings or votes, explained (caches off). */
export async function explainReads(conn: { dataDir: string; databaseUrl?: string }, reads: Array<{ name: string; call: (s: Services) => Promise<unknown> }>): Promise<ReadPlans[]> {
  const database = await openDatabase({ dataDir: conn.dataDir, databaseUrl: conn.databaseUrl, poolSize: 2 });
  const db = database.db;
  const sink: { current?: CompiledQuery[] } = {};
  const { services, close } = benchServices(db.withPlugin(capturing(db, sink)));
  const out: ReadPlans[] = [];
  try {
    for (const read of reads) {
      await read.call(services); // warm
      const captured: CompiledQuery[] = [];
      sink.current = captured;
      await read.call(services);
      sink.current = undefined;
      const plans: ReadPlans['plans'] = [];
      for (const q of captured) {
        if (!/\b(?:listings|votes)\b/.test(q.sql) || /^\s*explain/i.test(q.sql)) continue;
        const r = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]));
        plans.push({ statement: q.sql.replace(/\s+/g, ' ').trim(), plan: r.rows.map((row) => row['QUERY PLAN']).join('\n') });
      }
      out.push({ label: read.name, plans, seqScan: plans.some((p) => SEQ_SCAN.test(p.plan)) });
    }
  } finally {
    await close();
    await database.close();
  }
  return out;
}

export function formatReadPlans(reads: ReadPlans[]): string {
  return reads
    .map((r) =>
      [
        `### ${r.label}${r.seqScan ? ' — SEQUENTIAL SCAN of listings or votes' : ''}`,
        '',
        ...r.plans.flatMap((p) => ['```sql', p.statement, '```', '', '```', p.plan, '```', '']),
      ].join('\n'),
    )
    .join('\n');
}

export function formatExplained(e: Explained): string {
  return [
    `  ${e.label}: in-process (no HTTP), ${e.runs} sequential calls: p50 ${e.ms.p50.toFixed(2)} ms, p99 ${e.ms.p99.toFixed(2)} ms, min ${e.ms.min.toFixed(2)} ms`,
    `  statements per call: ${e.statements.length}`,
    ...e.statements.map((s) => `    - ${s}`),
    '  EXPLAIN (ANALYZE, BUFFERS) of the main statement:',
    ...e.plan.split('\n').map((l) => `    ${l}`),
  ].join('\n');
}

// Standalone: `DATABASE_URL=… node scripts/bench/explain.ts --slug S [--typo WORD] [--runs N] [--comments SLUG]` (or
// DATA_DIR=…; --comments defaults to the listing with the most comments, the thread query's plan);
// `--reads CATEGORY` instead prints the plans of every public read (browse, feeds, categories,
// leaderboards) as Markdown, as docs/performance.md shows them.
if (import.meta.main) {
  const { parseArgs } = await import('node:util');
  const { loadConfig } = await import('../../src/config.ts');
  const { values } = parseArgs({ options: { slug: { type: 'string' }, typo: { type: 'string', default: 'analytcs' }, runs: { type: 'string', default: '30' }, reads: { type: 'string' }, comments: { type: 'string' } } });
  const config = loadConfig();
  if (values.reads) {
    const { publicReads } = await import('./public-reads.ts');
    const plans = await explainReads({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, publicReads(values.reads));
    console.log(formatReadPlans(plans));
    const scans = plans.filter((p) => p.seqScan).map((p) => p.label);
    if (scans.length) console.error(`sequential scans in: ${scans.join(', ')}`);
    process.exit(scans.length ? 1 : 0);
  }
  let slug = values.slug;
  let busy = values.comments;
  if (!slug || !busy) {
    const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 1 });
    const { sql } = await import('kysely');
    slug ??= (await sql<{ slug: string }>`select slug from listings where status = 'live' order by published_at desc, id desc limit 1`.execute(database.db)).rows[0]?.slug;
    busy ??= (await sql<{ slug: string }>`select slug from listings where status = 'live' and comments_count > 0 order by comments_count desc, id limit 1`.execute(database.db)).rows[0]?.slug;
    await database.close();
    if (!slug) throw new Error('no live listing');
  }
  const out = await explainEndpoints({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, { slug, typo: values.typo, busy }, Number(values.runs));
  for (const e of out) console.log(`\n${formatExplained(e)}`);
}
