import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../services.ts';
import { DomainError } from '../../../domain/errors.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';

/** An app (OAuth client) the person allowed to use their account. */
export interface ConnectedApp {
  /** What the revoke form posts back (a grant id, or a client id). */
  id: string;
  name: string;
  clientId?: string;
  scopes: readonly string[];
  connectedAt: Date | null;
  lastUsedAt?: Date | null;
}

/** What the OAuth server provides to /account/apps: the person's grants, and how to end one. */
export interface ConnectedAppsProvider {
  list(userId: string): Promise<ConnectedApp[]>;
  /** Ends the app's access (grant and its tokens); false when it is not this person's. */
  revoke?(userId: string, id: string): Promise<boolean>;
}

const providers = new WeakMap<Services, ConnectedAppsProvider>();

/**
 * THE HOOK POINT for the OAuth authorization server: call once per app instance, e.g. when its
 * routes are registered — `provideConnectedApps(services, { list, revoke })` — and
 * /account/apps lists the grants and offers a CSRF-protected "Disconnect" for each. Until then the
 * page says that no app is connected.
 */
export function provideConnectedApps(services: Services, provider: ConnectedAppsProvider) {
  providers.set(services, provider);
}

export function registerConnectedAppsPages(app: FastifyInstance, web: Web) {
  const { services } = web;

  app.get('/account/apps', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    const provider = providers.get(services);
    const apps = provider ? await provider.list(s.userId) : [];
    return web.page(request, reply, {
      title: 'Connected apps',
      body: html`<h1>Connected apps</h1>
<p>Apps you allow to use your account (an MCP client, or another app signing in with OAuth) appear here, with what they may do. You can disconnect them at any time.</p>
${apps.length
  ? html`<table><caption>Apps with access to your account</caption><thead><tr><th scope="col">App</th><th scope="col">Scopes</th><th scope="col">Connected</th><th scope="col">Last used</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>
${apps.map((a) => html`<tr><th scope="row">${a.name}${a.clientId ? html`<br><code class="muted">${a.clientId}</code>` : ''}</th><td>${a.scopes.join(', ')}</td><td>${time(a.connectedAt, 'unknown')}</td><td>${time(a.lastUsedAt ?? null)}</td>
<td>${provider?.revoke ? html`<form class="inline" method="post" action="/account/apps/${encodeURIComponent(a.id)}/revoke"><input type="hidden" name="csrf" value="${s.csrf}"><button class="secondary" type="submit" aria-label="Disconnect ${a.name}">Disconnect</button></form>` : ''}</td></tr>`)}
</tbody></table>`
  : html`<p>No apps are connected to your account.</p>`}
<p><a href="/account">Back to your account</a></p>`,
    });
  });

  app.post('/account/apps/:id/revoke', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    const { id } = request.params as { id: string };
    const provider = providers.get(services);
    if (!provider?.revoke || !(await provider.revoke(s.userId, id))) {
      throw new DomainError('not_found', 'app_not_found', 'No app with this id is connected to your account.');
    }
    return reply.redirect('/account/apps?notice=app-revoked', 303);
  });
}
