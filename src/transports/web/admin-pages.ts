import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors.ts';
import { deliveryState } from '../../mail/mailer.ts';
import { SITE_ROUTE, type Web } from './context.ts';
import { html, time } from './html.ts';

const PER_PAGE = 50;

/** Administrators' pages: the outbox of every mail the service sent, and the version history of listing edits. */
export function registerAdminPages(app: FastifyInstance, web: Web) {
  const { services } = web;

  app.get('/admin/outbox', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    if (!s.isAdmin) throw new DomainError('forbidden', 'admin_only', 'This page is for administrators.');
    const raw = Number((request.query as Record<string, unknown>).page ?? 1);
    const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
    const { items, total } = await services.outbox.recent(PER_PAGE, (page - 1) * PER_PAGE);
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
    return web.page(request, reply, {
      title: 'Outbox',
      body: html`<h1>Outbox</h1>
<p>Every mail the service sends, newest first (${total} in all). ${services.mailer.transport === 'smtp'
  ? 'SMTP is configured: mails are also handed to the SMTP server, and their one-time links are redacted here.'
  : html`No SMTP server is configured (<code>SMTP_URL</code>), so mails stay here: this page is how they are read.`}</p>
${items.length
  ? items.map((m) => html`<article aria-labelledby="mail-${m.id}"><h2 id="mail-${m.id}">${m.subject}</h2>
<p class="muted">To ${m.to_address} · ${time(m.created_at)} · ${deliveryState(m)}${m.sent_at ? html` ${time(m.sent_at)}` : ''}</p>
${m.error ? html`<p class="alert">${m.error}</p>` : ''}
<pre>${m.text_body}</pre></article>`)
  : html`<p>No mail has been sent yet.</p>`}
${pages > 1
  ? html`<nav aria-label="Pages"><p>Page ${page} of ${pages}. ${page > 1 ? html`<a href="/admin/outbox?page=${page - 1}" rel="prev">Newer</a>` : ''} ${page < pages ? html`<a href="/admin/outbox?page=${page + 1}" rel="next">Older</a>` : ''}</p></nav>`
  : ''}`,
    });
  });

  // Owner edits publish at once; this is where the site team reviews them (before and after).
  app.get('/admin/listing-versions', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    if (!s.isAdmin) throw new DomainError('forbidden', 'admin_only', 'This page is for administrators.');
    const raw = Number((request.query as Record<string, unknown>).page ?? 1);
    const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
    const { items, total } = await services.ownerListings.versions(PER_PAGE, (page - 1) * PER_PAGE);
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
    const json = (v: unknown) => JSON.stringify(v, null, 2);
    return web.page(request, reply, {
      title: 'Listing edits',
      body: html`<h1>Listing edits</h1>
<p>Every edit owners made to their listings, newest first (${total} in all). Edits are public at once; each shows the changed fields before and after.</p>
${items.length
  ? items.map((v) => html`<article aria-labelledby="version-${v.id}"><h2 id="version-${v.id}">${v.name} <span class="muted">(${v.slug}, ${v.status})</span></h2>
<p class="muted">${v.source} by ${v.editor_email ?? 'a deleted account'} · ${time(v.created_at)}</p>
<div class="columns"><section><h3>Before</h3><pre>${json(v.before)}</pre></section><section><h3>After</h3><pre>${json(v.after)}</pre></section></div></article>`)
  : html`<p>No listing has been edited yet.</p>`}
${pages > 1
  ? html`<nav aria-label="Pages"><p>Page ${page} of ${pages}. ${page > 1 ? html`<a href="/admin/listing-versions?page=${page - 1}" rel="prev">Newer</a>` : ''} ${page < pages ? html`<a href="/admin/listing-versions?page=${page + 1}" rel="next">Older</a>` : ''}</p></nav>`
  : ''}`,
    });
  });
}
