import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROVIDER_LABELS, type ProviderProfile } from '../../../domain/accounts/identities.ts';
import type { Services } from '../../../services.ts';
import { FlowError, flowErrorOf, type FlowFailure, type SignInProviderClient } from '../../../sign-in-providers/provider.ts';
import type { SignInProvider } from '../../../store/schema.ts';
import { startSiteSession } from '../site-session.ts';
import { afterSignIn } from './delete-account-page.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, type Html } from '../html.ts';
import { safeReturnTo, withReturnTo } from '../return-to.ts';
import { clearFlowCookie, newFlow, readFlowCookie, setFlowCookie, type Flow, type FlowProblem } from './sign-in-flow.ts';

/** The provider a route names, when it is configured; undefined is a 404 (a provider without settings has no routes). */
export function configuredProvider(services: Services, name: unknown): SignInProviderClient | undefined {
  return name === 'github' || name === 'google' ? services.signInProviders[name] : undefined;
}

/** "Sign in with GitHub / Google" buttons for the sign-in and sign-up pages; nothing when none is configured. */
export function providerButtons(services: Services, returnTo: string | undefined): Html | '' {
  const ids = (['github', 'google'] as const).filter((id) => services.signInProviders[id]);
  if (!ids.length) return '';
  return html`<section aria-labelledby="providers-heading"><h2 id="providers-heading">Or with another account</h2>
${ids.map(
  (id) => html`<form method="get" action="/sign-in/${id}">${returnTo ? html`<input type="hidden" name="return_to" value="${returnTo}">` : ''}<button type="submit" class="secondary">Sign in with ${PROVIDER_LABELS[id]}</button></form>`,
)}
<p class="hint">The first time, an account is made for the e-mail address the provider has verified; an account here with the same confirmed address is linked to it.</p></section>`;
}

/** Sends the browser to the provider with a new flow cookie (or a 502 page when the provider cannot be reached). */
export async function startProviderFlow(request: FastifyRequest, reply: FastifyReply, web: Web, provider: SignInProviderClient, p: { returnTo?: string; linkUserId?: string }) {
  const flow = newFlow(provider.id, web.services.now(), p);
  let url: URL;
  try {
    url = await provider.authorizationUrl(callbackUrl(web, provider.id).href, flow);
  } catch (err) {
    return failurePage(request, reply, web, flow, flowErrorOf(err));
  }
  setFlowCookie(reply, flow, web.secure);
  return reply.redirect(url.href, 303);
}

const callbackUrl = (web: Web, id: SignInProvider) => new URL(`${web.publicUrl}/sign-in/${id}/callback`);

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * GET /sign-in/{provider} (start) and /sign-in/{provider}/callback (finish) for every configured
 * provider: authorization code + PKCE + state (+ nonce and a verified ID token with Google), the
 * flow in a signed cookie (sign-in-flow.ts), the account by the linking rule (domain/accounts/identities.ts).
 */
export function registerSocialSignIn(app: FastifyInstance, web: Web) {
  const { services } = web;
  if (!Object.keys(services.signInProviders).length) return;
  // Their own budget per address, like the password form's (RATE_LIMIT_SIGN_IN_PER_MINUTE).
  const route = { ...SITE_ROUTE, config: { rateLimit: { max: web.signInPerMinute, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `social-sign-in:${r.ip}` } } };
  const params = (request: FastifyRequest) => request.params as { provider: string };
  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

  app.get('/sign-in/:provider', route, async (request, reply) => {
    const provider = configuredProvider(services, params(request).provider);
    if (!provider) return reply.callNotFound();
    const returnTo = safeReturnTo(query(request).return_to);
    if (request.siteSession) return reply.redirect(returnTo ?? '/account', 303);
    return startProviderFlow(request, reply, web, provider, { returnTo });
  });

  app.get('/sign-in/:provider/callback', route, async (request, reply) => {
    const provider = configuredProvider(services, params(request).provider);
    if (!provider) return reply.callNotFound();
    const q = query(request);
    const flow = readFlowCookie(request, services.now());
    // A flow is used once, whatever its end.
    clearFlowCookie(reply);
    if (typeof flow === 'string') return problemPage(request, reply, web, provider.id, undefined, flow);
    if (flow.provider !== provider.id) return problemPage(request, reply, web, provider.id, flow, 'missing');
    if (typeof q.state !== 'string' || !same(q.state, flow.state)) return failurePage(request, reply, web, flow, new FlowError('state', 'the state does not match this sign-in'));
    if (typeof q.error === 'string') return failurePage(request, reply, web, flow, new FlowError('provider_error', q.error.slice(0, 100)));
    if (typeof q.code !== 'string' || !q.code) return failurePage(request, reply, web, flow, new FlowError('bad_callback', 'the callback has no code'));
    const at = callbackUrl(web, provider.id);
    at.search = new URL(request.url, 'http://callback.invalid').search;
    let profile: ProviderProfile;
    try {
      profile = await provider.finish(at, flow);
    } catch (err) {
      return failurePage(request, reply, web, flow, flowErrorOf(err));
    }
    return flow.linkUserId ? finishLink(request, reply, web, flow, profile) : finishSignIn(request, reply, web, flow, profile);
  });
}

