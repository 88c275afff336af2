import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import { adminOnly } from '../../../domain/admin/acting-admin.ts';
import type { Web } from '../context.ts';
import { html, type Html } from '../html.ts';

/** The administration area's pages, in the order of its navigation. */
const SECTIONS: readonly (readonly [string, string])[] = [
  ['/admin', 'Overview'],
  ['/admin/listing-versions', 'Edits to review'],
  ['/admin/reports', 'Reports'],
  ['/admin/comments', 'Comments'],
  ['/admin/votes', 'Held votes'],
  ['/admin/listings', 'Listings'],
  ['/admin/users', 'Users'],
  ['/admin/claims', 'Claims'],
  ['/admin/orders', 'Orders'],
  ['/admin/badge-checks', 'Badge checks'],
  ['/admin/products', 'Prices'],
  ['/admin/categories', 'Categories'],
  ['/admin/newsletter', 'Newsletter'],
  ['/admin/outbox', 'Outbox'],
  ['/admin/log', 'Action log'],
];

/** Confirmations after an administrator's post (Post/Redirect/Get), chosen by ?done=…, never echoing input. */
const DONE: Record<string, string> = {
  hidden: 'The listing is hidden: it is out of search, lists, feeds and the sitemap, and its page answers 404. Lists cached for a few seconds catch up within 5 seconds.',
  restored: 'The listing is back in the status it had. Lists cached for a few seconds show it within 5 seconds.',
  reviewed: 'The edit is marked as reviewed.',
  disabled: 'The account is disabled: it cannot sign in, its sessions have ended, and its API keys and connected apps are refused.',
  enabled: 'The account is enabled again. Its API keys and connected apps work again; it signs in anew.',
  erased: 'The account is erased: what was the person\'s is gone, the listings they owned are hidden without an owner, paid orders are kept.',
  'erasure-scheduled': 'The account\'s erasure is scheduled: it is signed out everywhere, its owner is mailed the date, and signing in before then cancels it.',
  'content-hidden': 'It is hidden from its public page and the API, its open reports are closed as acted on, and its author is mailed the reason.',
  'content-restored': 'It shows again, and its open reports are closed as dismissed.',
  'reports-dismissed': 'The reports are closed as unfounded. The thing is as it was, except a comment held by reports, which shows again.',
  'votes-released': 'The votes are released: they count again, each with its published weight, as soon as the weighting job has run (sent just now). The boards follow.',
  'votes-confirmed': 'The votes are confirmed as not genuine: they stay stored and count 0 for good.',
  'votes-decided': 'These votes were decided already: nothing changed.',
};

export const adminListingHref = (id: string | number) => `/admin/listings/${id}`;

/** The navigation of the administration area, the current page marked. */
export function adminNav(current: string): Html {
  return html`<nav class="admin-nav" aria-label="Administration"><ul>${SECTIONS.map(
    ([href, label]) => html`<li>${href === current ? html`<a href="${href}" aria-current="page">${label}</a>` : html`<a href="${href}">${label}</a>`}</li>`,
  )}</ul></nav>`;
}

/** The session of an administrator's page: signed out → sign in and back; not an administrator → 403. */
export function adminPageSession(web: Web, request: FastifyRequest, reply: FastifyReply): SiteSession | undefined {
  const s = web.pageSession(request, reply);
  if (s && !s.isAdmin) throw adminOnly();
  return s;
}

/** The session of an administrator's form post: its CSRF token checked, then the role (the domain checks it again). */
export function adminFormSession(web: Web, request: FastifyRequest): SiteSession {
  const s = web.formSession(request);
  if (!s.isAdmin) throw adminOnly();
  return s;
}

/** An administrator's page in the site layout, under the area's navigation. */
export function adminPage(web: Web, request: FastifyRequest, reply: FastifyReply, p: { path: string; title: string; body: Html; status?: number }) {
  const done = DONE[String((request.query as Record<string, unknown> | undefined)?.done ?? '')];
  return web.page(request, reply, { title: p.title, status: p.status, notice: done, body: html`${adminNav(p.path)}${p.body}` });
}

/** ?page= of a list: a whole number from 1, else 1. */
export function pageOf(request: FastifyRequest, max = 10_000): number {
  const raw = Number((request.query as Record<string, unknown>).page ?? 1);
  return Number.isInteger(raw) && raw >= 1 && raw <= max ? raw : 1;
}

/** A query value that must be one of `allowed`; anything else is undefined (no filter). */
export function choiceOf<T extends string>(request: FastifyRequest, name: string, allowed: readonly T[]): T | undefined {
  const v = (request.query as Record<string, unknown>)[name];
  return allowed.find((a) => a === v);
}

/** A database id from the URL: digits only, within a bigint. */
export function idOf(request: FastifyRequest, what: string): string | undefined {
  const raw = (request.params as Record<string, string>)[what] ?? '';
  return /^[1-9][0-9]{0,17}$/.test(raw) ? raw : undefined;
}

/** A GET filter form: one select and an Apply button (no script on the admin pages). */
export function filterForm(p: { action: string; name: string; label: string; options: readonly (readonly [string, string])[]; value: string | undefined; extra?: Html }): Html {
  return html`<form class="filters" method="get" action="${p.action}">
${p.extra ?? ''}
<label for="filter-${p.name}">${p.label}</label>
<select id="filter-${p.name}" name="${p.name}">${p.options.map(([v, label]) => html`<option value="${v}"${(p.value ?? '') === v ? html` selected` : ''}>${label}</option>`)}</select>
<button type="submit" class="secondary">Apply</button>
</form>`;
}
