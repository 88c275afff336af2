import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DELETION_LINK_LIFETIME_MS, deletionLinkMessage } from '../../../domain/accounts/account-deletion.ts';
import { ERASURE_SUMMARY, erasureMoment } from '../../../domain/accounts/deletion-mails.ts';
import { PASSWORD_MAX } from '../../../domain/accounts/passwords.ts';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../../../domain/privacy/retention.ts';
import { DomainError } from '../../../domain/errors.ts';
import { clearSiteSession } from '../site-session.ts';
import { checkPreSessionCsrf, preSessionToken } from '../csrf.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { errorSummary, fieldError } from '../layout.ts';

const GRACE = `${ACCOUNT_DELETION_GRACE_DAYS} days`;

/** Where a sign-in sends the browser: with the notice that it cancelled a deletion, when it did. */
export function afterSignIn(target: string, deletionCancelled: boolean): string {
  if (!deletionCancelled) return target;
  return `${target}${target.includes('?') ? '&' : '?'}notice=deletion-cancelled`;
}

/**
 * `/account/delete`: "Delete my account" (GDPR art. 17). Confirmed by the current password, or by
 * an e-mailed link for an account that signs in with GitHub or Google only; then the account is
 * signed out everywhere and erased after the grace, unless the person signs in again before.
 */
