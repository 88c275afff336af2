import { sql, type Kysely } from 'kysely';

/**
 * A column of a bulk insert and its PostgreSQL type. 'text[]' values travel as one string
 * joined with ARRAY_SEPARATOR, because a ragged array of arrays cannot be a parameter.
 */
export interface BulkColumn {
  name: string;
  type: 'text' | 'bigint' | 'integer' | 'smallint' | 'boolean' | 'date' | 'timestamptz' | 'jsonb' | 'inet' | 'text[]';
}

export const ARRAY_SEPARATOR = '\u001f';

export interface BulkInsertOptions {
  /** Columns to return, e.g. ['id', 'slug'] to map natural keys to generated ids. */
  returning?: readonly string[];
  /** Verbatim conflict clause, e.g. 'on conflict (slug) do nothing'. */
  onConflict?: string;
  chunkSize?: number;
}

function toParam(column: BulkColumn, value: unknown): unknown {
  if (value === null || value === undefined) return column.type === 'text[]' ? '' : null;
  if (column.type === 'text[]') return (value as string[]).join(ARRAY_SEPARATOR);
  if (column.type === 'jsonb') return typeof value === 'string' ? value : JSON.stringify(value);
  return value;
}

/**
 * Inserts rows with one `insert … select from unnest(…)` per chunk: one parameter per column,
 * however many rows, which is far cheaper to parse and bind than multi-row VALUES.
 */
export async function bulkInsert<R = Record<string, unknown>>(
  conn: Kysely<any>,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly Record<string, unknown>[],
  opts: BulkInsertOptions = {},
): Promise<R[]> {
  const out: R[] = [];
  const chunkSize = opts.chunkSize ?? 5000;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const params = columns.map((c) => {
      const arrayType = c.type === 'text[]' ? 'text[]' : `${c.type}[]`;
      return sql`${chunk.map((row) => toParam(c, row[c.name]))}::${sql.raw(arrayType)}`;
    });
    const selects = columns.map((c) =>
      c.type === 'text[]'
        ? sql`case when u.${sql.ref(c.name)} = '' then '{}'::text[] else string_to_array(u.${sql.ref(c.name)}, ${ARRAY_SEPARATOR}) end`
        : sql`u.${sql.ref(c.name)}`,
    );
    const returning = opts.returning?.length ? sql` returning ${sql.join(opts.returning.map((c) => sql.ref(c)))}` : sql``;
    const result = await sql<R>`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c.name)))})
      select ${sql.join(selects)} from unnest(${sql.join(params)}) as u(${sql.join(columns.map((c) => sql.ref(c.name)))})
      ${sql.raw(opts.onConflict ?? '')}${returning}`.execute(conn);
    out.push(...result.rows);
  }
  return out;
}
