import type { FailureCounter, SignInFailuresStore } from '../../store/sign-in-failures-store.ts';
import type { UsersStore } from '../../store/users-store.ts';
import { checkPassword } from './passwords.ts';
import { sha256 } from './secrets.ts';

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

/** Per address: 5 failures, then 1, 2, 4 … minutes, at most an hour; forgotten after a day. */
export const EMAIL_POLICY: ThrottlePolicy = { threshold: 5, baseLockMs: 60_000, maxLockMs: 3_600_000, windowMs: 86_400_000 };
/** Per client IP (many people may share one): 20 failures, then the same curve. */
export const IP_POLICY: ThrottlePolicy = { threshold: 20, baseLockMs: 60_000, maxLockMs: 3_600_000, windowMs: 86_400_000 };

/** How long a key is locked after its `failures`-th failure: 0 below the threshold. */
export function lockDuration(failures: number, p: ThrottlePolicy): number {
  if (failures < p.threshold) return 0;
  return Math.min(p.baseLockMs * 2 ** Math.min(failures - p.threshold, 30), p.maxLockMs);
}

export type SignInResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

/**
 * Email + password sign-in with brute-force throttling per address and per client IP, counted in
 * the database so every node enforces the same limits. The answers never tell whether an account
 * exists: unknown addresses are counted, locked and timed like known ones.
 *
 * An attempt is counted (and, at the threshold, the lock set) before the password is checked,
 * under a row lock, so a burst of parallel guesses cannot slip past the limit; a success takes
 * its count back.
 */
export function createSignIn(deps: { users: UsersStore; failures: SignInFailuresStore; now: () => Date; random?: () => number }) {
  const { users, failures, now } = deps;
  const random = deps.random ?? Math.random;
  const ms = (d: Date | null) => (d ? new Date(d).getTime() : 0);

  return {
    async attempt(p: { email: string; password: string; ip: string }): Promise<SignInResult> {
      const emailKey = `email:${sha256(p.email.trim().toLowerCase())}`;
      const ipKey = `ip:${p.ip}`;
      const policyOf = (key: string) => (key === emailKey ? EMAIL_POLICY : IP_POLICY);
      const t = now();
      const lockedFor = (rows: FailureCounter[]) => Math.ceil((Math.max(0, ...rows.map((r) => ms(r.locked_until))) - t.getTime()) / 1000);

      const counted = await failures.update([emailKey, ipKey], t, (rows) => {
        if (rows.some((r) => ms(r.locked_until) > t.getTime())) return undefined;
        return rows.map((r) => {
          const policy = policyOf(r.key);
          const fresh = ms(r.window_started_at) <= t.getTime() - policy.windowMs;
          const n = (fresh ? 0 : r.failures) + 1;
          const lock = lockDuration(n, policy);
          return { key: r.key, failures: n, window_started_at: fresh ? t : r.window_started_at, locked_until: lock ? new Date(t.getTime() + lock) : r.locked_until };
        });
      });
      if (counted.after === counted.before) return { ok: false, reason: 'locked', retryAfterSeconds: Math.max(1, lockedFor(counted.before)) };

      const user = await users.byEmail(p.email.trim());
      const ok = await checkPassword(user?.password_hash ?? null, p.password);
      if (ok && user) {
        await failures.clear(emailKey);
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
        return { ok: true, userId: user.id };
      }
      if (random() < 0.01) await failures.prune(new Date(t.getTime() - 2 * EMAIL_POLICY.windowMs), t);
      const wait = lockedFor(counted.after);
      return wait > 0 ? { ok: false, reason: 'locked', retryAfterSeconds: wait } : { ok: false, reason: 'invalid' };
    },
  };
}
export type SignIn = ReturnType<typeof createSignIn>;
