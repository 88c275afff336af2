import type { FastifyRequest } from 'fastify';
import type { OwnerListing } from '../../../contract/owner-listing.ts';
import { listingNotFound } from '../../../domain/owner-listings/my-listings.ts';
import { getMyListing } from '../../../operations/owner-listings/get-my-listing.ts';
import type { Web } from '../context.ts';
import { html, type Html } from '../html.ts';
import { day } from '../numbers.ts';
import { readOperation } from '../read-operation.ts';

/** What each status means to the owner, in words. */
export const STATUS_WORDS: Record<string, string> = {
  draft: 'Submitted, not launched yet',
  awaiting_badge: 'Waiting for the badge on your homepage',
  scheduled: 'Scheduled',
  live: 'Live',
  archived: 'Archived',
};
export const PLAN_WORDS: Record<string, string> = { free: 'Free plan', paid: 'Paid plan' };

/**
 * The listing id of a /my/listings/{id} URL. Anything but an id is the same 404 page as another
 * person's listing (a site URL, not an API input to explain).
 */
export function listingIdOf(request: FastifyRequest): number {
  const raw = (request.params as { id: string }).id;
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw listingNotFound(raw);
  return Number(raw);
}

/** The owner's listing through get_my_listing (404 page when it is not theirs). */
export const ownedListing = (web: Web, request: FastifyRequest, id: number) => readOperation(web.services, request, getMyListing, { listing_id: id });

export const myListingHref = (id: number | string, sub = '') => `/my/listings/${id}${sub ? `/${sub}` : ''}`;

const TABS: [string, string][] = [
  ['', 'Edit'],
  ['pictures', 'Pictures'],
  ['launch', 'Launch'],
  ['updates', 'Updates'],
  ['milestones', 'Milestones'],
  ['story', 'Founder story'],
  ['interview', 'Interview'],
  ['badges', 'Badges'],
];

/** The week a listing launches in, as a sentence fragment. */
export function launchWords(l: { status: string; launch_week: string | null }): string {
  if (!l.launch_week) return 'no launch week yet';
  return l.status === 'live' ? `launched in the week of ${day(l.launch_week)}` : `launch week of ${day(l.launch_week)}`;
}

/** The heading, status line and section navigation of every page about one owned listing. */
export function listingFrame(l: OwnerListing, current: string, title: string): Html {
  return html`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/my/listings">My listings</a></li><li${current === '' ? html` aria-current="page"` : ''}>${current === '' ? l.name : html`<a href="${myListingHref(l.id)}">${l.name}</a>`}</li>${current === '' ? '' : html`<li aria-current="page">${title}</li>`}</ol></nav>
<h1>${current === '' ? l.name : html`${title}: ${l.name}`}</h1>
<p class="meta"><span class="pill">${STATUS_WORDS[l.status] ?? l.status}</span> <span class="pill">${PLAN_WORDS[l.plan] ?? l.plan}</span> ${launchWords(l)}${l.public ? html` · <a href="/listings/${l.slug}">Public page</a>` : html` · <span class="muted">not public yet</span>`}</p>
<nav aria-label="This listing"><ul class="tabs">${TABS.map(([sub, label]) => html`<li><a href="${myListingHref(l.id, sub)}"${sub === current ? html` aria-current="page"` : ''}>${label}</a></li>`)}</ul></nav>`;
}
