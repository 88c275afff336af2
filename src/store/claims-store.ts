import { sql, type Kysely, type Selectable } from 'kysely';
import type { ClaimCheckResult, ClaimMethod, DB, ListingClaimsTable, ListingStatus } from './schema.ts';
import { record as recordVersion } from './listing-versions-store.ts';
import { transactional } from './transactional.ts';
import { webhookEventsStore } from './webhook-events-store.ts';

export type ClaimRecord = Selectable<ListingClaimsTable>;

/** A claim with the listing it is about, as the claimant sees it. */
export interface ClaimView extends ClaimRecord {
  slug: string;
  listing_name: string;
}

/** A listing as a claim sees it, locked for the rest of the transaction. */
export interface ClaimTarget {
  id: string;
  slug: string;
  name: string;
  url: string;
  status: ListingStatus;
  owner_id: string | null;
}

/** Mails of a throttle's window: how many, and when the oldest was sent (it leaves the window first). */
export interface MailWindow {
  n: number;
  oldest: Date | null;
}

const VIEW = sql`c.*, l.slug, l.name as listing_name`;

/** Claims (migrations/0012_claims.sql). `transaction` hands its callback the same queries bound to one transaction. */
export function claimsStore(db: Kysely<DB>) {
  return transactional(db, queries);
}
export type ClaimsStore = ReturnType<typeof claimsStore>;
export type ClaimsTx = ReturnType<typeof queries>;

