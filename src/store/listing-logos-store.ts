import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { transactional } from './transactional.ts';
import type { LogoRefusal } from '../domain/pictures/listing-logo-copy.ts';

/** A listing's logo as the copy job reads it. */
export interface ListingLogoState {
  id: string;
  slug: string;
  logo_url: string | null;
  logo_hash: string | null;
}

/** A listing the sweep found with a logo on another site; `refused` when that address was tried. */
export interface WaitingLogo {
  id: string;
  logo_url: string;
  refused: boolean;
}

/**
 * The sweep's page: listings with a logo_url and no kept logo, after `after` by id, through the
 * partial index listings_logo_to_copy_idx (migration 0036), with the refusal of that same address
 * if any. Exported for the test that checks the index serves it.
 */
export function waitingPage(db: Kysely<DB>, after: string, limit: number) {
  return db
    .selectFrom('listings as l')
    .leftJoin('listing_logo_refusals as r', (j) => j.onRef('r.listing_id', '=', 'l.id').onRef('r.source_url', '=', 'l.logo_url'))
    .select(['l.id', 'l.logo_url', (eb) => eb('r.listing_id', 'is not', null).as('refused')])
    .where('l.logo_hash', 'is', null)
    .where('l.logo_url', 'is not', null)
    .where('l.id', '>', after)
    .orderBy('l.id')
    .limit(limit);
}

/**
 * Logos of listings that name a picture on another site (jobs/listing-logo.ts copies them): the
 * listing's logo, the refusals, the sweep's pages. Writes run inside `transaction` on the
 * listing's locked row.
 */
export function listingLogosStore(db: Kysely<DB>) {
  return transactional(db, queries);
}
export type ListingLogosStore = ReturnType<typeof listingLogosStore>;

function queries(db: Kysely<DB>) {
  const listing = (id: string) => db.selectFrom('listings').select(['id', 'slug', 'logo_url', 'logo_hash']).where('id', '=', id);
  return {
    get: (id: string): Promise<ListingLogoState | undefined> => listing(id).executeTakeFirst(),

    /** The listing, row-locked until the transaction ends. */
    lock: (id: string): Promise<ListingLogoState | undefined> => listing(id).forUpdate().executeTakeFirst(),

    async setKept(id: string, logo: { url: string; hash: string }, at: Date) {
      await db.updateTable('listings').set({ logo_url: logo.url, logo_hash: logo.hash, updated_at: at }).where('id', '=', id).execute();
      await db.deleteFrom('listing_logo_refusals').where('listing_id', '=', id).execute();
    },

    async refuse(id: string, r: LogoRefusal) {
      await db
        .insertInto('listing_logo_refusals')
        .values({ listing_id: id, ...r })
        .onConflict((oc) => oc.column('listing_id').doUpdateSet({ source_url: r.source_url, code: r.code, reason: r.reason, refused_at: r.refused_at }))
        .execute();
    },

    async waiting(after: string, limit: number): Promise<WaitingLogo[]> {
      const rows = await waitingPage(db, after, limit).execute();
      return rows.map((r) => ({ id: r.id, logo_url: r.logo_url!, refused: Boolean(r.refused) }));
    },
  };
}
