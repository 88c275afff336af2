import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BillingDetails, type Order } from '../../../contract/order.ts';
import { checkoutPath } from '../../../domain/orders/checkout-link.ts';
import { checkPreSessionCsrf, preSessionToken } from '../csrf.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { errorSummary, fieldError, invalidAttrs } from '../layout.ts';

type OrderView = z.input<typeof Order>;
type BillingField = keyof BillingDetails;
type Errors = Partial<Record<BillingField, string>>;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number) => usd.format(cents / 100);
const countries = new Intl.DisplayNames(['en'], { type: 'region' });

const STATUS_WORDS: Record<string, string> = {
  pending: 'Waiting for payment.',
  paid: 'Paid. Thank you!',
  expired: 'Expired: it was not paid in time, and its launch week was released. Create a new checkout to buy again.',
  refunded: 'Refunded.',
};

/**
 * The checkout page create_checkout links to (/checkout/{number}?token=…): the person reviews the
 * lines and VAT, enters billing details and pays. The token is the credential (an agent hands
 * the link to its person, who may not be signed in here); a wrong one is the unknown-order 404.
 * In test mode the page says so loudly and its button settles the order at once; with Stripe the
 * button hands over to Stripe Checkout, and the order is paid when Stripe's signed webhook says so.
 */
export function registerCheckoutPages(app: FastifyInstance, web: Web) {
  const { services } = web;
  const numberOf = (request: FastifyRequest) => (request.params as { number: string }).number;
  const tokenIn = (request: FastifyRequest) => String((request.query as Record<string, unknown>).token ?? '');

  async function render(request: FastifyRequest, reply: FastifyReply, token: string, p: { status?: number; values?: Record<BillingField, string>; errors?: Errors; summary?: string } = {}) {
    const view = await services.orders.openCheckout(numberOf(request), token);
    const o = view.order;
    const testMode = view.mode === 'test';
    const returned = String((request.query as Record<string, unknown>).payment ?? '');
    const values = p.values ?? {
      name: view.billing?.name ?? '',
      address: view.billing?.address ?? '',
      postal_code: view.billing?.postal_code ?? '',
      city: view.billing?.city ?? '',
    };
    const e = p.errors ?? {};
    const input = (id: BillingField, label: string, autocomplete: string, max: number, optional = false) => html`<label for="${id}">${label}${optional ? html` <span class="muted">(optional)</span>` : ''}</label>
<input type="text" id="${id}" name="${id}" autocomplete="${autocomplete}" maxlength="${max}"${optional ? '' : html` required`} value="${values[id]}"${invalidAttrs(id, e[id])}>
${fieldError(id, e[id])}`;

    return web.page(request, reply, {
      title: `Order ${o.number}`,
      status: p.status,
      body: html`<h1>Order ${o.number}</h1>
${testMode && o.status === 'pending'
  ? html`<div class="alert" role="alert"><p><strong>TEST MODE: this is a test payment.</strong> No money moves and no card is asked for: this site has no payment provider configured, so “Pay (test)” marks the order paid and delivers it at once.</p></div>`
  : ''}
${o.payment === 'test' && o.status === 'paid' ? html`<div class="alert" role="alert"><p><strong>TEST MODE: this order was paid with a test payment.</strong> No money moved.</p></div>` : ''}
<p><strong>${STATUS_WORDS[o.status]}</strong>${o.paid_at ? html` Paid ${time(o.paid_at)}.` : ''}</p>
${o.status === 'pending' && returned === 'returned'
  ? html`<p class="notice" role="status">Thank you: Stripe is confirming your payment. This page shows the order as paid as soon as Stripe tells us; reload it in a moment.</p>`
  : ''}
${o.status === 'pending' && returned === 'cancelled' ? html`<p class="notice" role="status">The payment was cancelled; nothing was charged. You can pay below.</p>` : ''}
${linesTable(o)}
<p class="muted">${o.vat.note}</p>
${o.status === 'paid' ? delivered(o) : ''}
${o.status === 'pending' && view.payable === true ? html`${errorSummary(p.summary)}
<form method="post" action="${checkoutPath(o.number)}/pay" novalidate>
<input type="hidden" name="csrf" value="${preSessionToken(request, reply, web.secure)}">
<input type="hidden" name="token" value="${token}">
<h2>Billing details</h2>
${input('name', 'Name or company', 'name', 200)}
${input('address', 'Address', 'street-address', 500)}
${input('postal_code', 'Postal code', 'postal-code', 20, true)}
${input('city', 'City', 'address-level2', 120)}
<p>Country: ${countries.of(o.vat.billing_country) ?? o.vat.billing_country}${o.vat.vat_number ? html` · VAT number ${o.vat.vat_number}` : ''} <span class="muted">(VAT was worked out from these; to change them, create a new checkout)</span></p>
<button type="submit">${testMode ? `Pay (test) ${money(o.total_cents)}` : `Pay ${money(o.total_cents)} with Stripe`}</button>
</form>
<p class="muted">Unpaid, this order expires ${time(o.expires_at)}.${testMode ? '' : ' Card details are entered on Stripe’s page, never here.'}</p>`
  : ''}
${o.status === 'pending' && view.payable !== true ? html`<p class="alert" role="alert">${view.payable.message}</p>` : ''}`,
    });
  }

  app.get('/checkout/:number', SITE_ROUTE, async (request, reply) => render(request, reply, tokenIn(request)));

  app.post('/checkout/:number/pay', SITE_ROUTE, async (request, reply) => {
    checkPreSessionCsrf(request, web.publicUrl);
    const token = field(request, 'token');
    const values = { name: field(request, 'name'), address: field(request, 'address').replace(/\r\n/g, '\n'), postal_code: field(request, 'postal_code'), city: field(request, 'city') };
    const parsed = BillingDetails.safeParse(values);
    if (!parsed.success) {
      const errors: Errors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as BillingField] ??= issue.message;
      return render(request, reply, token, { status: 400, values, errors, summary: 'Please correct the fields marked below.' });
    }
    const number = numberOf(request);
    const outcome = await services.orders.pay(number, token, parsed.data);
    if (outcome.kind === 'redirect') return reply.redirect(outcome.url, 303);
    return reply.redirect(`${checkoutPath(number)}?token=${encodeURIComponent(token)}${outcome.kind === 'completed' ? '&payment=returned' : ''}`, 303);
  });
}

function linesTable(o: OrderView) {
  return html`<table>
<caption>What you are buying</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Amount</th></tr></thead>
<tbody>
${o.lines.map((l) => html`<tr><td>${l.description}${l.quantity > 1 ? html` <span class="muted">(${l.quantity} × ${money(l.unit_price_cents)})</span>` : ''}</td><td>${money(l.amount_cents)}</td></tr>`)}
</tbody>
<tfoot>
<tr><th scope="row">Subtotal (excluding VAT)</th><td>${money(o.subtotal_cents)}</td></tr>
<tr><th scope="row">VAT ${o.vat.rate_percent} %${o.vat.treatment === 'reverse_charge' ? ' (reverse charge)' : ''}</th><td>${money(o.vat.amount_cents)}</td></tr>
<tr><th scope="row">Total</th><td><strong>${money(o.total_cents)}</strong></td></tr>
</tfoot>
</table>`;
}

function delivered(o: OrderView) {
  return html`<h2>Delivered</h2>
<ul>${o.lines.map((l) => html`<li>${l.description}: ${l.fulfilled ? l.fulfilment : 'on its way.'}</li>`)}</ul>`;
}