export function registerDeleteAccountPage(app: FastifyInstance, web: Web) {
  const { services } = web;
  // A password guess here is a sign-in guess: the same budget per address as the sign-in form
  // (RATE_LIMIT_SIGN_IN_PER_MINUTE), besides the per-account throttle the check itself counts in.
  const limited = (name: string) => ({ ...SITE_ROUTE, config: { rateLimit: { max: web.signInPerMinute, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `${name}:${r.ip}` } } });

  const what = html`<h2 id="what-heading">What happens</h2>
<ul>
<li>You are signed out everywhere at once; your API keys are revoked and your connected apps disconnected.</li>
<li>We e-mail you the date: your account is erased ${GRACE} later.</li>
<li>Changed your mind? Signing in before then, with your password or with GitHub or Google, cancels the deletion (API keys and apps stay revoked).</li>
</ul>
<p>${ERASURE_SUMMARY}</p>`;

  async function deletePage(request: FastifyRequest, reply: FastifyReply, p: { status?: number; error?: string; summary?: string } = {}) {
    const s = request.siteSession!;
    const byPassword = await services.accountDeletion.confirmsByPassword(s.userId);
    const csrf = html`<input type="hidden" name="csrf" value="${s.csrf}">`;
    const e = p.error;
    return web.page(request, reply, {
      title: 'Delete my account',
      status: p.status,
      body: html`<h1>Delete my account</h1>
${errorSummary(p.summary)}
<section aria-labelledby="what-heading">${what}</section>
<section aria-labelledby="confirm-heading"><h2 id="confirm-heading">Confirm</h2>
${byPassword
  ? html`<form method="post" action="/account/delete" novalidate>
${csrf}
<label for="password">Your current password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required maxlength="${PASSWORD_MAX}" aria-describedby="password-hint${e ? ' password-error' : ''}"${e ? html` aria-invalid="true"` : ''}>
<p class="hint" id="password-hint">So that nobody else can delete your account from a browser you left signed in.</p>
${fieldError('password', e)}
<button type="submit">Delete my account</button>
</form>`
  : html`<p>Your account has no password (you sign in with GitHub or Google), so we e-mail a link to ${s.email} to confirm. The link works once, for ${DELETION_LINK_LIFETIME_MS / 60_000} minutes.</p>
<form method="post" action="/account/delete">
${csrf}
<button type="submit">E-mail me the confirmation link</button>
</form>`}
</section>
<p><a href="/account">Keep my account</a></p>`,
    });
  }

  /**
   * The answer once the deletion is scheduled. A browser signed in to that account is signed out (its
   * session ended with the others); one signed in to another account (a link opened elsewhere) stays so.
   */
  function scheduledPage(request: FastifyRequest, reply: FastifyReply, userId: string, dueAt: Date) {
    if (!request.siteSession || request.siteSession.userId === userId) {
      clearSiteSession(reply);
      request.siteSession = undefined;
    }
    return web.page(request, reply, {
      title: 'Your account will be deleted',
      body: html`<h1>Your account will be deleted</h1>
<p>It will be erased on <strong>${erasureMoment(dueAt)}</strong>. We sent you a mail saying so.</p>
<p>You are signed out everywhere. Changed your mind? <a href="/sign-in">Sign in</a> before then: signing in cancels the deletion.</p>`,
    });
  }

  app.get('/account/delete', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    return deletePage(request, reply);
  });

  app.post('/account/delete', limited('delete-account'), async (request, reply) => {
    const s = web.formSession(request);
    if (!(await services.accountDeletion.confirmsByPassword(s.userId))) {
      try {
        await services.accountDeletion.sendConfirmationLink(s.userId);
      } catch (err) {
        if (err instanceof DomainError && err.code === 'deletion_link_recently_sent') return deletePage(request, reply, { status: 429, summary: err.message });
        throw err;
      }
      return reply.redirect('/account/delete?notice=deletion-link-sent', 303);
    }
    const password = field(request, 'password');
    if (!password || password.length > PASSWORD_MAX) {
      return deletePage(request, reply, { status: 400, error: 'Enter your current password.', summary: 'Enter your current password to delete your account.' });
    }
    const outcome = await services.accountDeletion.requestWithPassword(s.userId, password, request.ip);
    if (outcome.ok) return scheduledPage(request, reply, s.userId, outcome.dueAt);
    if (outcome.reason === 'locked') {
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      return deletePage(request, reply, {
        status: 429,
        error: `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        summary: 'Too many wrong passwords: nothing was deleted.',
      });
    }
    return deletePage(request, reply, { status: 400, error: 'This is not your current password.', summary: 'The password is wrong: nothing was deleted.' });
  });

  // ── The e-mailed confirmation of an account without a password ───────────────────────────────

  const tokenOf = (request: FastifyRequest) => {
    const fromForm = field(request, 'token');
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
    return fromForm || (typeof fromQuery === 'string' ? fromQuery : '');
  };

  const linkFailurePage = (request: FastifyRequest, reply: FastifyReply, message: string) =>
    web.page(request, reply, {
      title: 'This link does not work',
      status: 400,
      body: html`<h1>This link does not work</h1><p>${message}</p><p>Nothing was deleted. <a href="/account">Go to your account</a></p>`,
    });

  // Opening the link shows the last button only: mail scanners and link previews open links too.
  app.get('/account/delete/confirm', SITE_ROUTE, async (request, reply) => {
    const token = tokenOf(request);
    const state = await services.accountDeletion.checkLink(token);
    if (state !== 'live') return linkFailurePage(request, reply, deletionLinkMessage(state));
    const csrf = preSessionToken(request, reply, web.secure);
    return web.page(request, reply, {
      title: 'Delete my account',
      body: html`<h1>Delete my account</h1>
<section aria-labelledby="what-heading">${what}</section>
<form method="post" action="/account/delete/confirm">
<input type="hidden" name="csrf" value="${csrf}">
<input type="hidden" name="token" value="${token}">
<button type="submit">Delete my account</button>
</form>
<p><a href="/account">Keep my account</a></p>`,
    });
  });

  app.post('/account/delete/confirm', limited('delete-account-link'), async (request, reply) => {
    checkPreSessionCsrf(request, web.publicUrl);
    try {
      const { userId, dueAt } = await services.accountDeletion.confirmByLink(tokenOf(request));
      return scheduledPage(request, reply, userId, dueAt);
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'invalid') return linkFailurePage(request, reply, err.message);
      throw err;
    }
  });
}
