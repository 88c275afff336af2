/**
 * Test support: a database's schema and row counts as plain data, to compare an upgraded database
 * with a clean run's and an old one's rows with the upgraded one's.
 */
import { sql, type Kysely } from 'kysely';

export interface SchemaDescription {
  migrations: string[];
  columns: string[];
  indexes: string[];
  constraints: string[];
  triggers: string[];
}

/** Migrations (name and checksum), columns, indexes, constraints and triggers of the public schema. */
export async function describeSchema(db: Kysely<any>): Promise<SchemaDescription> {
  const lines = async (query: ReturnType<typeof sql<{ line: string }>>) => (await query.execute(db)).rows.map((r) => r.line);
  return {
    migrations: await lines(sql`select name || ' ' || checksum as line from schema_migrations order by name`),
    columns: await lines(sql`select concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default, is_generated) as line
      from information_schema.columns where table_schema = 'public' order by table_name, column_name`),
    indexes: await lines(sql`select indexdef as line from pg_indexes where schemaname = 'public' order by indexname`),
    constraints: await lines(sql`select c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) as line
      from pg_constraint c where c.connamespace = 'public'::regnamespace order by 1`),
    triggers: await lines(sql`select tgrelid::regclass::text || ' ' || tgname as line from pg_trigger where not tgisinternal order by 1`),
  };
}

/** Every table of the public schema with its number of rows. */
export async function rowCounts(db: Kysely<any>): Promise<Record<string, number>> {
  const tables = (await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db)).rows.map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0].n);
  }
  return counts;
}
