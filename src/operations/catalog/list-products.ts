import { z } from 'zod';
import { Pagination, paginated } from '../../contract/common.ts';
import { Product } from '../../contract/catalog.ts';
import { defineOperation } from '../define.ts';

export const listProducts = defineOperation({
  id: 'list_products',
  summary: 'Purchasable products',
  description:
    "Products with their current price in USD cents, excluding VAT, as set by the site's administrator. Never hard-code prices: read them here. " +
    "needs_listing products are bought for one of the buyer's listings.",
  tag: 'Catalog',
  method: 'GET',
  path: '/products',
  scope: 'public',
  input: z.strictObject({ ...Pagination }),
  output: paginated(Product),
  handle: (input, { services }) => services.catalog.products(input),
});
