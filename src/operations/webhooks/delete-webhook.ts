import { z } from 'zod';
import { DeletedWebhook } from '../../contract/webhook.ts';
import { IdParam } from '../../contract/owner-listing.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const WebhookIdParam = IdParam('The id of one of your webhook endpoints (integer, at least 1).');

/** Extension beyond the spec (issue 33). */
export const deleteWebhook = defineOperation({
  id: 'delete_webhook',
  extension: true,
  summary: 'Delete a webhook endpoint',
  description: 'Deletes the endpoint with its pending deliveries and its log: nothing more is sent to it. 404 webhook_not_found when you have no endpoint with this id (another person\'s included).',
  tag: 'Webhooks',
  method: 'DELETE',
  path: '/me/webhooks/{webhook_id}',
  scope: 'webhooks:write',
  idempotent: true,
  input: z.strictObject({ webhook_id: WebhookIdParam }),
  output: DeletedWebhook,
  handle: ({ webhook_id }, { actor, services }) => services.webhooks.remove(userIdOf(actor), webhook_id),
});
