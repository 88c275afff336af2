import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain/errors.ts';
import type { LinkFailure } from '../../../domain/newsletter/subscriptions.ts';
import { checkPreSessionCsrf, preSessionToken } from '../csrf.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { SUBSCRIBE_PATH } from './subscribe-page.ts';

const STATUS: Record<LinkFailure, number> = {
  newsletter_link_unknown: 404,
  newsletter_link_used: 409,
  newsletter_link_expired: 410,
  newsletter_link_void: 409,
};
const isLinkFailure = (err: unknown): err is DomainError => err instanceof DomainError && Object.hasOwn(STATUS, err.code);

/**
 * The confirmation link of the double opt-in: `/newsletter/confirm/{token}`. Its GET only shows a
 * button, because mail scanners and link previews open links; the POST (a site form with the
 * pre-session CSRF token) confirms. A link that does not work gets a page saying why, and changes
 * nothing.
 */
export function registerConfirmPage(app: FastifyInstance, web: Web) {
  const { services } = web;
  type Params = { token: string };

  const failed = (request: FastifyRequest, reply: FastifyReply, err: DomainError) =>
    web.page(request, reply, {
      title: 'This link does not work',
      status: STATUS[err.code as LinkFailure],
      body: html`<h1>This link does not work</h1>
<p>${err.message}</p>
<p>Nothing was changed. <a href="${SUBSCRIBE_PATH}">Subscribe to the weekly newsletter</a></p>`,
    });

  app.get('/newsletter/confirm/:token', SITE_ROUTE, async (request, reply) => {
    const { token } = request.params as Params;
    let link;
    try {
      link = await services.newsletter.checkLink(token);
    } catch (err) {
      if (isLinkFailure(err)) return failed(request, reply, err);
      throw err;
    }
    return web.page(request, reply, {
      title: 'Confirm your subscription',
      body: html`<h1>Confirm your subscription</h1>
<p>Press the button to receive the weekly newsletter at <strong>${link.email}</strong>.</p>
<form method="post" action="/newsletter/confirm/${token}">
<input type="hidden" name="csrf" value="${preSessionToken(request, reply, web.secure)}">
<button type="submit">Confirm my subscription</button>
</form>
<p class="muted">Did not ask for it? Close this page: the address stays unsubscribed.</p>`,
    });
  });

  app.post('/newsletter/confirm/:token', SITE_ROUTE, async (request, reply) => {
    checkPreSessionCsrf(request, web.publicUrl);
    const { token } = request.params as Params;
    try {
      await services.newsletter.confirm(token);
    } catch (err) {
      if (isLinkFailure(err)) return failed(request, reply, err);
      throw err;
    }
    return reply.redirect('/newsletter/confirmed', 303);
  });

  app.get('/newsletter/confirmed', SITE_ROUTE, async (request, reply) =>
    web.page(request, reply, {
      title: 'You are subscribed',
      body: html`<h1>You are subscribed</h1>
<p role="status">Thank you: the weekly newsletter comes every Monday. Every issue has a link that unsubscribes you with one click.</p>
<p><a href="/">Back to the launches</a></p>`,
    }),
  );
}
