import type { OrdersStore, OrdersTx, OrderRow } from '../../store/orders-store.ts';
import { InvalidSignatureError, type PaymentProvider } from '../../payments/provider.ts';
import type { BillingDetails } from '../../contract/order.ts';
import { DomainError } from '../errors.ts';
import { limitOffset, pageOf, totalOf, type PageRequest } from '../pagination.ts';
import { localDate, weekOf } from '../launches/weeks.ts';
import { priceItems, weeksNamed, type OrderItemInput } from './items.ts';
import { decideVat, vatCents } from './vat.ts';
import { orderNotFound, toOrder, toOrderSummary, toQuote } from './present.ts';
import { checkoutToken, checkoutTokenHash, checkoutTokenMatches, checkoutUrl, orderNumber } from './checkout-link.ts';
import { fulfilOrder, undoForRefund } from './fulfilment.ts';
import type { PaymentEvent } from './payment-event.ts';

export interface OrderBody {
  items: OrderItemInput[];
  billing_country: string;
  vat_number?: string;
}

export interface OrdersDeps {
  store: OrdersStore;
  payments: PaymentProvider;
  publicUrl: string;
  now: () => Date;
  /** The seller's country (SELLER_COUNTRY); unset, the seller counts as established outside the EU. */
  sellerCountry?: string;
  /** How long a pending order waits for its payment (ORDER_EXPIRY_HOURS). */
  expiryMs: number;
  /** The installation key checkout tokens are derived from; read outside transactions (PGlite has one session). */
  tokenKey: () => Promise<string>;
  /** Drops this node's cached public profile of a listing that changed. */
  forget: (slug: string) => void;
  log?: (level: 'info' | 'warn', entry: Record<string, unknown>, message: string) => void;
}

const problemDetail = (n: number) => (n === 1 ? 'The order cannot be placed as it is: see errors.' : `The order cannot be placed as it is: ${n} problems (see errors).`);

