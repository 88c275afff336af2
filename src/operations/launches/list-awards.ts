import { z } from 'zod';
import { Pagination, paginated, Slug } from '../../contract/common.ts';
import { Award } from '../../contract/launch.ts';
import { defineOperation } from '../define.ts';

export const listAwards = defineOperation({
  id: 'list_awards',
  summary: 'Launch of the Week awards',
  description: 'Launch of the Week places 1 to 3, newest week first, with the winning listing. Awards follow community votes only.',
  tag: 'Launches',
  method: 'GET',
  path: '/awards',
  scope: 'public',
  input: z.strictObject({
    listing: Slug.optional().describe("Only this listing's awards."),
    ...Pagination,
  }),
  output: paginated(Award),
  handle: (input, { services }) => services.launches.awards(input),
});
