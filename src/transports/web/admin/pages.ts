import type { FastifyInstance } from 'fastify';
import type { Web } from '../context.ts';
import { registerAdminDashboard } from './dashboard.ts';
import { registerAdminEdits } from './edits.ts';
import { registerAdminListings } from './listings.ts';
import { registerAdminLog } from './log.ts';
import { registerAdminOutbox } from './outbox.ts';
import { registerAdminRecords } from './records.ts';
import { registerAdminUsers } from './users.ts';
import { registerAdminReports } from './reports.ts';
import { registerAdminComments } from './comments.ts';
import { registerAdminVotes } from './votes.ts';
import { registerAdminNewsletter } from './newsletter.ts';

/**
 * The administration area (administrators only; the first one is made with the CLI): one file per
 * concern, registered here. Products and prices are admin-products-pages.ts. Every change an
 * administrator makes is written to the action log in its own transaction (domain/admin/).
 */
export function registerAdminPages(app: FastifyInstance, web: Web) {
  registerAdminDashboard(app, web);
  registerAdminEdits(app, web);
  registerAdminListings(app, web);
  registerAdminReports(app, web);
  registerAdminComments(app, web);
  registerAdminVotes(app, web);
  registerAdminUsers(app, web);
  registerAdminRecords(app, web);
  registerAdminNewsletter(app, web);
  registerAdminOutbox(app, web);
  registerAdminLog(app, web);
}
