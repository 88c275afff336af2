import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/accounts/passwords.ts';
import { DomainError } from '../../../domain/errors.ts';
import { clearSiteSession, startSiteSession } from '../site-session.ts';
import { checkPreSessionCsrf, checkSessionCsrf, preSessionToken } from '../csrf.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { errorSummary, fieldError, invalidAttrs } from '../layout.ts';
import { safeReturnTo, withReturnTo } from '../return-to.ts';
import { setBudgetHeaders } from '../../rate-limit-headers.ts';
import { providerButtons } from './social-sign-in.ts';
import { afterSignIn } from './delete-account-page.ts';

type Errors = Partial<Record<'name' | 'email' | 'password', string>>;

const SignUp = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(100, 'At most 100 characters.'),
  email: z.string().trim().max(254, 'At most 254 characters.').pipe(z.email('Enter an email address like name@example.com.')),
  password: z.string().min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters.`).max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`),
});

/** Sign-up, sign-in, sign-out and the email confirmation link. */
export function registerAuthPages(app: FastifyInstance, web: Web) {
  const { services } = web;
  const returnToOf = (request: FastifyRequest) =>
    safeReturnTo(field(request, 'return_to') || (request.query as Record<string, unknown> | undefined)?.return_to);

  // ── Sign up ────────────────────────────────────────────────────────────────────────────────

  function signUpPage(request: FastifyRequest, reply: FastifyReply, p: { status?: number; values?: { name?: string; email?: string }; errors?: Errors; summary?: string } = {}) {
    const token = preSessionToken(request, reply, web.secure);
    const returnTo = returnToOf(request);
    const e = p.errors ?? {};
    return web.page(request, reply, {
      title: 'Create an account',
      status: p.status,
      body: html`<h1>Create an account</h1>
${errorSummary(p.summary)}
<form method="post" action="/sign-up" novalidate>
<input type="hidden" name="csrf" value="${token}">
${returnTo ? html`<input type="hidden" name="return_to" value="${returnTo}">` : ''}
<label for="name">Name</label>
<input type="text" id="name" name="name" autocomplete="name" required maxlength="100" value="${p.values?.name ?? ''}"${invalidAttrs('name', e.name)}>
${fieldError('name', e.name)}
<label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="email" required maxlength="254" value="${p.values?.email ?? ''}"${invalidAttrs('email', e.email)}>
${fieldError('email', e.email)}
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}" aria-describedby="password-hint"${invalidAttrs('password', e.password)}>
<p class="hint" id="password-hint">${PASSWORD_MIN} to ${PASSWORD_MAX} characters. A long phrase is easier to remember than a short code.</p>
${fieldError('password', e.password)}
<button type="submit">Create account</button>
</form>
${providerButtons(services, returnTo)}
<p>Already have an account? <a href="${withReturnTo('/sign-in', returnTo)}">Sign in</a>.</p>`,
    });
  }

  app.get('/sign-up', SITE_ROUTE, async (request, reply) => {
    if (request.siteSession) return reply.redirect(returnToOf(request) ?? '/account', 303);
    return signUpPage(request, reply);
  });

  app.post('/sign-up', SITE_ROUTE, async (request, reply) => {
    checkPreSessionCsrf(request, web.publicUrl);
    const values = { name: field(request, 'name'), email: field(request, 'email') };
    const parsed = SignUp.safeParse({ ...values, password: field(request, 'password') });
    if (!parsed.success) {
      const errors: Errors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Errors] ??= issue.message;
      return signUpPage(request, reply, { status: 400, values, errors, summary: 'Please correct the fields marked below.' });
    }
    let userId: string;
    try {
      userId = await services.accounts.createUser({ email: parsed.data.email, name: parsed.data.name, password: parsed.data.password });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'email_taken') {
        return signUpPage(request, reply, {
          status: 409,
          values,
          errors: { email: 'An account with this email exists. Sign in instead.' },
          summary: 'An account with this email exists.',
        });
      }
      if (err instanceof DomainError && err.kind === 'invalid') return signUpPage(request, reply, { status: 400, values, errors: { password: err.message }, summary: err.message });
      throw err;
    }
    if (request.siteSession) await services.sessions.end(request.siteSession.id);
    await startSiteSession(request, reply, services, userId);
    await services.emailVerification.send(userId, { throttle: false });
    return reply.redirect(returnToOf(request) ?? '/account?notice=welcome', 303);
  });

  // ── Sign in ────────────────────────────────────────────────────────────────────────────────

  function signInPage(request: FastifyRequest, reply: FastifyReply, p: { status?: number; email?: string; summary?: string } = {}) {
    const token = preSessionToken(request, reply, web.secure);
    const returnTo = returnToOf(request);
    return web.page(request, reply, {
      title: 'Sign in',
      status: p.status,
      body: html`<h1>Sign in</h1>
${errorSummary(p.summary)}
<form method="post" action="/sign-in">
<input type="hidden" name="csrf" value="${token}">
${returnTo ? html`<input type="hidden" name="return_to" value="${returnTo}">` : ''}
<label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="username" required maxlength="254" value="${p.email ?? ''}">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required maxlength="${PASSWORD_MAX}">
<button type="submit">Sign in</button>
</form>
${providerButtons(services, returnTo)}
<p>No account yet? <a href="${withReturnTo('/sign-up', returnTo)}">Create one</a>.</p>`,
    });
  }

  app.get('/sign-in', SITE_ROUTE, async (request, reply) => {
    if (request.siteSession) return reply.redirect(returnToOf(request) ?? '/account', 303);
    return signInPage(request, reply);
  });

  // Its own budget per address, apart from the anonymous API's (RATE_LIMIT_SIGN_IN_PER_MINUTE);
  // failed passwords are throttled beyond it per account and address (sign-in.ts).
  const signInRoute = { ...SITE_ROUTE, config: { rateLimit: { max: web.signInPerMinute, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `sign-in:${r.ip}` } } };
  app.post('/sign-in', signInRoute, async (request, reply) => {
    checkPreSessionCsrf(request, web.publicUrl);
    const email = field(request, 'email').trim();
    const password = field(request, 'password');
    if (!email || !password || email.length > 254 || password.length > PASSWORD_MAX) {
      return signInPage(request, reply, { status: 400, email: email.slice(0, 254), summary: 'Enter your email and your password.' });
    }
    const result = await services.signIn.attempt({ email, password, ip: request.ip });
    if (!result.ok && result.reason === 'disabled') {
      return signInPage(request, reply, { status: 403, email, summary: 'This account is disabled by the site\'s administrators, so it cannot sign in.' });
    }
    if (!result.ok) {
      setBudgetHeaders(reply, result.budget);
      if (result.reason === 'locked') {
        const minutes = Math.ceil(result.retryAfterSeconds / 60);
        reply.header('retry-after', String(result.retryAfterSeconds));
        return signInPage(request, reply, {
          status: 429,
          email,
          summary: `Too many failed sign-in attempts from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        });
      }
      // The same answer whether or not an account has this address.
      return signInPage(request, reply, { status: 401, email, summary: 'The email or the password is wrong.' });
    }
    // A fresh session (and token) at every sign-in; the one this browser had ends.
    if (request.siteSession) await services.sessions.end(request.siteSession.id);
    const { deletionCancelled } = await startSiteSession(request, reply, services, result.userId);
    return reply.redirect(afterSignIn(returnToOf(request) ?? '/account', deletionCancelled), 303);
  });

  // ── Sign out ───────────────────────────────────────────────────────────────────────────────

  app.post('/sign-out', SITE_ROUTE, async (request, reply) => {
    const session = request.siteSession;
    if (session) {
      checkSessionCsrf(request, session, web.publicUrl);
      await services.sessions.end(session.id);
    }
    clearSiteSession(reply);
    return reply.redirect('/sign-in?notice=signed-out', 303);
  });

  // ── Email confirmation link ────────────────────────────────────────────────────────────────

  app.get('/verify-email', SITE_ROUTE, async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token;
    try {
      const { email } = await services.emailVerification.confirm(typeof token === 'string' ? token : '');
      return web.page(request, reply, {
        title: 'Email address confirmed',
        body: html`<h1>Email address confirmed</h1><p>Thank you: <strong>${email}</strong> is confirmed. You can now vote and write reviews.</p>
<p>${request.siteSession ? html`<a href="/account">Go to your account</a>` : html`<a href="/sign-in">Sign in</a>`}</p>`,
      });
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind !== 'invalid') throw err;
      return web.page(request, reply, {
        title: 'This link does not work',
        status: 400,
        body: html`<h1>This link does not work</h1><p>${err.message}</p>
<p>${request.siteSession ? html`<a href="/account">Go to your account</a>` : html`<a href="/sign-in?return_to=%2Faccount">Sign in</a>`}</p>`,
      });
    }
  });
}
