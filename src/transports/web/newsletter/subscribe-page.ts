import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADDRESS_MAX } from '../../../domain/newsletter/address.ts';
import { NEWSLETTER_RULES } from '../../../domain/newsletter/subscriptions.ts';
import { DomainError } from '../../../domain/errors.ts';
import { checkPreSessionCsrf, preSessionToken } from '../csrf.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { errorSummary, fieldError, invalidAttrs } from '../layout.ts';
import { consentWords, wordsVersion } from './consent.ts';

export const SUBSCRIBE_PATH = '/newsletter/subscribe';
/** The honeypot's name: a field people never see, that form-filling scripts fill. */
const HONEYPOT = 'website';

/** The form's single-line fields besides the address (the address has its own, more precise messages). */
const OTHER_FIELDS = ['csrf', 'consent', HONEYPOT];

/**
 * `/newsletter/subscribe`: the form (address, the consent words, a honeypot, the pre-session CSRF
 * token of /sign-in), its post, and the one answer every address gets. The words shown are the
 * words stored; a refusal re-shows the form with the message beside the field and nothing stored.
 */
export function registerSubscribePage(app: FastifyInstance, web: Web) {
  const words = consentWords(web.siteName);

  function form(request: FastifyRequest, reply: FastifyReply, p: { status?: number; email?: string; error?: string; summary?: string } = {}) {
    const token = preSessionToken(request, reply, web.secure);
    const email = p.email ?? request.siteSession?.email ?? '';
    return web.page(request, reply, {
      title: 'The weekly newsletter',
      status: p.status,
      body: html`<h1>The weekly newsletter</h1>
<p>Every Monday: last week's Launch of the Week, the week's top launches, what launches next and new blog posts. No tracking pixels; links go straight to the pages. <a href="/newsletter">Read past editions</a>.</p>
${errorSummary(p.summary)}
<form method="post" action="${SUBSCRIBE_PATH}" novalidate>
<input type="hidden" name="csrf" value="${token}">
<input type="hidden" name="consent" value="${wordsVersion(words)}">
<div class="visually-hidden" aria-hidden="true"><label for="newsletter-${HONEYPOT}">Leave this field empty</label><input type="text" id="newsletter-${HONEYPOT}" name="${HONEYPOT}" tabindex="-1" autocomplete="off"></div>
<label for="newsletter-email">Your e-mail address</label>
<input type="email" id="newsletter-email" name="email" autocomplete="email" required maxlength="${ADDRESS_MAX}" value="${email}" aria-describedby="newsletter-consent"${invalidAttrs('newsletter-email', p.error)}>
${fieldError('newsletter-email', p.error)}
<p class="hint" id="newsletter-consent">${words}</p>
<button type="submit">Subscribe</button>
</form>
<p class="muted">We send a link to confirm the address first (it works for ${NEWSLETTER_RULES.linkHours} hours); nothing else arrives until it is opened.${request.siteSession ? html` You can also switch the newsletter on or off on your <a href="/account/email">e-mail preferences page</a>.` : ''}</p>`,
    });
  }

  app.get(SUBSCRIBE_PATH, SITE_ROUTE, async (request, reply) => form(request, reply));

  app.post(SUBSCRIBE_PATH, SITE_ROUTE, async (request, reply) => {
    checkPreSessionCsrf(request, web.publicUrl);
    const typed = field(request, 'email');
    // What is shown back in the field: one line, no longer than a field could hold.
    const shown = typed.replace(/[\r\n]/g, ' ').slice(0, ADDRESS_MAX + 10);
    const broken = OTHER_FIELDS.find((name) => /[\r\n]/.test(field(request, name)));
    if (broken) return form(request, reply, { status: 400, email: shown, summary: `This form was changed on its way: a line break is not allowed in the field "${broken}". Reload the page and try again.` });
    if (field(request, 'consent') !== wordsVersion(words)) {
      return form(request, reply, { status: 400, email: shown, summary: 'The words of this form changed since you loaded it. Please read them again below, then press Subscribe.' });
    }
    try {
      await web.services.newsletter.subscribe({ email: typed, honeypot: field(request, HONEYPOT), consent: { page: SUBSCRIBE_PATH, text: words }, ip: request.ip });
    } catch (err) {
      if (!(err instanceof DomainError) || (err.kind !== 'invalid' && err.kind !== 'rate_limited')) throw err;
      const onField = err.fields?.[0]?.message;
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return form(request, reply, { status: err.kind === 'rate_limited' ? 429 : 400, email: shown, error: onField, summary: onField ? 'Please correct the address marked below.' : err.message });
    }
    return reply.redirect('/newsletter/check-your-inbox', 303);
  });

  // The one answer, whatever the address: new, waiting, already subscribed or unsubscribed before.
  app.get('/newsletter/check-your-inbox', SITE_ROUTE, async (request, reply) =>
    web.page(request, reply, {
      title: 'Check your inbox',
      body: html`<h1>Check your inbox</h1>
<p role="status">If the address can receive mail, a link to confirm the subscription is on its way. It works for ${NEWSLETTER_RULES.linkHours} hours; nothing else is sent until it is opened.</p>
<p>An address that is already subscribed is not sent anything, and stays subscribed. No mail after a few minutes? Look in the spam folder, or <a href="${SUBSCRIBE_PATH}">ask again</a> in ${NEWSLETTER_RULES.resendMinutes} minutes.</p>`,
    }),
  );
}
