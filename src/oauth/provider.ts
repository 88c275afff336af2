import type { IncomingMessage } from 'node:http';
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { SCOPES } from '../domain/actor.ts';
import { DEFAULT_RESOURCE_PATH, OAUTH_TTL, RESOURCE_PATHS } from '../domain/accounts/connected-apps.ts';
import { createAdapterFactory } from './adapter.ts';
import { errorPage } from './pages.ts';
import { SIGNING_ALG } from './keys.ts';
import type { OAuth } from './service.ts';
import type { CredentialThrottle } from '../domain/accounts/credential-throttle.ts';
import { guardTokenEndpoint } from './token-endpoint-guard.ts';
import { revokeAccessTokens } from './access-token-revocation.ts';
import { EXTRA_CLIENT_METADATA, validateExtraClientMetadata } from './redirect-policy.ts';

/** Every authorization-server endpoint lives under /oauth (discovery stays at the origin root). */
export const OAUTH_ROUTES = {
  authorization: '/oauth/auth',
  token: '/oauth/token',
  registration: '/oauth/reg',
  jwks: '/oauth/jwks',
  revocation: '/oauth/revocation',
  // Disabled features, kept under /oauth all the same.
  end_session: '/oauth/session/end',
  userinfo: '/oauth/userinfo',
  introspection: '/oauth/introspection',
  pushed_authorization_request: '/oauth/par',
  device_authorization: '/oauth/device/auth',
  code_verification: '/oauth/device',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
} as const;

export const INTERACTION_PREFIX = '/oauth/interaction';

/**
 * The id of the site user signed in on the browser making an authorization request, set on the
 * raw request by the Fastify mount (null: nobody). The provider's own session must follow it.
 */
export const SITE_USER = Symbol('launchyard.siteUser');
export type RawWithSiteUser = IncomingMessage & { [SITE_USER]?: string | null };

