import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { CredentialThrottle } from '../domain/accounts/credential-throttle.ts';
import { DomainError, type Budget } from '../domain/errors.ts';

/** The client address as the service's trusted-proxy setting reads it, set on the raw request by the mount. */
export const CLIENT_IP = Symbol('launchyard.clientIp');
export type RawWithClientIp = IncomingMessage & { [CLIENT_IP]?: string };

/** Token endpoint answers that mean a guessed or stolen credential: a code, refresh token or client that is not right. */
const FAILED_CREDENTIAL = new Set(['invalid_grant', 'invalid_client']);

function setBudget(ctx: KoaContextWithOIDC, b: Budget) {
  ctx.set('ratelimit-limit', String(b.limit));
  ctx.set('ratelimit-remaining', String(b.remaining));
  ctx.set('ratelimit-reset', String(b.resetSeconds));
  ctx.set('ratelimit-policy', `${b.limit};w=${b.windowSeconds}`);
}

/**
 * The token endpoint under the same failed-credential budget per client address as API keys and
 * bearer tokens (credential-throttle.ts): an address past it is answered 429 before its code or
 * refresh token is looked at. And an authorization code whose redemption failed (a wrong PKCE
 * verifier, another redirect_uri) is destroyed: an intercepted code gets one try, not many
 * (RFC 9700 §2.1.1; oidc-provider consumes a code only on success).
 */
export function guardTokenEndpoint(provider: Provider, credentials: CredentialThrottle, tokenPath: string) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (ctx.method !== 'POST' || ctx.path !== tokenPath) return next();
    const ip = (ctx.req as RawWithClientIp)[CLIENT_IP] ?? ctx.ip;
    try {
      await credentials.guard(ip);
    } catch (err) {
      if (!(err instanceof DomainError) || !err.budget) throw err;
      ctx.status = 429;
      ctx.set('cache-control', 'no-store');
      ctx.set('retry-after', String(err.retryAfterSeconds ?? err.budget.resetSeconds));
      setBudget(ctx, err.budget);
      ctx.body = { error: 'too_many_failed_credentials', error_description: err.message };
      return;
    }
    await next();
    const error = (ctx.body as { error?: unknown } | undefined)?.error;
    if (ctx.status < 400 || typeof error !== 'string' || !FAILED_CREDENTIAL.has(error)) return;
    setBudget(ctx, await credentials.failed(ip));
    const params = ctx.oidc?.params as { grant_type?: unknown; code?: unknown } | undefined;
    if (params?.grant_type === 'authorization_code' && typeof params.code === 'string' && params.code) {
      await (await provider.AuthorizationCode.find(params.code))?.destroy();
    }
  };
}
