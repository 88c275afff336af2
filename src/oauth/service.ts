import type { OAuthStore } from '../store/oauth-store.ts';
import type { UsersStore } from '../store/users-store.ts';
import { knownScopes, type ClientDisplay, type ConnectedApp } from '../domain/accounts/connected-apps.ts';
import { loadKeys, type OAuthKeys } from './keys.ts';
import { createAccessTokenReader, createAccessTokenVerifier } from './verify.ts';

export interface OAuthDeps {
  store: OAuthStore;
  users: UsersStore;
  secrets: { getOrCreate<T>(name: string, generate: () => T | Promise<T>): Promise<T> };
  publicUrl: string;
  now: () => Date;
  /**
   * How client ID metadata documents are fetched: the service's safe fetch, which refuses private,
   * loopback and link-local addresses before connecting (oidc-provider's own guard closes the
   * socket only after connecting, which still let anyone probe internal ports).
   */
  cimdFetch: (input: string | URL, init?: RequestInit) => Promise<Response>;
  /** A registered client no one has connected (no grant) within this long is deleted. */
  unusedClientMs: number;
}

function presentGrant(row: { id: string; payload: Record<string, unknown>; expires_at: Date | null; display: Record<string, unknown> | null }, publicUrl: string, names: Map<string, string>): ConnectedApp {
  const p = row.payload;
  const clientId = String(p.clientId);
  const display = (row.display ?? {}) as Partial<ClientDisplay>;
  const resources = (p.resources ?? {}) as Record<string, string>;
  return {
    grantId: row.id,
    clientId,
    name: display.name ?? names.get(clientId) ?? clientId,
    clientIdHost: display.clientIdHost ?? null,
    redirectHost: display.redirectHost ?? null,
    access: Object.entries(resources).map(([resource, scope]) => ({
      resource: resource.startsWith(publicUrl) ? resource.slice(publicUrl.length) : resource,
      scopes: knownScopes(scope),
    })),
    connectedAt: new Date(Number(p.iat) * 1000),
    lastUsedAt: typeof row.display?.lastUsedAt === 'number' ? new Date(row.display.lastUsedAt * 1000) : null,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  };
}

/**
 * The OAuth side of accounts: the installation's keys, access-token verification for the
 * resources, and the user's connected apps (grants). The authorization server itself (HTTP) is
 * mounted by ./plugin.ts from these same pieces.
 */
export function createOAuth(deps: OAuthDeps) {
  let keys: Promise<OAuthKeys> | undefined;
  const getKeys = () => {
    keys ??= loadKeys(deps.secrets).catch((err) => {
      keys = undefined;
      throw err;
    });
    return keys;
  };
  const readAccessToken = createAccessTokenReader({ publicUrl: deps.publicUrl, keys: getKeys, now: deps.now });
  return {
    deps,
    keys: getKeys,

    /** The actor of an access token presented to a resource ('/mcp' or '/api/v1'). */
    actorForAccessToken: createAccessTokenVerifier({ publicUrl: deps.publicUrl, keys: getKeys, store: deps.store, now: deps.now }),

    /**
     * RFC 7009 for our self-contained access tokens: denied by jti until they expire, on every
     * node. 'other_client' when the token was issued to another client (refused); 'none' when it
     * is not a live token of ours (nothing to do, and not an error).
     */
    async revokeAccessToken(token: string, clientId: string): Promise<'revoked' | 'other_client' | 'none'> {
      const found = await readAccessToken(token);
      if (!found) return 'none';
      if (found.clientId !== clientId) return 'other_client';
      await deps.store.denyAccessToken(found.jti, found.expiresAt);
      return 'revoked';
    },

    /** The apps a user has connected with OAuth (live grants), newest first. */
    async listGrants(userId: string): Promise<ConnectedApp[]> {
      const rows = await deps.store.grantsOfUser(userId, deps.now());
      const names = await deps.store.clientNames([...new Set(rows.map((r) => String(r.payload.clientId)))]);
      return rows.map((r) => presentGrant(r, deps.publicUrl, names));
    },

    /** Keeps what the consent page showed about the client with its grant (for Connected apps). */
    rememberClient: (grantId: string, display: ClientDisplay, expiresAt: Date) => deps.store.saveGrantDisplay(grantId, { ...display }, expiresAt),

    /**
     * Disconnects an app: the grant, its refresh tokens and codes are deleted, and its access
     * tokens fail from the next request on. False when the grant is not the user's.
     */
    revokeGrant: (userId: string, grantId: string) => deps.store.revokeGrantOfUser(userId, grantId),
  };
}
export type OAuth = ReturnType<typeof createOAuth>;
