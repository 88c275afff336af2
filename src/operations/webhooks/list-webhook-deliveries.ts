import { z } from 'zod';
import { Pagination, paginated } from '../../contract/common.ts';
import { WebhookDelivery } from '../../contract/webhook.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';
import { WebhookIdParam } from './delete-webhook.ts';

/** Extension beyond the spec (issue 33): the delivery log the account page shows, for machines too. */
export const listWebhookDeliveries = defineOperation({
  id: 'list_webhook_deliveries',
  extension: true,
  summary: 'A webhook endpoint\'s deliveries',
  description:
    'The endpoint\'s deliveries, newest first: the event, its message id (the webhook-id header), the state (pending, succeeded, failed), the attempts, the next try, and the last attempt: when, how long, the outcome, the status code and the first 1 KiB of the answer. Kept 30 days. 404 webhook_not_found for an endpoint that is not yours.',
  tag: 'Webhooks',
  method: 'GET',
  path: '/me/webhooks/{webhook_id}/deliveries',
  scope: 'webhooks:write',
  input: z.strictObject({ webhook_id: WebhookIdParam, ...Pagination }),
  output: paginated(WebhookDelivery),
  handle: ({ webhook_id, page, per_page }, { actor, services }) => services.webhooks.deliveries(userIdOf(actor), webhook_id, { page, per_page }),
});