async function finishSignIn(request: FastifyRequest, reply: FastifyReply, web: Web, flow: Flow, profile: ProviderProfile) {
  const { services } = web;
  const outcome = await services.identities.signIn(profile);
  if (!outcome.ok) {
    const label = PROVIDER_LABELS[flow.provider];
    const email = outcome.email ?? '';
    switch (outcome.reason) {
      case 'provider_email_unverified':
        return refusal(request, reply, web, 403, `${label} did not confirm an e-mail address`, html`<p>To sign you in, ${label} must give us an e-mail address it has verified (your primary address). It gave none, or one it has not verified, so no account was made and nothing was linked.</p>
<p>Verify your primary address at ${label} and <a href="${withReturnTo(`/sign-in/${flow.provider}`, flow.returnTo)}">try again</a>, or <a href="${withReturnTo('/sign-up', flow.returnTo)}">create an account with a password</a>.</p>`);
      case 'account_email_unverified':
        return refusal(request, reply, web, 409, 'Sign in with your password first', html`<p>An account here already uses <strong>${email}</strong>, but that address was never confirmed on this site, so we cannot tell that it belongs to the same person as your ${label} account. Nothing was linked.</p>
<ol><li><a href="${withReturnTo('/sign-in', '/account/sign-in-methods')}">Sign in with your password</a>.</li><li>Confirm your address with the link we mail you (your account page sends a new one).</li><li>Link ${label} on your account's Sign-in methods page.</li></ol>`);
      case 'account_has_other':
        return refusal(request, reply, web, 409, `Another ${label} account is linked`, html`<p>The account here with <strong>${email}</strong> is linked to a different ${label} account. Sign in with that one, or with your password, and change the link on your account's Sign-in methods page.</p>
<p><a href="${withReturnTo('/sign-in', flow.returnTo)}">Sign in</a></p>`);
      case 'disabled':
        return refusal(request, reply, web, 403, 'This account is disabled', html`<p>This account is disabled by the site's administrators, so it cannot sign in.</p>`);
    }
  }
  // A fresh session at every sign-in; the one this browser had ends.
  if (request.siteSession) await services.sessions.end(request.siteSession.id);
  const { deletionCancelled } = await startSiteSession(request, reply, services, outcome.userId, flow.provider);
  const landing = outcome.via === 'created' ? '/account?notice=welcome-provider' : outcome.via === 'linked' ? '/account/sign-in-methods?notice=linked-at-sign-in' : '/account';
  return reply.redirect(deletionCancelled ? afterSignIn(flow.returnTo ?? '/account', true) : (flow.returnTo ?? landing), 303);
}

async function finishLink(request: FastifyRequest, reply: FastifyReply, web: Web, flow: Flow, profile: ProviderProfile) {
  const label = PROVIDER_LABELS[flow.provider];
  const session = request.siteSession;
  if (!session || session.userId !== flow.linkUserId) {
    return refusal(request, reply, web, 400, `${label} was not linked`, html`<p>You are no longer signed in as the account that asked for this link, so nothing was linked. <a href="${withReturnTo('/sign-in', '/account/sign-in-methods')}">Sign in</a> and link ${label} again from your account's Sign-in methods page.</p>`);
  }
  const outcome = await web.services.identities.link(session.userId, profile);
  if (outcome.ok) return reply.redirect('/account/sign-in-methods?notice=identity-linked', 303);
  const back = html`<p><a href="/account/sign-in-methods">Back to your sign-in methods</a></p>`;
  switch (outcome.reason) {
    case 'provider_email_unverified':
      return refusal(request, reply, web, 403, `${label} did not confirm an e-mail address`, html`<p>${label} gave no e-mail address it has verified, so it was not linked. Verify your primary address at ${label}, then link it again.</p>${back}`);
    case 'identity_taken':
      return refusal(request, reply, web, 409, `This ${label} account is linked to another account`, html`<p>The ${label} account you signed in with already signs in another account here, so it was not linked to yours. Unlink it from that account first.</p>${back}`);
    case 'account_has_other':
      return refusal(request, reply, web, 409, `Another ${label} account is linked`, html`<p>Your account is already linked to a different ${label} account. Unlink that one first, then link this one.</p>${back}`);
  }
}

