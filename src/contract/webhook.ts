import { z } from 'zod';
import { Slug, Timestamp } from './common.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '../domain/webhooks/events.ts';

export const WebhookEventName = z
  .enum(WEBHOOK_EVENT_TYPES as [string, ...string[]])
  .describe(`An event: ${WEBHOOK_EVENT_TYPES.map((t) => `${t} (${WEBHOOK_EVENTS[t].description})`).join('; ')}`);

export const WebhookRequest = {
  url: z.string().min(1).max(2000).describe('Where deliveries are posted: an https URL on the public internet (no private, loopback or reserved address; no user name or password in it).'),
  events: z.array(WebhookEventName).min(1).max(20).describe('The events to receive (at least one).'),
  categories: z
    .array(Slug)
    .max(20)
    .default([])
    .describe('For category.listing_live: category slugs to hear about (empty: every category). Ignored by the other events.'),
  description: z.string().max(200).optional().describe('A note for yourself, e.g. which system receives it.'),
};

export const WebhookEndpoint = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    categories: z.array(z.string()),
    state: z.enum(['active', 'disabled']).describe('disabled: after three days of failed deliveries (or never again until enabled on the account page).'),
    disabled_reason: z.string().nullable(),
    disabled_at: Timestamp.nullable(),
    failing_since: Timestamp.nullable().describe('The first failed attempt of the current run of failures; null after a success.'),
    last_success_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

export const CreatedWebhookEndpoint = WebhookEndpoint.extend({
  secret: z
    .string()
    .describe('The signing secret (whsec_ + base64), shown in this answer only: keep it to check the webhook-signature header of each delivery.'),
}).meta({ id: 'CreatedWebhookEndpoint' });

export const WebhookAttempt = z
  .object({
    attempted_at: Timestamp,
    duration_ms: z.number().int(),
    outcome: z.enum(['delivered', 'http_error', 'redirect', 'timeout', 'address_refused', 'connection_failed']),
    status_code: z.number().int().nullable(),
    response_excerpt: z.string().nullable().describe('The first 1 KiB of the answer, as text.'),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });

export const WebhookDelivery = z
  .object({
    id: z.number().int(),
    webhook_id: z.number().int(),
    message_id: z.string().describe('The webhook-id header: the same on every attempt and on a resend.'),
    event: z.string(),
    state: z.enum(['pending', 'succeeded', 'failed']),
    resent: z.boolean().describe('Made by redeliver_webhook ("send again").'),
    attempts: z.number().int(),
    next_attempt_at: Timestamp.nullable().describe('When a pending delivery is tried (again); it waits while an older one of the endpoint is pending.'),
    created_at: Timestamp,
    finished_at: Timestamp.nullable(),
    last_attempt: WebhookAttempt.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const DeletedWebhook = z.object({ webhook_id: z.number().int(), deleted: z.literal(true) }).meta({ id: 'DeletedWebhook' });
