import type { FastifyRequest } from 'fastify';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import type { Services } from '../../../services.ts';
import { field } from '../context.ts';
import { html, type Html } from '../html.ts';
import { ACCOUNT_SWITCH, accountConsentWords } from './consent.ts';

const NOTE = {
  confirmed: (email: string) => html`On: it goes to ${email}.`,
  pending: (email: string) => html`Waiting for you: we sent a confirmation link to ${email}; the newsletter starts once it is opened.`,
  off: (email: string) => html`Off. Checking it subscribes ${email}.`,
};

/**
 * The newsletter's switch on /account/email, for the account's own address. On while subscribed
 * or while a confirmation link is out (saving the page then changes nothing); only a change acts.
 */
export async function newsletterSwitch(services: Services, s: SiteSession): Promise<Html> {
  const state = await services.newsletter.stateOf(s.email);
  return html`<fieldset><legend>Newsletter</legend>
<label class="check"><input type="checkbox" name="newsletter" value="on" aria-describedby="newsletter-hint newsletter-state"${state === 'off' ? '' : html` checked`}> ${ACCOUNT_SWITCH.label}</label>
<p class="hint" id="newsletter-hint">${ACCOUNT_SWITCH.hint}</p>
<p class="hint" id="newsletter-state">${NOTE[state](s.email)}</p>
</fieldset>`;
}

/**
 * Applies the switch from the posted form. Turned on: a verified address is subscribed at once
 * (the person proved the inbox is theirs when they confirmed it), an unverified one is sent the
 * double opt-in's link like the public form; turned off: unsubscribed.
 */
export async function applyNewsletterSwitch(services: Services, request: FastifyRequest, s: SiteSession) {
  const wanted = field(request, 'newsletter') === 'on';
  const on = (await services.newsletter.stateOf(s.email)) !== 'off';
  if (wanted === on) return;
  if (!wanted) return services.newsletter.unsubscribeAddress(s.email);
  await services.newsletter.subscribeAccount({
    userId: s.userId,
    email: s.email,
    verified: s.emailVerified,
    consent: { page: '/account/email', text: accountConsentWords() },
    ip: request.ip,
  });
}
