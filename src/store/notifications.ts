import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { outsideUnit } from './unit-of-work.ts';

/**
 * LISTEN on one channel. `up` is called once the listener is in place (and again after each
 * reconnection), `down` when notifications may have been missed (the connection was lost): a
 * listener cannot know what was sent while it was away, so callers forget what they kept.
 */
export interface ListenHandlers {
  message(payload: string): void;
  up(): void;
  down(): void;
}

export type Listen = (channel: string, handlers: ListenHandlers) => () => Promise<void>;

/** How long a lost PostgreSQL listener waits before connecting again. */
export const RELISTEN_MS = 1000;
/**
 * A PostgreSQL listener notifies itself this often, and counts as lost when its own notice has
 * not come back within twice that: TCP keep-alive alone takes hours to notice a peer that
 * vanished without a word (a dropped NAT entry), and meanwhile nothing would be heard.
 */
export const HEARTBEAT_MS = 10_000;
const HEARTBEAT = '~heartbeat';

/** PGlite is one session in this process: every committed NOTIFY reaches its listeners. */
export function pgliteListen(pglite: PGlite): Listen {
  return (channel, handlers) => {
    let stop: (() => Promise<void>) | undefined;
    let stopped = false;
    // PGlite delivers a notice while the committing code runs: what a handler starts (a read, a job)
    // must not join that code's unit of work, whose transaction is ending.
    void pglite.listen(channel, (payload) => outsideUnit(() => handlers.message(payload))).then(async (unlisten) => {
      if (stopped) return unlisten();
      stop = unlisten;
      handlers.up();
    }, () => handlers.down());
    return async () => {
      stopped = true;
      await stop?.().catch(() => {});
    };
  };
}

/**
 * PostgreSQL: a connection of its own (a pooled one goes back to the pool between queries),
 * connected again after it is lost. TCP keep-alive notices a peer that vanished without a word.
 */
export function postgresListen(connectionString: string, connectionTimeoutMillis: number, heartbeatMs = HEARTBEAT_MS): Listen {
  return (channel, handlers) => {
    let client: pg.Client | undefined;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let beating: NodeJS.Timeout | undefined;
    let lastBeat = 0;

    const retry = () => {
      if (!stopped) timer = setTimeout(connect, RELISTEN_MS).unref();
    };
    const lost = (c: pg.Client) => {
      if (client !== c) return;
      client = undefined;
      clearInterval(beating);
      c.end().catch(() => {});
      handlers.down();
      retry();
    };
    async function connect() {
      const c = new pg.Client({ connectionString, connectionTimeoutMillis, keepAlive: true });
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      c.on('notification', (n) => {
        if (n.channel !== channel || n.payload === undefined) return;
        if (n.payload === HEARTBEAT) lastBeat = Date.now();
        else handlers.message(n.payload);
      });
      try {
        await c.connect();
        await c.query(`listen ${c.escapeIdentifier(channel)}`);
      } catch {
        c.end().catch(() => {});
        retry();
        return;
      }
      if (stopped) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      lastBeat = Date.now();
      beating = setInterval(() => {
        if (Date.now() - lastBeat > 2 * heartbeatMs) return lost(c);
        c.query(`select pg_notify($1, $2)`, [channel, HEARTBEAT]).catch(() => lost(c));
      }, heartbeatMs).unref();
      handlers.up();
    }
    void connect();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(beating);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    };
  };
}
