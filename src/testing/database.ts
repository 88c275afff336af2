import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../store/database.ts';
import { migrate, MIGRATIONS_DIR } from '../store/migrate.ts';

/**
 * A throwaway database for one test file, already migrated. With TEST_DATABASE_URL set, a fresh
 * PostgreSQL database is created next to it (a copy of a migrated template) and dropped
 * afterwards; otherwise PGlite starts from `loadDataDir`, a dump of a migrated one.
 *
 * Why templates: a new PGlite cluster (initdb in WebAssembly) and the migrations cost several
 * seconds per database, and the suite opens about a hundred. Each template is made once per set of
 * migrations, by the same migrate() the service runs (so every run still applies every migration
 * once, on each engine), and named by their checksum, so a changed migration makes a new one.
 */
export async function freshDatabaseUrl(opts: {
  /** PGlite: a new data directory to fill with the migrated database (for the CLI and service processes a test starts). */
  dataDir?: string;
  /** An empty database, not a migrated copy (tests of the migrations themselves). */
  empty?: boolean;
} = {}): Promise<{ databaseUrl?: string; loadDataDir?: Blob; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    if (opts.dataDir) await migratedDataDir(opts.dataDir);
    return { loadDataDir: opts.empty ? undefined : await pgliteTemplate(), drop: async () => {} };
  }
  const name = `ly_test_${randomBytes(6).toString('hex')}`;
  const template = opts.empty ? 'template1' : await postgresTemplate(base);
  await withAdmin(base, (admin) => admin.query(`create database ${name} template ${template}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => withAdmin(base, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/** PGlite: fills a new data directory with the migrated database (a service or CLI process then opens it). */
export async function migratedDataDir(dataDir: string): Promise<void> {
  await (await openDatabase({ dataDir, loadDataDir: await pgliteTemplate() })).close();
}

/** The migrations' checksum, with the PGlite version (a dump is only read by the same one). */
function migrationsHash(): string {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(path.join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

let pgliteDump: Promise<Blob> | undefined;

/** A migrated PGlite data directory as a tarball, kept in the temp directory for later test files. */
function pgliteTemplate(): Promise<Blob> {
  return (pgliteDump ??= (async () => {
    const file = path.join(os.tmpdir(), `launchyard-test-pglite-${migrationsHash()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        await migrate(database.db);
        const dump = await database.dumpDataDir!();
        // Written whole, then renamed: a test file starting meanwhile never reads half of it.
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
        renameSync(partial, file);
        return dump;
      } finally {
        await database.close();
      }
    }
  })());
}

let postgresName: Promise<string> | undefined;

/** A migrated database that test databases are copied from (CREATE DATABASE … TEMPLATE). */
function postgresTemplate(base: string): Promise<string> {
  return (postgresName ??= (async () => {
    const name = `ly_template_${migrationsHash()}`;
    const exists = await withAdmin(base, (admin) => admin.query('select 1 from pg_database where datname = $1', [name]));
    if (exists.rowCount) return name;
    // Made under a name of its own and renamed when complete: test files starting together each
    // make one, the first rename wins and the others are dropped.
    const building = `ly_template_building_${randomBytes(6).toString('hex')}`;
    await withAdmin(base, (admin) => admin.query(`create database ${building}`));
    const url = new URL(base);
    url.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      await migrate(database.db);
    } finally {
      await database.close();
    }
    await withAdmin(base, async (admin) => {
      try {
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch (err) {
        if ((err as { code?: string }).code !== '42P04') throw err; // duplicate_database: another file's won
        await admin.query(`drop database ${building}`);
      }
    });
    return name;
  })());
}

async function withAdmin<T>(base: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
