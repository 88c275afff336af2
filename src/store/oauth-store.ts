import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** One stored record of the authorization server (a grant, a code, a refresh token, a client…). */
export interface OAuthRecord {
  payload: Record<string, unknown>;
  consumed_at: Date | null;
}

/** A grant with what the Connected apps list and token checks need. */
export interface GrantRow {
  id: string;
  payload: Record<string, unknown>;
  expires_at: Date | null;
  /** Set by the consent step: client name and hosts as shown on the consent page. */
  display: Record<string, unknown> | null;
}

/** Revoked access tokens (self-contained JWTs) by jti, kept until the token would have expired anyway. */
export const REVOKED_ACCESS_TOKEN = 'RevokedAccessToken';

const live = (now: Date) => sql<boolean>`(expires_at is null or expires_at > ${now})`;

/**
 * Storage of the OAuth authorization server (oidc-provider models) in oauth_records, shared by
 * every app node. Ids arrive here already in their stored form (the adapter hashes bearer values).
 */
export function oauthStore(db: Kysely<DB>) {
  return {
    async upsert(p: {
      model: string;
      id: string;
      payload: Record<string, unknown>;
      grantId: string | null;
      uid: string | null;
      userCode: string | null;
      expiresAt: Date | null;
    }) {
      await db
        .insertInto('oauth_records')
        .values({
          model: p.model,
          id: p.id,
          payload: JSON.stringify(p.payload),
          grant_id: p.grantId,
          uid: p.uid,
          user_code: p.userCode,
          expires_at: p.expiresAt,
        })
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet((eb) => ({
            payload: eb.ref('excluded.payload'),
            grant_id: eb.ref('excluded.grant_id'),
            uid: eb.ref('excluded.uid'),
            user_code: eb.ref('excluded.user_code'),
            expires_at: eb.ref('excluded.expires_at'),
            consumed_at: null,
          })),
        )
        .execute();
    },

    /** A live (unexpired) record by id, by uid or by user code. */
    async find(model: string, by: 'id' | 'uid' | 'user_code', value: string, now: Date) {
      return (await db
        .selectFrom('oauth_records')
        .select(['payload', 'consumed_at'])
        .where('model', '=', model)
        .where(by, '=', value)
        .where(live(now))
        .executeTakeFirst()) as OAuthRecord | undefined;
    },

    async consume(model: string, id: string, at: Date) {
      await db.updateTable('oauth_records').set({ consumed_at: at }).where('model', '=', model).where('id', '=', id).execute();
    },

    async destroy(model: string, id: string) {
      await db.deleteFrom('oauth_records').where('model', '=', model).where('id', '=', id).execute();
    },

    /** A grant and every record issued under it. */
    async deleteGrant(grantId: string) {
      await db.deleteFrom('oauth_records').where((eb) => eb.or([eb('grant_id', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)])])).execute();
    },

    async revokeByGrantId(model: string, grantId: string) {
      await db.deleteFrom('oauth_records').where('model', '=', model).where('grant_id', '=', grantId).execute();
    },

    /** A registered client that was connected once no longer expires (it was waiting to be used). */
    async keepClient(clientId: string) {
      await db.updateTable('oauth_records').set({ expires_at: null }).where('model', '=', 'Client').where('id', '=', clientId).where('expires_at', 'is not', null).execute();
    },

    /** Denies an access token by its jti on every node from the next request on, until it expires. */
    async denyAccessToken(jti: string, expiresAt: Date) {
      await db
        .insertInto('oauth_records')
        .values({ model: REVOKED_ACCESS_TOKEN, id: jti, payload: '{}', expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['model', 'id']).doNothing())
        .execute();
    },

    /** Deletes up to `limit` expired records; returns how many went. */
    async purgeExpired(now: Date, limit = 1000) {
      const r = await sql`delete from oauth_records where (model, id) in (
        select model, id from oauth_records where expires_at <= ${now} limit ${limit})`.execute(db);
      return Number(r.numAffectedRows ?? 0);
    },

    /** The newest live grant of an account for a client, so a returning app keeps one grant. */
    async latestGrantId(accountId: string, clientId: string, now: Date) {
      const row = await db
        .selectFrom('oauth_records')
        .select('id')
        .where('model', '=', 'Grant')
        .where(sql<string>`payload->>'accountId'`, '=', accountId)
        .where(sql<string>`payload->>'clientId'`, '=', clientId)
        .where(live(now))
        .orderBy(sql`(payload->>'iat')::bigint`, 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /** A live grant whose account still exists and is not disabled, with its display record. */
    async grant(grantId: string, now: Date, accessTokenId?: string) {
      const row = await sql<GrantRow>`
        select g.id, g.payload, g.expires_at, d.payload as display
        from oauth_records g
        left join oauth_records d on d.model = 'GrantDisplay' and d.id = g.id
        where g.model = 'Grant' and g.id = ${grantId} and (g.expires_at is null or g.expires_at > ${now})
          and not exists (select 1 from oauth_records r where r.model = ${REVOKED_ACCESS_TOKEN} and r.id = ${accessTokenId ?? ''})
          and exists (select 1 from users u where u.id = case when g.payload->>'accountId' ~ '^[0-9]{1,18}$' then (g.payload->>'accountId')::bigint end
            and u.disabled_at is null)`.execute(db);
      return row.rows[0];
    },

    /** Every live grant of a user, newest first. */
    async grantsOfUser(userId: string, now: Date) {
      return (await sql<GrantRow>`
        select g.id, g.payload, g.expires_at, d.payload as display
        from oauth_records g
        left join oauth_records d on d.model = 'GrantDisplay' and d.id = g.id
        where g.model = 'Grant' and g.payload->>'accountId' = ${userId}
          and (g.expires_at is null or g.expires_at > ${now})
        order by (g.payload->>'iat')::bigint desc, g.id`.execute(db)).rows;
    },

    /** What the consent page showed about the client; removed with the grant (same grant_id). */
    async saveGrantDisplay(grantId: string, display: Record<string, unknown>, expiresAt: Date | null) {
      await db
        .insertInto('oauth_records')
        .values({ model: 'GrantDisplay', id: grantId, payload: JSON.stringify(display), grant_id: grantId, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet((eb) => ({ payload: eb.ref('excluded.payload'), expires_at: eb.ref('excluded.expires_at') })))
        .execute();
    },

    /** Notes when a grant's tokens were last used; written at most once a minute per grant. */
    async touchGrant(grantId: string, now: Date) {
      const at = Math.floor(now.getTime() / 1000);
      await sql`update oauth_records set payload = jsonb_set(payload, '{lastUsedAt}', to_jsonb(${at}::bigint))
        where model = 'GrantDisplay' and id = ${grantId}
          and coalesce((payload->>'lastUsedAt')::bigint, 0) < ${at - 60}`.execute(db);
    },

    /**
     * Removes a user's grant and everything issued under it (codes, refresh tokens, display).
     * Returns false when the grant is not the user's or does not exist.
     */
    async revokeGrantOfUser(userId: string, grantId: string) {
      return db.transaction().execute(async (trx) => {
        const owned = await trx
          .selectFrom('oauth_records')
          .select('id')
          .where('model', '=', 'Grant')
          .where('id', '=', grantId)
          .where(sql<string>`payload->>'accountId'`, '=', userId)
          .executeTakeFirst();
        if (!owned) return false;
        await trx.deleteFrom('oauth_records').where('grant_id', '=', grantId).execute();
        return true;
      });
    },

    /** Display names of registered (DCR) clients, by client id. */
    async clientNames(clientIds: string[]) {
      if (!clientIds.length) return new Map<string, string>();
      const rows = await db
        .selectFrom('oauth_records')
        .select(['id', sql<string | null>`payload->>'client_name'`.as('name')])
        .where('model', '=', 'Client')
        .where('id', 'in', clientIds)
        .execute();
      return new Map(rows.filter((r) => r.name).map((r) => [r.id, r.name as string]));
    },
  };
}
export type OAuthStore = ReturnType<typeof oauthStore>;
