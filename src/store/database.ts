import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { withUnits } from './unit-of-work.ts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DB } from './schema.ts';
import { pgliteListen, postgresListen, type Listen } from './notifications.ts';
import { pglitePoolConfig } from './pglite-connection.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { dataDirFailure } from './data-dir-errors.ts';
import { PreparingClient } from './prepared.ts';

// Calendar dates stay 'YYYY-MM-DD' strings: pg would turn them into local-time Date objects,
// which shifts launch weeks by a day west of UTC.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Engine = 'pglite' | 'postgres';

/** Opening a PostgreSQL connection, or waiting for a free one in the pool, takes at most this. */
export const CONNECTION_TIMEOUT_MS = 1000;

/**
 * One Kysely instance for the whole process, in both modes. Embedded mode runs PGlite behind
 * node-postgres' adapter so both engines parse types identically (int8 as string, etc.).
 * PGlite is a single session: code inside a transaction must use the transaction handle, never `db`.
 */
export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** LISTEN for notifications (store/notifications.ts): the database's own change feed. */
  listen: Listen;
  /** PGlite: its data directory as a tarball (tests start their databases from a migrated one). */
  dumpDataDir?: () => Promise<Blob>;
  /** PGlite: bytes of its WebAssembly memory (resident once touched, never given back). */
  embeddedMemoryBytes?: () => number;
  close(): Promise<void>;
}

/**
 * The embedded database's buffer pool, inside the process's WebAssembly memory (which never
 * shrinks). PostgreSQL's default of 128MB filled up to 133 MiB more resident memory than this at
 * 100,000 listings; the pages it no longer holds are still in the operating system's file cache,
 * and the public reads are served from the service's own caches and indexes (docs/decisions.md).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' for an in-process throwaway database. */
  dataDir: string;
  poolSize?: number;
  /** PGlite: a new data directory (or memory) starts as this dump instead of an empty cluster. */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      Client: PreparingClient,
      // Never wait forever for a connection: with the database away a request fails within a
      // second (503 service_unavailable, store/unavailable.ts) instead of hanging.
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    pool.on('error', () => {}); // idle-client errors surface on the next query instead of crashing
    // A connection lost while a client is checked out fails its query (a 503) and also emits
    // 'error' on the client, where pg-pool listens only while the client is idle: unheard, that
    // event would crash the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<DB>({ dialect: withUnits(new PostgresDialect({ pool })) });
    return { db, engine: 'postgres', listen: postgresListen(opts.databaseUrl, CONNECTION_TIMEOUT_MS), close: () => db.destroy() };
  }
  const memory = opts.dataDir === 'memory://';
  let release = () => {};
  let dataPath = 'memory://';
  if (!memory) {
    try {
      mkdirSync(opts.dataDir, { recursive: true });
      release = acquireDataDirLock(opts.dataDir);
    } catch (err) {
      throw dataDirFailure(opts.dataDir, err) ?? err;
    }
    dataPath = path.join(opts.dataDir, 'pg');
  }
  try {
    const pglite = new PGlite(dataPath, {
      extensions: { pg_trgm, unaccent, fuzzystrmatch },
      loadDataDir: opts.loadDataDir,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    try {
      await pglite.waitReady;
    } catch (err) {
      throw (memory ? undefined : dataDirFailure(opts.dataDir, err)) ?? err;
    }
    const pool = new pg.Pool({ ...pglitePoolConfig(pglite), Client: PreparingClient });
    const db = new Kysely<DB>({ dialect: withUnits(new PostgresDialect({ pool })) });
    return {
      db,
      engine: 'pglite',
      listen: pgliteListen(pglite),
      dumpDataDir: () => pglite.dumpDataDir('none'),
      // `mod` is PGlite's Emscripten module: public in its build, absent from its types.
      embeddedMemoryBytes: () => (pglite as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0,
      async close() {
        await db.destroy();
        await pglite.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
