import type { FastifyInstance } from 'fastify';
import type { AdminActionRow } from '../../../store/admin-actions-store.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time, type Html } from '../html.ts';
import { adminListingHref, adminPage, adminPageSession, pageOf } from './frame.ts';
import { pager } from '../pager.ts';

const PER_PAGE = 50;

/** Where the subject of an action is administered, if it has a page. */
function subjectLink(a: AdminActionRow): Html | string {
  if (a.subject_type === 'listing') return html`<a href="${adminListingHref(a.subject_id)}">listing ${a.subject_id}</a>`;
  if (a.subject_type === 'user') return html`<a href="/admin/users?q=${encodeURIComponent(String(a.details.email ?? ''))}">account ${a.subject_id}</a>`;
  if (a.subject_type === 'product') return html`<a href="/admin/products">product ${a.subject_id}</a>`;
  if (a.subject_type === 'category') return html`<a href="/admin/categories">category ${a.subject_id}</a>`;
  if (a.subject_type === 'category_tree') return html`<a href="/admin/categories">the category tree</a>`;
  if (a.subject_type === 'newsletter_edition') return html`<a href="/admin/newsletter">the edition of ${a.subject_id}</a>`;
  if (a.subject_type === 'site_settings') return html`<a href="/admin/newsletter">the newsletter settings</a>`;
  return `edit ${a.subject_id}`;
}

/** Actions as a table: when, who, what. */
export function actionRows(items: AdminActionRow[]): Html {
  return html`<table class="stack">
<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">On</th></tr></thead>
<tbody>${items.map(
    (a) => html`<tr>
<td data-label="When">${time(a.created_at)}</td>
<td data-label="Who">${a.admin_id ? (a.admin_email ?? 'a deleted account') : 'the operator (CLI)'}</td>
<td data-label="What">${a.summary}</td>
<td data-label="On">${subjectLink(a)}</td>
</tr>`,
  )}</tbody></table>`;
}

/** `/admin/log`: every administrator's action (who, when, what), newest first. */
export function registerAdminLog(app: FastifyInstance, web: Web) {
  app.get('/admin/log', SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    const page = pageOf(request);
    const { items, total } = await web.services.admin.log({ limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
    return adminPage(web, request, reply, {
      path: '/admin/log',
      title: 'Action log',
      body: html`<h1>Action log</h1>
<p>What administrators did, newest first (${total} in all): hiding and restoring listings, reviewing edits, disabling and enabling accounts, prices and products, the category tree, administrators made with the CLI. Each entry is written in the same transaction as the change.</p>
${items.length ? actionRows(items) : html`<p class="empty">No administrator has acted yet.</p>`}
${pager({ page, per_page: PER_PAGE, total }, '/admin/log', {})}`,
    });
  });
}
