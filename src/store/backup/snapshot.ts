import { sql } from 'kysely';
import type { Database } from '../database.ts';
import type { BackupSource } from './archive-write.ts';

/**
 * What a backup of an open embedded database holds: its migrations, PostgreSQL version and the
 * dump. PGlite is one session and dumps between two statements, so the dump is the database as
 * of its last commit (a transaction still open is not in it, as after a crash); the running
 * service takes it while it serves, blocking its queries for as long as the dump takes.
 */
export async function takeSnapshot(
  database: Database,
  opts: { launchyardVersion: string; media: BackupSource['media']; now: () => Date },
): Promise<BackupSource> {
  if (!database.dumpDataDir) throw new Error('only the embedded database is backed up this way (PostgreSQL: pg_dump)');
  const migrations = (await sql<{ name: string }>`select name from schema_migrations order by name`.execute(database.db)).rows.map((r) => r.name);
  const version = (await sql<{ server_version: string }>`show server_version`.execute(database.db)).rows[0].server_version;
  const createdAt = opts.now();
  const dump = await database.dumpDataDir();
  return { createdAt, launchyardVersion: opts.launchyardVersion, postgresVersion: version, migrations, dump, media: opts.media };
}
