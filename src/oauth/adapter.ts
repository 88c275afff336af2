import type { Adapter, AdapterPayload } from 'oidc-provider';
import { sha256 } from '../domain/accounts/secrets.ts';
import type { OAuthStore } from '../store/oauth-store.ts';

/**
 * Models whose id is itself a bearer value (a code, a token, the session cookie): stored under the
 * SHA-256 of the id and without the `jti` in the payload, so the database holds nothing a caller
 * could present. Grants and clients keep their ids (they are referenced, not presented).
 */
const HASHED = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
  'RegistrationAccessToken',
  'InitialAccessToken',
  'PushedAuthorizationRequest',
  'Session',
]);

const PURGE_EVERY_MS = 10 * 60_000;

/**
 * The oidc-provider adapter over oauth_records: one instance per model name. Expired rows are
 * invisible to reads and purged now and then (at most every 10 minutes per process).
 */
export function createAdapterFactory(store: OAuthStore, opts: { unusedClientMs: number }) {
  let lastPurge = Date.now();
  const maybePurge = () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    void store.purgeExpired(new Date()).catch(() => {});
  };

  return (model: string): Adapter => {
    const hashed = HASHED.has(model);
    const key = (id: string) => (hashed ? sha256(id) : id);
    const out = (id: string | undefined, row: { payload: Record<string, unknown>; consumed_at: Date | null } | undefined) => {
      if (!row) return undefined;
      const payload = { ...row.payload } as AdapterPayload;
      if (hashed && id !== undefined) payload.jti = id;
      if (row.consumed_at) payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
      return payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        maybePurge();
        const stored: Record<string, unknown> = { ...payload };
        if (hashed) delete stored.jti;
        // Every client is public; a secret oidc-provider minted anyway is not kept (see provider.ts).
        if (model === 'Client' && stored.token_endpoint_auth_method === 'none') {
          delete stored.client_secret;
          delete stored.client_secret_expires_at;
        }
        // A registered client expires unless someone connects it: the first grant keeps it for good,
        // so registrations nobody ever used do not pile up (OAUTH_UNUSED_CLIENT_DAYS).
        const lifetimeMs = expiresIn ? expiresIn * 1000 : model === 'Client' ? opts.unusedClientMs : 0;
        await store.upsert({
          model,
          id: key(id),
          payload: stored,
          grantId: model === 'Grant' ? id : (payload.grantId ?? null),
          uid: model === 'Session' ? (payload.uid ?? null) : null,
          userCode: payload.userCode ?? null,
          expiresAt: lifetimeMs ? new Date(Date.now() + lifetimeMs) : null,
        });
        if (model === 'Grant' && typeof payload.clientId === 'string') await store.keepClient(payload.clientId);
      },
      async find(id) {
        return out(id, await store.find(model, 'id', key(id), new Date()));
      },
      // Found by another key, the plain id is unknown: the payload comes back without a jti.
      async findByUid(uid) {
        return out(undefined, await store.find(model, 'uid', uid, new Date()));
      },
      async findByUserCode(userCode) {
        return out(undefined, await store.find(model, 'user_code', userCode, new Date()));
      },
      async consume(id) {
        await store.consume(model, key(id), new Date());
      },
      async destroy(id) {
        // A grant goes with everything issued under it, our display record included.
        if (model === 'Grant') await store.deleteGrant(id);
        else await store.destroy(model, key(id));
      },
      async revokeByGrantId(grantId) {
        await store.revokeByGrantId(model, grantId);
      },
    };
  };
}
