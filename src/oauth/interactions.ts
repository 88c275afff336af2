import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { SCOPES, type Scope } from '../domain/actor.ts';
import { clientIdHost, knownScopes, OAUTH_TTL, type ClientDisplay } from '../domain/accounts/connected-apps.ts';
import { readSiteSession } from '../transports/web/site-session.ts';
import type { Services } from '../services.ts';
import { INTERACTION_PREFIX } from './provider.ts';
import { consentPage, errorPage, PAGE_HEADERS } from './pages.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The browser's word on where a form post came from (as the site's own forms check it). */
function fromThisSite(request: FastifyRequest, publicUrl: string) {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  return origin === undefined || origin === new URL(publicUrl).origin;
}

/**
 * The login and consent steps of an authorization request, at /oauth/interaction/:uid. Login is
 * the site session (nobody signed in: off to /sign-in and back); consent is a form with the
 * session's CSRF token. Only the signed-in site user can approve, and only for themself.
 */
export function registerInteractions(scope: FastifyInstance, provider: Provider, services: Services) {
  const page = (reply: FastifyReply, status: number, body: string) => reply.code(status).headers(PAGE_HEADERS).send(body);
  const fail = async (reply: FastifyReply, status: number, error: string, description: string) =>
    page(reply, status, errorPage((await services.site.info()).name, error, description));
  const signIn = (reply: FastifyReply, uid: string) =>
    reply.redirect(`/sign-in?return_to=${encodeURIComponent(`${INTERACTION_PREFIX}/${uid}`)}`, 303);
  const finish = async (request: FastifyRequest, reply: FastifyReply, result: Parameters<Provider['interactionResult']>[2], merge: boolean) =>
    reply.redirect(await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: merge }), 303);

  /** The pending interaction of this browser, if it is the one in the URL. */
  async function load(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    const { uid } = request.params as { uid: string };
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid === uid) return details;
    } catch (err) {
      if (!(err instanceof errors.SessionNotFound)) throw err;
    }
    await fail(reply, 400, 'invalid_request', 'This sign-in request has expired or belongs to another browser.');
    return undefined;
  }

  scope.get(`${INTERACTION_PREFIX}/:uid`, { schema: { hide: true } }, async (request, reply) => {
    const details = await load(request, reply);
    if (!details) return reply;
    const site = await readSiteSession(request, services);
    if (!site) return signIn(reply, details.uid);

    if (details.prompt.name === 'login') {
      // Whoever is signed in on the site is who signs in here.
      return finish(request, reply, { login: { accountId: site.userId } }, false);
    }
    if (details.prompt.name !== 'consent') return fail(reply, 400, 'invalid_request', `Unsupported step ${details.prompt.name}.`);
    if (details.session?.accountId !== site.userId) {
      return finish(request, reply, { error: 'access_denied', error_description: 'The signed-in account changed during the request.' }, false);
    }

    const scopes = knownScopes(String(details.params.scope ?? ''));
    if (!scopes.length) {
      return finish(request, reply, { error: 'access_denied', error_description: `The app asked for none of the scopes this service grants (${SCOPES.join(', ')}).` }, false);
    }
    const client = await provider.Client.find(String(details.params.client_id));
    if (!client) return fail(reply, 400, 'invalid_client', 'The app is no longer known.');
    const redirect = URL.parse(String(details.params.redirect_uri));
    const resources = [details.params.resource ?? []].flat().map(String);
    const siteName = (await services.site.info()).name;
    const describe = (r: string) => (r === `${services.publicUrl}/api/v1` ? `the ${siteName} REST API` : `the ${siteName} MCP server`);
    const asked = new Set(String(details.params.scope ?? '').split(' '));
    const extras = [
      asked.has('openid') ? 'Know your account ID (OpenID sign-in).' : '',
      asked.has('offline_access') ? 'Stay connected while you are away (refresh tokens).' : '',
    ].filter(Boolean);
    return page(
      reply,
      200,
      consentPage({
        siteName,
        user: { name: site.name, email: site.email },
        client: {
          name: client.clientName ?? clientIdHost(client.clientId) ?? client.clientId,
          clientId: client.clientId,
          clientIdHost: clientIdHost(client.clientId),
          redirectHost: redirect?.host ?? String(details.params.redirect_uri),
          redirectIsLoopback: !!redirect && LOOPBACK.has(redirect.hostname),
        },
        resources: (resources.length ? resources : [`${services.publicUrl}/mcp`]).map(describe),
        scopes,
        extras,
        action: `${INTERACTION_PREFIX}/${details.uid}`,
        csrf: site.csrf,
      }),
    );
  });

  scope.post(`${INTERACTION_PREFIX}/:uid`, { schema: { hide: true } }, async (request, reply) => {
    const form = (request.body ?? {}) as { csrf?: unknown; decision?: unknown };
    const site = await readSiteSession(request, services);
    const { uid } = request.params as { uid: string };
    if (!site) return signIn(reply, uid);
    if (typeof form.csrf !== 'string' || !sameToken(form.csrf, site.csrf) || !fromThisSite(request, services.publicUrl)) {
      return fail(reply, 403, 'invalid_request', 'The form was not sent from this site, or it expired; reload the page and decide again.');
    }
    const details = await load(request, reply);
    if (!details) return reply;
    if (details.prompt.name !== 'consent') return fail(reply, 400, 'invalid_request', 'Nothing is waiting for your consent.');
    if (details.session?.accountId !== site.userId) {
      return finish(request, reply, { error: 'access_denied', error_description: 'The signed-in account changed during the request.' }, false);
    }
    if (form.decision !== 'approve') {
      return finish(request, reply, { error: 'access_denied', error_description: 'The user denied access.' }, false);
    }

    const clientId = String(details.params.client_id);
    const client = await provider.Client.find(clientId);
    if (!client) return fail(reply, 400, 'invalid_client', 'The app is no longer known.');
    const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId: site.userId, clientId });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      const allowed = scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
      if (allowed.length) grant.addResourceScope(resource, allowed.join(' '));
    }
    const grantId = await grant.save();
    const display: ClientDisplay = {
      name: client.clientName ?? clientIdHost(clientId) ?? clientId,
      clientIdHost: clientIdHost(clientId),
      redirectHost: URL.parse(String(details.params.redirect_uri))?.host ?? null,
    };
    // A new grant's expiry is only in its stored payload; it is now + the grant lifetime.
    await services.oauth.rememberClient(grantId, display, new Date((grant.exp ?? Math.floor(Date.now() / 1000) + OAUTH_TTL.grant) * 1000));
    return finish(request, reply, { consent: { grantId } }, true);
  });
}
