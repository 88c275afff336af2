import { sql, type Kysely } from 'kysely';
import type { DB, SignInMethod } from './schema.ts';

export function sessionsStore(db: Kysely<DB>) {
  return {
    async create(p: { tokenHash: string; userId: string; csrf: string; device: string; expiresAt: Date; at?: Date; method?: SignInMethod }) {
      return (await db
        .insertInto('sessions')
        .values({
          token_hash: p.tokenHash,
          user_id: p.userId,
          csrf_token: p.csrf,
          device: p.device,
          expires_at: p.expiresAt,
          method: p.method ?? 'password',
          // The service clock, like expires_at (the database's now() may differ from it).
          ...(p.at ? { created_at: p.at, last_seen_at: p.at } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow()).id;
    },
    /** A live (not revoked, not expired) session by token hash, with its user (not a disabled one). */
    async live(tokenHash: string, now: Date) {
      return db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 's.user_id', 's.csrf_token', 's.method', 's.expires_at', 's.last_seen_at', 'u.email', 'u.name', 'u.is_admin', 'u.email_verified_at'])
        .where('s.token_hash', '=', tokenHash)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('u.disabled_at', 'is', null)
        .executeTakeFirst();
    },
    async touch(id: string, now: Date, expiresAt: Date) {
      await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
    },
    async revoke(id: string) {
      await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },
    /** The user's live sessions, the most recently seen first (at most `limit`: a page lists them). */
    async listLive(userId: string, now: Date, limit: number) {
      return db
        .selectFrom('sessions')
        .select(['id', 'device', 'method', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    async countLive(userId: string, now: Date) {
      const r = await sql<{ n: number }>`select count(*)::int as n from sessions where user_id = ${userId} and revoked_at is null and expires_at > ${now}`.execute(db);
      return r.rows[0].n;
    },
    async revokeAllForUser(userId: string) {
      await sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null`.execute(db);
    },
  };
}
export type SessionsStore = ReturnType<typeof sessionsStore>;
