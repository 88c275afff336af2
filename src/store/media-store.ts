import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { transactional } from './transactional.ts';
import { listingVersionsStore } from './listing-versions-store.ts';
import type { LogoRefusal } from '../domain/pictures/listing-logo-copy.ts';

/** An owned listing as a picture write sees it, locked for the rest of the transaction. */
export interface PictureListingRow {
  id: string;
  slug: string;
  logo_url: string | null;
  logo_hash: string | null;
}

export interface GalleryItemRow {
  id: string;
  kind: 'image' | 'video';
  url: string;
  caption: string | null;
  alt: string | null;
  media_hash: string | null;
  width: number | null;
  height: number | null;
  position: number;
}

/**
 * Logos and gallery items of listings, the kept pictures' registry (media_files) and the upload
 * log; writes run inside `transaction` on the listing's locked row.
 */
export function mediaStore(db: Kysely<DB>) {
  return transactional(db, queries);
}
export type MediaStore = ReturnType<typeof mediaStore>;
export type MediaTx = ReturnType<typeof queries>;

function queries(db: Kysely<DB>) {
  const ownedListing = (listingId: string, ownerId: string) =>
    db.selectFrom('listings').select(['id', 'slug', 'logo_url', 'logo_hash']).where('id', '=', listingId).where('owner_id', '=', ownerId);
  return {
    versions: listingVersionsStore(db),

    /** The owner's listing, row-locked until the transaction ends; undefined when not theirs. */
    async lockOwned(listingId: string, ownerId: string): Promise<PictureListingRow | undefined> {
      return ownedListing(listingId, ownerId).forUpdate().executeTakeFirst();
    },

    /** The owner's listing for a read (no lock); undefined when not theirs. */
    async owned(listingId: string, ownerId: string): Promise<PictureListingRow | undefined> {
      return ownedListing(listingId, ownerId).executeTakeFirst();
    },

    /** Why the copy of the listing's logo on another site was refused (jobs/listing-logo.ts), if it was. */
    logoRefusal: (listingId: string): Promise<LogoRefusal | undefined> =>
      db.selectFrom('listing_logo_refusals').select(['source_url', 'code', 'reason', 'refused_at']).where('listing_id', '=', listingId).executeTakeFirst(),

    /** The listing's gallery in its order, with each image's size. */
    async gallery(listingId: string): Promise<GalleryItemRow[]> {
      const r = await sql<GalleryItemRow>`
        select m.id, m.kind, m.url, m.caption, m.alt, m.media_hash, f.width, f.height, m.position
        from listing_media m left join media_files f on f.source_hash = m.media_hash
        where m.listing_id = ${listingId} order by m.position, m.id`.execute(db);
      return r.rows;
    },

    /** Registers a kept picture (the same bytes twice are one row). */
    async register(p: { hash: string; purpose: 'logo' | 'gallery'; width: number; height: number; sourceUrl?: string | null }) {
      await sql`insert into media_files (source_hash, purpose, width, height, source_url)
        values (${p.hash}, ${p.purpose}, ${p.width}, ${p.height}, ${p.sourceUrl ?? null})
        on conflict (source_hash) do nothing`.execute(db);
    },

    async setLogo(listingId: string, logo: { url: string | null; hash: string | null }, now: Date) {
      await db.updateTable('listings').set({ logo_url: logo.url, logo_hash: logo.hash, updated_at: now }).where('id', '=', listingId).execute();
    },

    async addItem(p: { listingId: string; kind: 'image' | 'video'; url: string; caption: string | null; alt: string | null; hash: string | null; at: Date }) {
      const r = await sql<{ id: string }>`
        insert into listing_media (listing_id, kind, url, caption, alt, media_hash, position, created_at)
        values (${p.listingId}, ${p.kind}, ${p.url}, ${p.caption}, ${p.alt}, ${p.hash},
          coalesce((select max(position) + 1 from listing_media where listing_id = ${p.listingId}), 0), ${p.at})
        returning id`.execute(db);
      return r.rows[0].id;
    },

    async updateItem(listingId: string, itemId: string, p: { caption: string | null; alt: string | null }) {
      const r = await db.updateTable('listing_media').set({ caption: p.caption, alt: p.alt }).where('id', '=', itemId).where('listing_id', '=', listingId).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async deleteItem(listingId: string, itemId: string) {
      return db.deleteFrom('listing_media').where('id', '=', itemId).where('listing_id', '=', listingId).returning(['media_hash']).executeTakeFirst();
    },

    /** Writes the gallery's order (ids in their new order; every id is the listing's). */
    async reorder(listingId: string, ids: string[]) {
      await sql`update listing_media m set position = o.position - 1
        from unnest(${ids}::bigint[]) with ordinality as o(id, position)
        where m.id = o.id and m.listing_id = ${listingId}`.execute(db);
    },

    /** True when a listing's logo or gallery, or a draft's logo copy, still uses the picture. */
    async referenced(hash: string) {
      const r = await sql<{ used: boolean }>`select exists (select 1 from listings where logo_hash = ${hash})
        or exists (select 1 from listing_media where media_hash = ${hash})
        or exists (select 1 from drafts where logo_hash = ${hash}) as used`.execute(db);
      return r.rows[0].used;
    },

    /** Removes an unreferenced picture's row (its files are deleted by the caller); false when still used. */
    async forgetIfUnused(hash: string) {
      const r = await sql`delete from media_files f where f.source_hash = ${hash}
        and not exists (select 1 from listings where logo_hash = f.source_hash)
        and not exists (select 1 from listing_media where media_hash = f.source_hash)
        and not exists (select 1 from drafts where logo_hash = f.source_hash)`.execute(db);
      return Number(r.numAffectedRows ?? 0) > 0;
    },

    /** Which of these folders the registry knows (the sweep keeps those). */
    async known(hashes: string[]): Promise<Set<string>> {
      if (!hashes.length) return new Set();
      const r = await sql<{ source_hash: string }>`select source_hash from media_files where source_hash = any(${hashes}::text[])`.execute(db);
      return new Set(r.rows.map((x) => x.source_hash));
    },

    /** Registered pictures nothing uses any more, registered before `before`: the sweep's to delete. */
    async unused(before: Date, limit: number) {
      const r = await sql<{ source_hash: string }>`select f.source_hash from media_files f
        where f.created_at < ${before}
          and not exists (select 1 from listings where logo_hash = f.source_hash)
          and not exists (select 1 from listing_media where media_hash = f.source_hash)
          and not exists (select 1 from drafts where logo_hash = f.source_hash)
        limit ${limit}`.execute(db);
      return r.rows.map((x) => x.source_hash);
    },

    /** Logs an upload and returns how many the person made since each time (the rate limit reads both). */
    async logUpload(userId: string, at: Date, since: { hour: Date; day: Date }) {
      await sql`insert into media_upload_log (user_id, created_at) values (${userId}, ${at})`.execute(db);
      const r = await sql<{ hour: number; day: number }>`
        select count(*) filter (where created_at > ${since.hour})::int as hour, count(*)::int as day
        from media_upload_log where user_id = ${userId} and created_at > ${since.day}`.execute(db);
      return r.rows[0];
    },

    async dropUploadLog(before: Date) {
      const r = await sql`delete from media_upload_log where created_at < ${before}`.execute(db);
      return Number(r.numAffectedRows ?? 0);
    },
  };
}
