import { z } from 'zod';
import { WebhookEndpoint } from '../../contract/webhook.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

/** Extension beyond the spec (issue 33). */
export const listWebhooks = defineOperation({
  id: 'list_webhooks',
  extension: true,
  summary: 'Your webhook endpoints',
  description: 'Every webhook endpoint of yours (10 at most), oldest first, with its state: active, or disabled after three days of failed deliveries. Secrets are never shown again.',
  tag: 'Webhooks',
  method: 'GET',
  path: '/me/webhooks',
  scope: 'webhooks:write',
  input: z.strictObject({}),
  output: z.object({ items: z.array(WebhookEndpoint) }),
  handle: (_input, { actor, services }) => services.webhooks.list(userIdOf(actor)),
});
