import { sql, type Kysely } from 'kysely';
import type { DB, SignInMethod } from './schema.ts';

export function sessionsStore(db: Kysely<DB>) {
  return {
    async create(p: { tokenHash: string; userId: string; csrf: string; ip: string | null; userAgent: string | null; expiresAt: Date; at?: Date; method?: SignInMethod }) {
      return (await db
        .insertInto('sessions')
        .values({
          token_hash: p.tokenHash,
          user_id: p.userId,
          csrf_token: p.csrf,
          ip: p.ip,
          user_agent: p.userAgent?.slice(0, 500) ?? null,
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
