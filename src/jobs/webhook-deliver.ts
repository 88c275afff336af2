import type { JobContext } from './handlers.ts';
import { webhooksStore } from '../store/webhooks-store.ts';
import { createWebhookPost, type WebhookPost } from '../outbound/webhook-post.ts';
import { WEBHOOK_RETRY } from '../domain/webhooks/retry-policy.ts';
import type { DeliveryDeps } from '../domain/webhooks/delivery.ts';

/**
 * What the delivery job runs with on this node: the webhook poster is made on first use (most
 * nodes never post one), through the safe agent with WEBHOOK_ALLOW_HOSTS.
 */
export function webhookDelivery(ctx: JobContext) {
  let post: WebhookPost | undefined;
  return {
    deps: (): DeliveryDeps => ({
      store: webhooksStore(ctx.db),
      post: (post ??= createWebhookPost({
        allowHosts: ctx.config.webhooks.allowHosts,
        timeoutMs: ctx.config.webhooks.timeoutMs,
        excerptBytes: WEBHOOK_RETRY.excerptBytes,
        userAgent: `Launchyard-Webhooks/1.0 (+${ctx.config.publicUrl})`,
      })),
      seal: ctx.services.webhooks.seal,
      jobs: ctx.services.jobs,
      mailer: ctx.services.mailer,
      publicUrl: ctx.config.publicUrl,
      siteName: ctx.services.webhooks.siteName,
      now: ctx.services.now,
      policy: { ...WEBHOOK_RETRY, timeoutMs: ctx.config.webhooks.timeoutMs },
    }),
    close: async () => post?.close(),
  };
}
