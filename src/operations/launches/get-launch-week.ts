import { z } from 'zod';
import { Pagination } from '../../contract/common.ts';
import { LaunchWeek } from '../../contract/launch.ts';
import { defineOperation } from '../define.ts';

export const WeekParam = z
  .string()
  .max(10)
  .describe('this, next, last, or a date YYYY-MM-DD (snapped to its Monday), in the site timezone.');

export const getLaunchWeek = defineOperation({
  id: 'get_launch_week',
  summary: 'A launch week',
  description:
    "A week's launches (Monday to Sunday, site timezone): live launches ranked by the community votes cast that week, " +
    'then the launches scheduled for it (future weeks). 404 week_not_found for an invalid week or one outside 2000-01-03 to a year ahead.',
  tag: 'Launches',
  method: 'GET',
  path: '/launches/weeks/{week}',
  scope: 'public',
  input: z.strictObject({ week: WeekParam, ...Pagination }),
  output: LaunchWeek,
  handle: ({ week, page, per_page }, { services }) => services.launches.week(week, { page, per_page }),
});
