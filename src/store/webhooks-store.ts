import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export interface WebhookEndpointRow {
  id: string;
  user_id: string;
  url: string;
  description: string | null;
  events: string[];
  categories: string[];
  secret: unknown;
  created_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  last_success_at: Date | null;
}

export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  msg_id: string;
  type: string;
  resent: boolean;
  state: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
  finished_at: Date | null;
}

export interface WebhookAttemptRow {
  id: string;
  delivery_id: string;
  attempted_at: Date;
  duration_ms: number;
  outcome: string;
  status_code: number | null;
  response_excerpt: string | null;
  error: string | null;
}

/** What one delivery job needs to post the head of an endpoint's queue. */
export interface DueDelivery {
  id: string;
  attempts: number;
  next_attempt_at: Date;
  msg_id: string;
  type: string;
  data: unknown;
  occurred_at: Date;
}

const ENDPOINT = sql`id::text, user_id::text, url, description, events, categories, secret, created_at, disabled_at, disabled_reason, failing_since, last_success_at`;
const DELIVERY = sql`d.id::text, d.endpoint_id::text, d.event_id::text, e.msg_id, e.type, d.resent, d.state, d.attempts, d.next_attempt_at, d.created_at, d.finished_at`;

/** Webhook endpoints, their deliveries and the attempts' log (migrations/0037_webhooks.sql). */
export function webhooksStore(db: Kysely<DB>) {
  return {
    /**
     * Adds an endpoint unless the account has `max` already: the account row is locked for the
     * count, so two registrations at once cannot both take the last place. Undefined when full.
     */
    async insertEndpoint(p: { userId: string; url: string; description: string | null; events: string[]; categories: string[]; secret: (id: string) => unknown; at: Date; max: number }) {
      return db.transaction().execute(async (trx) => {
        await sql`select id from users where id = ${p.userId} for update`.execute(trx);
        const n = await sql<{ n: number }>`select count(*)::int as n from webhook_endpoints where user_id = ${p.userId}`.execute(trx);
        if (n.rows[0].n >= p.max) return undefined;
        // The id first: the sealed secret binds it (a sealed value cannot be moved to another endpoint).
        const id = (await sql<{ id: string }>`select nextval(pg_get_serial_sequence('webhook_endpoints', 'id'))::text as id`.execute(trx)).rows[0].id;
        const r = await sql<WebhookEndpointRow>`insert into webhook_endpoints (id, user_id, url, description, events, categories, secret, created_at)
          overriding system value
          values (${id}, ${p.userId}, ${p.url}, ${p.description}, ${p.events}::text[], ${p.categories}::text[], ${JSON.stringify(p.secret(id))}::jsonb, ${p.at})
          returning ${ENDPOINT}`.execute(trx);
        return r.rows[0];
      });
    },

    async endpointsOf(userId: string) {
      const r = await sql<WebhookEndpointRow>`select ${ENDPOINT} from webhook_endpoints where user_id = ${userId} order by id`.execute(db);
      return r.rows;
    },

    /** One endpoint of this person (another's is undefined, like a missing one). */
    async endpoint(id: string, userId?: string) {
      const r = await sql<WebhookEndpointRow>`select ${ENDPOINT} from webhook_endpoints where id = ${id} ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}`.execute(db);
      return r.rows[0];
    },

    /** Deletes the endpoint with its deliveries and log; false when it is not theirs. */
    async deleteEndpoint(id: string, userId: string) {
      const r = await sql`delete from webhook_endpoints where id = ${id} and user_id = ${userId} returning id`.execute(db);
      return r.rows.length > 0;
    },

    /** Enables a disabled endpoint again: a new start, with no failures counted. */
    async enable(id: string, userId: string) {
      const r = await sql`update webhook_endpoints set disabled_at = null, disabled_reason = null, failing_since = null
        where id = ${id} and user_id = ${userId} returning id`.execute(db);
      return r.rows.length > 0;
    },

    /** An endpoint's deliveries, newest first, with their latest attempt. */
    async deliveries(endpointId: string, limit: number, offset: number) {
      const r = await sql<WebhookDeliveryRow & { last: WebhookAttemptRow | null; total: number }>`
        select ${DELIVERY}, count(*) over ()::int as total,
          (select to_jsonb(a) - 'endpoint_id' from (select id::text, delivery_id::text, attempted_at, duration_ms, outcome, status_code, response_excerpt, error
             from webhook_attempts where delivery_id = d.id order by id desc limit 1) a) as last
        from webhook_deliveries d join webhook_events e on e.id = d.event_id
        where d.endpoint_id = ${endpointId}
        order by d.id desc limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    async delivery(id: string, endpointId: string) {
      const r = await sql<WebhookDeliveryRow>`select ${DELIVERY} from webhook_deliveries d join webhook_events e on e.id = d.event_id
        where d.id = ${id} and d.endpoint_id = ${endpointId}`.execute(db);
      return r.rows[0];
    },

    /** An endpoint's attempts, newest first: the delivery log. */
    async attempts(endpointId: string, limit: number) {
      const r = await sql<WebhookAttemptRow & { msg_id: string; type: string; delivery_state: string }>`
        select a.id::text, a.delivery_id::text, a.attempted_at, a.duration_ms, a.outcome, a.status_code, a.response_excerpt, a.error, e.msg_id, e.type, d.state as delivery_state
        from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id join webhook_events e on e.id = d.event_id
        where a.endpoint_id = ${endpointId} order by a.id desc limit ${limit}`.execute(db);
      return r.rows;
    },

    /** "Send again": a new delivery of the same event (same webhook-id) at the end of the endpoint's queue. */
    async resend(deliveryId: string, endpointId: string, at: Date) {
      const r = await sql<{ id: string }>`insert into webhook_deliveries (endpoint_id, event_id, resent, next_attempt_at, created_at)
        select endpoint_id, event_id, true, ${at}, ${at} from webhook_deliveries where id = ${deliveryId} and endpoint_id = ${endpointId}
        returning id::text`.execute(db);
      return r.rows[0]?.id;
    },

    // ---- The fan-out (jobs/webhook-fanout.ts)

    /**
     * Turns up to `limit` waiting events into deliveries, in one transaction: the events are
     * locked (skip locked: two nodes share the work, never the same event), each gets a delivery
     * per active endpoint that asks for it (its owner's for an owner event; for a category event,
     * an endpoint with no categories or one of the event's), and is marked fanned out. A repeat
     * makes nothing twice (unique endpoint and event). Returns the endpoints given deliveries and
     * how many events were done.
     */
    async fanOut(limit: number, at: Date): Promise<{ events: number; endpoints: string[] }> {
      return db.transaction().execute(async (trx) => {
        const events = await sql<{ id: string }>`select id::text from webhook_events where fanned_out_at is null order by id limit ${limit} for update skip locked`.execute(trx);
        if (!events.rows.length) return { events: 0, endpoints: [] };
        const ids = events.rows.map((e) => e.id);
        const made = await sql<{ endpoint_id: string }>`
          insert into webhook_deliveries (endpoint_id, event_id, next_attempt_at, created_at)
          select w.id, e.id, ${at}, ${at}
          from webhook_events e join webhook_endpoints w on w.disabled_at is null and e.type = any (w.events)
            and (e.user_id is null or w.user_id = e.user_id)
            and (e.type <> 'category.listing_live' or cardinality(w.categories) = 0 or w.categories && e.categories)
          join users u on u.id = w.user_id and u.disabled_at is null and u.deletion_requested_at is null
          where e.id = any(${ids}::bigint[])
          order by e.id, w.id
          on conflict (endpoint_id, event_id) where not resent do nothing
          returning endpoint_id::text`.execute(trx);
        await sql`update webhook_events set fanned_out_at = ${at} where id = any(${ids}::bigint[])`.execute(trx);
        return { events: ids.length, endpoints: [...new Set(made.rows.map((m) => m.endpoint_id))] };
      });
    },

    async eventsWaiting(): Promise<boolean> {
      const r = await sql`select 1 from webhook_events where fanned_out_at is null limit 1`.execute(db);
      return r.rows.length > 0;
    },

    // ---- Delivery (jobs/webhook-deliver.ts)

    /** Takes the endpoint for `ms` (one node delivers to it at a time); undefined when another holds it, or it is disabled or gone. */
    async lease(endpointId: string, at: Date, ms: number) {
      const r = await sql<WebhookEndpointRow>`update webhook_endpoints set lease_until = ${new Date(at.getTime() + ms)}
        where id = ${endpointId} and disabled_at is null and (lease_until is null or lease_until <= ${at})
        returning ${ENDPOINT}`.execute(db);
      return r.rows[0];
    },

    async renew(endpointId: string, at: Date, ms: number) {
      await sql`update webhook_endpoints set lease_until = ${new Date(at.getTime() + ms)} where id = ${endpointId}`.execute(db);
    },

    async release(endpointId: string) {
      await sql`update webhook_endpoints set lease_until = null where id = ${endpointId}`.execute(db);
    },

    /** The oldest pending delivery of the endpoint: the only one that may be sent (order). */
    async head(endpointId: string) {
      const r = await sql<DueDelivery>`select d.id::text, d.attempts, d.next_attempt_at, e.msg_id, e.type, e.data, e.occurred_at
        from webhook_deliveries d join webhook_events e on e.id = d.event_id
        where d.endpoint_id = ${endpointId} and d.state = 'pending' order by d.id limit 1`.execute(db);
      return r.rows[0];
    },

    /** Records an attempt and what it means for the delivery and the endpoint, in one transaction. */
    async recordAttempt(p: {
      deliveryId: string;
      endpointId: string;
      at: Date;
      durationMs: number;
      outcome: string;
      statusCode: number | null;
      excerpt: string | null;
      error: string | null;
      succeeded: boolean;
      nextAttemptAt: Date | null;
    }) {
      await db.transaction().execute(async (trx) => {
        await sql`insert into webhook_attempts (delivery_id, endpoint_id, attempted_at, duration_ms, outcome, status_code, response_excerpt, error)
          values (${p.deliveryId}, ${p.endpointId}, ${p.at}, ${p.durationMs}, ${p.outcome}, ${p.statusCode}, ${p.excerpt}, ${p.error})`.execute(trx);
        if (p.succeeded) {
          await sql`update webhook_deliveries set state = 'succeeded', attempts = attempts + 1, finished_at = ${p.at} where id = ${p.deliveryId}`.execute(trx);
          await sql`update webhook_endpoints set failing_since = null, last_success_at = ${p.at} where id = ${p.endpointId}`.execute(trx);
        } else {
          await sql`update webhook_deliveries set attempts = attempts + 1, next_attempt_at = ${p.nextAttemptAt} where id = ${p.deliveryId}`.execute(trx);
          await sql`update webhook_endpoints set failing_since = coalesce(failing_since, ${p.at}) where id = ${p.endpointId}`.execute(trx);
        }
      });
    },

    /**
     * Disables the endpoint (its pending deliveries fail with it); the owner's address and name
     * for the mail, or undefined when it was disabled already (another node, a repeat).
     */
    async disable(endpointId: string, reason: string, at: Date) {
      return db.transaction().execute(async (trx) => {
        const r = await sql<{ url: string; email: string; name: string; user_id: string }>`
          update webhook_endpoints w set disabled_at = ${at}, disabled_reason = ${reason}, lease_until = null
          from users u where w.id = ${endpointId} and w.disabled_at is null and u.id = w.user_id
          returning w.url, u.email, u.name, u.id::text as user_id`.execute(trx);
        if (!r.rows.length) return undefined;
        await sql`update webhook_deliveries set state = 'failed', finished_at = ${at} where endpoint_id = ${endpointId} and state = 'pending'`.execute(trx);
        return r.rows[0];
      });
    },

    // ---- The sweep (jobs/webhook-sweep.ts)

    /** Endpoints with a delivery due by `at` and nobody delivering to them now. */
    async dueEndpoints(at: Date, limit: number) {
      const r = await sql<{ id: string }>`select distinct d.endpoint_id::text as id from webhook_deliveries d
        join webhook_endpoints w on w.id = d.endpoint_id and w.disabled_at is null and (w.lease_until is null or w.lease_until <= ${at})
        where d.state = 'pending' and d.next_attempt_at <= ${at} limit ${limit}`.execute(db);
      return r.rows.map((x) => x.id);
    },

    /** The log's retention: attempts, finished deliveries and their events older than `before`. */
    async forgetBefore(before: Date) {
      const attempts = await sql`delete from webhook_attempts where attempted_at < ${before}`.execute(db);
      const deliveries = await sql`delete from webhook_deliveries where state <> 'pending' and finished_at < ${before}`.execute(db);
      const events = await sql`delete from webhook_events e where e.occurred_at < ${before} and e.fanned_out_at is not null
        and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`.execute(db);
      return { attempts: Number(attempts.numAffectedRows ?? 0), deliveries: Number(deliveries.numAffectedRows ?? 0), events: Number(events.numAffectedRows ?? 0) };
    },
  };
}
export type WebhooksStore = ReturnType<typeof webhooksStore>;
