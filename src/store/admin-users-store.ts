import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { isActingAdmin, recordAdminAction, type AdminActionInput } from './admin-actions-store.ts';
import { likeEscaped } from './like-pattern.ts';
import { transactional } from './transactional.ts';

/** An account as the users page lists it. */
export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  is_admin: boolean;
  email_verified_at: Date | null;
  disabled_at: Date | null;
  created_at: Date;
  listings: number;
  live_sessions: number;
  /** A deletion waiting for its grace to end, and an erasure done (migrations/0035_account_deletion.sql). */
  deletion_due_at: Date | null;
  erased_at: Date | null;
}

export interface AccountState {
  id: string;
  email: string;
  is_admin: boolean;
  disabled_at: Date | null;
}

/** Accounts as administrators manage them: the list, disabling and enabling, the admin role. */
export function adminUsersStore(db: Kysely<DB>) {
  return transactional(db, queries);
}
export type AdminUsersStore = ReturnType<typeof adminUsersStore>;
export type AdminUsersTx = ReturnType<typeof queries>;

function queries(db: Kysely<DB>) {
  return {
    record: (a: AdminActionInput) => recordAdminAction(db, a),
    isActingAdmin: (userId: string) => isActingAdmin(db, userId),

    /** The account row-locked for the rest of the transaction. */
    async lock(userId: string): Promise<AccountState | undefined> {
      const r = await sql<AccountState>`select id, email, is_admin, disabled_at from users where id = ${userId} for update`.execute(db);
      return r.rows[0];
    },

    async lockByEmail(email: string): Promise<AccountState | undefined> {
      const r = await sql<AccountState>`select id, email, is_admin, disabled_at from users where lower(email) = ${email.trim().toLowerCase()} for update`.execute(db);
      return r.rows[0];
    },

    async setDisabled(userId: string, at: Date | null) {
      await db.updateTable('users').set({ disabled_at: at }).where('id', '=', userId).execute();
    },

    /** Ends every session of the account now (its API keys and grants are refused while it is disabled). */
    async endSessions(userId: string, at: Date) {
      await sql`update sessions set revoked_at = ${at} where user_id = ${userId} and revoked_at is null`.execute(db);
    },

    async grantAdmin(userId: string) {
      await db.updateTable('users').set({ is_admin: true }).where('id', '=', userId).execute();
    },

    /** A page of accounts, newest first; `q` matches the start of an address or a name in part. */
    async list(p: { q?: string; disabledOnly?: boolean; now: Date; limit: number; offset: number }) {
      const conditions = [];
      if (p.q) conditions.push(sql`(lower(u.email) like ${`${likeEscaped(p.q.toLowerCase())}%`} or u.name ilike ${`%${likeEscaped(p.q)}%`})`);
      if (p.disabledOnly) conditions.push(sql`u.disabled_at is not null`);
      const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      const [rows, total] = await Promise.all([
        sql<AdminUserRow>`
          select u.id, u.email, u.name, u.is_admin, u.email_verified_at, u.disabled_at, u.created_at, u.deletion_due_at, u.erased_at,
            (select count(*)::int from listings l where l.owner_id = u.id) as listings,
            (select count(*)::int from sessions s where s.user_id = u.id and s.revoked_at is null and s.expires_at > ${p.now}) as live_sessions
          from users u ${where}
          order by u.id desc limit ${p.limit} offset ${p.offset}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from users u ${where}`.execute(db),
      ]);
      return { items: rows.rows, total: total.rows[0].n };
    },
  };
}
