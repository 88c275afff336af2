import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain/errors.ts';
import { UNSUBSCRIBE_INVALID } from '../../../domain/newsletter/subscriptions.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';

/**
 * The newsletter's one-click unsubscribe link, `/newsletter/unsubscribe/{id}/{token}` (RFC 8058),
 * as `/unsubscribe/{kind}/…` does it for the other mails (account/email-pages.ts): the token is
 * the only credential, so the POST takes no session, cookie or CSRF token and comes from any
 * origin (a mail client's button); the GET only asks, because mail scanners open links.
 */
export function registerUnsubscribePage(app: FastifyInstance, web: Web) {
  const { services } = web;
  type Params = { id: string; token: string };

  const invalid = (request: FastifyRequest, reply: FastifyReply) =>
    web.page(request, reply, {
      title: 'Unsubscribe link not valid',
      status: 404,
      body: html`<h1>This unsubscribe link is not valid</h1>
<p>It may have been cut off or changed on its way. Nothing was changed.</p>
<p>Use the link of the newest newsletter you received, or, signed in, the switch on your <a href="/account/email">e-mail preferences page</a>.</p>`,
    });
  const isInvalid = (err: unknown) => err instanceof DomainError && err.code === UNSUBSCRIBE_INVALID;

  app.get('/newsletter/unsubscribe/:id/:token', SITE_ROUTE, async (request, reply) => {
    const p = request.params as Params;
    let sub;
    try {
      sub = await services.newsletter.checkUnsubscribe(p.id, p.token);
    } catch (err) {
      if (isInvalid(err)) return invalid(request, reply);
      throw err;
    }
    return web.page(request, reply, {
      title: 'Unsubscribe from the newsletter',
      body: html`<h1>Stop the weekly newsletter?</h1>
${sub.unsubscribed ? html`<p>This address is already unsubscribed.</p>` : html`<p>The newsletter is sent to <strong>${sub.email}</strong>.</p>`}
<form method="post" action="/newsletter/unsubscribe/${sub.id}/${p.token}"><button type="submit">Unsubscribe</button></form>`,
    });
  });

  // Its own scope: a mail client's one-click post may come as multipart/form-data or with no body;
  // the body says nothing the URL does not, so any small body is read and dropped.
  void app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
    scope.post('/newsletter/unsubscribe/:id/:token', SITE_ROUTE, async (request, reply) => {
      const p = request.params as Params;
      let done;
      try {
        done = await services.newsletter.unsubscribe(p.id, p.token);
      } catch (err) {
        if (isInvalid(err)) return invalid(request, reply);
        throw err;
      }
      return web.page(request, reply, {
        title: 'Unsubscribed',
        body: html`<h1>Unsubscribed</h1>
<p role="status"><strong>${done.email}</strong> will no longer get the weekly newsletter. Changed your mind? <a href="/newsletter/subscribe">Subscribe again</a> (with a new confirmation).</p>`,
      });
    });
  });
}
