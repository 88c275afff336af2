import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, notFound } from '../../../domain/errors.ts';
import { HIDEABLE, REASON_MAX } from '../../../domain/admin/moderation.ts';
import type { AdminListingRow, ListingFilter } from '../../../store/moderation-store.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { errorSummary, fieldError } from '../layout.ts';
import { adminFormSession, adminListingHref, adminPage, adminPageSession, choiceOf, filterForm, idOf, pageOf } from './frame.ts';
import { editArticle } from './edits.ts';
import { actionRows } from './log.ts';
import { listingHref } from '../listing-card.ts';
import { pager } from '../pager.ts';

const PER_PAGE = 50;
const FILTERS: readonly (readonly [ListingFilter, string])[] = [
  ['all', 'Every status'],
  ['live', 'Live'],
  ['scheduled', 'Scheduled'],
  ['awaiting_badge', 'Waiting for the badge'],
  ['draft', 'Submitted, not launched (draft)'],
  ['archived', 'Archived (hidden ones included)'],
  ['hidden', 'Hidden by moderation'],
];
const STATUS_WORDS: Record<string, string> = { live: 'live', scheduled: 'scheduled', awaiting_badge: 'waiting for the badge', draft: 'draft', archived: 'archived' };
const isPublic = (l: AdminListingRow) => l.status === 'live' || l.status === 'scheduled';
const statusOf = (l: AdminListingRow) => (l.status_before ? `hidden (was ${STATUS_WORDS[l.status_before]})` : STATUS_WORDS[l.status] ?? l.status);

/**
 * `/admin/listings`: every listing by status, and one listing's page with hide or restore (the
 * moderation's one remedy: owner edits publish at once), its edits and the actions taken on it.
 */
