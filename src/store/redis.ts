import { Redis } from 'ioredis';

/** A Redis command answers within this or counts as failed (its caller falls back). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** Opening the connection. */
export const REDIS_CONNECT_TIMEOUT_MS = 1000;
/** Longest pause between reconnection attempts: Redis is used again within a second of its return. */
export const REDIS_MAX_RECONNECT_DELAY_MS = 1000;

export type RedisLogLevel = 'warn' | 'info';

/**
 * The process's Redis connection and whether it is usable right now. Redis is an optional
 * accelerator (shared rate limits, later shared caches): every user asks `usable()` first and
 * does without Redis when it is false, so a Redis outage costs nothing but sharing. Commands
 * never wait for a connection (no offline queue) and never take longer than
 * REDIS_COMMAND_TIMEOUT_MS.
 */
export interface RedisLink {
  readonly client: Redis;
  /**
   * Opens the connection (and keeps reopening it); called once the logger exists. Resolves when
   * connected, or after the connect timeout: a node whose Redis is away starts degraded.
   */
  start(): Promise<void>;
  /** Connected and answering as far as we know: one property read, cheap on every request. */
  usable(): boolean;
  /**
   * A command of a user failed: a timeout means the connection stopped answering without
   * closing, so it is dropped and reopened (and `usable()` is false until it is back).
   */
  failed(err: unknown): void;
  /** PING within the command timeout: the readiness probe's look at Redis. */
  ping(): Promise<boolean>;
  close(): void;
}

/**
 * The link to Redis, connecting in the background from `start()`; `log` hears once when Redis
 * goes away and once when it is back (never per request). The URL may hold a password: it is
 * never logged.
 */
export function connectRedis(url: string, log: (level: RedisLogLevel, entry: object, message: string) => void): RedisLink {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Without a connection a command fails at once instead of queueing until one exists (the
    // cause of requests hanging for the reconnect backoff while Redis was away).
    enableOfflineQueue: false,
    // A command in flight when the connection drops fails rather than being sent again later.
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_MAX_RECONNECT_DELAY_MS),
  });
  let away = false; // reported as away, not yet reported back
  let silent = false; // a command timed out: not used until the connection is reopened
  let closing = false;
  const wentAway = (reason: string) => {
    if (away || closing) return;
    away = true;
    log('warn', { redis: 'down', reason }, 'Redis unreachable: rate limits and caches are per node until it is back');
  };
  client.on('ready', () => {
    silent = false;
    if (!away) return;
    away = false;
    log('info', { redis: 'up' }, 'Redis is back: rate limits and caches are shared again');
  });
  // Every failed reconnection emits 'error'; without a listener ioredis prints each one.
  client.on('error', (err: Error & { code?: string }) => wentAway(err.code ?? err.message));
  client.on('close', () => wentAway('connection closed'));

  const failed = (err: unknown) => {
    if (client.status === 'ready' && !silent && err instanceof Error && err.message === 'Command timed out') {
      silent = true;
      wentAway('command timed out');
      client.disconnect(true); // reconnects through retryStrategy
    }
  };
  return {
    client,
    async start() {
      // Failures arrive as 'error' events; reconnection goes on in the background.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, REDIS_CONNECT_TIMEOUT_MS)));
      await Promise.race([client.connect().catch(() => {}), late]);
      clearTimeout(timer);
    },
    usable: () => client.status === 'ready' && !silent,
    failed,
    async ping() {
      if (client.status !== 'ready' || silent) return false;
      try {
        return (await client.ping()) === 'PONG';
      } catch (err) {
        failed(err);
        return false;
      }
    },
    close() {
      closing = true;
      client.disconnect();
    },
  };
}
