import { sql, type Kysely } from 'kysely';
import type { DB, EmailTokenPurpose } from './schema.ts';

/** One-time links sent by email; only the SHA-256 of a token is stored. */
export function emailTokensStore(db: Kysely<DB>) {
  return {
    async create(p: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; email: string; at: Date; expiresAt: Date }) {
      await db
        .insertInto('email_tokens')
        .values({ user_id: p.userId, purpose: p.purpose, token_hash: p.tokenHash, email: p.email, created_at: p.at, expires_at: p.expiresAt })
        .execute();
    },
    /** When the user was last sent a token of this purpose (for resend throttling). */
    async lastCreatedAt(userId: string, purpose: EmailTokenPurpose) {
      const row = await db
        .selectFrom('email_tokens')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at;
    },
    async byHash(tokenHash: string) {
      return db.selectFrom('email_tokens').select(['id', 'user_id', 'purpose', 'email', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    /**
     * Uses a live verify_email token and marks its user's address verified, in one statement: a
     * token works once even when two requests race. Returns the user when the token was live and
     * still names the user's current address.
     */
    async consumeVerification(tokenHash: string, now: Date) {
      const r = await sql<{ id: string; email: string }>`
        with used as (
          update email_tokens set used_at = ${now}
          where token_hash = ${tokenHash} and purpose = 'verify_email' and used_at is null and expires_at > ${now}
          returning user_id, email)
        update users u set email_verified_at = coalesce(u.email_verified_at, ${now})
        from used where u.id = used.user_id and lower(u.email) = lower(used.email)
        returning u.id, u.email`.execute(db);
      return r.rows[0];
    },
    /**
     * Uses a live delete_account token, once even when two requests race. Returns its account while
     * the token still names the account's current address (and the account is not erased).
     */
    async consumeDeletion(tokenHash: string, now: Date) {
      const r = await sql<{ id: string }>`
        with used as (
          update email_tokens set used_at = ${now}
          where token_hash = ${tokenHash} and purpose = 'delete_account' and used_at is null and expires_at > ${now}
          returning user_id, email)
        select u.id from users u join used on u.id = used.user_id
        where lower(u.email) = lower(used.email) and u.erased_at is null`.execute(db);
      return r.rows[0]?.id;
    },
  };
}
export type EmailTokensStore = ReturnType<typeof emailTokensStore>;
