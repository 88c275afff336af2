import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Actor } from '../domain/actor.ts';
import { knownScopes, type ResourcePath } from '../domain/accounts/connected-apps.ts';
import { DomainError } from '../domain/errors.ts';
import type { OAuthStore } from '../store/oauth-store.ts';
import { SIGNING_ALG, type OAuthKeys } from './keys.ts';

const invalidToken = (detail: string) => new DomainError('unauthenticated', 'invalid_token', detail);

/** A compact JWS: three base64url parts. Anything else is not one of our access tokens. */
export const looksLikeJwt = (token: string) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);

interface AccessTokenClaims extends JWTPayload {
  client_id?: string;
  scope?: string;
  grant_id?: string;
  cnf?: unknown;
}

/**
 * Verifies an access token of our authorization server for one resource and returns its actor:
 * signature (our own JWKS, in-process), typ at+jwt, iss = PUBLIC_URL, aud = PUBLIC_URL + the
 * resource path of the endpoint called, exp; then the grant must still exist (revoking a grant, or
 * deleting the account, makes its tokens fail at once although they are self-contained JWTs).
 */
export function createAccessTokenVerifier(deps: { publicUrl: string; keys: () => Promise<OAuthKeys>; store: OAuthStore; now: () => Date }) {
  let jwks: ReturnType<typeof createLocalJWKSet> | undefined;
  return async function actorForAccessToken(token: string, ip: string, resource: ResourcePath): Promise<Actor> {
    jwks ??= createLocalJWKSet((await deps.keys()).public as Parameters<typeof createLocalJWKSet>[0]);
    const audience = `${deps.publicUrl}${resource}`;
    let claims: AccessTokenClaims;
    try {
      ({ payload: claims } = await jwtVerify<AccessTokenClaims>(token, jwks, {
        issuer: deps.publicUrl,
        audience,
        typ: 'at+jwt',
        algorithms: [SIGNING_ALG],
        currentDate: deps.now(),
        requiredClaims: ['exp', 'sub', 'client_id', 'jti'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw invalidToken('This access token has expired; refresh it or sign in again.');
      if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'aud') {
        throw invalidToken(`This access token was issued for another resource; ${audience} needs a token whose audience is ${audience}.`);
      }
      throw invalidToken('The bearer token is not a valid API key or access token.');
    }
    // Sender-constrained tokens (DPoP, mTLS) are not issued here; one presented as Bearer is refused.
    if (claims.cnf !== undefined || !claims.grant_id) throw invalidToken('The bearer token is not a valid API key or access token.');
    const grant = await deps.store.grant(claims.grant_id, deps.now(), claims.jti);
    if (!grant || grant.payload.accountId !== claims.sub || grant.payload.clientId !== claims.client_id) {
      throw invalidToken('This access token was revoked: the app revoked it, or was disconnected from the account.');
    }
    const lastUsed = typeof grant.display?.lastUsedAt === 'number' ? grant.display.lastUsedAt : 0;
    if (grant.display && lastUsed < deps.now().getTime() / 1000 - 60) void deps.store.touchGrant(grant.id, deps.now()).catch(() => {});
    const resources = (grant.payload.resources ?? {}) as Record<string, string>;
    const granted = new Set(knownScopes(resources[audience]));
    return {
      kind: 'user',
      userId: claims.sub!,
      ip,
      via: 'oauth',
      scopes: knownScopes(claims.scope).filter((s) => granted.has(s)),
      credential: {
        id: grant.id,
        name: typeof grant.display?.name === 'string' ? grant.display.name : claims.client_id!,
        clientId: claims.client_id,
        expiresAt: new Date(claims.exp! * 1000),
      },
    };
  };
}

/**
 * An access token of ours as presented for revocation: signature and issuer checked, for any of
 * our resources; undefined for anything else, an expired token included (RFC 7009: nothing to do).
 */
export function createAccessTokenReader(deps: { publicUrl: string; keys: () => Promise<OAuthKeys>; now: () => Date }) {
  let jwks: ReturnType<typeof createLocalJWKSet> | undefined;
  return async function readAccessToken(token: string): Promise<{ jti: string; clientId: string; expiresAt: Date } | undefined> {
    if (!looksLikeJwt(token)) return undefined;
    jwks ??= createLocalJWKSet((await deps.keys()).public as Parameters<typeof createLocalJWKSet>[0]);
    try {
      const { payload } = await jwtVerify<AccessTokenClaims>(token, jwks, {
        issuer: deps.publicUrl,
        typ: 'at+jwt',
        algorithms: [SIGNING_ALG],
        currentDate: deps.now(),
        requiredClaims: ['exp', 'jti', 'client_id'],
      });
      return { jti: payload.jti!, clientId: payload.client_id!, expiresAt: new Date(payload.exp! * 1000) };
    } catch {
      return undefined;
    }
  };
}
