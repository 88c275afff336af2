import type { FastifyInstance } from 'fastify';
import { listMyListings } from '../../../operations/owner-listings/list-my-listings.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { launchWords, myListingHref, PLAN_WORDS, STATUS_WORDS } from './frame.ts';
import { pager } from '../pager.ts';
import { readOperation } from '../read-operation.ts';

/** Statuses whose next step is on the launch page. */
const TO_LAUNCH = new Set(['draft', 'awaiting_badge']);

/** `/my/listings`: every listing the person owns (list_my_listings), with status, plan and launch week. */
export function registerMyListingsPages(app: FastifyInstance, web: Web) {
  app.get('/my/listings', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    const page = (request.query as Record<string, unknown>).page;
    const list = await readOperation(web.services, request, listMyListings, { page, per_page: 20 });
    return web.page(request, reply, {
      title: 'My listings',
      body: html`<h1>My listings</h1>
<p>Your products on the directory. Work in progress is in <a href="/drafts">your drafts</a>; listings you claim appear here once the claim is verified (<a href="/my/claims">your claims</a>). <a href="/submit">Submit a product</a>.</p>
${list.items.length
  ? html`<div class="table-wrap"><table>
<caption>${list.total === 1 ? '1 listing' : `${list.total} listings`}</caption>
<thead><tr><th scope="col">Listing</th><th scope="col">Status</th><th scope="col">Plan</th><th scope="col">Launch</th></tr></thead>
<tbody>${list.items.map(
      (l) => html`<tr>
<td><a href="${myListingHref(l.id)}">${l.name}</a>${l.tagline ? html`<br><span class="muted">${l.tagline}</span>` : ''}</td>
<td>${STATUS_WORDS[l.status] ?? l.status}${TO_LAUNCH.has(l.status) ? html`<br><a href="${myListingHref(l.id, 'launch')}">${l.status === 'draft' ? 'Launch it' : 'Badge check'}</a>` : ''}</td>
<td>${PLAN_WORDS[l.plan] ?? l.plan}</td>
<td>${launchWords(l)}${l.status === 'live' || l.status === 'scheduled' ? html`<br><a href="/listings/${l.slug}">Public page</a>` : ''}</td>
</tr>`,
    )}</tbody>
</table></div>
${pager(list, '/my/listings', {})}`
  : html`<p class="empty">You have no listings yet. <a href="/submit">Submit your product</a> by its website address: we draft the listing from your site, you check it and submit it.</p>`}`,
    });
  });
}
