import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import { ordersStore } from '../store/orders-store.ts';

export const ORDER_EXPIRY_JOB = 'order-expiry';
/** Orders expired per run; a backlog drains over the next runs. */
const BATCH = 500;

/**
 * Pending orders past their end (ORDER_EXPIRY_HOURS) become expired. Their launch week room is
 * already free the moment they end (the room count skips ended orders); this makes the status say
 * so. Rows another node is expiring are skipped, so two nodes never fight over one.
 */
export async function runOrderExpiry(db: Kysely<DB>, now: Date) {
  const expired = await ordersStore(db).expireDue(now, BATCH);
  return { expired: expired.length, orders: expired.slice(0, 20) };
}
