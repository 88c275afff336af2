import type { FailureCounter, SignInFailuresStore } from '../../store/sign-in-failures-store.ts';
import type { UsersStore } from '../../store/users-store.ts';
import { createHmac } from 'node:crypto';
import type { Budget } from '../errors.ts';
import { SIGN_IN_FAILURES_KEPT_DAYS } from '../privacy/retention.ts';
import { checkPassword } from './passwords.ts';

export interface ThrottlePolicy {
  /** Failed attempts allowed before the first lock. */
  threshold: number;
  /** The first lock; each further failure doubles it … */
  baseLockMs: number;
  /** … up to this. */
  maxLockMs: number;
  /** Failures are forgotten this long after the first one of a run (unless locked). */
  windowMs: number;
}

/**
 * Per account and client IP together: 5 failures, then 1, 2, 4 … minutes, at most an hour;
 * forgotten after a day. Never per account alone: a lock anyone could set by typing someone's
 * email would lock its owner out (docs/decisions.md, "Sign-in throttling").
 */
export const PAIR_POLICY: ThrottlePolicy = { threshold: 5, baseLockMs: 60_000, maxLockMs: 3_600_000, windowMs: 86_400_000 };
/** Per client IP, whatever the account (many people may share one): 20 failures, then the same curve. */
export const IP_POLICY: ThrottlePolicy = { threshold: 20, baseLockMs: 60_000, maxLockMs: 3_600_000, windowMs: 86_400_000 };

/** How long a key is locked after its `failures`-th failure: 0 below the threshold. */
export function lockDuration(failures: number, p: ThrottlePolicy): number {
  if (failures < p.threshold) return 0;
  return Math.min(p.baseLockMs * 2 ** Math.min(failures - p.threshold, 30), p.maxLockMs);
}

export type SignInResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalid'; budget: Budget }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number; budget: Budget }
  /** The right password for an account an administrator disabled (told only to who knows the password). */
  | { ok: false; reason: 'disabled' };

/**
 * Email + password sign-in with brute-force throttling per account and client IP, and per client
 * IP, counted in the database so every node enforces the same limits. A stranger's failures lock
 * only the stranger's own address: the owner signing in from any other address is never blocked.
 * The answers never tell whether an account exists: unknown emails are counted, locked and timed
 * like known ones. The counters are named by HMACs under an installation key, never by the address:
 * a plain hash of an IPv4 address (or of an e-mail and one) is reversed by trying them all.
 *
 * An attempt is counted (and, at the threshold, the lock set) before the password is checked,
 * under a row lock, so a burst of parallel guesses cannot slip past the limit; a success takes
 * its count back.
 */
export function createSignIn(deps: { users: UsersStore; failures: SignInFailuresStore; now: () => Date; random?: () => number; throttleKey: () => Promise<string> }) {
  const { users, failures, now } = deps;
  const random = deps.random ?? Math.random;
  const ms = (d: Date | null) => (d ? new Date(d).getTime() : 0);
  let key: Promise<string> | undefined;
  const throttleKey = () =>
    (key ??= deps.throttleKey().catch((err: unknown) => {
      key = undefined;
      throw err;
    }));
  const keyed = async (kind: 'pair' | 'ip', value: string) => `${kind}:${createHmac('sha256', await throttleKey()).update(`${kind}:${value}`).digest('hex')}`;

  return {
    async attempt(p: { email: string; password: string; ip: string }): Promise<SignInResult> {
      const pairKey = await keyed('pair', `${p.email.trim().toLowerCase()}\n${p.ip}`);
      const ipKey = await keyed('ip', p.ip);
      const policyOf = (key: string) => (key === pairKey ? PAIR_POLICY : IP_POLICY);
      const t = now();
      const lockedFor = (rows: FailureCounter[]) => Math.ceil((Math.max(0, ...rows.map((r) => ms(r.locked_until))) - t.getTime()) / 1000);
      // The tighter of the two keys, as RateLimit headers: attempts left before a lock, and when.
      const budgetOf = (rows: FailureCounter[]): Budget => {
        const left = rows.map((r) => ({ r, left: Math.max(0, policyOf(r.key).threshold - r.failures) })).sort((a, b) => a.left - b.left)[0];
        const policy = policyOf(left.r.key);
        const windowEnds = ms(left.r.window_started_at) + policy.windowMs;
        return {
          limit: policy.threshold,
          remaining: lockedFor(rows) > 0 ? 0 : left.left,
          resetSeconds: Math.max(1, lockedFor(rows), Math.ceil((windowEnds - t.getTime()) / 1000)),
          windowSeconds: policy.windowMs / 1000,
        };
      };

      const counted = await failures.update([pairKey, ipKey], t, (rows) => {
        if (rows.some((r) => ms(r.locked_until) > t.getTime())) return undefined;
        return rows.map((r) => {
          const policy = policyOf(r.key);
          const fresh = ms(r.window_started_at) <= t.getTime() - policy.windowMs;
          const n = (fresh ? 0 : r.failures) + 1;
          const lock = lockDuration(n, policy);
          return { key: r.key, failures: n, window_started_at: fresh ? t : r.window_started_at, locked_until: lock ? new Date(t.getTime() + lock) : r.locked_until };
        });
      });
      if (counted.after === counted.before) {
        return { ok: false, reason: 'locked', retryAfterSeconds: Math.max(1, lockedFor(counted.before)), budget: budgetOf(counted.before) };
      }

      const user = await users.byEmail(p.email.trim());
      const ok = await checkPassword(user?.password_hash ?? null, p.password);
      if (ok && user) {
        await failures.clear(pairKey);
        const ipBefore = counted.before.find((r) => r.key === ipKey);
        const ipAfter = counted.after.find((r) => r.key === ipKey);
        await failures.update([ipKey], t, (rows) =>
          rows.map((r) => ({
            ...r,
            failures: Math.max(0, r.failures - 1),
            // A lock this very attempt set is lifted again; a lock set by others stays.
            locked_until: ms(r.locked_until) === ms(ipAfter?.locked_until ?? null) ? (ipBefore?.locked_until ?? null) : r.locked_until,
          })),
        );
        if (user.disabled_at) return { ok: false, reason: 'disabled' };
        return { ok: true, userId: user.id };
      }
      if (random() < 0.01) await failures.prune(new Date(t.getTime() - SIGN_IN_FAILURES_KEPT_DAYS * 86_400_000), t);
      const wait = lockedFor(counted.after);
      const budget = budgetOf(counted.after);
      return wait > 0 ? { ok: false, reason: 'locked', retryAfterSeconds: wait, budget } : { ok: false, reason: 'invalid', budget };
    },
  };
}
export type SignIn = ReturnType<typeof createSignIn>;
