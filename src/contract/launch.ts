import { z } from 'zod';
import { CalendarDate, paginated } from './common.ts';
import { ListingSummary } from './listing.ts';

export const Metric = z
  .object({
    name: z.enum(['week_votes', 'day_votes', 'votes', 'trending_score', 'views', 'follows', 'amount_cents', 'domain_rating', 'mrr_cents', 'launch_week']),
    value: z.number().nullable(),
    trend: z.enum(['up', 'down', 'flat', 'new']).optional().describe('Domain Rating: direction since the previous measurement.'),
    change: z.number().int().optional().describe('Domain Rating: points since the previous measurement.'),
    verified: z.boolean().optional().describe('Revenue: whether the figure is verified.'),
    counted: z
      .number()
      .min(0)
      .optional()
      .describe('Vote rankings: the votes as counted (sum of their published weights, /about/ranking, to one decimal), which the ranking follows; `value` is the number of people (extension beyond the spec).'),
  })
  .meta({ id: 'Metric' });

/** One ranked place: used by the launch week, the launch feed and the leaderboards alike. */
export const RankedEntry = z
  .object({
    rank: z.number().int().min(1).nullable().describe('Place in this ranking; null for launches not yet live.'),
    listing: ListingSummary,
    metric: Metric,
    paid: z.boolean().describe('True when the place was bought (billboard), never for community rankings.'),
  })
  .meta({ id: 'RankedEntry' });

export const WeekInfo = z
  .object({
    start: CalendarDate.describe('Monday.'),
    end: CalendarDate.describe('Sunday.'),
    timezone: z.string(),
    status: z.enum(['past', 'current', 'future']),
  })
  .meta({ id: 'WeekInfo' });

export const LaunchWeek = paginated(RankedEntry)
  .extend({
    week: WeekInfo,
    awards: z
      .array(z.object({ place: z.number().int().min(1).max(3), votes: z.number().int(), slug: z.string() }))
      .describe('Launch of the Week places of a closed week (empty until computed).'),
  })
  .meta({ id: 'LaunchWeek' });

export const LaunchFeed = paginated(RankedEntry)
  .extend({ section: z.string(), week: CalendarDate.nullable().describe('The week the section is about, when it is about one.') })
  .meta({ id: 'LaunchFeed' });

export const Leaderboard = paginated(RankedEntry)
  .extend({
    board: z.enum(['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue']),
    title: z.string(),
    paid: z.boolean().describe('True for the billboard: places are bought, not voted.'),
    label: z.string().nullable().describe('A disclosure to show with the board; always present on paid boards.'),
    week: WeekInfo.nullable().describe('community-weekly only.'),
  })
  .meta({ id: 'Leaderboard' });

export const Award = z
  .object({
    week: CalendarDate,
    place: z.number().int().min(1).max(3),
    label: z.string().describe('e.g. "#1 Launch of the Week".'),
    votes: z.number().int().describe('Community votes cast during that week.'),
    listing: ListingSummary,
  })
  .meta({ id: 'Award' });
