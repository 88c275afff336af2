import { z } from 'zod';
import { Pagination, Slug } from '../../contract/common.ts';
import { Leaderboard } from '../../contract/launch.ts';
import { defineOperation } from '../define.ts';
import { WeekParam } from './get-launch-week.ts';

export const getLeaderboard = defineOperation({
  id: 'get_leaderboard',
  summary: 'A leaderboard',
  description:
    'Ranked listings with rank and metric. Boards: community-weekly (votes cast in a week; week = this, last or a date), ' +
    'community-all-time (votes), billboard (money contributed: always paid, labelled, and never mixed into community rankings), ' +
    'domain-rating (with trend), revenue (monthly recurring revenue). 404 board_not_found for another board; week on any board ' +
    'but community-weekly is a 400.',
  tag: 'Launches',
  method: 'GET',
  path: '/leaderboards/{board}',
  scope: 'public',
  input: z.strictObject({
    board: Slug.describe('community-weekly, community-all-time, billboard, domain-rating or revenue.'),
    week: WeekParam.optional().describe('community-weekly only: this (default), last, or a date YYYY-MM-DD.'),
    ...Pagination,
  }),
  output: Leaderboard,
  handle: ({ board, week, page, per_page }, { services }) => services.launches.leaderboard(board, week, { page, per_page }),
});
