import type { WebhooksStore } from '../store/webhooks-store.ts';
import type { JobDispatcher } from './dispatch.ts';
import type { Listen } from '../store/notifications.ts';
import { WEBHOOK_DELIVER_JOB, WEBHOOK_FANOUT_JOB } from '../domain/webhooks/webhooks.ts';

const BATCH = 200;

/**
 * Written events → one delivery per endpoint that asks for each (store: webhooksStore.fanOut,
 * batches under skip locked), then a delivery job per endpoint given some. Runs when an event is
 * committed (the NOTIFY below), and from the sweep for any a lost notice or job left waiting.
 */
export async function runWebhookFanout(deps: { store: WebhooksStore; jobs: JobDispatcher; now: () => Date }) {
  let events = 0;
  const endpoints = new Set<string>();
  for (;;) {
    const batch = await deps.store.fanOut(BATCH, deps.now());
    events += batch.events;
    for (const e of batch.endpoints) endpoints.add(e);
    if (batch.events < BATCH) break;
  }
  for (const endpointId of endpoints) await deps.jobs.send(WEBHOOK_DELIVER_JOB, { endpointId }, { singletonKey: endpointId });
  return { events, endpoints: endpoints.size };
}

/**
 * Every node listens for committed events (migration 0037's trigger) and sends the fan-out job:
 * one queued at a time across nodes (stately, one key), so a burst of events is one run.
 */
export function listenForWebhookEvents(listen: Listen, jobs: JobDispatcher, onError: (err: unknown) => void) {
  const kick = () => void jobs.send(WEBHOOK_FANOUT_JOB, {}, { singletonKey: 'fanout' }).catch(onError);
  return listen('webhook_events', { message: kick, up: kick, down: () => {} });
}
