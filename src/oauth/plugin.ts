import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { Services } from '../services.ts';
import { readSiteSession } from '../transports/web/site-session.ts';
import { createProvider, OAUTH_ROUTES, SITE_USER, type RawWithSiteUser } from './provider.ts';
import { CLIENT_IP, type RawWithClientIp } from './token-endpoint-guard.ts';
import { registerInteractions } from './interactions.ts';
import { provideConnectedApps } from '../transports/web/account/connected-apps.ts';

/** Paths served by oidc-provider itself: its endpoints under /oauth and both discovery documents. */
const PROVIDER_PATHS = ['/oauth/*', '/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'];

/**
 * The OAuth 2.1 authorization server, in this process: oidc-provider (a Koa app) answers its own
 * endpoints with the request stream untouched; the login/consent pages are ordinary routes.
 * Global hooks (rate limits) apply as to any route.
 */
export async function oauthServer(app: FastifyInstance, opts: { services: Services }) {
  const { services } = opts;
  const siteName = (await services.site.info()).name;
  const provider = await createProvider(services.oauth, siteName, services.credentials);
  const callback = provider.callback();
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'OAuth server error'));
  const origin = new URL(services.publicUrl);

  await app.register(async (scope) => {
    // oidc-provider parses its own bodies: Fastify must leave the stream unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    for (const path of PROVIDER_PATHS) {
      scope.all(path, { schema: { hide: true } }, async (request, reply) => {
        const raw = request.raw as RawWithSiteUser & RawWithClientIp;
        // The provider builds its URLs from the request; make that the public origin, whatever
        // Host the request came with (and Secure cookies when PUBLIC_URL is https).
        raw.headers.host = origin.host;
        raw.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
        delete raw.headers['x-forwarded-host'];
        raw[CLIENT_IP] = request.ip;
        if (request.method === 'GET' && request.url.split('?')[0] === OAUTH_ROUTES.authorization) {
          raw[SITE_USER] = (await readSiteSession(request, services))?.userId ?? null;
        }
        // The provider writes the raw response; carry over headers set so far (rate limit).
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(name, value as string);
        }
        reply.hijack();
        await callback(raw, reply.raw);
      });
    }
  });

  // /account/apps (the website) lists the user's grants and disconnects them through these.
  provideConnectedApps(services, {
    list: async (userId) =>
      (await services.oauth.listGrants(userId)).map((g) => ({
        id: g.grantId,
        name: g.clientIdHost && g.name !== g.clientIdHost ? `${g.name} (${g.clientIdHost})` : g.name,
        clientId: g.clientId,
        scopes: [...new Set(g.access.flatMap((a) => a.scopes))],
        connectedAt: g.connectedAt,
        lastUsedAt: g.lastUsedAt,
      })),
    revoke: (userId, grantId) => services.oauth.revokeGrant(userId, grantId),
  });

  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) await scope.register(formbody);
    registerInteractions(scope, provider, services);
  });
}
