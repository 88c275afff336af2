import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { isActingAdmin, recordAdminAction, type AdminActionInput } from './admin-actions-store.ts';
import { eraseAccountRows, type ErasureInput } from './account-erasure-store.ts';
import { transactional } from './transactional.ts';

/** An account as a deletion sees it. */
export interface DeletionSubject {
  id: string;
  email: string;
  name: string;
  has_password: boolean;
  deletion_requested_at: Date | null;
  deletion_due_at: Date | null;
  erased_at: Date | null;
}

const SUBJECT = sql`id, email, name, password_hash is not null as has_password, deletion_requested_at, deletion_due_at, erased_at`;

/**
 * Deletion requests (migrations/0035_account_deletion.sql): scheduling one with the account's
 * access revoked, cancelling it, the due ones for the job, and the erasure itself in the caller's
 * transaction (account-erasure-store.ts).
 */
export function accountDeletionStore(db: Kysely<DB>) {
  return transactional(db, queries);
}
export type AccountDeletionStore = ReturnType<typeof accountDeletionStore>;
export type AccountDeletionTx = ReturnType<typeof queries>;

function queries(db: Kysely<DB>) {
  return {
    record: (a: AdminActionInput) => recordAdminAction(db, a),
    isActingAdmin: (userId: string) => isActingAdmin(db, userId),

    async subject(userId: string): Promise<DeletionSubject | undefined> {
      return (await sql<DeletionSubject>`select ${SUBJECT} from users where id = ${userId}`.execute(db)).rows[0];
    },

    /** The account row-locked for the rest of the transaction, by id or by address. */
    async lock(ref: { id: string } | { email: string }): Promise<DeletionSubject | undefined> {
      const where = 'id' in ref ? sql`id = ${ref.id}` : sql`lower(email) = ${ref.email.trim().toLowerCase()}`;
      return (await sql<DeletionSubject>`select ${SUBJECT} from users where ${where} for update`.execute(db)).rows[0];
    },

    async schedule(userId: string, requestedAt: Date, dueAt: Date) {
      await sql`update users set deletion_requested_at = ${requestedAt}, deletion_due_at = ${dueAt} where id = ${userId}`.execute(db);
    },

    /**
     * Every way into the account ends now: its sessions, its API keys, its OAuth grants with what
     * was issued under them (an access token is checked against its grant on every request, so it
     * stops too), and the authorization server's own sessions of it.
     */
    async revokeAccess(userId: string, at: Date) {
      await sql`update sessions set revoked_at = ${at} where user_id = ${userId} and revoked_at is null`.execute(db);
      await sql`update api_keys set revoked_at = ${at} where user_id = ${userId} and revoked_at is null`.execute(db);
      await sql`delete from oauth_records where grant_id in (
        select id from oauth_records where model = 'Grant' and payload->>'accountId' = ${userId})`.execute(db);
      await sql`delete from oauth_records where payload->>'accountId' = ${userId}`.execute(db);
    },

    /** Cancels a pending request; the time it was asked for when there was one. */
    async cancel(userId: string): Promise<Date | undefined> {
      const r = await sql<{ requested: Date }>`
        with old as (select id, deletion_requested_at from users where id = ${userId} and deletion_due_at is not null for update)
        update users u set deletion_requested_at = null, deletion_due_at = null
        from old where u.id = old.id returning old.deletion_requested_at as requested`.execute(db);
      return r.rows[0]?.requested;
    },

    /** Accounts whose deletion is due, earliest first. */
    async due(now: Date, limit: number): Promise<string[]> {
      const r = await sql<{ id: string }>`select id from users where deletion_due_at <= ${now} order by deletion_due_at, id limit ${limit}`.execute(db);
      return r.rows.map((row) => row.id);
    },

    erase: (p: ErasureInput) => eraseAccountRows(db, p),

    /**
     * The orders of erased accounts, kept for the tax law, once their retention is over (counted
     * from their last event: paid or refunded). Their lines go with them; payment events and
     * billboard money stay, unlinked (their foreign keys' "set null").
     */
    async purgeKeptOrders(before: Date): Promise<number> {
      const r = await sql`delete from orders o using users u
        where u.id = o.user_id and u.erased_at is not null and coalesce(o.refunded_at, o.paid_at, o.created_at) < ${before}`.execute(db);
      return Number(r.numAffectedRows ?? 0);
    },
  };
}
