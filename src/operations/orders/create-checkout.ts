import { z } from 'zod';
import { CreatedOrder, OrderRequest } from '../../contract/order.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const createCheckout = defineOperation({
  id: 'create_checkout',
  summary: 'Create an order and its checkout link',
  description:
    'Same body and checks as quote_order. Creates the order (status pending, a number such as LY-2026-000042) at the prices and ' +
    'VAT of this moment, holds the chosen launch week, and returns checkout_url: a page of this service where the person reviews the ' +
    'lines and VAT, enters billing details and pays. Hand the link to them; never ask for card details. The order is paid and its ' +
    'lines fulfilled once the payment arrives; an unpaid order expires (24 hours by default) and releases its week. Send an ' +
    'Idempotency-Key to retry safely: the replay answers the same order and link.',
  tag: 'Orders',
  method: 'POST',
  path: '/orders/checkout',
  scope: 'orders:write',
  status: 201,
  idempotent: true,
  // The link's token is never stored: the record keeps the order without it, and a replay derives it again.
  replay: {
    keep: (body) => ({ ...(body as Record<string, unknown>), checkout_url: undefined }),
    restore: async (kept, { services }) => {
      const order = kept as { number: string };
      return { ...order, checkout_url: await services.orders.checkoutUrlOf(order.number) };
    },
  },
  input: z.strictObject({ ...OrderRequest }),
  output: CreatedOrder,
  handle: (body, { actor, services }) => services.orders.createCheckout(userIdOf(actor), body),
});
