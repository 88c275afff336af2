import { z } from 'zod';
import { Pagination, paginated, Slug } from '../../contract/common.ts';
import { ListingSummary } from '../../contract/listing.ts';
import { defineOperation } from '../define.ts';

export const Alternative = ListingSummary.extend({
  approved: z.boolean().describe('True when the listing owner approved this alternative.'),
}).meta({ id: 'Alternative' });

export const getAlternatives = defineOperation({
  id: 'get_alternatives',
  summary: 'Alternatives to a listing',
  description: 'Owner-approved alternatives first (approved: true), then other live listings of the same primary category, most voted first.',
  tag: 'Listings',
  method: 'GET',
  path: '/listings/{slug}/alternatives',
  scope: 'public',
  input: z.strictObject({ slug: Slug, ...Pagination }),
  output: paginated(Alternative),
  handle: ({ slug, page, per_page }, { services }) => services.listings.alternatives(slug, { page, per_page }),
});
