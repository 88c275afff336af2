import type { FastifyInstance } from 'fastify';
import { clearSiteSession } from '../site-session.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { registerEmailPages } from './email-pages.ts';

/** The account overview: who you are, confirming your address, signing out everywhere; and the e-mail switches. */
export function registerAccountPages(app: FastifyInstance, web: Web) {
  const { services } = web;
  registerEmailPages(app, web);

  app.get('/account', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    const sessions = await services.sessions.countLive(s.userId);
    return web.page(request, reply, {
      title: 'Your account',
      body: html`<h1>Your account</h1>
<dl>
<dt>Name</dt><dd>${s.name}</dd>
<dt>Email</dt><dd>${s.email} ${s.emailVerified ? html`<span class="muted">(confirmed)</span>` : html`<strong>(not confirmed yet)</strong>`}</dd>
${s.isAdmin ? html`<dt>Role</dt><dd>Administrator · <a href="/admin/outbox">Outbox</a></dd>` : ''}
</dl>
${s.emailVerified
  ? ''
  : html`<section aria-labelledby="confirm-heading"><h2 id="confirm-heading">Confirm your email address</h2>
<p>We sent a link to ${s.email}. Until you open it you cannot vote or write reviews.</p>
<form method="post" action="/account/verify-email"><input type="hidden" name="csrf" value="${s.csrf}"><button type="submit" class="secondary">Send the link again</button></form></section>`}
<section aria-labelledby="access-heading"><h2 id="access-heading">Access</h2>
<ul>
<li><a href="/account/api-keys">API keys</a>: keys for scripts and tools using the API or the MCP server.</li>
<li><a href="/account/apps">Connected apps</a>: apps you allowed to use your account.</li>
${Object.keys(services.signInProviders).length ? html`<li><a href="/account/sign-in-methods">Sign-in methods</a>: your password, GitHub, Google.</li>` : ''}
</ul></section>
<section aria-labelledby="email-heading"><h2 id="email-heading">E-mail</h2>
<p><a href="/account/email">E-mail preferences</a>: which mails about comments, replies and followed listings we send you.</p>
</section>
<section aria-labelledby="sessions-heading"><h2 id="sessions-heading">Where you are signed in</h2>
<p>You are signed in on ${sessions} browser${sessions === 1 ? '' : 's'} or device${sessions === 1 ? '' : 's'}. Signing out everywhere ends all of them, this one included; API keys stay valid.</p>
<form method="post" action="/account/sign-out-everywhere"><input type="hidden" name="csrf" value="${s.csrf}"><button type="submit" class="secondary">Sign out everywhere</button></form>
</section>`,
    });
  });

  app.post('/account/verify-email', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    await services.emailVerification.send(s.userId);
    return reply.redirect(s.emailVerified ? '/account' : '/account?notice=verify-sent', 303);
  });

  app.post('/account/sign-out-everywhere', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    await services.sessions.endAll(s.userId);
    clearSiteSession(reply);
    return reply.redirect('/sign-in?notice=signed-out-everywhere', 303);
  });
}
