import { sql, type Kysely } from 'kysely';
import type { DB } from '../../store/schema.ts';
import type { Services } from '../../services.ts';
import { webhooksStore } from '../../store/webhooks-store.ts';
import { newWebhookSecret } from './signature.ts';
import { secretName } from './webhooks.ts';

/**
 * Tests' fixture: an endpoint of `userId` with one failed delivery of an event, registered as a
 * public address would be, then pointed at 127.0.0.2 (refused by the safe agent, so nothing ever
 * leaves the machine when a test sends it again). Disabled when asked. Beside the 10-endpoint
 * limit: tables of tests make one per case.
 */
export async function endpointWithDelivery(services: Services, db: Kysely<DB>, userId: string, opts: { disabled?: boolean } = {}) {
  const secret = newWebhookSecret();
  const box = await services.webhooks.seal();
  const created = (await webhooksStore(db).insertEndpoint({
    userId,
    url: 'https://127.0.0.2/hook',
    description: null,
    events: ['listing.live'],
    categories: [],
    secret: (id) => box.seal(secretName(id), secret),
    at: new Date(),
    max: Number.MAX_SAFE_INTEGER,
  }))!;
  const event = await sql<{ id: string }>`insert into webhook_events (type, user_id, data, occurred_at, fanned_out_at)
    values ('listing.live', ${userId}, '{"listing":{"id":1}}', now(), now()) returning id::text`.execute(db);
  const delivery = await sql<{ id: string }>`insert into webhook_deliveries (endpoint_id, event_id, state, attempts, next_attempt_at, created_at, finished_at)
    values (${created.id}, ${event.rows[0].id}, 'failed', 1, now(), now(), now()) returning id::text`.execute(db);
  if (opts.disabled) {
    await sql`update webhook_endpoints set disabled_at = now(), disabled_reason = 'Every delivery failed for 3 days.' where id = ${created.id}`.execute(db);
  }
  return { endpointId: Number(created.id), deliveryId: Number(delivery.rows[0].id), secret };
}
