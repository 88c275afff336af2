import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase } from '../store/database.ts';
import { freshDatabaseUrl } from '../testing/database.ts';
import { runEmbeddedMaintenance } from './embedded-maintenance.ts';

// On a real database (PGlite here, PostgreSQL in CI's second pass; the job is scheduled on PGlite
// only, but the statements are the same): churn on one table, quiet on another.
const fresh = await freshDatabaseUrl();
const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: 'memory://', loadDataDir: fresh.loadDataDir });
after(async () => {
  await database.close();
  await fresh.drop();
});
const { db } = database;

async function stats(table: string) {
  const r = await sql<{ last_vacuum: Date | null; last_analyze: Date | null; dead: string; visible: number; pages: number }>`
    select s.last_vacuum, s.last_analyze, s.n_dead_tup as dead, c.relallvisible as visible, c.relpages as pages
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${table}`.execute(db);
  return r.rows[0];
}

test('embedded maintenance: a churned table is vacuumed and analysed (dead rows gone, pages all-visible), a quiet one is left alone', async () => {
  await sql`create table maint_churned (id int primary key, v text)`.execute(db);
  await sql`create table maint_quiet (id int primary key, v text)`.execute(db);
  await sql`insert into maint_churned select g, 'x' from generate_series(1, 5000) g`.execute(db);
  await sql`insert into maint_quiet select g, 'x' from generate_series(1, 10) g`.execute(db);
  await sql`vacuum (analyze) maint_churned, maint_quiet`.execute(db);
  // Every row rewritten, a fifth deleted: far past 50 + 20 % of 5,000.
  await sql`update maint_churned set v = 'y'`.execute(db);
  await sql`delete from maint_churned where id % 5 = 0`.execute(db);
  const before = await stats('maint_quiet');

  const result = await runEmbeddedMaintenance(db, { budgetMs: Infinity });

  assert.ok(result.done.includes('vacuum public.maint_churned'), JSON.stringify(result));
  assert.ok(!result.done.some((d) => d.endsWith('.maint_quiet')), 'the quiet table is not touched');
  assert.equal(result.left, 0);
  const churned = await stats('maint_churned');
  assert.ok(churned.last_vacuum && churned.last_analyze, 'vacuumed and analysed');
  assert.ok(churned.pages > 0 && churned.visible === churned.pages, `every page all-visible (${churned.visible} of ${churned.pages})`);
  assert.deepEqual((await stats('maint_quiet')).last_vacuum, before.last_vacuum);

  // Nothing left to do: the next run reads the counters and does nothing.
  const again = await runEmbeddedMaintenance(db, { budgetMs: Infinity });
  assert.ok(!again.done.some((d) => d.includes('maint_')), JSON.stringify(again));
});

test('embedded maintenance: a run past its budget stops after the step in hand; the most urgent table went first', async () => {
  await sql`create table maint_a (id int primary key)`.execute(db);
  await sql`create table maint_b (id int primary key)`.execute(db);
  await sql`insert into maint_a select g from generate_series(1, 4000) g`.execute(db);
  await sql`insert into maint_b select g from generate_series(1, 2000) g`.execute(db);
  let now = 0;
  // Each reading of the clock is a second later: the budget is spent after the first step.
  const result = await runEmbeddedMaintenance(db, { budgetMs: 1, clock: () => (now += 1000) });
  assert.equal(result.done.length, 1, JSON.stringify(result));
  assert.ok(result.left >= 1, 'the rest waits for the next run');
  // Never vacuumed or analysed: 4,000 inserts is further past 1,000 + 0 than 2,000.
  assert.equal(result.done[0], 'vacuum public.maint_a');
});
