import type { RedisLink } from './redis.ts';

/**
 * Counts failed attempts per key in fixed windows: in Redis when it is usable (every node sees the
 * same count), else in this node's memory, like the rate limiter. Unlike the rate limiter it can
 * be read without counting: a caller that is over its budget is refused before its credential is
 * even checked, so a lucky guess made while refused cannot be told from a wrong one.
 */
export interface AttemptCount {
  /** Failures in the current window. */
  n: number;
  /** Milliseconds until the window ends (and the count with it). */
  resetMs: number;
}

export interface AttemptCounter {
  count(key: string): Promise<AttemptCount>;
  /** One more failure. */
  hit(key: string): Promise<AttemptCount>;
}

const MAX_LOCAL_KEYS = 100_000;

export function attemptCounter(name: string, opts: { windowMs: number; redis?: RedisLink; now?: () => number }): AttemptCounter {
  const now = opts.now ?? Date.now;
  const local = new Map<string, { n: number; until: number }>();
  const prefix = `launchyard:attempts:${name}:`;

  const localCount = (key: string): AttemptCount => {
    const e = local.get(key);
    if (!e || e.until <= now()) return { n: 0, resetMs: opts.windowMs };
    return { n: e.n, resetMs: e.until - now() };
  };
  const localHit = (key: string): AttemptCount => {
    let e = local.get(key);
    if (!e || e.until <= now()) {
      if (local.size >= MAX_LOCAL_KEYS) local.delete(local.keys().next().value!);
      e = { n: 0, until: now() + opts.windowMs };
      local.set(key, e);
    }
    e.n++;
    return { n: e.n, resetMs: e.until - now() };
  };

  const redis = opts.redis;
  return {
    async count(key) {
      if (!redis?.usable()) return localCount(key);
      try {
        const [[, n], [, ttl]] = (await redis.client.multi().get(prefix + key).pttl(prefix + key).exec()) as [[null, string | null], [null, number]];
        return { n: Number(n ?? 0), resetMs: ttl > 0 ? ttl : opts.windowMs };
      } catch (err) {
        redis.failed(err);
        return localCount(key);
      }
    },
    async hit(key) {
      if (!redis?.usable()) return localHit(key);
      try {
        const [[, n], , [, ttl]] = (await redis.client.multi().incr(prefix + key).pexpire(prefix + key, opts.windowMs, 'NX').pttl(prefix + key).exec()) as [
          [null, number],
          unknown,
          [null, number],
        ];
        return { n, resetMs: ttl > 0 ? ttl : opts.windowMs };
      } catch (err) {
        redis.failed(err);
        return localHit(key);
      }
    },
  };
}
