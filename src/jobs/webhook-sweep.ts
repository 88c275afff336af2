import type { WebhooksStore } from '../store/webhooks-store.ts';
import type { JobDispatcher } from './dispatch.ts';
import { WEBHOOK_DELIVER_JOB, WEBHOOK_FANOUT_JOB } from '../domain/webhooks/webhooks.ts';
import { WEBHOOK_LOG_KEPT_DAYS } from '../domain/privacy/retention.ts';

export const WEBHOOK_SWEEP_JOB = 'webhook-sweep';
/** Every minute: retries are sent by their own delayed job; this catches what a lost job or notice left. */
export const WEBHOOK_SWEEP_CRON = '* * * * *';

/**
 * The safety net of webhook delivery: events not fanned out yet, and endpoints with a delivery due
 * that nobody is delivering to, get their job again; attempts, finished deliveries and events
 * past WEBHOOK_LOG_KEPT_DAYS are deleted.
 */
export async function runWebhookSweep(deps: { store: WebhooksStore; jobs: JobDispatcher; now: () => Date }) {
  const at = deps.now();
  if (await deps.store.eventsWaiting()) await deps.jobs.send(WEBHOOK_FANOUT_JOB, {}, { singletonKey: 'fanout' });
  const due = await deps.store.dueEndpoints(at, 500);
  for (const endpointId of due) await deps.jobs.send(WEBHOOK_DELIVER_JOB, { endpointId }, { singletonKey: endpointId });
  const forgotten = await deps.store.forgetBefore(new Date(at.getTime() - WEBHOOK_LOG_KEPT_DAYS * 86_400_000));
  return { due: due.length, forgotten };
}
