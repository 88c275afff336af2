import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../domain/errors.ts';
import type { QueuedEdit } from '../../../store/moderation-store.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time, type Html } from '../html.ts';
import { adminFormSession, adminListingHref, adminPage, adminPageSession, choiceOf, idOf, pageOf } from './frame.ts';
import { pager } from '../pager.ts';

const PER_PAGE = 50;
const json = (v: unknown) => JSON.stringify(v, null, 2);

/** One owner edit: the changed fields before and after, who made it, and its review. */
export function editArticle(v: QueuedEdit, csrf: string, withListing = true): Html {
  const h = withListing ? 2 : 3;
  return html`<article class="edit" aria-labelledby="version-${v.id}">
<h${h} id="version-${v.id}">${withListing ? html`<a href="${adminListingHref(v.listing_id)}">${v.name}</a> <span class="muted">(${v.slug}, ${v.hidden ? 'hidden' : v.status})</span>` : html`Edit of ${time(v.created_at)}`}</h${h}>
<p class="muted">${v.source} by ${v.editor_email ?? 'a deleted account'} · ${time(v.created_at)}${v.reviewed_at ? html` · reviewed by ${v.reviewer_email ?? 'a deleted account'} ${time(v.reviewed_at)}` : ''}</p>
<div class="columns"><section><h${h + 1}>Before</h${h + 1}><pre>${json(v.before)}</pre></section><section><h${h + 1}>After</h${h + 1}><pre>${json(v.after)}</pre></section></div>
${v.reviewed_at
  ? ''
  : html`<div class="actions"><form method="post" action="/admin/listing-versions/${v.id}/review"><input type="hidden" name="csrf" value="${csrf}"><button type="submit">Mark as reviewed<span class="visually-hidden">: the ${v.source} edit of ${v.name}</span></button></form>
${v.hidden ? '' : html`<a href="${adminListingHref(v.listing_id)}#hide-heading">Hide ${v.name}…</a>`}</div>`}
</article>`;
}

/**
 * `/admin/listing-versions`: the moderation queue. Owner edits are public at once; here the site
 * team looks at each one afterwards (before and after) and marks it reviewed, or hides the listing.
 */
export function registerAdminEdits(app: FastifyInstance, web: Web) {
  const { admin } = web.services;

  app.get('/admin/listing-versions', SITE_ROUTE, async (request, reply) => {
    const s = adminPageSession(web, request, reply);
    if (!s) return reply;
    const show = choiceOf(request, 'show', ['all', 'unreviewed'] as const) ?? 'unreviewed';
    const page = pageOf(request);
    const { items, total } = await admin.moderation.queue({ unreviewed: show === 'unreviewed', limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
    return adminPage(web, request, reply, {
      path: '/admin/listing-versions',
      title: 'Listing edits',
      body: html`<h1>Listing edits</h1>
<p>Every edit owners made to their listings, newest first. Edits are public at once; each shows the changed fields before and after. Mark each one reviewed, or hide the listing if it is not acceptable.</p>
<p>${show === 'unreviewed'
  ? html`Showing the ${total} edit${total === 1 ? '' : 's'} nobody has reviewed. <a href="/admin/listing-versions?show=all">Show every edit</a>.`
  : html`Showing every edit (${total} in all). <a href="/admin/listing-versions">Show only those to review</a>.`}</p>
${items.length ? items.map((v) => editArticle(v, s.csrf)) : html`<p class="empty">${show === 'unreviewed' ? 'Nothing to review: every edit has been looked at.' : 'No listing has been edited yet.'}</p>`}
${pager({ page, per_page: PER_PAGE, total }, '/admin/listing-versions', { show: show === 'all' ? 'all' : undefined })}`,
    });
  });

  app.post('/admin/listing-versions/:id/review', SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const id = idOf(request, 'id');
    if (!id) throw notFound('edit_not_found', 'No listing edit has this id.');
    await admin.moderation.review(s.userId, id);
    return reply.redirect('/admin/listing-versions?done=reviewed', 303);
  });
}
