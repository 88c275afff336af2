import type { Actor } from '../domain/actor.ts';
import { RESOURCE_PATHS, type ResourcePath } from '../domain/accounts/connected-apps.ts';
import { looksLikeApiKey } from '../domain/accounts/secrets.ts';
import { DomainError } from '../domain/errors.ts';
import { looksLikeJwt } from '../oauth/verify.ts';
import type { Services } from '../services.ts';

/**
 * What a request addresses, for authentication: a protected resource ('/mcp', '/api/v1'; OAuth
 * access tokens must have been issued for it), the authorization server's own endpoints (whose
 * Authorization header is OAuth client authentication, not a caller credential), or anything
 * else (API keys only).
 */
export type AuthTarget = ResourcePath | 'authorization_server' | 'metrics' | undefined;

export function authTarget(url: string): AuthTarget {
  const path = url.split('?')[0];
  for (const r of RESOURCE_PATHS) if (path === r || path.startsWith(`${r}/`)) return r;
  if (path.startsWith('/oauth/') || path === '/.well-known/openid-configuration' || path === '/.well-known/oauth-authorization-server') {
    return 'authorization_server';
  }
  // /metrics checks its own bearer token (METRICS_TOKEN), which is no user's credential.
  if (path === '/metrics') return 'metrics';
  return undefined;
}

/**
 * The actor of a request from its Authorization header: anonymous without one, the key's or
 * token's owner with a valid one, and a 401 invalid_token for anything else that was presented.
 */
export async function authenticate(header: string | undefined, ip: string, services: Services, target?: AuthTarget): Promise<Actor> {
  if (!header || target === 'authorization_server' || target === 'metrics') return { kind: 'anonymous', ip };
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!match) throw new DomainError('unauthenticated', 'invalid_token', 'Send credentials as Authorization: Bearer <API key or access token>.');
  const token = match[1];
  if (!looksLikeApiKey(token) && looksLikeJwt(token)) {
    if (!target) throw new DomainError('unauthenticated', 'invalid_token', `Access tokens are accepted at ${RESOURCE_PATHS.join(' and ')} only.`);
    return services.oauth.actorForAccessToken(token, ip, target);
  }
  return services.accounts.actorForApiKey(token, ip);
}

/** RFC 9728 protected resource metadata URL of a resource path ("/mcp", "/api/v1"). */
export const resourceMetadataUrl = (publicUrl: string, resourcePath: string) =>
  `${publicUrl}/.well-known/oauth-protected-resource${resourcePath}`;

/**
 * The WWW-Authenticate challenge of RFC 6750 with RFC 9728's resource_metadata. No error code
 * when no credential was sent (RFC 6750 §3.1), so clients simply start sign-in.
 */
export function bearerChallenge(metadataUrl: string, err: { code: string; scope?: string; message: string }) {
  const parts: string[] = [];
  if (err.code === 'invalid_token') parts.push('error="invalid_token"', `error_description="${err.message.replace(/["\\]/g, '')}"`);
  if (err.code === 'insufficient_scope') parts.push('error="insufficient_scope"');
  if (err.scope) parts.push(`scope="${err.scope}"`);
  parts.push(`resource_metadata="${metadataUrl}"`);
  return `Bearer ${parts.join(', ')}`;
}

/**
 * authenticate(), with failed credentials counted per client address: an address past its
 * budget gets 429 for any credential, valid or not, until its window ends (credential-throttle.ts).
 */
export async function authenticateThrottled(header: string, ip: string, services: Services, target?: AuthTarget): Promise<Actor> {
  await services.credentials.guard(ip);
  try {
    return await authenticate(header, ip, services, target);
  } catch (err) {
    if (err instanceof DomainError && err.kind === 'unauthenticated') await services.credentials.failed(ip);
    throw err;
  }
}
