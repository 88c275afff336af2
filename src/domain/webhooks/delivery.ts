import type { WebhooksStore } from '../../store/webhooks-store.ts';
import type { JobDispatcher } from '../../jobs/dispatch.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { WebhookPost } from '../../outbound/webhook-post.ts';
import type { SecretBox } from '../accounts/secret-box.ts';
import { givenUp, retryDelayMs, WEBHOOK_RETRY, type RetryPolicy } from './retry-policy.ts';
import { signedHeaders } from './signature.ts';
import { secretName, WEBHOOK_DELIVER_JOB, type SecretSeal } from './webhooks.ts';

export interface DeliveryDeps {
  store: WebhooksStore;
  post: WebhookPost;
  seal: SecretSeal;
  jobs: JobDispatcher;
  mailer: Mailer;
  publicUrl: string;
  siteName: () => Promise<string>;
  now: () => Date;
  policy?: RetryPolicy;
}

/** A node holds an endpoint this long per attempt (the attempt's deadline, with room): a node that dies frees it by then. */
const leaseMsOf = (timeoutMs: number) => timeoutMs + 30_000;
/** A job that starts a little before its delivery's time (clocks of two nodes) still sends it. */
const EARLY_MS = 2_000;
/** One run sends at most this many (well within a job's 10-minute expiry at 10 s each), then hands the rest to a new job. */
const PER_RUN = 40;

/** The body of a delivery, as Standard Webhooks suggests: type, timestamp, data. */
export const deliveryBody = (type: string, occurredAt: Date, data: unknown) => JSON.stringify({ type, timestamp: new Date(occurredAt).toISOString(), data });

/**
 * Posts one endpoint's pending deliveries, oldest first, while they succeed. A failure records
 * the attempt, sets the delivery's next try (exponential backoff) and stops: the later ones wait
 * behind it, so the receiver gets events in order. Three days of failures disable the endpoint
 * (its waiting deliveries fail with it) and its owner is mailed. One node at a time holds the
 * endpoint (a lease in its row); a run that finds it held, or nothing due, does nothing.
 */
export async function deliverEndpoint(deps: DeliveryDeps, endpointId: string, signal?: AbortSignal) {
  const policy = deps.policy ?? WEBHOOK_RETRY;
  const leaseMs = leaseMsOf(policy.timeoutMs);
  const endpoint = await deps.store.lease(endpointId, deps.now(), leaseMs);
  if (!endpoint) return { endpointId, skipped: 'held, disabled or gone' };
  let sent = 0;
  let failingSince = endpoint.failing_since ? new Date(endpoint.failing_since) : null;
  let box: Pick<SecretBox, 'open'> | undefined;
  try {
    for (; sent < PER_RUN; sent++) {
      if (signal?.aborted) throw new Error('stopping: the rest is delivered by the next run');
      const head = await deps.store.head(endpointId);
      if (!head) return { endpointId, sent, left: 0 };
      const at = deps.now();
      if (new Date(head.next_attempt_at).getTime() > at.getTime() + EARLY_MS) return { endpointId, sent, waiting_until: new Date(head.next_attempt_at).toISOString() };
      // Held again for this attempt (a run of many is longer than one lease).
      await deps.store.renew(endpointId, at, leaseMs);
      box ??= await deps.seal();
      const secret = box.open<string>(secretName(endpointId), endpoint.secret as Parameters<SecretBox['open']>[1]);
      const body = deliveryBody(head.type, head.occurred_at, head.data);
      const answer = await deps.post(endpoint.url, signedHeaders(secret, head.msg_id, at, body), body);
      const ok = answer.outcome === 'delivered';
      const attempts = head.attempts + 1;
      const nextAttemptAt = ok ? null : nextTry(attempts, failingSince ?? at, at, policy);
      await deps.store.recordAttempt({
        deliveryId: head.id,
        endpointId,
        at,
        durationMs: answer.durationMs,
        outcome: answer.outcome,
        statusCode: answer.statusCode,
        excerpt: answer.excerpt,
        error: answer.error,
        succeeded: ok,
        nextAttemptAt,
      });
      if (ok) {
        failingSince = null;
        continue;
      }
      failingSince ??= at;
      if (givenUp(failingSince, at, policy.giveUpAfterMs)) {
        await disable(deps, endpointId, at);
        return { endpointId, sent, disabled: true };
      }
      await deps.jobs.send(WEBHOOK_DELIVER_JOB, { endpointId }, { singletonKey: endpointId, startAfterSeconds: Math.ceil((nextAttemptAt!.getTime() - at.getTime()) / 1000) });
      return { endpointId, sent, failed: answer.outcome, retry_at: nextAttemptAt!.toISOString() };
    }
    await deps.jobs.send(WEBHOOK_DELIVER_JOB, { endpointId }, { singletonKey: endpointId });
    return { endpointId, sent, more: true };
  } finally {
    await deps.store.release(endpointId);
  }
}

/** The backoff's next try, but never past the end of the three days: the last try is made then, and decides. */
function nextTry(failedAttempts: number, failingSince: Date, at: Date, policy: RetryPolicy): Date {
  const backoff = at.getTime() + retryDelayMs(failedAttempts, policy);
  const deadline = failingSince.getTime() + policy.giveUpAfterMs;
  return new Date(deadline > at.getTime() ? Math.min(backoff, deadline) : backoff);
}

async function disable(deps: DeliveryDeps, endpointId: string, at: Date) {
  const reason = `Every delivery failed for ${Math.round((deps.policy ?? WEBHOOK_RETRY).giveUpAfterMs / 86_400_000)} days.`;
  const owner = await deps.store.disable(endpointId, reason, at);
  if (!owner) return;
  // About the person's own configuration: sent whatever their mail preferences (like a claim or sign-in mail).
  const site = await deps.siteName();
  await deps.mailer.send({
    to: owner.email,
    subject: `${site}: your webhook endpoint was disabled`,
    text: [
      `Hello ${owner.name},`,
      '',
      `Deliveries to your webhook endpoint ${owner.url} have failed for three days, so ${site} stopped sending to it.`,
      'The events waiting for it were not delivered.',
      '',
      `The delivery log shows what the endpoint answered, and "Enable" starts it again: ${deps.publicUrl}/account/webhooks`,
    ].join('\n'),
  });
}
