import { z } from 'zod';
import { Pagination, queryBoolean } from '../../contract/common.ts';
import { CategoryTree } from '../../contract/category.ts';
import { defineOperation } from '../define.ts';

export const listCategories = defineOperation({
  id: 'list_categories',
  summary: 'Category tree',
  description: 'Top-level categories with their subcategories nested, each with its count of live listings (subcategories included).',
  tag: 'Categories',
  method: 'GET',
  path: '/categories',
  scope: 'public',
  input: z.strictObject({
    include_empty: queryBoolean(true).describe('Include categories without live listings (default true).'),
    ...Pagination,
  }),
  output: CategoryTree,
  handle: (input, { services }) => services.categories.tree(input),
});
