import { z } from 'zod';
import { CountryCode, Pagination, paginated } from '../../contract/common.ts';
import { FounderCard } from '../../contract/founder.ts';
import { defineOperation } from '../define.ts';

export const listFounders = defineOperation({
  id: 'list_founders',
  summary: 'List founders',
  description: 'Founders behind live listings, by name (or best name match when q is given).',
  tag: 'Founders',
  method: 'GET',
  path: '/founders',
  scope: 'public',
  input: z.strictObject({
    q: z.string().max(120).optional().describe('Part of a founder name, at most 120 characters.'),
    country: CountryCode.optional(),
    ...Pagination,
  }),
  output: paginated(FounderCard),
  handle: (input, { services }) => services.founders.list(input),
});
