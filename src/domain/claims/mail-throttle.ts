import type { MailWindow } from '../../store/claims-store.ts';
import { DomainError } from '../errors.ts';

/**
 * Claim links per hour: a person asking again and again, or many accounts writing to one
 * company's addresses, must not turn the service into a mail cannon. Counted in the database
 * (claim_emails), so every node sees the same count.
 */
export const CLAIM_MAIL_POLICY = { perUser: 5, perListing: 5, windowMs: 3_600_000 };

/** Throws 429 claim_mail_throttled (with Retry-After) when either budget of the window is spent. */
export function assertMailAllowed(w: { byUser: MailWindow; byListing: MailWindow }, now: Date, policy = CLAIM_MAIL_POLICY) {
  const over = [
    w.byUser.n >= policy.perUser ? { oldest: w.byUser.oldest, why: `you asked for ${policy.perUser} claim links in the last hour` } : undefined,
    w.byListing.n >= policy.perListing ? { oldest: w.byListing.oldest, why: `${policy.perListing} claim links went to this listing's domain in the last hour` } : undefined,
  ].filter((o) => o !== undefined);
  if (!over.length) return;
  // The budget comes back when the oldest mail of the window leaves it.
  const waits = over.map((o) => (o.oldest ? new Date(o.oldest).getTime() + policy.windowMs - now.getTime() : policy.windowMs));
  const seconds = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
  const e = new DomainError('rate_limited', 'claim_mail_throttled', `No claim link was sent: ${over.map((o) => o.why).join(', and ')}. Retry in ${seconds} s.`);
  e.retryAfterSeconds = seconds;
  throw e;
}
