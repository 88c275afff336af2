import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

export interface ListingVersionInput {
  listingId: string;
  /** The user who made the edit; null for the service itself. */
  editorId: string | null;
  /** What made the edit: the operation's name, e.g. update_my_listing or update_draft. */
  source: string;
  /** The changed fields before and after, same keys on both sides. */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  at?: Date;
}

/**
 * Records one edit of a published listing in its version history. Call it with the transaction
 * that makes the edit, so the history and the listing never disagree.
 */
export async function record(trx: Kysely<DB>, v: ListingVersionInput): Promise<void> {
  await trx
    .insertInto('listing_versions')
    .values({
      listing_id: v.listingId,
      editor_id: v.editorId,
      source: v.source,
      before: JSON.stringify(v.before),
      after: JSON.stringify(v.after),
      ...(v.at ? { created_at: v.at } : {}),
    })
    .execute();
}

export function listingVersionsStore(db: Kysely<DB>) {
  return {
    record: (v: ListingVersionInput) => record(db, v),

    /** The newest versions across all listings, for the site team's before/after page. */
    async recent(limit: number, offset: number) {
      const [items, total] = await Promise.all([
        db
          .selectFrom('listing_versions as v')
          .innerJoin('listings as l', 'l.id', 'v.listing_id')
          .leftJoin('users as u', 'u.id', 'v.editor_id')
          .select(['v.id', 'v.listing_id', 'l.slug', 'l.name', 'l.status', 'u.email as editor_email', 'v.source', 'v.before', 'v.after', 'v.created_at'])
          .orderBy('v.created_at', 'desc')
          .orderBy('v.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db.selectFrom('listing_versions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },

    /** One listing's versions, newest first (the newest `limit` when given). */
    async ofListing(listingId: string, limit?: number) {
      let q = db
        .selectFrom('listing_versions')
        .select(['id', 'editor_id', 'source', 'before', 'after', 'created_at'])
        .where('listing_id', '=', listingId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      if (limit !== undefined) q = q.limit(limit);
      return q.execute();
    },
  };
}
export type ListingVersionsStore = ReturnType<typeof listingVersionsStore>;
