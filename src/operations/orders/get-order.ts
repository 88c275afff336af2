import { z } from 'zod';
import { Order, OrderNumberParam } from '../../contract/order.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const getOrder = defineOperation({
  id: 'get_order',
  summary: 'One of your orders',
  description:
    'Status, totals with VAT, and the lines, each with whether and when it was fulfilled and what that did. 404 order_not_found ' +
    "for an unknown number and for another user's order alike.",
  tag: 'Orders',
  method: 'GET',
  path: '/orders/{number}',
  scope: 'account:read',
  input: z.strictObject({ number: OrderNumberParam }),
  output: Order,
  handle: ({ number }, { actor, services }) => services.orders.get(userIdOf(actor), number),
});
