import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { copyMessageId, editionCopy, type EditionCopy } from '../domain/newsletter/edition-copy.ts';
import { retryDelayMs, SENDING_RULES, sendNewsletterJob, type SendingRules } from '../domain/newsletter/sending.ts';
import type { NewsletterSubscriptions } from '../domain/newsletter/subscriptions.ts';
import type { BulkSender } from '../mail/bulk-sender.ts';
import type { ClaimedDelivery, NewsletterDeliveriesStore } from '../store/newsletter-deliveries-store.ts';
import type { OutboxStore } from '../store/outbox-store.ts';
import type { JobDispatcher } from './dispatch.ts';

export { NEWSLETTER_SEND_JOB } from '../domain/newsletter/sending.ts';

export interface NewsletterSendDeps {
  store: NewsletterDeliveriesStore;
  subscriptions: Pick<NewsletterSubscriptions, 'unsubscribeUrl' | 'headers'>;
  /** A sender for this run (SMTP pool or the offline outbox), closed when the run ends. */
  openSender: () => BulkSender | Promise<BulkSender>;
  /** The edition's one outbox row when it is done (the record of what went out, and the offline mode's copy). */
  outbox: Pick<OutboxStore, 'add' | 'markSent'>;
  jobs: JobDispatcher;
  publicUrl: string;
  /** NEWSLETTER_RATE_PER_SECOND: sizes the batches (about two seconds' worth each). */
  ratePerSecond: number;
  now: () => Date;
  /** Tests and the crash check: shorter leases and backoff. */
  rules?: Partial<SendingRules>;
  /** How long one run sends before it sends its job again (the queue expires a run after 10 minutes). */
  runMs?: number;
  /** Names this run in claimed_by (default: host, process, random). */
  node?: string;
}

/** A wait for a retry or a lapsing lease shorter than this is slept in the run; longer, the job is sent again to start then. */
const WAIT_IN_RUN_MS = 30_000;
const RUN_MS = 5 * 60_000;

/**
 * Sends an edition's due deliveries (resumable: any run, on any node, picks up what is left).
 *
 * Each batch is claimed with `for update skip locked` under a lease, so two runs (a second node, a
 * retry while the first still runs) take disjoint rows. Each message's delivery is recorded sent as
 * its end (SMTP's final ".") is written: the COMMIT and the end go out in one turn of the event
 * loop, and only if this run still holds the claim (mail/bulk-sender.ts, store handOver). So a run
 * whose lease lapsed and was claimed by another cannot finish its copy, and a row left in `sending`
 * by a dead run was never finished: it is safely sent again once its lease lapses. Outcomes are written one message at a time, as they happen.
 * Temporary failures go back to the queue with exponential backoff; permanent refusals count
 * against the address (bouncing at 3 in a row); subscribers no longer confirmed are skipped. When
 * nothing is left the edition becomes sent and one outbox row records it.
 */
