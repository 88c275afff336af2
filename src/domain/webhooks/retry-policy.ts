/**
 * When a failed delivery is tried again, and when an endpoint is given up on. Exponential: 5 s,
 * 30 s, 3 min, 18 min, 1.8 h, 10.8 h, then every 12 h, the last try made at the three days' end;
 * an endpoint whose attempts have failed for three days on end (since its first failure with no
 * success between) is disabled and its owner mailed. A failing delivery holds the later ones of its endpoint (docs/decisions.md): the
 * receiver gets them in order.
 */
export interface RetryPolicy {
  firstDelayMs: number;
  factor: number;
  maxDelayMs: number;
  giveUpAfterMs: number;
  timeoutMs: number;
  excerptBytes: number;
}

export const WEBHOOK_RETRY: RetryPolicy = {
  firstDelayMs: 5_000,
  factor: 6,
  maxDelayMs: 12 * 3_600_000,
  giveUpAfterMs: 3 * 24 * 3_600_000,
  /** One attempt: connect, send, answer headers and the first 1 KiB of the body. */
  timeoutMs: 10_000,
  /** What the log keeps of an answer. */
  excerptBytes: 1024,
};

/** The wait after the n-th failed attempt of a delivery (n ≥ 1). */
export function retryDelayMs(failedAttempts: number, policy: { firstDelayMs: number; factor: number; maxDelayMs: number } = WEBHOOK_RETRY): number {
  const n = Math.max(1, failedAttempts);
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * policy.factor ** (n - 1));
}

/** An endpoint is given up on when it has failed for the whole window, counted from its first failure in a row. */
export function givenUp(failingSince: Date | null, at: Date, giveUpAfterMs: number = WEBHOOK_RETRY.giveUpAfterMs): boolean {
  return failingSince !== null && at.getTime() - failingSince.getTime() >= giveUpAfterMs;
}

/** Most endpoints an account may have: enough for a few integrations, few enough that one event never fans out wide per person. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 10;
