import { SCOPES, type Scope } from '../actor.ts';

/**
 * The protected resources of this service, by path under PUBLIC_URL. An OAuth access token is
 * issued for exactly one of them (its audience) and is refused by the other.
 */
export const RESOURCE_PATHS = ['/mcp', '/api/v1'] as const;
export type ResourcePath = (typeof RESOURCE_PATHS)[number];

/** A token request that names no resource gets one for the MCP server (2025-03-26 clients send none). */
export const DEFAULT_RESOURCE_PATH: ResourcePath = '/mcp';

/** Lifetimes, in seconds. */
export const OAUTH_TTL = {
  accessToken: 3600,
  /** Sliding: every refresh rotates the token and starts a new period. */
  refreshToken: 30 * 86_400,
  /** An app stays connected at most this long without the user approving it again. */
  grant: 365 * 86_400,
  authorizationCode: 60,
  interaction: 3600,
  /** The authorization server's own browser session; the site session is what counts. */
  session: 86_400,
};

/** What the consent page showed about a client, kept with the grant for the Connected apps list. */
export interface ClientDisplay {
  name: string;
  /** The client_id's host for a client identified by a metadata document URL, else null. */
  clientIdHost: string | null;
  redirectHost: string | null;
}

/** One app a user has connected (an OAuth grant), as the account page lists it. */
export interface ConnectedApp {
  grantId: string;
  clientId: string;
  name: string;
  clientIdHost: string | null;
  redirectHost: string | null;
  /** Granted scopes, per resource path. */
  access: { resource: string; scopes: Scope[] }[];
  connectedAt: Date;
  /** When one of its access tokens was last accepted (to the minute), if ever. */
  lastUsedAt: Date | null;
  expiresAt: Date | null;
}

export const knownScopes = (scope: string | undefined): Scope[] =>
  [...new Set((scope ?? '').split(' '))].filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));

/** The host of a client_id that is a URL (a client ID metadata document), else null. */
export function clientIdHost(clientId: string): string | null {
  if (!clientId.startsWith('https://')) return null;
  return URL.parse(clientId)?.host ?? null;
}
