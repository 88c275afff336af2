import type { z } from 'zod';
import type { Order, OrderLine, OrderSummary, Quote } from '../../contract/order.ts';
import type { OrderLineRow, OrderRow, OrderSummaryRow } from '../../store/orders-store.ts';
import { notFound } from '../errors.ts';
import type { PricedLine } from './items.ts';
import type { VatDecision } from './vat.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Another user's order answers exactly like an unknown number: nothing leaks. */
export const orderNotFound = (number: string) => notFound('order_not_found', `You have no order ${number}.`);

/** Only the options a buyer chose are shown; ids kept for fulfilment stay inside. */
function publicOptions(o: Record<string, unknown>): z.input<typeof OrderLine>['options'] {
  return {
    ...(typeof o.week === 'string' ? { week: o.week } : {}),
    ...(Array.isArray(o.categories) ? { categories: o.categories as string[] } : {}),
    ...(typeof o.amount_cents === 'number' ? { amount_cents: o.amount_cents } : {}),
    ...(typeof o.section === 'string' ? { section: o.section as 'story' } : {}),
  };
}

function vatOf(p: { treatment: VatDecision['treatment']; rateBp: number; amountCents: number; billingCountry: string; vatNumber: string | null; note: string }) {
  return { treatment: p.treatment, rate_percent: p.rateBp / 100, amount_cents: p.amountCents, billing_country: p.billingCountry, vat_number: p.vatNumber, note: p.note };
}

export function toQuote(lines: PricedLine[], vat: VatDecision, vatCents: number, at: Date): z.input<typeof Quote> {
  const subtotal = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return {
    lines: lines.map((l) => ({
      position: l.position,
      product: l.productCode,
      name: l.productName,
      kind: l.kind,
      listing_id: Number(l.listingId),
      options: publicOptions(l.options),
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      amount_cents: l.amountCents,
    })),
    currency: 'USD',
    subtotal_cents: subtotal,
    vat: vatOf({ ...vat, amountCents: vatCents }),
    total_cents: subtotal + vatCents,
    quoted_at: at.toISOString(),
  };
}

export function toOrder(o: OrderRow, lines: OrderLineRow[]): z.input<typeof Order> {
  return {
    number: o.number,
    status: o.status,
    lines: lines.map((l) => ({
      position: l.position,
      product: l.product_code,
      name: l.product_name,
      kind: l.kind,
      listing_id: l.listing_id === null ? null : Number(l.listing_id),
      options: publicOptions(l.options),
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: Number(l.unit_price_cents),
      amount_cents: Number(l.amount_cents),
      fulfilled: l.fulfilled_at !== null,
      fulfilled_at: iso(l.fulfilled_at),
      fulfilment: l.fulfilment,
    })),
    currency: 'USD',
    subtotal_cents: Number(o.subtotal_cents),
    vat: vatOf({ treatment: o.vat_treatment, rateBp: o.vat_rate_bp, amountCents: Number(o.vat_cents), billingCountry: o.billing_country, vatNumber: o.vat_number, note: o.vat_note }),
    total_cents: Number(o.total_cents),
    payment: o.provider,
    created_at: iso(o.created_at)!,
    expires_at: iso(o.expires_at)!,
    paid_at: iso(o.paid_at),
    refunded_at: iso(o.refunded_at),
  };
}

export function toOrderSummary(r: OrderSummaryRow): z.input<typeof OrderSummary> {
  return {
    number: r.number,
    status: r.status,
    currency: 'USD',
    total_cents: Number(r.total_cents),
    lines: r.lines,
    lines_fulfilled: r.lines_fulfilled,
    created_at: iso(r.created_at)!,
    paid_at: iso(r.paid_at),
  };
}
