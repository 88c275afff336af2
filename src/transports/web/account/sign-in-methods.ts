import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROVIDER_LABELS } from '../../../domain/accounts/identities.ts';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import type { SignInProvider } from '../../../store/schema.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { errorSummary } from '../layout.ts';
import { configuredProvider, startProviderFlow } from './social-sign-in.ts';

const PROVIDERS: SignInProvider[] = ['github', 'google'];

/**
 * /account/sign-in-methods: the password and the linked providers; a provider is linked by signing
 * in at it from here (a form post with the session's CSRF token, then the provider's flow) and
 * unlinked while another way to sign in remains. Only on an installation with a provider configured.
 */
export function registerSignInMethodsPages(app: FastifyInstance, web: Web) {
  const { services } = web;
  if (!Object.keys(services.signInProviders).length) return;
  const providerParam = (request: FastifyRequest) => (request.params as { provider: string }).provider;

  async function methodsPage(request: FastifyRequest, reply: FastifyReply, s: SiteSession, p: { status?: number; summary?: string } = {}) {
    const { hasPassword, identities } = await services.identities.methods(s.userId);
    const rows = PROVIDERS.filter((id) => services.signInProviders[id] || identities.some((i) => i.provider === id)).map((id) => {
      const label = PROVIDER_LABELS[id];
      const linked = identities.find((i) => i.provider === id);
      if (linked) {
        return html`<li><strong>${label}</strong>: linked${linked.email ? html` as ${linked.email}` : ''} since ${time(linked.linked_at)}${linked.last_used_at ? html`, last used ${time(linked.last_used_at)}` : ''}.
<form method="post" action="/account/sign-in-methods/${id}/unlink" class="inline"><input type="hidden" name="csrf" value="${s.csrf}"> <button type="submit" class="link">Unlink ${label}</button></form></li>`;
      }
      return html`<li><strong>${label}</strong>: not linked.
<form method="post" action="/account/sign-in-methods/${id}/link" class="inline"><input type="hidden" name="csrf" value="${s.csrf}"> <button type="submit" class="link">Link ${label}</button></form></li>`;
    });
    return web.page(request, reply, {
      title: 'Sign-in methods',
      status: p.status,
      body: html`<h1>Sign-in methods</h1>
${errorSummary(p.summary)}
<p>The ways you can sign in to this account. A method can be unlinked while another one remains.</p>
<ul>
<li><strong>Password</strong>: ${hasPassword ? 'set.' : 'none: this account signs in only with the providers below.'}</li>
${rows}
</ul>
<p class="hint">Linking signs you in at the provider once; we keep its id for you, the e-mail address it gave and whether it verified it, never a token of yours.</p>
<p><a href="/account">Back to your account</a></p>`,
    });
  }

  app.get('/account/sign-in-methods', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    return methodsPage(request, reply, s);
  });

  app.post('/account/sign-in-methods/:provider/link', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    const provider = configuredProvider(services, providerParam(request));
    if (!provider) return reply.callNotFound();
    return startProviderFlow(request, reply, web, provider, { linkUserId: s.userId });
  });

  app.post('/account/sign-in-methods/:provider/unlink', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    const id = providerParam(request);
    if (id !== 'github' && id !== 'google') return reply.callNotFound();
    const outcome = await services.identities.unlink(s.userId, id);
    if (outcome.ok) return reply.redirect('/account/sign-in-methods?notice=identity-unlinked', 303);
    if (outcome.reason === 'not_linked') return methodsPage(request, reply, s, { status: 409, summary: `${PROVIDER_LABELS[id]} is not linked to this account.` });
    return methodsPage(request, reply, s, {
      status: 409,
      summary: `${PROVIDER_LABELS[id]} is the only way to sign in to this account, so it stays linked. Link another provider first.`,
    });
  });
}
