import type { FastifyInstance } from 'fastify';
import { deliveryState } from '../../../mail/mailer.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { adminPage, adminPageSession, pageOf } from './frame.ts';
import { pager } from '../pager.ts';

const PER_PAGE = 50;

/** The extra headers a mail left with (List-Unsubscribe on the mails people can switch off). */
const headerLines = (headers: Record<string, string> | null) => {
  const entries = Object.entries(headers ?? {});
  return entries.length ? html`<dl class="url">${entries.map(([name, value]) => html`<dt>${name}</dt><dd><code>${value}</code></dd>`)}</dl>` : '';
};

/** `/admin/outbox`: every mail the service sent, newest first; without SMTP, how mails are read. */
export function registerAdminOutbox(app: FastifyInstance, web: Web) {
  const { services } = web;

  app.get('/admin/outbox', SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    const page = pageOf(request);
    const { items, total } = await services.outbox.recent(PER_PAGE, (page - 1) * PER_PAGE);
    return adminPage(web, request, reply, {
      path: '/admin/outbox',
      title: 'Outbox',
      body: html`<h1>Outbox</h1>
<p>Every mail the service sends, newest first (${total} in all). ${services.mailer.transport === 'smtp'
  ? 'SMTP is configured: mails are also handed to the SMTP server, and their one-time links are redacted here.'
  : html`No SMTP server is configured (<code>SMTP_URL</code>), so mails stay here: this page is how they are read.`}</p>
${items.length
  ? items.map((m) => html`<article aria-labelledby="mail-${m.id}"><h2 id="mail-${m.id}">${m.subject}</h2>
<p class="muted">To ${m.to_address} · ${time(m.created_at)} · ${deliveryState(m)}${m.sent_at ? html` ${time(m.sent_at)}` : ''}</p>
${m.error ? html`<p class="alert">${m.error}</p>` : ''}
${headerLines(m.headers)}
<pre>${m.text_body}</pre></article>`)
  : html`<p>No mail has been sent yet.</p>`}
${pager({ page, per_page: PER_PAGE, total }, '/admin/outbox', {})}`,
    });
  });
}
