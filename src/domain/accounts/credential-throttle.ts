import type { AttemptCount, AttemptCounter } from '../../store/attempt-counter.ts';
import { DomainError, type Budget } from '../errors.ts';

/**
 * Failed credentials (an unknown API key, a bad bearer token, a refused code or refresh token at
 * the token endpoint) per client address: past the budget, every credential from that address is
 * refused with 429 until the window ends, before it is even checked, so guessing gets nowhere and
 * a lucky guess cannot be told from a wrong one. Valid credentials never count. (Site passwords
 * have their own throttle, per address and per address and account: sign-in.ts.)
 */
export const CREDENTIAL_POLICY = { limit: 20, windowMs: 10 * 60_000 };

export interface CredentialThrottle {
  readonly policy: typeof CREDENTIAL_POLICY;
  /** Throws a 429 DomainError when the address has spent its budget of failures. */
  guard(ip: string): Promise<void>;
  /** Records a failure; the budget left. */
  failed(ip: string): Promise<Budget>;
}

export function createCredentialThrottle(counter: AttemptCounter, policy = CREDENTIAL_POLICY): CredentialThrottle {
  const budget = (c: AttemptCount): Budget => ({
    limit: policy.limit,
    remaining: Math.max(0, policy.limit - c.n),
    resetSeconds: Math.max(1, Math.ceil(c.resetMs / 1000)),
    windowSeconds: policy.windowMs / 1000,
  });
  return {
    policy,
    async guard(ip) {
      const c = await counter.count(ip);
      if (c.n < policy.limit) return;
      const b = budget(c);
      const e = new DomainError('rate_limited', 'too_many_failed_credentials', `Too many invalid credentials from this address; retry in ${b.resetSeconds} s.`);
      e.retryAfterSeconds = b.resetSeconds;
      e.budget = b;
      throw e;
    },
    failed: async (ip) => budget(await counter.hit(ip)),
  };
}
