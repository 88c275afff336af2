/**
 * Test support: databases as the release of migration 0024 left them, from the fixture
 * (test/fixtures/make-upgrade-fixture.ts). PGlite opens the fixture's dump itself; PostgreSQL gets
 * the same schema from that release's migrations and the fixture's rows copied in by SQL.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { FIXTURE_FILE, releasedMigrations } from '../fixtures/make-upgrade-fixture.ts';

/** The fixture: a PGlite data directory as a tarball. */
export const fixtureDump = (): Blob => new Blob([brotliDecompressSync(readFileSync(FIXTURE_FILE))]);

/** The fixture opened in memory (PGlite). */
export const openFixture = (): Promise<Database> => openDatabase({ dataDir: 'memory://', loadDataDir: fixtureDump() });

/**
 * A new PostgreSQL database beside TEST_DATABASE_URL holding the fixture: 0001 to 0024 as released,
 * then every row of the fixture (triggers and foreign keys off while copying, as pg_restore does;
 * sequences where the fixture left them).
 */
export async function postgresFixture(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `ly_upgrade_${label}_${process.pid}`;
  await admin(base, `drop database if exists ${name} with (force)`);
  await admin(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const target = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const source = await openFixture();
  const migrations = releasedMigrations();
  try {
    await migrate(target.db, migrations);
    await copyRows(source.db, target.db);
  } finally {
    rmSync(migrations, { recursive: true, force: true });
    await source.close();
    await target.close();
  }
  return { url: url.toString(), drop: () => admin(base, `drop database if exists ${name} with (force)`) };
}

/** A copy of a database (CREATE DATABASE … TEMPLATE), dropped by drop(). */
export async function postgresCopy(templateUrl: string, label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `ly_upgrade_${label}_${process.pid}`;
  await admin(base, `drop database if exists ${name} with (force)`);
  await admin(base, `create database ${name} template ${new URL(templateUrl).pathname.slice(1)}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(base, `drop database if exists ${name} with (force)`) };
}

async function admin(base: string, statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Every row of every table of `from` into the same tables of `to` (emptied first), in one transaction. */
async function copyRows(from: Kysely<any>, to: Kysely<any>) {
  const tables = (await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'schema_migrations' order by table_name`.execute(from)).rows.map((r) => r.name);
  await to.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(trx);
    for (const table of tables) {
      const columns = (await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`.execute(from)).rows.map((r) => sql.ref(r.name));
      const rows = (await sql<{ row: unknown }>`select to_jsonb(t) as row from ${sql.table(table)} t`.execute(from)).rows;
      for (const { row } of rows) {
        await sql`insert into ${sql.table(table)} (${sql.join(columns)}) overriding system value
          select ${sql.join(columns)} from jsonb_populate_record(null::${sql.table(table)}, ${JSON.stringify(row)}::jsonb)`.execute(trx);
      }
    }
    const sequences = (await sql<{ name: string; last: string | null }>`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`.execute(from)).rows;
    for (const s of sequences) if (s.last !== null) await sql`select setval(${`public.${s.name}`}::regclass, ${s.last}::bigint)`.execute(trx);
  });
}
