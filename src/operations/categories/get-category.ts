import { z } from 'zod';
import { Pagination, Slug } from '../../contract/common.ts';
import { CategoryDetail } from '../../contract/category.ts';
import { defineOperation } from '../define.ts';

export const getCategory = defineOperation({
  id: 'get_category',
  summary: 'Get a category',
  description: 'Description, FAQs, parent, subcategories and a page of live listings (subcategories included), most voted first.',
  tag: 'Categories',
  method: 'GET',
  path: '/categories/{slug}',
  scope: 'public',
  input: z.strictObject({ slug: Slug, ...Pagination }),
  output: CategoryDetail,
  handle: ({ slug, page, per_page }, { services }) => services.categories.detail(slug, { page, per_page }),
});
