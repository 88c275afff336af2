import type { FastifyInstance } from 'fastify';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { adminPage, adminPageSession, choiceOf, filterForm, pageOf } from './frame.ts';
import { listingHref } from '../listing-card.ts';
import { plural, usd } from '../numbers.ts';
import { pager } from '../pager.ts';

const PER_PAGE = 50;
const CLAIM_STATUSES = ['pending', 'verified', 'failed', 'expired'] as const;
const ORDER_STATUSES = ['pending', 'paid', 'expired', 'refunded'] as const;
const OUTCOMES = ['verified', 'absent', 'unverifiable'] as const;
const all = <T extends string>(label: string, values: readonly T[]) => [['', label] as const, ...values.map((v) => [v, v] as const)];

/**
 * The records administrators read but do not change here: claims (the proof decides, nobody
 * approves), orders (payments settle them) and the free plan's badge checks. Each is a paged list
 * with one filter.
 */
export function registerAdminRecords(app: FastifyInstance, web: Web) {
  const { admin } = web.services;

  app.get('/admin/claims', SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    const status = choiceOf(request, 'status', CLAIM_STATUSES);
    const page = pageOf(request, 1000);
    const list = await admin.claims({ status, limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
    return adminPage(web, request, reply, {
      path: '/admin/claims',
      title: 'Claims',
      body: html`<h1>Claims</h1>
<p>Claims of listings by every account, newest first. A claim is verified by its proof (a DNS record, a meta tag, a file or an e-mailed link), not by an administrator; a verified claim moves the listing to the claimant.</p>
${filterForm({ action: '/admin/claims', name: 'status', label: 'Status', options: all('Every status', CLAIM_STATUSES), value: status })}
${list.items.length
  ? html`<table class="stack">
<caption>${plural(list.total, 'claim')}</caption>
<thead><tr><th scope="col">Listing</th><th scope="col">Claimant and proof</th><th scope="col">Status</th><th scope="col">Last check</th></tr></thead>
<tbody>${list.items.map(
      (c) => html`<tr>
<td data-label="Listing"><a href="${listingHref(c.slug)}">${c.listing_name}</a><br><span class="muted">started ${time(c.created_at)}</span></td>
<td data-label="Claimant and proof">${c.claimant_email}<br><span class="muted">by ${c.method}${c.email ? html` (${c.email})` : ''}</span></td>
<td data-label="Status">${c.status}${c.verified_at ? html` ${time(c.verified_at)}` : ''}${c.failure_reason ? html`<br><span class="muted">${c.failure_reason}</span>` : ''}</td>
<td data-label="Last check">${c.last_result ? html`${c.last_result} ${time(c.checked_at)}<br><span class="muted">${c.last_detail ?? ''}</span>` : html`<span class="muted">none</span>`}</td>
</tr>`,
    )}</tbody></table>
${pager({ page, per_page: PER_PAGE, total: list.total }, '/admin/claims', { status })}`
  : html`<p class="empty">No claim matches.</p>`}`,
    });
  });

  app.get('/admin/orders', SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    const status = choiceOf(request, 'status', ORDER_STATUSES);
    const page = pageOf(request, 1000);
    const list = await admin.orders({ status, limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
    return adminPage(web, request, reply, {
      path: '/admin/orders',
      title: 'Orders',
      body: html`<h1>Orders</h1>
<p>Orders of every account, newest first. Each keeps the prices it was made with; a payment (Stripe or the test mode) settles it and fulfils its lines.</p>
${filterForm({ action: '/admin/orders', name: 'status', label: 'Status', options: all('Every status', ORDER_STATUSES), value: status })}
${list.items.length
  ? html`<table class="stack">
<caption>${plural(list.total, 'order')}</caption>
<thead><tr><th scope="col">Order</th><th scope="col">Buyer</th><th scope="col">Total</th><th scope="col">Lines</th></tr></thead>
<tbody>${list.items.map(
      (o) => html`<tr>
<td data-label="Order"><code>${o.number}</code><br>${o.status}${o.paid_at ? html` ${time(o.paid_at)}` : ''}<br><span class="muted">made ${time(o.created_at)}</span></td>
<td data-label="Buyer">${o.buyer_email}<br><span class="muted">${o.billing_country}, ${o.provider}</span></td>
<td data-label="Total">${usd(o.total_cents)}<br><span class="muted">VAT ${usd(o.vat_cents)} (${o.vat_treatment})</span></td>
<td data-label="Lines"><ul class="plain">${o.lines.map((l) => html`<li>${l.description}: ${usd(l.amount_cents)}${l.fulfilled ? ' · fulfilled' : ''}</li>`)}</ul></td>
</tr>`,
    )}</tbody></table>
${pager({ page, per_page: PER_PAGE, total: list.total }, '/admin/orders', { status })}`
  : html`<p class="empty">No order matches.</p>`}`,
    });
  });

  app.get('/admin/badge-checks', SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    const outcome = choiceOf(request, 'outcome', OUTCOMES);
    const page = pageOf(request, 1000);
    const list = await admin.badgeChecks({ outcome, limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
    return adminPage(web, request, reply, {
      path: '/admin/badge-checks',
      title: 'Badge checks',
      body: html`<h1>Badge checks</h1>
<p>Every look at a free listing's homepage for the site's badge, newest first: verified (found), absent (the page was read and the badge is not on it) or unverifiable (the page could not be read; it never counts as absent).</p>
${filterForm({ action: '/admin/badge-checks', name: 'outcome', label: 'Outcome', options: all('Every outcome', OUTCOMES), value: outcome })}
${list.items.length
  ? html`<table class="stack">
<caption>${plural(list.total, 'check')}</caption>
<thead><tr><th scope="col">When</th><th scope="col">Listing</th><th scope="col">Outcome</th><th scope="col">Page and detail</th></tr></thead>
<tbody>${list.items.map(
      (b) => html`<tr>
<td data-label="When">${time(b.checked_at)}</td>
<td data-label="Listing"><a href="/admin/listings/${b.listing_id}">${b.name}</a><br><span class="muted">${b.status}</span></td>
<td data-label="Outcome">${b.outcome}</td>
<td data-label="Page and detail"><span class="break">${b.url}</span><br><span class="muted">${b.detail}</span></td>
</tr>`,
    )}</tbody></table>
${pager({ page, per_page: PER_PAGE, total: list.total }, '/admin/badge-checks', { outcome })}`
  : html`<p class="empty">No check matches.</p>`}`,
    });
  });
}
