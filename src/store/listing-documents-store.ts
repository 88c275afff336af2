import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { executePrepared } from './prepared.ts';
import { readBatch } from './read-batch.ts';

/**
 * Precomputed public profiles (migration 0038): a listing's exact get_listing text, emptied by
 * triggers in the transaction of every change to it and written back only under the generation
 * read with the profile it was computed from.
 */

/** A public listing and its document when usable (computed under this epoch and PUBLIC_URL), with today's view count. */
export interface DocumentRead {
  id: string;
  body: string | null;
  tag: string | null;
  /** The view count the body holds, and where its digits start. */
  views: string | null;
  views_at: number | null;
  views_now: string;
}

/** A document to write back, under the generation and epoch read in the same snapshot as its profile. */
export interface DocumentWrite {
  listingId: string;
  generation: string;
  epoch: string;
  body: string;
  tag: string;
  views: number;
  viewsAt: number | null;
}

export function listingDocumentsStore(db: Kysely<DB>) {
  // Usable documents by slug (migration 0043): one index lookup each and the view count, for every
  // slug asked for in the same turn (read-batch.ts).
  const readUsable = (publicUrl: string) =>
    readBatch<DocumentRead>(async (slugs) => {
      const r = await executePrepared(db, sql<DocumentRead & { slug: string }>`
        select d.slug, d.listing_id as id, d.body, d.tag, d.views, d.views_at, coalesce(v.views, 0) as views_now
        from listing_documents d
        left join listing_views v on v.listing_id = d.listing_id
        where d.slug = any(${slugs}::text[]) and d.body is not null and d.public_url = ${publicUrl}
          and d.epoch = (select s.epoch from listing_document_settings s)`);
      return new Map(r.rows.map(({ slug, ...row }) => [slug, row]));
    });
  // Otherwise the public listing by slug, whose document is to be computed (or none): the read
  // above found no usable document for it, so there is no body to join.
  const readListings = readBatch<DocumentRead>(async (slugs) => {
    const r = await executePrepared(db, sql<{ slug: string; id: string }>`
      select l.slug, l.id from listings l where l.slug = any(${slugs}::text[]) and l.status in ('live', 'scheduled')`);
    return new Map(r.rows.map(({ slug, id }) => [slug, { id, body: null, tag: null, views: null, views_at: null, views_now: '0' }]));
  });
  const usableBy = new Map<string, (slug: string) => Promise<DocumentRead | undefined>>();

  return {
    /** The public (live or scheduled) listing by slug and its usable document if any. */
    async publicDocument(slug: string, publicUrl: string): Promise<DocumentRead | undefined> {
      let usable = usableBy.get(publicUrl);
      if (!usable) usableBy.set(publicUrl, (usable = readUsable(publicUrl)));
      return (await usable(slug)) ?? readListings(slug);
    },

    /**
     * Writes documents back, each only if its row still has the generation it was computed under
     * and no transaction holds it (one that does is changing it: its bump wins). Never waits for
     * a lock, so a read never queues behind a long write. Returns the listings written.
     */
    async keep(publicUrl: string, docs: DocumentWrite[]): Promise<string[]> {
      if (!docs.length) return [];
      const col = <K extends keyof DocumentWrite>(k: K) => docs.map((d) => d[k]);
      const r = await executePrepared(db, sql<{ listing_id: string }>`
        with v as (
          select * from unnest(${col('listingId')}::bigint[], ${col('generation')}::bigint[], ${col('epoch')}::bigint[],
            ${col('body')}::text[], ${col('tag')}::text[], ${col('views')}::bigint[], ${col('viewsAt')}::int[])
            as v(listing_id, generation, epoch, body, tag, views, views_at)
        ), held as (
          select d.listing_id from listing_documents d join v on v.listing_id = d.listing_id and v.generation = d.generation
          for update of d skip locked
        )
        update listing_documents d set body = v.body, tag = v.tag, epoch = v.epoch, public_url = ${publicUrl},
          views = v.views, views_at = v.views_at,
          -- The generation held, the slug is still the one the body was computed with (0043).
          slug = (select l.slug from listings l where l.id = d.listing_id)
        from v where d.listing_id = v.listing_id and d.listing_id in (select listing_id from held)
        returning d.listing_id`);
      return r.rows.map((row) => row.listing_id);
    },

    /** Public listings whose document is empty, after `after` in id order (the partial index of 0038). */
    async missing(after: string, limit: number): Promise<string[]> {
      const r = await sql<{ listing_id: string }>`
        select d.listing_id from listing_documents d join listings l on l.id = d.listing_id
        where d.body is null and d.listing_id > ${after}::bigint and l.status in ('live', 'scheduled')
        order by d.listing_id limit ${limit}`.execute(db);
      return r.rows.map((row) => row.listing_id);
    },

    /**
     * Empties up to `limit` bodies computed under an older epoch (a renamed category): the reads
     * already pass them by; emptied, the job computes them again. Returns how many.
     */
    async emptyOutdated(limit: number): Promise<number> {
      const r = await sql`
        update listing_documents d set body = null, tag = null
        where d.listing_id in (
          select x.listing_id from listing_documents x
          where x.body is not null and x.epoch < (select s.epoch from listing_document_settings s)
          limit ${limit} for update skip locked)`.execute(db);
      return Number(r.numAffectedRows ?? 0);
    },

    /**
     * Records the PUBLIC_URL documents are built under; another one than before bumps the epoch,
     * so bodies holding the old address are computed again. True when it changed.
     */
    async adoptPublicUrl(publicUrl: string): Promise<boolean> {
      const r = await sql`
        update listing_document_settings
        set epoch = case when public_url is null then epoch else epoch + 1 end, public_url = ${publicUrl}
        where public_url is distinct from ${publicUrl}`.execute(db);
      return Number(r.numAffectedRows ?? 0) > 0;
    },
  };
}
export type ListingDocumentsStore = ReturnType<typeof listingDocumentsStore>;
