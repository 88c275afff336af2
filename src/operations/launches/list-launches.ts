import { z } from 'zod';
import { Pagination } from '../../contract/common.ts';
import { LaunchFeed } from '../../contract/launch.ts';
import { SECTIONS } from '../../domain/launches/calendar.ts';
import { defineOperation } from '../define.ts';

export const listLaunches = defineOperation({
  id: 'list_launches',
  summary: 'Launch feed',
  description:
    "Launch feed by section: today (this week's launches by today's votes), this-week (by this week's votes, the default), " +
    'trending (time-decayed votes), most-voted, recent, most-viewed, most-followed, upcoming (scheduled, soonest first).',
  tag: 'Launches',
  method: 'GET',
  path: '/launches',
  scope: 'public',
  input: z.strictObject({
    section: z.enum(SECTIONS).default('this-week').describe('Which feed; default this-week.'),
    ...Pagination,
  }),
  output: LaunchFeed,
  handle: ({ section, page, per_page }, { services }) => services.launches.feed(section, { page, per_page }),
});
