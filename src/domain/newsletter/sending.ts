import type { JobDispatcher } from '../../jobs/dispatch.ts';
import type { NewsletterDeliveriesStore, SendingProgress } from '../../store/newsletter-deliveries-store.ts';
import { DomainError } from '../errors.ts';

/** The sender job (jobs/newsletter-send.ts), keyed by the edition: one run per edition at a time across nodes. */
export const NEWSLETTER_SEND_JOB = 'newsletter-send';

/** How the sender treats failures, as numbers docs/decisions.md#newsletter states. */
export const SENDING_RULES = {
  /** Permanent refusals (SMTP 5xx) in a row before an address is marked bouncing. */
  bouncesToStop: 3,
  /** Attempts of one delivery before a temporary failure (4xx, a broken connection) counts as failed. */
  maxAttempts: 8,
  /** Backoff after the n-th temporary failure: base × 2^(n−1), at most max (1, 2, 4 … 60 minutes: about 2 hours in all). */
  backoffBaseMs: 60_000,
  backoffMaxMs: 3_600_000,
  /** A claim's lease: a run that dies leaves its claimed rows to another run after this. */
  leaseMs: 120_000,
};
export type SendingRules = typeof SENDING_RULES;

/** When the n-th temporary failure's retry is due. */
export const retryDelayMs = (rules: SendingRules, attempts: number) => Math.min(rules.backoffMaxMs, rules.backoffBaseMs * 2 ** Math.max(0, attempts - 1));

const ID = /^[1-9][0-9]{0,17}$/;

/** Sends the sender job: keyed by the edition, so a duplicate (a second start, a node's retry) is dropped. */
export const sendNewsletterJob = (jobs: JobDispatcher, editionId: string, startAfterSeconds?: number) =>
  jobs.send(NEWSLETTER_SEND_JOB, { editionId }, { singletonKey: editionId, startAfterSeconds });

/**
 * Sending an edition (services.newsletterSending): what the admin page and the Monday job call.
 * start() queues and hands off; the job does the sending; progress() is read from the deliveries.
 */
export function createNewsletterSending(deps: { store: NewsletterDeliveriesStore; jobs: JobDispatcher; now: () => Date }) {
  const { store } = deps;
  const known = async (editionId: string) => {
    if (!ID.test(editionId) || !(await store.edition(editionId))) throw new DomainError('not_found', 'newsletter_edition_not_found', 'No newsletter edition has this id.');
  };
  return {
    /**
     * A draft edition → sending, with one queued delivery per confirmed subscriber (one
     * transaction), then the sender job. Once only: an edition already sending or sent queues
     * nothing more. An edition still sending gets its job sent again (dropped if one is queued),
     * which resumes an edition whose job was lost between the commit and the send.
     */
    /** started: this call moved it from draft; queued: the deliveries it queued. */
    async start(editionId: string): Promise<{ started: boolean; queued: number; status: 'sending' | 'sent' }> {
      await known(editionId);
      const { status, moved, queued } = await store.queue(editionId, deps.now());
      if (status === 'sent') return { started: false, queued: 0, status };
      if (status !== 'sending') throw new DomainError('not_found', 'newsletter_edition_not_found', 'No newsletter edition has this id.');
      await sendNewsletterJob(deps.jobs, editionId);
      return { started: moved, queued, status };
    },

    /** sent / failed / remaining of the edition's deliveries (total = all three). */
    async progress(editionId: string): Promise<SendingProgress> {
      if (!ID.test(editionId)) throw new DomainError('not_found', 'newsletter_edition_not_found', 'No newsletter edition has this id.');
      return store.progress(editionId);
    },
  };
}
export type NewsletterSending = ReturnType<typeof createNewsletterSending>;
