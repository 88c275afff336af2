import type { FastifyInstance } from 'fastify';
import type { Web } from './context.ts';
import { registerAdminDashboard } from './admin-dashboard.ts';
import { registerAdminEdits } from './admin-edits.ts';
import { registerAdminListings } from './admin-listings.ts';
import { registerAdminLog } from './admin-log.ts';
import { registerAdminOutbox } from './admin-outbox.ts';
import { registerAdminRecords } from './admin-records.ts';
import { registerAdminUsers } from './admin-users.ts';

/**
 * The administration area (administrators only; the first one is made with the CLI): one file per
 * concern, registered here. Products and prices are admin-products-pages.ts. Every change an
 * administrator makes is written to the action log in its own transaction (domain/admin/).
 */
export function registerAdminPages(app: FastifyInstance, web: Web) {
  registerAdminDashboard(app, web);
  registerAdminEdits(app, web);
  registerAdminListings(app, web);
  registerAdminUsers(app, web);
  registerAdminRecords(app, web);
  registerAdminOutbox(app, web);
  registerAdminLog(app, web);
}
