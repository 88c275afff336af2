import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../domain/errors.ts';
import { getOrder } from '../../../operations/orders/get-order.ts';
import { listMyOrders } from '../../../operations/orders/list-my-orders.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { countryName } from './fields.ts';
import { usd } from '../numbers.ts';
import { pager } from '../pager.ts';
import { readOperation } from '../read-operation.ts';

const STATUS_WORDS: Record<string, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  expired: 'Expired (not paid in time)',
  refunded: 'Refunded',
};
/** The shape of an order number (contract/order.ts); anything else is the 404 page, not a 400. */
const ORDER_NUMBER = /^LY-\d{4}-\d{6,20}$/;
export const orderHref = (number: string) => `/my/orders/${number}`;

/** `/my/orders` (list_my_orders) and `/my/orders/{number}` (get_order: lines, VAT, total, status, fulfilment, the way to pay). */
export function registerOrderPages(app: FastifyInstance, web: Web) {
  app.get('/my/orders', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    const page = (request.query as Record<string, unknown>).page;
    const list = await readOperation(web.services, request, listMyOrders, { page, per_page: 20 });
    return web.page(request, reply, {
      title: 'Orders',
      body: html`<h1>Orders</h1>
${list.items.length
  ? html`<div class="table-wrap"><table>
<caption>${list.total === 1 ? '1 order' : `${list.total} orders`}, newest first</caption>
<thead><tr><th scope="col">Order</th><th scope="col">Date</th><th scope="col">Status</th><th scope="col" class="num">Total</th><th scope="col">Delivered</th></tr></thead>
<tbody>${list.items.map(
      (o) => html`<tr><td><a href="${orderHref(o.number)}">${o.number}</a></td><td>${time(o.created_at)}</td><td>${STATUS_WORDS[o.status] ?? o.status}</td><td class="num">${usd(o.total_cents)}</td><td>${o.lines_fulfilled} of ${o.lines}</td></tr>`,
    )}</tbody>
</table></div>
${pager(list, '/my/orders', {})}`
  : html`<p class="empty">No orders yet. A paid launch or extras are bought from a listing’s Launch page (<a href="/my/listings">My listings</a>).</p>`}`,
    });
  });

  app.get('/my/orders/:number', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    const { number } = request.params as { number: string };
    if (!ORDER_NUMBER.test(number)) throw notFound('order_not_found', `You have no order ${number}.`);
    const o = await readOperation(web.services, request, getOrder, { number });
    // The checkout link is derived, never stored: the one way back to paying a pending order.
    const payUrl = o.status === 'pending' ? await web.services.orders.checkoutUrlOf(o.number) : undefined;
    return web.page(request, reply, {
      title: `Order ${o.number}`,
      body: html`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/my/orders">Orders</a></li><li aria-current="page">${o.number}</li></ol></nav>
<h1>Order ${o.number}</h1>
${o.payment === 'test' ? html`<p class="paid-label">Test mode: ${o.status === 'paid' ? 'paid with a test payment; no money moved.' : 'no payment provider is configured; paying marks the order paid without money moving.'}</p>` : ''}
<p><strong>${STATUS_WORDS[o.status] ?? o.status}</strong>. Ordered ${time(o.created_at)}${o.paid_at ? html`, paid ${time(o.paid_at)}` : ''}${o.refunded_at ? html`, refunded ${time(o.refunded_at)}` : ''}.</p>
${payUrl ? html`<p><a class="button" href="${payUrl}">Pay ${usd(o.total_cents)}</a> <span class="muted">Unpaid, this order expires ${time(o.expires_at)} and its launch week is released.</span></p>` : ''}
<div class="table-wrap"><table>
<caption>Lines</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Amount</th><th scope="col">Delivered</th></tr></thead>
<tbody>${o.lines.map(
        (l) => html`<tr><td>${l.description}${l.quantity > 1 ? html` <span class="muted">(${l.quantity} × ${usd(l.unit_price_cents)})</span>` : ''}</td><td class="num">${usd(l.amount_cents)}</td><td>${l.fulfilled ? html`${l.fulfilment}${l.fulfilled_at ? html`<br><span class="muted">${time(l.fulfilled_at)}</span>` : ''}` : o.status === 'paid' ? 'On its way.' : 'Not yet: delivered once paid.'}</td></tr>`,
      )}</tbody>
<tfoot>
<tr><th scope="row">Subtotal (excluding VAT)</th><td class="num">${usd(o.subtotal_cents)}</td><td></td></tr>
<tr><th scope="row">VAT ${o.vat.rate_percent} %${o.vat.treatment === 'reverse_charge' ? ' (reverse charge)' : ''}</th><td class="num">${usd(o.vat.amount_cents)}</td><td></td></tr>
<tr><th scope="row">Total</th><td class="num"><strong>${usd(o.total_cents)}</strong></td><td></td></tr>
</tfoot>
</table></div>
<p class="muted">Billed in ${countryName(o.vat.billing_country)}${o.vat.vat_number ? html`, VAT number ${o.vat.vat_number}` : ''}. ${o.vat.note}</p>`,
    });
  });
}