function refusal(request: FastifyRequest, reply: FastifyReply, web: Web, status: number, title: string, body: Html) {
  return web.page(request, reply, { title, status, body: html`<h1>${title}</h1>${body}` });
}

const FAILURES: Record<FlowFailure | FlowProblem, { status: number; explain: (label: string, flow: Flow | undefined, error: string) => Html }> = {
  missing: {
    status: 400,
    explain: () => html`<p>This browser has no sign-in under way that this answer could finish: it was started in another browser, it was already used, or cookies are off. Nothing was changed.</p>`,
  },
  expired: { status: 400, explain: () => html`<p>This sign-in was started more than ten minutes ago and has expired. Nothing was changed.</p>` },
  state: {
    status: 400,
    explain: (label) => html`<p>The answer from ${label} does not belong to the sign-in this browser started (its <code>state</code> does not match). It may have been forged, or come from an older attempt. Nothing was changed.</p>`,
  },
  bad_callback: {
    status: 400,
    explain: (label) => html`<p>The answer this browser brought back from ${label} is not a valid one: some of its parameters are missing or were changed. Nothing was changed.</p>`,
  },
  nonce: {
    status: 400,
    explain: (label) => html`<p>The identity ${label} sent was not issued for the sign-in this browser started (its <code>nonce</code> does not match). Nothing was changed.</p>`,
  },
  code_refused: {
    status: 400,
    explain: (label) => html`<p>${label} would not confirm this sign-in: its code was already used, has expired, or does not match the proof this browser kept (PKCE). Nothing was changed.</p>`,
  },
  provider_error: {
    status: 400,
    explain: (label, _flow, error) =>
      error === 'access_denied'
        ? html`<p>You did not allow the sign-in at ${label}. Nothing was changed.</p>`
        : html`<p>${label} answered with an error (<code>${error}</code>). Nothing was changed.</p>`,
  },
  unreachable: { status: 502, explain: (label) => html`<p>${label} could not be reached just now. Nothing was changed; try again in a moment.</p>` },
  bad_answer: { status: 502, explain: (label) => html`<p>${label}'s answer could not be used. Nothing was changed; try again in a moment.</p>` },
};

function failurePage(request: FastifyRequest, reply: FastifyReply, web: Web, flow: Flow, err: FlowError) {
  // The reason in words and the library's code only: its errors can carry the ID token's claims.
  const code = (err.cause as { code?: unknown } | undefined)?.code;
  request.log.warn({ provider: flow.provider, failure: err.failure, reason: err.message, code: typeof code === 'string' ? code : undefined }, 'sign-in with a provider failed');
  return problemPage(request, reply, web, flow.provider, flow, err.failure, err.failure === 'provider_error' ? err.message : '');
}

/** A clear page for a sign-in that could not be finished, with the way to start again. */
function problemPage(request: FastifyRequest, reply: FastifyReply, web: Web, provider: SignInProvider, flow: Flow | undefined, failure: FlowFailure | FlowProblem, error = '') {
  const label = PROVIDER_LABELS[provider];
  const { status, explain } = FAILURES[failure];
  const linking = flow?.linkUserId !== undefined;
  const again = linking ? '/account/sign-in-methods' : withReturnTo(`/sign-in/${provider}`, flow?.returnTo);
  const title = linking ? `Linking ${label} did not work` : `Sign-in with ${label} did not work`;
  return web.page(request, reply, {
    title,
    status,
    body: html`<h1>${title}</h1>${explain(label, flow, error.slice(0, 100))}<p><a href="${again}">${linking ? 'Back to your sign-in methods' : `Try again with ${label}`}</a>${linking ? '' : html` or <a href="/sign-in">sign in another way</a>`}.</p>`,
  });
}
