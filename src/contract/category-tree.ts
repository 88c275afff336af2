import { z } from 'zod';
import { Faq, Slug } from './common.ts';

/**
 * The category tree as the operator edits it (npm run cli -- categories:export / categories:import,
 * categories:add). A flat list, parents before children; a category's place among its siblings is
 * its order in the list. The checks that need the whole list (unknown parent, duplicate slug or
 * name, cycle) are in domain/categories/tree-rules.ts.
 */

export const ATTRIBUTE_KINDS = ['text', 'boolean', 'number', 'list'] as const;

export const TreeAttribute = z.strictObject({
  key: z.string().regex(/^[a-z0-9_]{1,60}$/, 'must be lowercase letters, digits and underscores (at most 60), e.g. open_source'),
  label: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  kind: z.enum(ATTRIBUTE_KINDS, { error: 'must be text, boolean, number or list' }),
});
export type TreeAttribute = z.output<typeof TreeAttribute>;

const Name = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const Description = z.string().trim().max(500, 'must be at most 500 characters');
const Keyword = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const Keywords = z.array(Keyword).max(100, 'must be at most 100 words');

export const TreeCategory = z.strictObject({
  slug: Slug,
  name: Name,
  description: Description.default(''),
  /** The parent's slug; none for a top-level category. */
  parent: Slug.nullish().transform((p) => p ?? null),
  /** The slug this category had: its listings, attributes and page stay with it under the new slug. */
  renamed_from: Slug.optional(),
  keywords: Keywords.default([]),
  attributes: z.array(TreeAttribute).max(50, 'must be at most 50').default([]),
  faqs: z.array(Faq).max(20, 'must be at most 20').default([]),
});
export type TreeCategory = z.output<typeof TreeCategory>;

export const CategoryTreeDocument = z.strictObject({
  categories: z.array(TreeCategory).max(5000, 'must be at most 5000'),
});
export type CategoryTreeDocument = z.output<typeof CategoryTreeDocument>;

/** One new category (categories:add): appended after its siblings, with no attributes yet. */
export const NewCategory = z.strictObject({
  slug: Slug,
  name: Name,
  description: Description.default(''),
  parent: Slug.nullish().transform((p) => p ?? null),
  keywords: Keywords.default([]),
});
export type NewCategory = z.output<typeof NewCategory>;
