import type { AdminActionsStore } from '../../store/admin-actions-store.ts';
import type { AdminPricesStore } from '../../store/admin-prices-store.ts';
import type { AdminRecordsStore } from '../../store/admin-records-store.ts';
import type { AdminUsersStore } from '../../store/admin-users-store.ts';
import type { ModerationStore } from '../../store/moderation-store.ts';
import type { AdminActionsTable, BadgeCheckOutcome, ClaimStatus, OrderStatus } from '../../store/schema.ts';
import { statusAt } from '../claims/present.ts';
import { createAccountAdmin } from './accounts-admin.ts';
import { createModeration } from './moderation.ts';
import { createPriceAdmin } from './price-admin.ts';

export interface AdminDeps {
  actions: AdminActionsStore;
  moderation: ModerationStore;
  users: AdminUsersStore;
  prices: AdminPricesStore;
  records: AdminRecordsStore;
  now: () => Date;
  /** Drops the cached public profile of a listing (hidden or restored). */
  forget: (slug: string) => void;
}

/**
 * The administration area: moderation (the edit queue, hiding and restoring listings), accounts
 * (disable, enable, the admin role), the price list's changes, and what the admin pages read
 * across every account. Every change is written with its entry in the action log, in one
 * transaction.
 */
export function createAdmin(deps: AdminDeps) {
  const { now } = deps;
  return {
    moderation: createModeration({ store: deps.moderation, now, forget: deps.forget }),
    accounts: createAccountAdmin({ store: deps.users, now }),
    prices: createPriceAdmin({ store: deps.prices, now }),

    /** The action log, newest first; with a subject, only the actions on it. */
    log: (p: { limit: number; offset: number; subject?: { type: AdminActionsTable['subject_type']; id: string } }) => deps.actions.recent(p),

    /** Claims of every account; a pending claim past its time is shown as expired. */
    async claims(p: { status?: ClaimStatus; limit: number; offset: number }) {
      const at = now();
      const page = await deps.records.claims({ ...p, now: at });
      return { ...page, items: page.items.map((c) => ({ ...c, status: statusAt(c, at) })) };
    },
    orders: (p: { status?: OrderStatus; limit: number; offset: number }) => deps.records.orders(p),
    badgeChecks: (p: { outcome?: BadgeCheckOutcome; limit: number; offset: number }) => deps.records.badgeChecks(p),

    /** What the dashboard shows: what waits for an administrator, and the size of things. */
    async overview() {
      const [counts, listings] = await Promise.all([deps.records.counts(now()), deps.moderation.statusCounts()]);
      return { ...counts, listings };
    },
  };
}
export type Admin = ReturnType<typeof createAdmin>;