/** services.orders: quote_order, create_checkout, list_my_orders, get_order, the checkout page and payment events. */
export function createOrders(deps: OrdersDeps) {
  const { store, now } = deps;

  /** Prices the body at the current prices and rates, or throws order_invalid naming every field at fault. */
  async function price(tx: OrdersTx, userId: string, body: OrderBody, at: Date, lockCalendar: boolean) {
    const calendar = await tx.calendar(lockCalendar);
    const facts = {
      products: await tx.products([...new Set(body.items.map((i) => i.product))]),
      listings: await tx.ownedListings(userId, [...new Set(body.items.filter((i) => i.listing_id !== undefined).map((i) => String(i.listing_id)))]),
      categories: await tx.categories([...new Set(body.items.flatMap((i) => i.options?.categories ?? []))]),
      weekTaken: await tx.paidWeekCounts(weeksNamed(body.items), at),
      paidWeekCapacity: calendar.paid_week_capacity,
      currentWeek: weekOf(at, calendar.timezone),
    };
    const { lines, errors } = priceItems(body.items, facts);
    const vat = decideVat({ sellerCountry: deps.sellerCountry, billingCountry: body.billing_country, vatNumber: body.vat_number, on: at.toISOString().slice(0, 10) });
    const all = [...(Array.isArray(vat) ? vat : []), ...errors];
    if (all.length || Array.isArray(vat)) throw new DomainError('invalid', 'order_invalid', problemDetail(all.length), all);
    const subtotal = lines.reduce((sum, l) => sum + l.amountCents, 0);
    return { lines, vat, subtotal, vat_cents: vatCents(subtotal, vat.rateBp), timezone: calendar.timezone };
  }

  async function get(userId: string, number: string) {
    const order = await store.byNumber(number, userId);
    if (!order) throw orderNotFound(number);
    return toOrder(order, await store.lines(order.id));
  }

  /** The order behind a checkout link, or the same 404 as an unknown number. */
  async function opened(number: string, token: string): Promise<OrderRow> {
    const order = await store.byNumber(number);
    if (!order || !checkoutTokenMatches(token, order.checkout_token_hash)) throw orderNotFound(number);
    return order;
  }

  async function settle(event: PaymentEvent): Promise<{ outcome: string; order: string | null }> {
    const at = now();
    const result = await store.transaction(async (tx) => {
      const order =
        event.kind === 'refunded'
          ? await tx.lock({ provider: event.provider, paymentId: event.paymentId })
          : event.kind === 'ignored'
            ? undefined
            : ((event.orderNumber ? await tx.lock({ number: event.orderNumber }) : undefined) ??
              (event.sessionId ? await tx.lock({ provider: event.provider, sessionId: event.sessionId }) : undefined));
      const outcome = decide(event, order);
      // The event row first: a repeated delivery stops here, whichever node it reached.
      const fresh = await tx.recordEvent({ provider: event.provider, eventId: event.eventId, type: event.type, orderId: order?.id ?? null, outcome, at });
      if (!fresh) return { outcome: 'duplicate', order: order?.number ?? null, changed: [] as string[] };
      if (!order) return { outcome, order: null, changed: [] };
      if ((event.kind === 'awaiting_payment' || event.kind === 'paid') && (outcome === 'awaiting_payment' || outcome === 'paid')) {
        await tx.setProviderRefs(order.id, { sessionId: event.sessionId ?? undefined, paymentId: event.paymentId ?? undefined });
      }
      let changed: string[] = [];
      if (outcome === 'paid') {
        await tx.markPaid(order.id, at);
        await tx.fulfilment.webhookEvents.orderPaid(order.id, at);
        changed = await fulfilOrder(tx.fulfilment, order.id, at);
      } else if (outcome === 'refunded') {
        await tx.markRefunded(order.id, at);
        changed = await undoForRefund(tx.fulfilment, order.id, await tx.lines(order.id), at);
      }
      return { outcome, order: order.number, changed };
    });
    for (const slug of result.changed) deps.forget(slug);
    if (result.outcome === 'amount_mismatch' || result.outcome === 'provider_mismatch') {
      deps.log?.('warn', { event: event.eventId, order: result.order, outcome: result.outcome }, 'payment event does not match its order: not marked paid');
    }
    return { outcome: result.outcome, order: result.order };
  }

  return {
    async quote(userId: string, body: OrderBody) {
      const at = now();
      const p = await price(store, userId, body, at, false);
      return toQuote(p.lines, p.vat, p.vat_cents, at);
    },

    /** create_checkout: the order, pending, priced now and for good, with its checkout link. */
    async createCheckout(userId: string, body: OrderBody) {
      const key = await deps.tokenKey();
      const at = now();
      const number = await store.transaction(async (tx) => {
        // The calendar lock: the week's room is counted and taken in one go (two buyers, one last place).
        const p = await price(tx, userId, body, at, true);
        const number = orderNumber(localDate(at, p.timezone).slice(0, 4), await tx.nextNumber());
        await tx.insert(
          {
            number,
            userId,
            subtotalCents: p.subtotal,
            vatRateBp: p.vat.rateBp,
            vatCents: p.vat_cents,
            totalCents: p.subtotal + p.vat_cents,
            vatTreatment: p.vat.treatment,
            vatNote: p.vat.note,
            billingCountry: p.vat.billingCountry,
            vatNumber: p.vat.vatNumber,
            vatEvidence: p.vat.evidence,
            checkoutTokenHash: checkoutTokenHash(checkoutToken(key, number)),
            provider: deps.payments.name,
            createdAt: at,
            expiresAt: new Date(at.getTime() + deps.expiryMs),
          },
          p.lines,
        );
        return number;
      });
      return { ...(await get(userId, number)), checkout_url: checkoutUrl(deps.publicUrl, number, checkoutToken(key, number)) };
    },

    /** The link of an order made earlier: an Idempotency-Key replay gives it back without it being stored. */
    async checkoutUrlOf(number: string) {
      return checkoutUrl(deps.publicUrl, number, checkoutToken(await deps.tokenKey(), number));
    },

    async list(userId: string, page: PageRequest) {
      const { limit, offset } = limitOffset(page);
      const rows = await store.list(userId, limit, offset);
      return pageOf(rows.map(toOrderSummary), page, await totalOf(rows, page, () => store.count(userId)));
    },

    get,

    /** The checkout page's view of an order: whoever holds the link, signed in or not. */
    async openCheckout(number: string, token: string) {
      const order = await opened(number, token);
      return { order: toOrder(order, await store.lines(order.id)), billing: order.billing, mode: deps.payments.name, payable: payable(order, now(), deps.payments.name) };
    },

    /**
     * The checkout page's pay button: saves the billing details, then pays through the provider:
     * test mode settles at once through the same path as a webhook; Stripe hands over to its page.
     */
    async pay(number: string, token: string, billing: BillingDetails): Promise<{ kind: 'paid' | 'completed' } | { kind: 'redirect'; url: string }> {
      const order = await opened(number, token);
      const refusal = payable(order, now(), deps.payments.name);
      if (refusal !== true) throw new DomainError('conflict', refusal.code, refusal.message);
      await store.setBilling(order.id, billing);
      const lines = await store.lines(order.id);
      const vat = Number(order.vat_cents);
      const started = await deps.payments.start({
        number: order.number,
        lines: lines.map((l) => ({ description: l.description, amountCents: Number(l.amount_cents) })),
        vat: { description: `VAT ${order.vat_rate_bp / 100} % (${order.billing_country})`, amountCents: vat },
        totalCents: Number(order.total_cents),
        expiresAt: order.expires_at,
        requestedAt: now(),
        returnUrl: checkoutUrl(deps.publicUrl, number, token),
        existingSessionId: order.provider_session_id,
      });
      if (started.kind === 'paid') {
        await settle(started.event);
        return { kind: 'paid' };
      }
      if (started.kind === 'completed') return { kind: 'completed' };
      await store.setProviderRefs(order.id, { sessionId: started.sessionId });
      return { kind: 'redirect', url: started.url };
    },

    settle,

    /**
     * A provider's webhook: verified on its raw body, then settled. A bad signature is 400
     * invalid_signature (the provider retries; an attacker learns nothing); a provider this site
     * does not use is 404.
     */
    async receiveWebhook(provider: string, rawBody: Buffer, signature: string | undefined) {
      const payments = deps.payments;
      if (payments.name !== provider || !payments.webhook) {
        throw new DomainError('not_found', 'webhook_not_configured', `This site does not take ${provider} payments (see the README: payments).`);
      }
      let event: PaymentEvent;
      try {
        event = payments.webhook(rawBody, signature);
      } catch (err) {
        if (err instanceof InvalidSignatureError) throw new DomainError('invalid', 'invalid_signature', `The webhook's signature does not verify: ${err.message}`);
        throw err;
      }
      return settle(event);
    },
  };
}
export type Orders = ReturnType<typeof createOrders>;

