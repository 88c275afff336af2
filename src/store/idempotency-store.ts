import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export interface IdempotencyRecord {
  operation: string;
  request_hash: string;
  state: 'processing' | 'completed';
  status_code: number | null;
  response_body: unknown;
  locked_until: Date;
  expires_at: Date;
}

export function idempotencyStore(db: Kysely<DB>) {
  return {
    /**
     * Claims the key for a run. Committed on its own before the operation runs, so a concurrent
     * duplicate sees it. Returns the existing record when the key was already taken.
     */
    async claim(p: { principal: string; key: string; operation: string; hash: string; now: Date; lockMs: number; ttlMs: number }) {
      const inserted = await sql`
        insert into idempotency_keys (principal, key, operation, request_hash, state, locked_until, expires_at)
        values (${p.principal}, ${p.key}, ${p.operation}, ${p.hash}, 'processing',
                ${new Date(p.now.getTime() + p.lockMs)}, ${new Date(p.now.getTime() + p.ttlMs)})
        on conflict (principal, key) do nothing returning key`.execute(db);
      if (inserted.rows.length) return { claimed: true as const };
      const existing = await db
        .selectFrom('idempotency_keys')
        .select(['operation', 'request_hash', 'state', 'status_code', 'response_body', 'locked_until', 'expires_at'])
        .where('principal', '=', p.principal)
        .where('key', '=', p.key)
        .executeTakeFirst();
      return { claimed: false as const, existing: existing as IdempotencyRecord | undefined };
    },

    /** Takes over a run whose lock expired (its process died); true when this caller won. */
    async takeOver(principal: string, key: string, now: Date, lockMs: number) {
      const r = await db
        .updateTable('idempotency_keys')
        .set({ locked_until: new Date(now.getTime() + lockMs) })
        .where('principal', '=', principal)
        .where('key', '=', key)
        .where('state', '=', 'processing')
        .where('locked_until', '<=', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async complete(principal: string, key: string, status: number, body: unknown) {
      await db
        .updateTable('idempotency_keys')
        .set({ state: 'completed', status_code: status, response_body: JSON.stringify(body) })
        .where('principal', '=', principal)
        .where('key', '=', key)
        .execute();
    },

    /** Forgets a key whose run failed on our side, so the client may retry with it. */
    async release(principal: string, key: string) {
      await db.deleteFrom('idempotency_keys').where('principal', '=', principal).where('key', '=', key).execute();
    },

    async forgetExpired(principal: string, key: string, now: Date) {
      await db.deleteFrom('idempotency_keys').where('principal', '=', principal).where('key', '=', key).where('expires_at', '<=', now).execute();
    },

    async purgeExpired(now: Date) {
      const r = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type IdempotencyStore = ReturnType<typeof idempotencyStore>;
