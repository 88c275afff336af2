import type { Actor } from '../domain/actor.ts';
import { DomainError } from '../domain/errors.ts';
import type { Services } from '../services.ts';

/**
 * The actor of a request from its Authorization header: anonymous without one, the key's or
 * token's owner with a valid one, and a 401 invalid_token for anything else that was presented.
 */
export async function authenticate(header: string | undefined, ip: string, services: Services): Promise<Actor> {
  if (!header) return { kind: 'anonymous', ip };
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!match) throw new DomainError('unauthenticated', 'invalid_token', 'Send credentials as Authorization: Bearer <API key or access token>.');
  return services.accounts.actorForApiKey(match[1], ip);
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
