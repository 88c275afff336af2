import type { FastifyInstance } from 'fastify';
import { clearSiteSession } from '../site-session.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import type { SignInMethod } from '../../../store/schema.ts';
import { registerEmailPages } from './email-pages.ts';
import { registerDataExportPage } from './data-export-page.ts';
import { registerDeleteAccountPage } from './delete-account-page.ts';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../../../domain/privacy/retention.ts';

/** How a session was started, in the list of sessions. */
const METHOD_NAMES: Record<SignInMethod, string> = { password: 'your password', github: 'GitHub', google: 'Google' };

/** The account overview: who you are, confirming your address, signing out everywhere; and the e-mail switches. */
export function registerAccountPages(app: FastifyInstance, web: Web) {
  const { services } = web;
  registerEmailPages(app, web);
  registerDataExportPage(app, web);
  registerDeleteAccountPage(app, web);

  app.get('/account', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    const [sessions, listed] = await Promise.all([services.sessions.countLive(s.userId), services.sessions.listLive(s.userId)]);
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
<li><a href="/account/webhooks">Webhooks</a>: signed notices to your own systems when something happens.</li>
${Object.keys(services.signInProviders).length ? html`<li><a href="/account/sign-in-methods">Sign-in methods</a>: your password, GitHub, Google.</li>` : ''}
</ul></section>
<section aria-labelledby="email-heading"><h2 id="email-heading">E-mail</h2>
<p><a href="/account/email">E-mail preferences</a>: which mails about comments, replies and followed listings we send you.</p>
</section>
<section aria-labelledby="sessions-heading"><h2 id="sessions-heading">Where you are signed in</h2>
<p>You are signed in on ${sessions} browser${sessions === 1 ? '' : 's'} or device${sessions === 1 ? '' : 's'}. Signing out everywhere ends all of them, this one included; API keys stay valid.</p>
<ul class="sessions">${listed.map((x) => html`<li><strong>${x.device}</strong>${x.id === s.id ? ' (this browser)' : ''}: signed in ${time(x.createdAt)} with ${METHOD_NAMES[x.method]}, last seen ${time(x.lastSeenAt)}</li>`)}</ul>
<p class="muted">Of each browser we keep only its name and system, never your address: see <a href="/privacy">Privacy</a>.</p>
<form method="post" action="/account/sign-out-everywhere"><input type="hidden" name="csrf" value="${s.csrf}"><button type="submit" class="secondary">Sign out everywhere</button></form>
</section>
<section aria-labelledby="data-heading"><h2 id="data-heading">Your data</h2>
<p><a href="/account/data">Download my data</a>: a copy of everything we keep about your account, as one zip file.</p>
</section>
<section aria-labelledby="delete-heading"><h2 id="delete-heading">Delete your account</h2>
<p><a href="/account/delete">Delete my account</a>: it is erased ${ACCOUNT_DELETION_GRACE_DAYS} days later, unless you sign in again before then.</p>
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
