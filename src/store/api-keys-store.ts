import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
}

const columns = ['id', 'user_id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'] as const;

export function apiKeysStore(db: Kysely<DB>) {
  return {
    async create(p: { userId: string; name: string; prefix: string; hash: string; scopes: string[]; expiresAt?: Date | null }) {
      return (await db
        .insertInto('api_keys')
        .values({ user_id: p.userId, name: p.name, prefix: p.prefix, secret_hash: p.hash, scopes: p.scopes, expires_at: p.expiresAt ?? null })
        .returning(columns)
        .executeTakeFirstOrThrow()) as ApiKeyRow;
    },
    /** The key with this hash, whatever its state, and whether its account is disabled; the caller decides what each means. */
    async byHash(hash: string) {
      return (await db
        .selectFrom('api_keys as k')
        .innerJoin('users as u', 'u.id', 'k.user_id')
        .select([...columns.map((c) => `k.${c}` as const), 'k.secret_hash', 'u.disabled_at as user_disabled_at'])
        .where('k.secret_hash', '=', hash)
        .executeTakeFirst()) as (ApiKeyRow & { secret_hash: string; user_disabled_at: Date | null }) | undefined;
    },
    async listForUser(userId: string) {
      return (await db.selectFrom('api_keys').select(columns).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()) as ApiKeyRow[];
    },
    async listAll() {
      return (await sql<ApiKeyRow & { email: string }>`
        select k.id, k.user_id, k.name, k.prefix, k.scopes, k.created_at, k.last_used_at, k.expires_at, k.revoked_at, u.email
        from api_keys k join users u on u.id = k.user_id order by k.created_at desc, k.id desc`.execute(db)).rows;
    },
    /** Revokes a key; with userId only that user's key. Returns whether a live key was revoked. */
    async revoke(id: string, userId?: string) {
      let q = db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', id).where('revoked_at', 'is', null);
      if (userId) q = q.where('user_id', '=', userId);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** last_used_at is written at most once a minute per key, so hot keys do not write on every call. */
    async touch(id: string, now: Date) {
      await sql`update api_keys set last_used_at = ${now}
        where id = ${id} and (last_used_at is null or last_used_at < ${new Date(now.getTime() - 60_000)})`.execute(db);
    },
  };
}
export type ApiKeysStore = ReturnType<typeof apiKeysStore>;
