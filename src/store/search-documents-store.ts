import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema.ts';
import { summaryColumns, type SummaryRow } from './listing-summary.ts';
import { executePrepared } from './prepared.ts';
import { readBatch } from './read-batch.ts';
import { LISTING_CHANGES_CHANNEL } from './listing-changes.ts';

/** A listing as the in-memory search reads it (domain/listings/search-engine/document.ts). */
export interface SearchDocumentRow {
  id: number;
  slug: string;
  status: string;
  votes: number;
  name: string;
  tagline: string | null;
  keywords: string[] | null;
  description: string | null;
}

const columns = sql`l.id::float8 as id, l.slug, l.status, l.votes_count as votes, l.name, l.tagline, l.keywords, l.description`;

/** A page of cards is twenty; a batch holds the pages of the searches answered in one turn. */
const CARDS_PER_STATEMENT = 400;

export function searchDocumentsStore(db: Kysely<DB>) {
  // The cards of every search answered in the same turn, in one statement (read-batch.ts).
  const cards = readBatch<SummaryRow>(async (ids) => {
    // Prepared: planning this join cost four times running it.
    const r = await executePrepared(db, sql<SummaryRow & { key: string }>`
      select ${summaryColumns}, l.id::text as key
      from listings l
      left join categories pc on pc.id = l.primary_category_id
      where l.id = any(${ids}::bigint[]) and l.status in ('live', 'scheduled')`);
    return new Map(r.rows.map(({ key, ...row }) => [key, row]));
  }, CARDS_PER_STATEMENT);
  const read = async (where: RawBuilder<unknown>, tail = sql``) =>
    (await sql<SearchDocumentRow>`select ${columns} from listings l where ${where} ${tail}`.execute(db)).rows;
  return {
    /** The next public listings after `afterId`, in id order (primary key walk): the index's build. */
    page: (afterId: number, limit: number) =>
      read(sql`l.id > ${afterId} and l.status in ('live', 'scheduled')`, sql`order by l.id limit ${limit}`),
    /** Listings (any status) with these slugs: what a change notice names. */
    bySlugs: (slugs: string[]) => read(sql`l.slug = any(${slugs}::text[])`),
    /** Listings (any status) with these ids: a slug that vanished is checked by the ids it had. */
    byIds: (ids: number[]) => read(sql`l.id = any(${ids}::bigint[])`),

    /** A notice down the listings' change feed, after the changes committed before it. */
    async announce(token: string): Promise<void> {
      await sql`select pg_notify(${LISTING_CHANGES_CHANNEL}, ${token})`.execute(db);
    },

    /** Cards of these listings in the order given (a ranked page); ids no longer public are left out. */
    async summaries(ids: number[]): Promise<SummaryRow[]> {
      const rows = await Promise.all(ids.map((id) => cards(String(id))));
      return rows.filter((row) => row !== undefined);
    },
  };
}
export type SearchDocumentsStore = ReturnType<typeof searchDocumentsStore>;