export async function runNewsletterSend(deps: NewsletterSendDeps, editionId: string, signal?: AbortSignal) {
  const rules: SendingRules = { ...SENDING_RULES, ...deps.rules };
  const node = (deps.node ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`).slice(0, 100);
  const edition = await deps.store.edition(editionId);
  if (!edition) return { editionId, skipped: 'no such edition' };
  if (edition.status !== 'sending') return { editionId, skipped: `the edition is ${edition.status}` };
  const copy = editionCopy(edition);
  const host = new URL(deps.publicUrl).hostname;
  const listId = `<newsletter.${host}>`;
  // About two seconds' worth at the configured rate, so claims stay well inside their lease.
  const batchSize = Math.max(10, Math.min(500, deps.ratePerSecond * 2));
  const runMs = deps.runMs ?? RUN_MS;
  const started = Date.now();
  const tally = { sent: 0, failed: 0, retried: 0, skipped: 0, withheld: 0 };
  const sender = await deps.openSender();

  const sendOne = async (d: ClaimedDelivery) => {
    const held = { editionId, subscriberId: d.subscriber_id, node };
    const url = await deps.subscriptions.unsubscribeUrl(d.subscriber_id);
    const messageId = copyMessageId(editionId, d.subscriber_id, host);
    const outcome = await sender.send(
      {
        to: d.email,
        subject: copy.subject,
        text: copy.text(url),
        html: copy.html(url),
        headers: { ...(await deps.subscriptions.headers(d.subscriber_id)), 'List-Id': listId },
        messageId,
      },
      async (end) => {
        if (!(await deps.store.handOver({ ...held, at: deps.now(), messageId }, end))) throw new Error('the claim is no longer this run\'s: another run sends this copy');
      },
    );
    switch (outcome.kind) {
      case 'accepted':
        tally.sent++;
        if (d.bounces > 0) await deps.store.clearBounces(d.subscriber_id);
        return;
      case 'withheld':
        tally.withheld++;
        return;
      case 'unconfirmed':
        // At most once: a copy whose end was written is never sent again (see handOver).
        tally.sent++;
        await deps.store.noteUnconfirmed({ ...held, error: `handed over, no answer from the server (it may not have arrived): ${outcome.error}` });
        return;
      case 'refused':
        if (outcome.bounce) {
          tally.failed++;
          await deps.store.fail({ ...held, error: outcome.error, bounce: true, bouncesToStop: rules.bouncesToStop });
        } else if (d.attempts >= rules.maxAttempts) {
          tally.failed++;
          await deps.store.fail({ ...held, error: `gave up after ${d.attempts} attempts: ${outcome.error}`, bounce: false, bouncesToStop: rules.bouncesToStop });
        } else {
          tally.retried++;
          await deps.store.retry({ ...held, retryAt: new Date(deps.now().getTime() + retryDelayMs(rules, d.attempts)), error: outcome.error });
        }
    }
  };

  const sendBatch = async (batch: ClaimedDelivery[]) => {
    const skipped = batch.filter((d) => d.subscriber_status !== 'confirmed');
    tally.skipped += skipped.length;
    await deps.store.skip({ editionId, node, skipped: skipped.map((d) => ({ subscriberId: d.subscriber_id, reason: `not sent: the address is ${d.subscriber_status}` })) });
    await Promise.all(batch.filter((d) => d.subscriber_status === 'confirmed').map(sendOne));
  };

  let finished = false;
  let again: 'now' | Date | undefined;
  // One batch sends while the next is claimed: the pool never waits for a claim.
  let sending: Promise<void> = Promise.resolve();
  try {
    for (;;) {
      if (signal?.aborted || Date.now() - started >= runMs) {
        again = 'now';
        break;
      }
      const at = deps.now();
      const batch = await deps.store.claim({ editionId, node, limit: batchSize, at, leaseUntil: new Date(at.getTime() + rules.leaseMs) });
      if (batch.length) {
        const next = sendBatch(batch);
        next.catch(() => {}); // awaited as `sending` next time round or below
        try {
          await sending;
        } finally {
          sending = next;
        }
        continue;
      }
      await sending;
      sending = Promise.resolve();
      const left = await deps.store.unfinished(editionId);
      if (left.remaining === 0) {
        finished = await deps.store.finish(editionId, deps.now());
        break;
      }
      // Retries not yet due, or rows another run holds (their lease lapses if that run died).
      const wait = left.next_at ? new Date(left.next_at).getTime() - deps.now().getTime() : 0;
      if (wait <= 0) continue;
      if (wait > WAIT_IN_RUN_MS || Date.now() - started + wait >= runMs) {
        again = new Date(left.next_at!);
        break;
      }
      await sleep(wait, undefined, { signal }).catch(() => {});
    }
  } finally {
    await sending.catch(() => {});
    sender.close();
  }
  if (finished) await keepRecord(deps, sender.transport, copy, await deps.store.progress(editionId));
  if (again) await sendNewsletterJob(deps.jobs, editionId, again === 'now' ? undefined : Math.ceil(Math.max(0, again.getTime() - deps.now().getTime()) / 1000));
  return { editionId, ...tally, finished, more: again !== undefined };
}

/**
 * The edition's one outbox row: what was sent and to how many. One row per edition, not one per
 * subscriber: 100,000 rows of the same text would bury the outbox's other mail (the confirmation
 * links an operator without SMTP reads there), and each copy differs only by its unsubscribe link.
 * Without SMTP it is also the only copy: the deliveries are recorded as sent, nothing left the machine.
 */
async function keepRecord(deps: NewsletterSendDeps, transport: BulkSender['transport'], copy: EditionCopy, progress: { sent: number; failed: number; total: number }) {
  const at = deps.now();
  const how =
    transport === 'smtp'
      ? `Sent by SMTP to ${progress.sent} subscribers (${progress.failed} failed).`
      : `Not sent: SMTP_URL is not set, so this copy is all there is. ${progress.sent} subscribers were due it (${progress.failed} failed).`;
  const id = await deps.outbox.add({
    to: `${progress.total} newsletter subscribers`,
    subject: copy.subject,
    text: `${how}\nEach copy carries its subscriber's own unsubscribe link where this one says [unsubscribe link].\n\n${copy.text('[unsubscribe link]')}`,
    transport,
    at,
  });
  if (transport === 'smtp') await deps.outbox.markSent(id, at);
}
