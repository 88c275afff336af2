import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, DraftInvitesTable } from './schema.ts';
import { draftsStore } from './drafts-store.ts';
import { draftListingsStore } from './draft-listings-store.ts';
import { transactional } from './transactional.ts';

export type DraftInviteRecord = Selectable<DraftInvitesTable>;

/** An invite with what its page shows: the product's name as drafted and who sent it. */
export interface DraftInviteView extends DraftInviteRecord {
  product_name: string | null;
  inviter_name: string;
}

/** Co-founder invites (migrations/0009_draft_invites.sql). Pass a transaction handle as `db` to work inside it. */
export function draftInvitesStore(db: Kysely<DB>) {
  return {
    async count(draftId: string): Promise<number> {
      const r = await sql<{ n: number }>`select count(*)::int as n from draft_invites where draft_id = ${draftId}`.execute(db);
      return r.rows[0].n;
    },

    /** A draft's invites, oldest first (the owner's list with each one's status). */
    async forDraft(draftId: string): Promise<DraftInviteRecord[]> {
      return db.selectFrom('draft_invites').selectAll().where('draft_id', '=', draftId).orderBy('created_at').orderBy('id').execute();
    },

    /** The open (not accepted) invite of this address for the draft, whatever the letter case. */
    async pendingFor(draftId: string, email: string): Promise<DraftInviteRecord | undefined> {
      return db
        .selectFrom('draft_invites')
        .selectAll()
        .where('draft_id', '=', draftId)
        .where(sql<boolean>`lower(email) = lower(${email})`)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
    },

    async create(p: { draftId: string; email: string; tokenHash: string; invitedBy: string; at: Date; expiresAt: Date }): Promise<DraftInviteRecord> {
      return db
        .insertInto('draft_invites')
        .values({ draft_id: p.draftId, email: p.email, token_hash: p.tokenHash, invited_by: p.invitedBy, created_at: p.at, expires_at: p.expiresAt })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A new link for an open invite: the old token stops working at once. */
    async renew(id: string, p: { email: string; tokenHash: string; invitedBy: string; expiresAt: Date }): Promise<DraftInviteRecord> {
      return db
        .updateTable('draft_invites')
        .set({ email: p.email, token_hash: p.tokenHash, invited_by: p.invitedBy, expires_at: p.expiresAt })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async byHash(tokenHash: string): Promise<DraftInviteView | undefined> {
      const r = await sql<DraftInviteView>`
        select i.*, d.fields -> 'name' ->> 'value' as product_name, u.name as inviter_name
        from draft_invites i
        join drafts d on d.id = i.draft_id
        join users u on u.id = i.invited_by
        where i.token_hash = ${tokenHash}`.execute(db);
      return r.rows[0];
    },

    async markAccepted(id: string, userId: string, at: Date) {
      await db.updateTable('draft_invites').set({ accepted_at: at, accepted_by: userId }).where('id', '=', id).execute();
    },

    async userName(userId: string): Promise<string | undefined> {
      return (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())?.name;
    },

    /** The slug of the owner's listing, to drop it from the public profile cache after a change. */
    async listingSlug(listingId: string, ownerId: string): Promise<string | undefined> {
      return (await db.selectFrom('listings').select('slug').where('id', '=', listingId).where('owner_id', '=', ownerId).executeTakeFirst())?.slug;
    },
  };
}

function bind(db: Kysely<DB>) {
  return { invites: draftInvitesStore(db), drafts: draftsStore(db), listings: draftListingsStore(db) };
}
export type DraftInviteStoresIn = ReturnType<typeof bind>;

/** The stores invites use, and one transaction over all of them (PGlite: never a second connection inside). */
export function draftInviteStores(db: Kysely<DB>) {
  return transactional(db, bind);
}
export type DraftInviteStores = ReturnType<typeof draftInviteStores>;
