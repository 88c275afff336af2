import { z } from 'zod';
import { IdParam } from '../../contract/owner-listing.ts';
import { WebhookDelivery } from '../../contract/webhook.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';
import { WebhookIdParam } from './delete-webhook.ts';

/** Extension beyond the spec (issue 33): the account page's "send again". */
export const redeliverWebhook = defineOperation({
  id: 'redeliver_webhook',
  extension: true,
  summary: 'Send a webhook delivery again',
  description:
    'Queues the delivery\'s event again for this endpoint, after its other pending deliveries: the same webhook-id (receivers drop repeats by it), a new timestamp and signature. 404 webhook_not_found or webhook_delivery_not_found; 409 webhook_disabled for a disabled endpoint (enable it on the account page first).',
  tag: 'Webhooks',
  method: 'POST',
  path: '/me/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
  scope: 'webhooks:write',
  status: 201,
  input: z.strictObject({ webhook_id: WebhookIdParam, delivery_id: IdParam('The delivery to send again (integer, at least 1).') }),
  output: WebhookDelivery,
  handle: ({ webhook_id, delivery_id }, { actor, services }) => services.webhooks.redeliver(userIdOf(actor), webhook_id, delivery_id),
});
