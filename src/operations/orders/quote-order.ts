import { z } from 'zod';
import { OrderRequest, Quote } from '../../contract/order.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const quoteOrder = defineOperation({
  id: 'quote_order',
  summary: 'Price an order, with VAT',
  description:
    "Prices the items at the administrator's current prices (list_products) and checks every option: the listing is yours and can " +
    'take the product, the launch week is a Monday from this week to 52 weeks ahead with room, categories exist (at most 3 beyond ' +
    'the primary), the billboard amount meets its minimum. Returns the lines, subtotal, VAT (rate, amount and the treatment in ' +
    'words: the buyer country\'s rate for EU consumers, reverse charge for EU businesses with a valid VAT number, 0 % outside the ' +
    'EU) and total, in USD cents. Saves and charges nothing. 400 order_invalid names every item field at fault (items.1.options.week).',
  tag: 'Orders',
  method: 'POST',
  path: '/orders/quote',
  scope: 'orders:write',
  input: z.strictObject({ ...OrderRequest }),
  output: Quote,
  handle: (body, { actor, services }) => services.orders.quote(userIdOf(actor), body),
});
