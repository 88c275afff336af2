import type { KoaContextWithOIDC } from 'oidc-provider';
import type { OAuth } from './service.ts';

/**
 * Revocation of our access tokens (RFC 7009). They are self-contained JWTs, which oidc-provider
 * refuses to revoke (unsupported_token_type, after it has authenticated the client and read the
 * parameters); this picks up exactly that answer and revokes the token by its jti instead, shared
 * by every node through the database. A token of another client is refused with
 * unauthorized_client; an unknown or expired one is a 200, as the RFC asks.
 */
export function revokeAccessTokens(oauth: OAuth, revocationPath: string) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.method !== 'POST' || ctx.path !== revocationPath || ctx.status !== 400) return;
    if ((ctx.body as { error?: unknown } | undefined)?.error !== 'unsupported_token_type') return;
    const token = (ctx.oidc?.params as { token?: unknown } | undefined)?.token;
    const client = ctx.oidc?.client;
    if (typeof token !== 'string' || !client) return;
    const outcome = await oauth.revokeAccessToken(token, client.clientId);
    if (outcome === 'other_client') {
      ctx.body = { error: 'unauthorized_client', error_description: 'This token was issued to another client.' };
      return;
    }
    ctx.status = 200;
    ctx.body = '';
  };
}