/** Builds the OAuth 2.1 authorization server (oidc-provider) of this installation. */
export async function createProvider(oauth: OAuth, siteName: string, credentials: CredentialThrottle) {
  const { store, users, publicUrl, now, cimdFetch } = oauth.deps;
  const keys = await oauth.keys();

  const policy = interactionPolicy.base();

  const configuration: Configuration = {
    adapter: createAdapterFactory(store, { unusedClientMs: oauth.deps.unusedClientMs }),
    clients: [],
    async findAccount(_ctx, sub) {
      // A deleted or disabled account has no tokens refreshed or issued.
      const user = await users.byId(sub);
      if (!user || user.disabled_at) return undefined;
      return { accountId: sub, claims: () => ({ sub }) };
    },
    jwks: keys.signing as Configuration['jwks'],
    cookies: {
      keys: keys.cookies,
      names: { session: 'ly_oauth_session', interaction: 'ly_oauth_interaction', resume: 'ly_oauth_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    routes: OAUTH_ROUTES,
    scopes: ['openid', 'offline_access', ...SCOPES],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    // Public clients only: nobody holds a client secret, so none can leak (PKCE binds the code).
    clientAuthMethods: ['none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: SIGNING_ALG,
    },
    pkce: { required: () => true },
    extraClientMetadata: { properties: [...EXTRA_CLIENT_METADATA], validator: validateExtraClientMetadata as NonNullable<Configuration['extraClientMetadata']>['validator'] },
    // OAuth 2.1: the authorization request always names its redirect_uri, compared exactly.
    allowOmittingSingleRegisteredRedirectUri: false,
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      introspection: { enabled: false },
      // RFC 7009: an app may revoke its own tokens (revoking a refresh token ends the grant); another
      // client's token is refused, not silently kept. Access tokens: access-token-revocation.ts.
      revocation: {
        enabled: true,
        allowedPolicy(_ctx, client, token) {
          if (token.clientId !== client.clientId) throw new errors.UnauthorizedClient('this token was issued to another client');
          return true;
        },
      },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        // Any https client_id URL may be fetched: the fetch is the service's safe fetch (no private,
        // loopback or link-local address is ever connected to), oidc-provider stops it after 2.5 s
        // and 5 KiB and follows no redirect.
        allowFetch: () => true,
        allowClient: () => true,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? `${publicUrl}${DEFAULT_RESOURCE_PATH}`,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          const path = RESOURCE_PATHS.find((p) => resourceIndicator === `${publicUrl}${p}`);
          if (!path) throw new errors.InvalidTarget(`resources are ${RESOURCE_PATHS.map((p) => publicUrl + p).join(' and ')}`);
          return {
            scope: SCOPES.join(' '),
            audience: resourceIndicator,
            accessTokenTTL: OAUTH_TTL.accessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: SIGNING_ALG } },
          };
        },
      },
    },
    // The grant id rides in the access token so resources can check the grant is still there.
    extraTokenClaims: (_ctx, token) => ('grantId' in token ? { grant_id: token.grantId } : undefined),
    // Refresh tokens for every client allowed the refresh_token grant, offline_access or not
    // (MCP clients expect them); each use rotates it, and a reused one revokes the whole grant.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    // Tokens belong to the grant, not to the authorization server's browser session.
    expiresWithSession: () => false,
    ttl: {
      AccessToken: OAUTH_TTL.accessToken,
      AuthorizationCode: OAUTH_TTL.authorizationCode,
      RefreshToken: OAUTH_TTL.refreshToken,
      Grant: OAUTH_TTL.grant,
      Interaction: OAUTH_TTL.interaction,
      Session: OAUTH_TTL.session,
      IdToken: OAUTH_TTL.accessToken,
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}`,
    },
    // One grant per account and client: a returning app extends its grant (and skips consent
    // when it asks for nothing new) instead of piling up entries in Connected apps.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !session || !accountId) return undefined;
      const candidates = [
        (result?.consent as { grantId?: string } | undefined)?.grantId,
        session.grantIdFor(client.clientId),
        await store.latestGrantId(accountId, client.clientId, now()),
      ];
      for (const id of candidates) {
        const grant = id ? await ctx.oidc.provider.Grant.find(id) : undefined;
        if (grant) return grant;
      }
      return undefined;
    },
    // Browser apps may call the token and revocation endpoints from their redirect origin.
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.set('cache-control', 'no-store');
      ctx.body = errorPage(siteName, String(out.error ?? 'error'), out.error_description ? String(out.error_description) : undefined);
    },
    discovery: { service_documentation: `${publicUrl}/docs` },
    fetch: cimdFetch as Configuration['fetch'],
  };

  const provider = new Provider(publicUrl, configuration);
  // The mount sets Host and X-Forwarded-Proto from PUBLIC_URL (see plugin.ts): URLs in metadata
  // and redirects always use the public origin, and cookies are Secure when it is https.
  provider.proxy = true;

  // The provider's browser session never outlives a change of site user: an authorization request
  // from a browser whose site session is someone else's (or nobody's) starts from a fresh session.
  provider.use(guardTokenEndpoint(provider, credentials, OAUTH_ROUTES.token));
  provider.use(revokeAccessTokens(oauth, OAUTH_ROUTES.revocation));
  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === OAUTH_ROUTES.authorization) {
      const siteUser = (ctx.req as RawWithSiteUser)[SITE_USER] ?? null;
      const session = await provider.Session.get(ctx);
      if (session.accountId && session.accountId !== siteUser) await session.destroy();
      // No scope asked for: the client's registered scopes, or every scope, shown on the consent
      // page as always (MCP clients that find no scope hint omit the parameter).
      if (ctx.query.scope === undefined && typeof ctx.query.client_id === 'string') {
        ctx.query = { ...ctx.query, scope: await defaultScope(provider, ctx.query.client_id) };
      }
    }
    await next();
    // A registration that leaves out token_endpoint_auth_method gets 'none' (the default), but
    // oidc-provider still mints a client_secret for it; a public client has no use for one.
    if (ctx.oidc?.route === 'registration' && ctx.status === 201) {
      const body = ctx.body as Record<string, unknown>;
      if (body.token_endpoint_auth_method === 'none') {
        delete body.client_secret;
        delete body.client_secret_expires_at;
      }
    }
  });
  return provider;
}

/** The scope of an authorization request that names none: what the client registered, else all. */
async function defaultScope(provider: Provider, clientId: string) {
  // A client ID metadata document would be fetched here; the request fetches it right after.
  const registered = URL.canParse(clientId) ? undefined : (await provider.Client.find(clientId))?.scope;
  const known = registered?.split(' ').filter((s) => (SCOPES as readonly string[]).includes(s)) ?? [];
  return (known.length ? known : SCOPES).join(' ');
}
