import type { z } from 'zod';
import type { WebhooksStore, WebhookEndpointRow, WebhookDeliveryRow, WebhookAttemptRow } from '../../store/webhooks-store.ts';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../contract/webhook.ts';
import type { JobDispatcher } from '../../jobs/dispatch.ts';
import { DomainError } from '../errors.ts';
import type { SecretBox } from '../accounts/secret-box.ts';
import { limitOffset, pageOf, type PageRequest } from '../pagination.ts';
import { checkEndpointUrl, type ResolveHost } from './endpoint-url.ts';
import { isWebhookEventType } from './events.ts';
import { newWebhookSecret } from './signature.ts';
import { MAX_ENDPOINTS_PER_ACCOUNT } from './retry-policy.ts';

/** The job that posts an endpoint's pending deliveries, oldest first (jobs/webhook-deliver.ts). */
export const WEBHOOK_DELIVER_JOB = 'webhook-deliver';
/** The job that turns written events into deliveries (jobs/webhook-fanout.ts). */
export const WEBHOOK_FANOUT_JOB = 'webhook-fanout';

/**
 * Seals endpoints' signing secrets for the database and opens them to sign (AES-256-GCM under a key
 * of the installation, domain/accounts/secret-box.ts); the name binds a sealed secret to its endpoint.
 */
export type SecretSeal = () => Promise<Pick<SecretBox, 'seal' | 'open'>>;
export const secretName = (endpointId: string) => `webhook-endpoint:${endpointId}`;

const endpointNotFound = (id: number | string) => new DomainError('not_found', 'webhook_not_found', `You have no webhook endpoint with id ${id}.`);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentEndpoint(e: WebhookEndpointRow): z.input<typeof WebhookEndpoint> {
  return {
    id: Number(e.id),
    url: e.url,
    description: e.description,
    events: e.events,
    categories: e.categories,
    state: e.disabled_at ? 'disabled' : 'active',
    disabled_reason: e.disabled_reason,
    disabled_at: iso(e.disabled_at),
    failing_since: iso(e.failing_since),
    last_success_at: iso(e.last_success_at),
    created_at: iso(e.created_at)!,
  };
}

export function presentAttempt(a: Pick<WebhookAttemptRow, 'attempted_at' | 'duration_ms' | 'outcome' | 'status_code' | 'response_excerpt' | 'error'>): z.input<typeof WebhookAttempt> {
  return {
    attempted_at: iso(a.attempted_at)!,
    duration_ms: a.duration_ms,
    outcome: a.outcome as z.input<typeof WebhookAttempt>['outcome'],
    status_code: a.status_code,
    response_excerpt: a.response_excerpt,
    error: a.error,
  };
}

function presentDelivery(d: WebhookDeliveryRow & { last?: WebhookAttemptRow | null }): z.input<typeof WebhookDelivery> {
  return {
    id: Number(d.id),
    webhook_id: Number(d.endpoint_id),
    message_id: d.msg_id,
    event: d.type,
    state: d.state,
    resent: d.resent,
    attempts: d.attempts,
    next_attempt_at: d.state === 'pending' ? iso(d.next_attempt_at) : null,
    created_at: iso(d.created_at)!,
    finished_at: iso(d.finished_at),
    last_attempt: d.last ? presentAttempt(d.last) : null,
  };
}

/**
 * A person's webhook endpoints (create_webhook, list_webhooks, delete_webhook, the deliveries'
 * log and "send again"; the account page's Webhooks). The endpoint URL is checked here and again
 * by the safe agent at every delivery.
 */
export function createWebhooks(deps: {
  store: WebhooksStore;
  seal: SecretSeal;
  resolve: ResolveHost;
  allowHosts: () => readonly string[];
  jobs: JobDispatcher;
  now: () => Date;
}) {
  const { store, now } = deps;
  const mine = async (userId: string, id: number) => {
    const e = await store.endpoint(String(id), userId);
    if (!e) throw endpointNotFound(id);
    return e;
  };

  return {
    async create(userId: string, input: { url: string; events: string[]; categories?: string[]; description?: string | null }) {
      const unknown = input.events.filter((e) => !isWebhookEventType(e));
      if (unknown.length) {
        throw new DomainError('invalid', 'unknown_webhook_event', `Unknown events: ${unknown.join(', ')}.`, [{ field: 'events', message: `unknown: ${unknown.join(', ')}` }]);
      }
      const url = await checkEndpointUrl(input.url, { allowHosts: deps.allowHosts(), resolve: deps.resolve });
      const secret = newWebhookSecret();
      const box = await deps.seal();
      const row = await store.insertEndpoint({
        userId,
        url,
        description: input.description?.trim() || null,
        events: [...new Set(input.events)],
        categories: [...new Set(input.categories ?? [])],
        secret: (id) => box.seal(secretName(id), secret),
        at: now(),
        max: MAX_ENDPOINTS_PER_ACCOUNT,
      });
      if (!row) {
        throw new DomainError('conflict', 'webhook_limit_reached', `An account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints: delete one first.`);
      }
      return { ...presentEndpoint(row), secret };
    },

    /** The signing secret again: an Idempotency-Key replay of create_webhook answers what the first call did (the record keeps no secret). */
    async secretOf(userId: string, id: number) {
      const e = await mine(userId, id);
      return (await deps.seal()).open<string>(secretName(e.id), e.secret as Parameters<SecretBox['open']>[1]);
    },

    async list(userId: string) {
      return { items: (await store.endpointsOf(userId)).map(presentEndpoint) };
    },

    async get(userId: string, id: number) {
      return presentEndpoint(await mine(userId, id));
    },

    async remove(userId: string, id: number) {
      if (!(await store.deleteEndpoint(String(id), userId))) throw endpointNotFound(id);
      return { webhook_id: id, deleted: true as const };
    },

    /** Enables a disabled endpoint (account page): its held deliveries failed with it; new events come again. */
    async enable(userId: string, id: number) {
      if (!(await store.enable(String(id), userId))) throw endpointNotFound(id);
      return presentEndpoint(await mine(userId, id));
    },

    async deliveries(userId: string, id: number, page: PageRequest) {
      await mine(userId, id);
      const { limit, offset } = limitOffset(page);
      const rows = await store.deliveries(String(id), limit, offset);
      return pageOf(rows.map(presentDelivery), page, rows[0]?.total ?? (offset > 0 ? offset : 0));
    },

    /** The delivery log of the account page: the latest attempts. */
    async attempts(userId: string, id: number, limit = 50) {
      const endpoint = await mine(userId, id);
      return { endpoint: presentEndpoint(endpoint), attempts: await store.attempts(endpoint.id, limit) };
    },

    /** "Send again": the same event (same webhook-id, a new signature) queued at the end of the endpoint's deliveries. */
    async redeliver(userId: string, id: number, deliveryId: number) {
      const endpoint = await mine(userId, id);
      if (endpoint.disabled_at) {
        throw new DomainError('conflict', 'webhook_disabled', 'This endpoint is disabled: enable it on the account page before sending again.');
      }
      const made = await store.resend(String(deliveryId), endpoint.id, now());
      if (!made) throw new DomainError('not_found', 'webhook_delivery_not_found', `Webhook endpoint ${id} has no delivery with id ${deliveryId}.`);
      await deps.jobs.send(WEBHOOK_DELIVER_JOB, { endpointId: endpoint.id }, { singletonKey: endpoint.id });
      const d = await store.delivery(made, endpoint.id);
      return presentDelivery({ ...d!, last: null });
    },
  };
}
export type Webhooks = ReturnType<typeof createWebhooks>;
