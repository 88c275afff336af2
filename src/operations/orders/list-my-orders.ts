import { z } from 'zod';
import { Pagination, paginated } from '../../contract/common.ts';
import { OrderSummary } from '../../contract/order.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const listMyOrders = defineOperation({
  id: 'list_my_orders',
  summary: 'Your orders',
  description: 'Your orders, newest first, with status (pending, paid, expired, refunded), total with VAT and how many lines are fulfilled.',
  tag: 'Orders',
  method: 'GET',
  path: '/orders',
  scope: 'account:read',
  input: z.strictObject({ ...Pagination }),
  output: paginated(OrderSummary),
  handle: ({ page, per_page }, { actor, services }) => services.orders.list(userIdOf(actor), { page, per_page }),
});
