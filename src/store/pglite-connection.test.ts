import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from './database.ts';
import { executePrepared } from './prepared.ts';

// The embedded database's node-postgres connection sends what node-postgres writes in one tick as
// one buffer (pglite-connection.ts). What a server connection guarantees must still hold: answers
// in order, an error ends only its own statement, a failed transaction leaves nothing, writes last.

test('PGlite connection: concurrent statements, prepared and plain, each get their own answer in order', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const { db } = database;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 ? executePrepared(db, sql<{ n: number }>`select ${i}::int * 2 as n`) : sql<{ n: number }>`select ${i}::int * 2 as n, ${'x'.repeat(i)} as pad`.execute(db),
      ),
    );
    assert.deepEqual(answers.map((a) => a.rows[0].n), Array.from({ length: 200 }, (_, i) => i * 2));
  } finally {
    await database.close();
  }
});

test('PGlite connection: an error ends its own statement only, prepared or not, and the next ones run', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const { db } = database;
    const divide = (d: number) => executePrepared(db, sql<{ q: number }>`select 10 / ${d}::int as q`);
    const [a, b, c, d] = await Promise.allSettled([divide(2), divide(0), sql`select nothing from nowhere`.execute(db), divide(5)]);
    assert.equal(a.status === 'fulfilled' && a.value.rows[0].q, 5);
    assert.equal(b.status === 'rejected' && (b.reason as { code?: string }).code, '22012', 'division by zero');
    assert.equal(c.status === 'rejected' && (c.reason as { code?: string }).code, '42P01', 'undefined table');
    assert.equal(d.status === 'fulfilled' && d.value.rows[0].q, 2);
  } finally {
    await database.close();
  }
});

test('PGlite connection: a transaction that fails leaves nothing; one that commits is on disk after a restart', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ly-pglite-conn-'));
  let database = await openDatabase({ dataDir });
  try {
    await sql`create table kept (v text primary key)`.execute(database.db);
    await assert.rejects(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into kept values ('rolled back')`.execute(trx);
        await sql`insert into kept values ('rolled back')`.execute(trx); // duplicate key
      }),
      (err: { code?: string }) => err.code === '23505',
    );
    await database.db.transaction().execute(async (trx) => {
      await executePrepared(trx, sql`insert into kept values (${'committed'})`);
    });
  } finally {
    await database.close();
  }
  database = await openDatabase({ dataDir });
  try {
    const rows = (await sql<{ v: string }>`select v from kept order by v`.execute(database.db)).rows;
    assert.deepEqual(rows.map((r) => r.v), ['committed']);
  } finally {
    await database.close();
  }
});
