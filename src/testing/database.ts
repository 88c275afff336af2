import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../store/database.ts';
import { migrate, MIGRATIONS_DIR } from '../store/migrate.ts';

/**
 * A throwaway database for one test file, already migrated. With TEST_DATABASE_URL set, a fresh
 * PostgreSQL database is created next to it (a copy of a migrated template) and dropped
 * afterwards; otherwise PGlite starts from `loadDataDir`, a dump of a migrated one.
 *
 * Why templates: a new PGlite cluster (initdb in WebAssembly) and the migrations cost several
 * seconds per database, and the suite opens about a hundred. Each template is made once per set of
 * migrations, by the same migrate() the service runs (so every run still applies every migration
 * once, on each engine), and named by their checksum, so a changed migration makes a new one. A
 * data directory for a CLI or service process is a copy of one filled from the dump once.
 */
export async function freshDatabaseUrl(opts: {
  /** PGlite: a new data directory to fill with the migrated database (for the CLI and service processes a test starts; no `loadDataDir` then). */
  dataDir?: string;
  /** An empty database, not a migrated copy (tests of the migrations themselves; on PGlite, open it with `loadDataDir`). */
  empty?: boolean;
} = {}): Promise<{ databaseUrl?: string; loadDataDir?: Blob; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    if (opts.dataDir) {
      await migratedDataDir(opts.dataDir);
      return { drop: async () => {} };
    }
    return { loadDataDir: await (opts.empty ? pgliteEmpty() : pgliteTemplate()), drop: async () => {} };
  }
  const name = `ly_test_${randomBytes(6).toString('hex')}`;
  const template = opts.empty ? 'template1' : await postgresTemplate(base);
  await withAdmin(base, async (admin) => {
    await admin.query(`create database ${name} template ${template}`);
    // A commit does not wait for its WAL to reach the disk (a server crash could lose the last
    // ones; no test crashes the server): the pass commits tens of thousands of times, and three
    // files at a time queued on the disk's flushes.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => withAdmin(base, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/** PGlite: fills a new data directory with the migrated database (a service or CLI process then opens it). */
export async function migratedDataDir(dataDir: string): Promise<void> {
  // A copy of one filled the same way, once: opening and closing PGlite cost each copy 2 s of CPU.
  cpSync(path.join(await pgliteTemplateDir(), PGLITE_SUBDIR), path.join(dataDir, PGLITE_SUBDIR), { recursive: true });
}

/** Where openDatabase keeps PGlite's files inside DATA_DIR (beside its lock file). */
const PGLITE_SUBDIR = 'pg';

const PGLITE_VERSION: string = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;

/** The migrations' checksum, with the PGlite version (a dump is only read by the same one). */
function migrationsHash(): string {
  const hash = createHash('sha256');
  hash.update(PGLITE_VERSION);
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

const dumps = new Map<string, Promise<Blob>>();

/** A PGlite data directory as a tarball: a new cluster, then `fill`; kept in the temp directory for later test files. */
function pgliteDump(name: string, fill: (db: Database['db']) => Promise<unknown>): Promise<Blob> {
  let dump = dumps.get(name);
  if (!dump) {
    dump = (async () => {
      const file = path.join(os.tmpdir(), `${name}.tar`);
      try {
        return new Blob([readFileSync(file)]);
      } catch {
        const database = await openDatabase({ dataDir: 'memory://' });
        try {
          await fill(database.db);
          const made = await database.dumpDataDir!();
          // Written whole, then renamed: a test file starting meanwhile never reads half of it.
          const partial = `${file}.${process.pid}.partial`;
          writeFileSync(partial, new Uint8Array(await made.arrayBuffer()));
          renameSync(partial, file);
          return made;
        } finally {
          await database.close();
        }
      }
    })();
    dumps.set(name, dump);
  }
  return dump;
}

/** A migrated PGlite data directory as a tarball. */
export const pgliteTemplate = (): Promise<Blob> => pgliteDump(`launchyard-test-pglite-${migrationsHash()}`, (db) => migrate(db));

/** A new PGlite cluster, not migrated, as a tarball: what initdb makes, without its 5 s of CPU for each test of the migrations. */
const pgliteEmpty = (): Promise<Blob> => pgliteDump(`launchyard-test-pglite-empty-${PGLITE_VERSION}`, async () => {});

let pgliteDir: Promise<string> | undefined;

/** A data directory filled from the dump and closed (as a service leaves it), kept in the temp directory like the dump. */
function pgliteTemplateDir(): Promise<string> {
  return (pgliteDir ??= (async () => {
    const dir = path.join(os.tmpdir(), `launchyard-test-pglite-${migrationsHash()}`);
    if (existsSync(dir)) return dir;
    // Filled under a name of its own and renamed when complete, as the dump is written.
    const building = `${dir}.${process.pid}.partial`;
    await (await openDatabase({ dataDir: building, loadDataDir: await pgliteTemplate() })).close();
    try {
      renameSync(building, dir);
    } catch (err) {
      if (!existsSync(dir)) throw err;
      rmSync(building, { recursive: true, force: true }); // another test file's won
    }
    return dir;
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
