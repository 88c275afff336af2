import { createRequire } from 'node:module';
import type { RedisLink } from '../store/redis.ts';

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Counted) => void;

/** The store contract of @fastify/rate-limit 11 (incr, child), as its LocalStore and RedisStore keep it. */
export interface RateLimitStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): RateLimitStore;
}

interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}

// The plugin's own stores, so counting is the same with Redis, without it, and while it is away.
const require = createRequire(import.meta.url);
const LocalStore: new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => RateLimitStore = require('@fastify/rate-limit/store/LocalStore.js');
const RedisStore: new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: RedisLink['client'], key: string) => RateLimitStore =
  require('@fastify/rate-limit/store/RedisStore.js');

/**
 * Counts in Redis while Redis is usable, so every node shares one budget; otherwise, and for any
 * request whose Redis command fails, in this node's memory. While Redis is away a limit is
 * per node (N nodes allow up to N times the budget) but it is still enforced, and no request
 * waits for Redis. Back in Redis once it answers again: the shared counters resume from what
 * Redis holds.
 */
class FailoverStore implements RateLimitStore {
  readonly #redis: RedisLink;
  readonly #shared: RateLimitStore;
  readonly #local: RateLimitStore;

  constructor(redis: RedisLink, shared: RateLimitStore, local: RateLimitStore) {
    this.#redis = redis;
    this.#shared = shared;
    this.#local = local;
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    if (!this.#redis.usable()) return this.#local.incr(key, cb, timeWindow, max);
    this.#shared.incr(
      key,
      (err, result) => {
        if (!err) return cb(null, result);
        this.#redis.failed(err);
        this.#local.incr(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: object): RateLimitStore {
    return new FailoverStore(this.#redis, this.#shared.child(routeOptions), this.#local.child(routeOptions));
  }
}

/** The `store` option of @fastify/rate-limit: Redis under `nameSpace` with the per-node fallback. */
export function failoverStore(redis: RedisLink, nameSpace: string) {
  return class extends FailoverStore {
    constructor(options: StoreOptions) {
      super(
        redis,
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis.client, nameSpace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache),
      );
    }
  };
}
