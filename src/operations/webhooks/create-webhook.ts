import { z } from 'zod';
import { CreatedWebhookEndpoint, WebhookRequest } from '../../contract/webhook.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

/** Extension beyond the spec (issue 33): outgoing webhooks. docs/decisions.md "Outgoing webhooks". */
export const createWebhook = defineOperation({
  id: 'create_webhook',
  extension: true,
  summary: 'Register a webhook endpoint',
  description:
    'Registers an https endpoint for events: on your own drafts, listings, claims and orders, and public ones (a week closed, awards decided, a listing live in a category). ' +
    'Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body"> under the secret), are retried with exponential backoff for 3 days and arrive in order per endpoint. ' +
    'The answer carries the signing secret (whsec_…), shown this once. 400 webhook_url_not_https, webhook_url_private (a private, loopback or reserved address), webhook_url_unresolvable, webhook_url_invalid; 409 webhook_limit_reached past 10 endpoints. ' +
    'Send an Idempotency-Key to retry safely: the replay answers the same endpoint and secret.',
  tag: 'Webhooks',
  method: 'POST',
  path: '/me/webhooks',
  scope: 'webhooks:write',
  status: 201,
  idempotent: true,
  // The secret is never kept in the Idempotency-Key record: a replay opens the sealed one again.
  replay: {
    keep: (body) => ({ ...(body as Record<string, unknown>), secret: undefined }),
    restore: async (kept, { actor, services }) => {
      const endpoint = kept as { id: number };
      return { ...endpoint, secret: await services.webhooks.secretOf(userIdOf(actor), endpoint.id) };
    },
  },
  input: z.strictObject({ ...WebhookRequest }),
  output: CreatedWebhookEndpoint,
  handle: (body, { actor, services }) => services.webhooks.create(userIdOf(actor), body),
});
