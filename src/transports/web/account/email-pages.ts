import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMAIL_KINDS, isEmailKind } from '../../../domain/accounts/email-preferences.ts';
import { DomainError } from '../../../domain/errors.ts';
import { fields, SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { applyNewsletterSwitch, newsletterSwitch } from '../newsletter/account-switch.ts';

const TRANSACTIONAL = 'Mails about signing in, confirming your address, claims and orders are always sent: they are part of what you asked us to do.';

/** "New comments on my listings" → "new comments on my listings", to sit inside a sentence. */
const inSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/**
 * The e-mail switches: `/account/email` (signed in) and the one-click unsubscribe link of every
 * mail people can switch off (`/unsubscribe/{kind}/{userId}/{token}`, RFC 8058). The link's token
 * is its only credential, so its POST takes no session, cookie or CSRF token and comes from any
 * origin (a mail client's one-click post); its GET only asks, because mail scanners open links.
 */
export function registerEmailPages(app: FastifyInstance, web: Web) {
  const { services } = web;

  app.get('/account/email', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    const kinds = await services.emailPreferences.of(s.userId);
    const saved = (request.query as Record<string, unknown> | undefined)?.notice === 'saved';
    return web.page(request, reply, {
      title: 'E-mail preferences',
      notice: saved ? 'Saved.' : undefined,
      body: html`<h1>E-mail preferences</h1>
<form method="post" action="/account/email">
<input type="hidden" name="csrf" value="${s.csrf}">
<fieldset><legend>Send me mails about</legend>
${kinds.map((k) => html`<label class="check"><input type="checkbox" name="on" value="${k.kind}" aria-describedby="email-${k.kind}-hint"${k.enabled ? html` checked` : ''}> ${k.label}</label>
<p class="hint" id="email-${k.kind}-hint">${k.hint}</p>`)}
</fieldset>
${await newsletterSwitch(services, s)}
<p>${TRANSACTIONAL}</p>
<button type="submit">Save</button>
</form>
<p><a href="/account">Back to your account</a></p>`,
    });
  });

  app.post('/account/email', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    const on = fields(request, 'on');
    const unknown = on.find((k) => !isEmailKind(k));
    if (unknown !== undefined) throw new DomainError('invalid', 'email_kind_unknown', `There is no kind of mail called "${unknown.slice(0, 40)}". Reload the page and try again.`);
    // An unchecked box is not sent: every kind not in the form is off. Only changes are written,
    // so each switch keeps the time it was last really changed.
    const current = await services.emailPreferences.of(s.userId);
    for (const k of current) {
      const wanted = on.includes(k.kind);
      if (wanted !== k.enabled) await services.emailPreferences.set(s.userId, k.kind, wanted);
    }
    await applyNewsletterSwitch(services, request, s);
    return reply.redirect('/account/email?notice=saved', 303);
  });

  type LinkParams = { kind: string; userId: string; token: string };

  /** The link's 404: no telling which part was wrong, and the way to every switch. */
  const invalidLink = (request: FastifyRequest, reply: FastifyReply) =>
    web.page(request, reply, {
      title: 'Unsubscribe link not valid',
      status: 404,
      body: html`<h1>This unsubscribe link is not valid</h1>
<p>It may have been cut off or changed on its way. Nothing was changed.</p>
<p>You can switch every kind of mail on or off on your <a href="/account/email">e-mail preferences page</a> (after signing in).</p>`,
    });
  const isInvalidLink = (err: unknown) => err instanceof DomainError && err.code === 'unsubscribe_link_invalid';

  app.get('/unsubscribe/:kind/:userId/:token', SITE_ROUTE, async (request, reply) => {
    const p = request.params as LinkParams;
    let link;
    try {
      link = await services.emailPreferences.check(p.kind, p.userId, p.token);
    } catch (err) {
      if (isInvalidLink(err)) return invalidLink(request, reply);
      throw err;
    }
    const label = inSentence(EMAIL_KINDS[link.kind].label);
    const already = !(await services.emailPreferences.of(link.userId)).find((k) => k.kind === link.kind)?.enabled;
    return web.page(request, reply, {
      title: 'Unsubscribe',
      body: html`<h1>Stop mails about ${label}?</h1>
${already ? html`<p>These mails are already off for this address.</p>` : ''}
<form method="post" action="/unsubscribe/${link.kind}/${link.userId}/${p.token}"><button type="submit">Stop these mails</button></form>
<p>Other mails are not affected. You can change this any time on your <a href="/account/email">e-mail preferences page</a>.</p>`,
    });
  });

  // Its own scope: a mail client's one-click post may come as multipart/form-data (RFC 8058
  // prefers it) or with no body at all. The body says nothing the URL does not, so any small
  // body is read and dropped; url-encoded bodies go through the site's form parser as usual.
  void app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
    scope.post('/unsubscribe/:kind/:userId/:token', SITE_ROUTE, async (request, reply) => {
      const p = request.params as LinkParams;
      let done;
      try {
        done = await services.emailPreferences.unsubscribe(p.kind, p.userId, p.token);
      } catch (err) {
        if (isInvalidLink(err)) return invalidLink(request, reply);
        throw err;
      }
      return web.page(request, reply, {
        title: 'Unsubscribed',
        body: html`<h1>Unsubscribed</h1>
<p role="status">You will no longer get mails about ${inSentence(done.label)}. Change this any time on your <a href="/account/email">e-mail preferences page</a>.</p>`,
      });
    });
  });
}
