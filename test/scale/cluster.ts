/**
 * Test support: several real app processes (`node src/main.ts`, as `npm start` runs it) on one
 * database, and the throwaway PostgreSQL database and Redis database they share. Spawning and
 * readiness are the benchmark's (scripts/bench/processes.ts).
 */
import { hostname } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freePort, spawnChild, waitUntilReady, type Child } from '../../scripts/bench/processes.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface AppNode {
  name: string;
  port: number;
  /** http://127.0.0.1:PORT: where the test talks to this node directly (no proxy). */
  url: string;
  child: Child;
  pid: number;
  /** Its node name in job_runs (host:pid). */
  jobNode: string;
  /** SIGKILL: no shutdown, no cleanup, as a crash or an OOM kill. Resolves once it is gone. */
  kill9(): Promise<void>;
  /** SIGTERM, as an orchestrator stops it; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `node src/main.ts` with this environment on a free port (or `port`) and waits for
 * /readyz. The environment starts from the test's own minus anything that picks a database,
 * so a developer's DATABASE_URL or REDIS_URL never leaks in.
 */
export async function startNode(name: string, env: Record<string, string>, opts: { port?: number; echo?: boolean } = {}): Promise<AppNode> {
  const port = opts.port ?? (await freePort());
  const base = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'PORT', 'PUBLIC_URL', 'JOBS']) delete base[k];
  const child = spawnChild(name, ['src/main.ts'], {
    cwd: ROOT,
    env: { ...base, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    echo: opts.echo ?? process.env.SCALE_TEST_ECHO === '1',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${url}/readyz`, child, 120_000);
  return {
    name,
    port,
    url,
    child,
    pid: child.pid,
    jobNode: `${hostname()}:${child.pid}`,
    async kill9() {
      child.proc.kill('SIGKILL');
      await child.exited;
    },
    async stop() {
      await child.stop(15_000);
      return (await child.exited).code;
    },
  };
}

/** A fresh PostgreSQL database next to TEST_DATABASE_URL (ly_<label>_<pid>), dropped by drop(). */
export async function freshPostgres(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `ly_${label}_${process.pid}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * A Redis database of its own for one run: TEST_REDIS_URL with a database index from 1 to 15
 * (other test files use database 0, where the service's keys would collide: rate limit
 * counters per client address, cached reads), emptied before and after.
 */
export async function freshRedis(): Promise<{ url: string; client: Redis; drop(): Promise<void> }> {
  const base = process.env.TEST_REDIS_URL;
  if (!base) throw new Error('TEST_REDIS_URL is not set');
  const url = new URL(base);
  url.pathname = `/${1 + (process.pid % 15)}`;
  const client = new Redis(url.toString(), { maxRetriesPerRequest: 1 });
  await client.flushdb();
  return {
    url: url.toString(),
    client,
    async drop() {
      await client.flushdb();
      client.disconnect();
    },
  };
}