function queries(db: Kysely<DB>) {
  async function view(where: ReturnType<typeof sql>): Promise<ClaimView | undefined> {
    const r = await sql<ClaimView>`select ${VIEW} from listing_claims c join listings l on l.id = c.listing_id where ${where}`.execute(db);
    return r.rows[0];
  }

  return {
    /** The webhooks' events of a verification, in the same transaction. */
    webhookEvents: webhookEventsStore(db),

    /** A public (live or scheduled) listing by slug, row-locked: claims of one listing queue behind each other. */
    async lockPublicListing(slug: string): Promise<ClaimTarget | undefined> {
      const r = await sql<ClaimTarget>`
        select id, slug, name, url, status, owner_id from listings
        where slug = ${slug} and status in ('live', 'scheduled') for update`.execute(db);
      return r.rows[0];
    },

    async target(listingId: string): Promise<ClaimTarget | undefined> {
      const r = await sql<ClaimTarget>`select id, slug, name, url, status, owner_id from listings where id = ${listingId}`.execute(db);
      return r.rows[0];
    },

    async lockListing(listingId: string): Promise<ClaimTarget | undefined> {
      const r = await sql<ClaimTarget>`select id, slug, name, url, status, owner_id from listings where id = ${listingId} for update`.execute(db);
      return r.rows[0];
    },

    /** The claimant's row, locked: their claim mails are counted and written one request at a time. */
    async lockUser(userId: string) {
      await sql`select id from users where id = ${userId} for update`.execute(db);
    },

    async contact(userId: string): Promise<{ email: string; name: string } | undefined> {
      return db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
    },

    /** The person's pending claim of this listing by this method (at most one: a partial unique index). */
    async pending(userId: string, listingId: string, method: ClaimMethod): Promise<ClaimRecord | undefined> {
      return db
        .selectFrom('listing_claims')
        .selectAll()
        .where('user_id', '=', userId)
        .where('listing_id', '=', listingId)
        .where('method', '=', method)
        .where('status', '=', 'pending')
        .forUpdate()
        .executeTakeFirst();
    },

    async create(p: {
      listingId: string;
      userId: string;
      method: ClaimMethod;
      homepage: string;
      domain: string | null;
      token?: string;
      email?: string;
      tokenHash?: string;
      at: Date;
      expiresAt: Date;
    }): Promise<ClaimRecord> {
      return db
        .insertInto('listing_claims')
        .values({
          listing_id: p.listingId,
          user_id: p.userId,
          method: p.method,
          homepage: p.homepage,
          domain: p.domain,
          token: p.token ?? null,
          email: p.email ?? null,
          token_hash: p.tokenHash ?? null,
          created_at: p.at,
          expires_at: p.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A fresh link for a pending e-mail claim: the old link stops working at once (its hash is replaced). */
    async renewLink(claimId: string, p: { email: string; tokenHash: string; expiresAt: Date }) {
      await db.updateTable('listing_claims').set({ email: p.email, token_hash: p.tokenHash, expires_at: p.expiresAt }).where('id', '=', claimId).execute();
    },

    async expire(claimId: string) {
      await db.updateTable('listing_claims').set({ status: 'expired' }).where('id', '=', claimId).where('status', '=', 'pending').execute();
    },

    async fail(claimId: string, reason: string) {
      await db.updateTable('listing_claims').set({ status: 'failed', failure_reason: reason }).where('id', '=', claimId).where('status', '=', 'pending').execute();
    },

    async recordCheck(claimId: string, p: { result: ClaimCheckResult; detail: string; at: Date }) {
      await db.updateTable('listing_claims').set({ last_result: p.result, last_detail: p.detail, checked_at: p.at }).where('id', '=', claimId).execute();
    },

    async markVerified(claimId: string, p: { at: Date; previousOwnerId: string | null }) {
      await db
        .updateTable('listing_claims')
        .set({ status: 'verified', verified_at: p.at, previous_owner_id: p.previousOwnerId })
        .where('id', '=', claimId)
        .execute();
    },

    /**
     * The claimant becomes the listing's one owner, and the listing is verified. Drafts of anyone
     * else that were saved as this listing let go of it (back to ready), so their edits no longer
     * write to a listing that is not theirs. The change is in the listing's version history.
     */
    async transferOwnership(p: { listingId: string; from: string | null; to: string; at: Date }) {
      await db.updateTable('listings').set({ owner_id: p.to, verified_at: p.at, updated_at: p.at }).where('id', '=', p.listingId).execute();
      await db
        .updateTable('drafts')
        .set({ listing_id: null, status: 'ready', updated_at: p.at })
        .where('listing_id', '=', p.listingId)
        .where('owner_id', '<>', p.to)
        .execute();
      await recordVersion(db, { listingId: p.listingId, editorId: p.to, source: 'verify_claim', before: { owner_id: p.from }, after: { owner_id: p.to }, at: p.at });
    },

    /** Marks the listing verified again (its owner proved it once more); the owner stays. */
    async reverify(listingId: string, at: Date) {
      await db.updateTable('listings').set({ verified_at: at }).where('id', '=', listingId).execute();
    },

    /** Claim mails sent since `since`, by this person and to this listing's addresses. */
    async mailsSince(userId: string, listingId: string, since: Date): Promise<{ byUser: MailWindow; byListing: MailWindow }> {
      const r = await sql<{ user_n: number; user_oldest: Date | null; listing_n: number; listing_oldest: Date | null }>`
        select
          (select count(*)::int from claim_emails where user_id = ${userId} and sent_at > ${since}) as user_n,
          (select min(sent_at) from claim_emails where user_id = ${userId} and sent_at > ${since}) as user_oldest,
          (select count(*)::int from claim_emails where listing_id = ${listingId} and sent_at > ${since}) as listing_n,
          (select min(sent_at) from claim_emails where listing_id = ${listingId} and sent_at > ${since}) as listing_oldest`.execute(db);
      const row = r.rows[0];
      return { byUser: { n: row.user_n, oldest: row.user_oldest }, byListing: { n: row.listing_n, oldest: row.listing_oldest } };
    },

    async recordMail(p: { claimId: string; userId: string; listingId: string; email: string; at: Date }) {
      await db.insertInto('claim_emails').values({ claim_id: p.claimId, user_id: p.userId, listing_id: p.listingId, email: p.email, sent_at: p.at }).execute();
    },

    /** One of the person's claims; undefined for an unknown id and for anyone else's. */
    mine: (claimId: string, userId: string) => view(sql`c.id = ${claimId} and c.user_id = ${userId}`),

    byId: (claimId: string) => view(sql`c.id = ${claimId}`),

    async lock(claimId: string): Promise<ClaimRecord | undefined> {
      return db.selectFrom('listing_claims').selectAll().where('id', '=', claimId).forUpdate().executeTakeFirst();
    },

    byTokenHash: (tokenHash: string) => view(sql`c.token_hash = ${tokenHash}`),

    /** The person's claims, newest first. */
    async list(userId: string, limit: number, offset: number): Promise<(ClaimView & { total: number })[]> {
      const r = await sql<ClaimView & { total: number }>`
        select ${VIEW}, count(*) over ()::int as total
        from listing_claims c join listings l on l.id = c.listing_id
        where c.user_id = ${userId}
        order by c.created_at desc, c.id desc
        limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    async count(userId: string): Promise<number> {
      const r = await sql<{ n: number }>`select count(*)::int as n from listing_claims where user_id = ${userId}`.execute(db);
      return r.rows[0].n;
    },
  };
}
