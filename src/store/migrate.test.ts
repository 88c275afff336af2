import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from './database.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';
import { freshDatabaseUrl } from '../testing/database.ts';

test('migrations apply once, in order, and refuse an applied file that changed', async () => {
  const fresh = await freshDatabaseUrl({ empty: true });
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: fresh.databaseUrl, loadDataDir: fresh.loadDataDir });
  try {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ly-migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const first = await migrate(database.db, dir);
    assert.ok(first.length >= 1 && first[0] === '0001_directory.sql');
    assert.deepEqual(await migrate(database.db, dir), [], 'second run applies nothing');

    writeFileSync(path.join(dir, '9999_extra.sql'), 'create table extra_test (id int);');
    assert.deepEqual(await migrate(database.db, dir), ['9999_extra.sql']);

    writeFileSync(path.join(dir, '9999_extra.sql'), 'create table extra_test (id bigint);');
    await assert.rejects(() => migrate(database.db, dir), /9999_extra.sql changed after it was applied/);

    // A failing migration leaves nothing behind: its transaction rolls back.
    writeFileSync(path.join(dir, '9999_extra.sql'), 'create table extra_test (id int);');
    writeFileSync(path.join(dir, '9998_broken.sql'), 'create table half_done (id int); select no_such_function();');
    await assert.rejects(() => migrate(database.db, dir));
    const half = await sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = 'half_done'`.execute(database.db);
    assert.equal(half.rows[0].n, 0);
  } finally {
    await database.close();
    await fresh.drop();
  }
});
