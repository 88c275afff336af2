import { z } from 'zod';
import { Slug } from '../../contract/common.ts';
import { defineOperation } from '../define.ts';

const Side = z.object({
  slug: z.string(),
  name: z.string(),
  url: z.string(),
  tagline: z.string().nullable(),
  logo_url: z.string().nullable(),
  votes: z.number().int(),
  links: z.object({ page: z.string(), api: z.string() }),
});

export const Comparison = z
  .object({
    a: Side,
    b: Side,
    rows: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        source: z.enum(['listing', 'category_attribute']),
        a: z.string().nullable().describe('The value listing a states; null (an empty cell) when it does not.'),
        b: z.string().nullable().describe('The value listing b states; null (an empty cell) when it does not.'),
      }),
    ),
  })
  .meta({ id: 'Comparison' });

export const compareListings = defineOperation({
  id: 'compare_listings',
  summary: 'Compare two listings',
  description:
    'Side-by-side comparison of two live listings: general facts, then the attributes of their categories. A null cell means that listing does not state the fact.',
  tag: 'Listings',
  method: 'GET',
  path: '/compare',
  scope: 'public',
  input: z.strictObject({ a: Slug.describe('Slug of the first listing.'), b: Slug.describe('Slug of the second listing.') }),
  output: Comparison,
  handle: ({ a, b }, { services }) => services.listings.compare(a, b),
});