export function registerAdminListings(app: FastifyInstance, web: Web) {
  const { admin } = web.services;

  app.get('/admin/listings', SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    const filter = choiceOf(request, 'status', FILTERS.map(([k]) => k)) ?? 'all';
    const rawQ = (request.query as Record<string, unknown>).q;
    const q = typeof rawQ === 'string' ? rawQ.trim().slice(0, 200) : '';
    const page = pageOf(request, 1000);
    const list = await admin.moderation.listings({ filter, q: q || undefined, limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
    return adminPage(web, request, reply, {
      path: '/admin/listings',
      title: 'Listings',
      body: html`<h1>Listings</h1>
<p>Every listing in any status, newest first. Open one to hide it from the directory or to restore it.</p>
${filterForm({
  action: '/admin/listings',
  name: 'status',
  label: 'Status',
  options: FILTERS,
  value: filter,
  extra: html`<label for="q">Name or slug</label><input type="text" id="q" name="q" value="${q}">`,
})}
${list.items.length
  ? html`<table class="stack">
<caption>${list.total} listing${list.total === 1 ? '' : 's'}</caption>
<thead><tr><th scope="col">Listing</th><th scope="col">Status</th><th scope="col">Plan and week</th><th scope="col">Owner</th></tr></thead>
<tbody>${list.items.map(
      (l) => html`<tr>
<td data-label="Listing"><a href="${adminListingHref(l.id)}">${l.name}</a><br><code>${l.slug}</code></td>
<td data-label="Status">${statusOf(l)}</td>
<td data-label="Plan and week">${l.plan}${l.launch_week ? html`, week of ${l.launch_week}` : ''}</td>
<td data-label="Owner">${l.owner_email ?? html`<span class="muted">nobody</span>`}</td>
</tr>`,
    )}</tbody></table>
${pager({ page, per_page: PER_PAGE, total: list.total }, '/admin/listings', { status: filter === 'all' ? undefined : filter, q: q || undefined })}`
  : html`<p class="empty">No listing matches.</p>`}`,
    });
  });

  async function listingPage(request: FastifyRequest, reply: FastifyReply, id: string, f: { status?: number; reason?: string; error?: string; summary?: string } = {}) {
    const s = request.siteSession!;
    const l = await admin.moderation.listing(id);
    const [edits, actions] = await Promise.all([
      admin.moderation.queue({ unreviewed: false, listingId: l.id, limit: 10, offset: 0 }),
      admin.log({ limit: 20, offset: 0, subject: { type: 'listing', id: l.id } }),
    ]);
    const hideable = HIDEABLE.some((h) => h === l.status) && !l.status_before;
    return adminPage(web, request, reply, {
      path: '/admin/listings',
      title: l.name,
      status: f.status,
      body: html`<h1>${l.name}</h1>
<dl class="facts">
<div><dt>Status</dt><dd>${statusOf(l)}</dd></div>
<div><dt>Slug</dt><dd>${isPublic(l) ? html`<a href="${listingHref(l.slug)}">${l.slug}</a>` : html`<code>${l.slug}</code>`}</dd></div>
<div><dt>Website</dt><dd>${l.url}</dd></div>
<div><dt>Plan</dt><dd>${l.plan}${l.launch_week ? html`, week of ${l.launch_week}` : ''}</dd></div>
<div><dt>Owner</dt><dd>${l.owner_email ?? 'nobody'}</dd></div>
<div><dt>Created</dt><dd>${time(l.created_at)}</dd></div>
</dl>
${errorSummary(f.summary)}
${l.status_before
  ? html`<section aria-labelledby="hidden-heading"><h2 id="hidden-heading">Hidden</h2>
<p>Hidden ${time(l.hidden_at)} by ${l.hidden_by_email ?? 'a deleted account'}: ${l.hidden_reason}</p>
<p>Restoring puts it back as ${STATUS_WORDS[l.status_before]}${l.status_before === 'scheduled' ? ' (if its week has begun meanwhile, the hourly week-start job makes it live)' : ''}.</p>
<form method="post" action="${adminListingHref(l.id)}/restore"><input type="hidden" name="csrf" value="${s.csrf}"><button type="submit">Restore ${l.name}</button></form></section>`
  : hideable
    ? html`<section aria-labelledby="hide-heading"><h2 id="hide-heading">Hide from the directory</h2>
<p>Hiding takes ${l.name} out of search, lists, feeds and the sitemap, and its page answers 404: at once on this server, within 5 seconds for lists cached on other servers. Its owner still sees it (as archived) and nothing is deleted; restoring puts it back.</p>
<form method="post" action="${adminListingHref(l.id)}/hide" novalidate>
<input type="hidden" name="csrf" value="${s.csrf}">
<label for="reason">Why is it hidden?</label>
<textarea id="reason" name="reason" maxlength="${REASON_MAX}" aria-describedby="reason-hint${f.error ? ' reason-error' : ''}"${f.error ? html` aria-invalid="true"` : ''}>${f.reason ?? ''}</textarea>
<p class="hint" id="reason-hint">Required, at most ${REASON_MAX} characters. It goes into the action log; the owner is not mailed.</p>
${fieldError('reason', f.error)}
<button type="submit">Hide ${l.name}</button>
</form></section>`
    : html`<p>A ${STATUS_WORDS[l.status]} listing is not in the directory, so there is nothing to hide.</p>`}
<section aria-labelledby="edits-heading"><h2 id="edits-heading">Owner edits</h2>
${edits.items.length ? edits.items.map((e) => editArticle(e, s.csrf, false)) : html`<p class="empty">Nobody has edited it.</p>`}
</section>
<section aria-labelledby="log-heading"><h2 id="log-heading">Administrators' actions on it</h2>
${actions.items.length ? actionRows(actions.items) : html`<p class="empty">None yet.</p>`}
</section>`,
    });
  }

  const listingId = (request: FastifyRequest) => {
    const id = idOf(request, 'id');
    if (!id) throw notFound('listing_not_found', 'No listing has this id.');
    return id;
  };

  app.get('/admin/listings/:id', SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    return listingPage(request, reply, listingId(request));
  });

  app.post('/admin/listings/:id/hide', SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const id = listingId(request);
    const reason = field(request, 'reason');
    try {
      await admin.moderation.hide(s.userId, id, reason);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      // A second click of the same button: the listing is hidden, as asked.
      if (err.code === 'listing_already_hidden') return reply.redirect(`${adminListingHref(id)}?done=hidden`, 303);
      if (err.kind === 'invalid') return listingPage(request, reply, id, { status: 400, reason, error: err.fields?.[0]?.message, summary: err.message });
      if (err.kind === 'conflict') return listingPage(request, reply, id, { status: 409, reason, summary: err.message });
      throw err;
    }
    return reply.redirect(`${adminListingHref(id)}?done=hidden`, 303);
  });

  app.post('/admin/listings/:id/restore', SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const id = listingId(request);
    try {
      await admin.moderation.restore(s.userId, id);
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'listing_not_hidden') throw err;
    }
    return reply.redirect(`${adminListingHref(id)}?done=restored`, 303);
  });
}