/** Whether the pay button may run now, or why not. */
function payable(order: OrderRow, at: Date, mode: string): true | { code: string; message: string } {
  if (order.status === 'paid' || order.status === 'refunded') return { code: 'order_not_payable', message: `Order ${order.number} is ${order.status} already.` };
  if (order.status === 'expired' || order.expires_at <= at) return { code: 'order_expired', message: `Order ${order.number} expired unpaid; create a new checkout.` };
  if (order.provider !== mode) {
    return { code: 'payment_mode_changed', message: `Order ${order.number} was made for ${order.provider} payments, and this site now takes ${mode} payments: create a new checkout.` };
  }
  return true;
}

/** What a provider event means for its order; decided under the order's row lock. */
function decide(event: PaymentEvent, order: OrderRow | undefined): string {
  if (event.kind === 'ignored') return 'ignored';
  if (!order) return event.kind === 'refunded' ? 'unknown_payment' : 'unknown_order';
  if (order.provider !== event.provider) return 'provider_mismatch';
  if (event.kind === 'awaiting_payment') return order.status === 'pending' ? 'awaiting_payment' : `already_${order.status}`;
  if (event.kind === 'refunded') {
    if (order.status !== 'paid') return order.status === 'refunded' ? 'already_refunded' : 'not_paid';
    return event.fully ? 'refunded' : 'partially_refunded';
  }
  if (event.currency.toLowerCase() !== 'usd' || event.amountCents !== Number(order.total_cents)) return 'amount_mismatch';
  // An expired order paid anyway (the money was taken): it is paid and fulfilled.
  return order.status === 'pending' || order.status === 'expired' ? 'paid' : `already_${order.status}`;
}
