import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

/**
 * Applies pending migrations/NNNN_name.sql in order, all in one transaction (an upgrade lands
 * whole or not at all), recording name and checksum. Forward-only: an applied file that
 * changed is an error, never silently re-run.
 */
export async function migrate(db: Kysely<any>, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Several app nodes may start at once against one PostgreSQL: serialise them, from the first
  // statement on (two concurrent `create table if not exists` can both try to create it).
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7317001)`.execute(trx);
    await sql`create table if not exists schema_migrations (
      name text primary key, checksum text not null, applied_at timestamptz not null default now())`.execute(trx);
    const applied = new Map(
      (await sql<{ name: string; checksum: string }>`select name, checksum from schema_migrations`.execute(trx)).rows.map(
        (r) => [r.name, r.checksum],
      ),
    );
    const done: string[] = [];
    for (const file of readdirSync(dir).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort()) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const checksum = createHash('sha256').update(text).digest('hex');
      const seen = applied.get(file);
      if (seen === checksum) continue;
      if (seen) throw new Error(`migration ${file} changed after it was applied; add a new migration instead`);
      await sql.raw(text).execute(trx);
      await sql`insert into schema_migrations (name, checksum) values (${file}, ${checksum})`.execute(trx);
      done.push(file);
    }
    return done;
  });
}
