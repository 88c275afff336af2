import { TtlCache } from './ttl-cache.ts';
import type { RedisLink } from './redis.ts';

/**
 * A cache of public reads that may be a few seconds stale: in this process first, then in Redis
 * when there is one (so several nodes load a hot list from the database once per period, not
 * once each), then the loader. An entry expires at the same instant on every node: the Redis
 * copy carries its expiry, and a node that takes it keeps it only until then, so what a reader
 * sees is never older than the TTL. Redis being away only turns the sharing off (usable()).
 * Values must be plain JSON data.
 */
export interface SharedCache<V> {
  through(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets an entry here and in Redis (a write on this node); other nodes catch up within the TTL. */
  delete(key: string): void;
}

/** Makes the caches of one process, all sharing its Redis (if any). */
export type CacheFactory = <V>(name: string, ttlMs: number, max: number) => SharedCache<V>;

const PREFIX = 'launchyard:cache:';

export function sharedCache<V>(name: string, opts: { ttlMs: number; max: number; redis?: RedisLink; now?: () => number }): SharedCache<V> {
  const now = opts.now ?? Date.now;
  const local = new TtlCache<V>(opts.ttlMs, opts.max, now);
  const redis = opts.ttlMs > 0 ? opts.redis : undefined;
  const redisKey = (key: string) => `${PREFIX}${name}:${key}`;
  /** Loads in flight, so concurrent misses of one key load once. */
  const loading = new Map<string, Promise<V>>();
  /** Bumped by delete(): a load that began before a write must not cache what it read. */
  const writes = new Map<string, number>();

  async function fromRedis(key: string): Promise<{ value: V; until: number } | undefined> {
    if (!redis?.usable()) return undefined;
    try {
      const raw = await redis.client.get(redisKey(key));
      if (raw === null) return undefined;
      const entry = JSON.parse(raw) as { value: V; until: number };
      return entry.until > now() ? entry : undefined;
    } catch (err) {
      redis.failed(err);
      return undefined;
    }
  }

  function toRedis(key: string, value: V, until: number) {
    if (!redis?.usable()) return;
    redis.client.set(redisKey(key), JSON.stringify({ value, until }), 'PX', Math.max(1, until - now())).catch((err: unknown) => redis.failed(err));
  }

  async function miss(key: string, load: () => Promise<V>): Promise<V> {
    const seen = writes.get(key) ?? 0;
    const shared = await fromRedis(key);
    if (shared) {
      if ((writes.get(key) ?? 0) === seen) local.set(key, shared.value, shared.until - now());
      return shared.value;
    }
    const value = await load();
    if ((writes.get(key) ?? 0) !== seen) return value;
    const until = now() + opts.ttlMs;
    local.set(key, value);
    toRedis(key, value, until);
    return value;
  }

  return {
    async through(key, load) {
      const hit = local.get(key);
      if (hit !== undefined) return hit;
      if (opts.ttlMs <= 0) return load();
      let pending = loading.get(key);
      if (!pending) {
        pending = miss(key, load).finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    },
    delete(key) {
      local.delete(key);
      loading.delete(key);
      if (writes.size > 10_000) writes.clear();
      writes.set(key, (writes.get(key) ?? 0) + 1);
      if (redis?.usable()) redis.client.del(redisKey(key)).catch((err: unknown) => redis.failed(err));
    },
  };
}
