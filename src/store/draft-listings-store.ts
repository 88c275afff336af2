import { sql, type Kysely } from 'kysely';
import type { DB, ListingPlan, ListingStatus } from './schema.ts';
import type { ListingColumns, ListingFromDraft, ListingLogo } from '../domain/drafts/listing-from-draft.ts';

/** A free slug: `base`, else `base-2`, `base-3`, … (checked against `table`). */
async function freeSlug(db: Kysely<DB>, table: 'listings' | 'founders', base: string): Promise<string> {
  const r = await sql<{ slug: string }>`select slug from ${sql.table(table)} where slug = ${base} or slug like ${base + '-%'}`.execute(db);
  const taken = new Set(r.rows.map((x) => x.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

const columnValues = (c: ListingColumns) => ({
  ...c,
  faqs: JSON.stringify(c.faqs),
  socials: JSON.stringify(c.socials),
  story: c.story === null ? null : JSON.stringify(c.story),
});

/**
 * The listing a draft is saved as (submit_draft; update_draft once submitted). Always called
 * inside the draft's transaction: pass the transaction handle.
 */
export function draftListingsStore(db: Kysely<DB>) {
  return {
    /** Categories by name, case-insensitively, in the order asked; unknown names are left out. */
    async categoriesByName(names: string[]): Promise<{ id: string; name: string }[]> {
      if (names.length === 0) return [];
      const rows = await db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where(sql<boolean>`lower(name) = any(${names.map((n) => n.toLowerCase())}::text[])`)
        .execute();
      const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r]));
      return names.map((n) => byName.get(n.toLowerCase())).filter((r) => r !== undefined);
    },

    async create(ownerId: string, slugBase: string, c: ListingColumns, logo: ListingLogo): Promise<{ id: string; slug: string; plan: ListingPlan; status: ListingStatus }> {
      const slug = await freeSlug(db, 'listings', slugBase);
      return db
        .insertInto('listings')
        .values({ ...columnValues(c), ...logo, slug, owner_id: ownerId, status: 'draft', plan: 'free' } as never)
        .returning(['id', 'slug', 'plan', 'status'])
        .executeTakeFirstOrThrow();
    },

    /**
     * Updates the owner's listing; undefined when it is gone or no longer theirs. The logo only
     * when given: a listing's logo may be the owner's upload, which other edits of the draft leave.
     */
    async update(listingId: string, ownerId: string, c: ListingColumns, at: Date, logo?: ListingLogo) {
      return db
        .updateTable('listings')
        .set({ ...columnValues(c), ...logo, updated_at: at } as never)
        .where('id', '=', listingId)
        .where('owner_id', '=', ownerId)
        .returning(['id', 'slug', 'plan', 'status'])
        .executeTakeFirst();
    },

    /**
     * The draft's kept logo, once its copy is made, on a listing saved from the draft before: only
     * while the listing has no kept logo (an upload made meanwhile stays). Its slug when it took it.
     */
    async takeKeptLogo(listingId: string, logo: { url: string; hash: string }, at: Date) {
      return db
        .updateTable('listings')
        .set({ logo_url: logo.url, logo_hash: logo.hash, updated_at: at })
        .where('id', '=', listingId)
        .where('logo_hash', 'is', null)
        .returning('slug')
        .executeTakeFirst();
    },

    /** Replaces the listing's categories; the first is primary. */
    async setCategories(listingId: string, categoryIds: string[]) {
      await db.deleteFrom('listing_categories').where('listing_id', '=', listingId).execute();
      await db.updateTable('listings').set({ primary_category_id: categoryIds[0] ?? null }).where('id', '=', listingId).execute();
      if (categoryIds.length === 0) return;
      await db
        .insertInto('listing_categories')
        .values(categoryIds.map((id, i) => ({ listing_id: listingId, category_id: id, is_primary: i === 0, position: i })))
        .execute();
    },

    /**
     * Replaces the founders the draft made (no account, on this listing only), keeping founders
     * with their own account (e.g. an invited co-founder) after them.
     */
    async replaceFounders(listingId: string, founders: ListingFromDraft['founders'], slugOf: (name: string) => string) {
      await sql`delete from founders f where f.user_id is null
        and exists (select 1 from listing_founders lf where lf.founder_id = f.id and lf.listing_id = ${listingId})
        and not exists (select 1 from listing_founders lf where lf.founder_id = f.id and lf.listing_id <> ${listingId})`.execute(db);
      await sql`update listing_founders lf set position = ${founders.length} + s.rn
        from (select founder_id, (row_number() over (order by position, founder_id) - 1)::int as rn
              from listing_founders where listing_id = ${listingId}) s
        where lf.listing_id = ${listingId} and lf.founder_id = s.founder_id`.execute(db);
      for (const [i, f] of founders.entries()) {
        const slug = await freeSlug(db, 'founders', slugOf(f.name));
        const row = await db
          .insertInto('founders')
          .values({ slug, name: f.name, title: f.title, bio: f.bio ?? '', socials: JSON.stringify(f.socials) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.insertInto('listing_founders').values({ listing_id: listingId, founder_id: row.id, title: f.title, position: i }).execute();
      }
    },

    async replaceMilestones(listingId: string, milestones: ListingFromDraft['milestones']) {
      await db.deleteFrom('milestones').where('listing_id', '=', listingId).execute();
      if (milestones.length === 0) return;
      await db
        .insertInto('milestones')
        .values(milestones.map((m) => ({ listing_id: listingId, date: m.date, title: m.title, description: m.description, url: m.url })))
        .execute();
    },
  };
}
export type DraftListingsStore = ReturnType<typeof draftListingsStore>;
