import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { inheritedV8Flags } from './v8-flags.ts';

/** Test-only: the service as separate processes, run as `npm start` and `npm run cli` run them (with the test run's V8 flags, v8-flags.ts). */

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** The environment of a test process: no database or Redis of the developer's leaks in. */
export function serviceEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent', ...env };
}

/** Runs `node src/main.ts`; `listening` resolves when it says so, `exited` with its exit code. */
export function startService(env: Record<string, string>) {
  const child = spawn(process.execPath, [...inheritedV8Flags(), path.join(root, 'src/main.ts')], { env: serviceEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  let signalled: string | null = null;
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => {
      signalled = signal;
      resolve(code ?? (signal ? -1 : -2));
    }),
  );
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => stdout.includes('listening on') && resolve());
    // A process ended by a signal before it listened names it (a crash, not a refusal to start).
    exited.then((code) => reject(new Error(`exited ${code}${signalled ? ` (${signalled})` : ''} before listening: ${stderr}${stdout.slice(-2000)}`)));
  });
  listening.catch(() => {}); // awaited only by tests that expect a start
  return { child, exited, listening, out: () => stdout, err: () => stderr };
}

/** Runs `node src/cli.ts ARGS` to completion; its stdout (throws on a non-zero exit). */
export function runCli(env: Record<string, string>, ...args: string[]): string {
  const r = spawnSync(process.execPath, [...inheritedV8Flags(), path.join(root, 'src/cli.ts'), ...args], { env: serviceEnv(env), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cli ${args[0]} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** A user and an API key of these scopes, made with the CLI; the key. */
export function userWithKey(env: Record<string, string>, email: string, scopes: string): string {
  runCli(env, 'user:create', '--email', email, '--password', 'a long password for tests');
  return runCli(env, 'apikey:create', '--email', email, '--scopes', scopes).trim().split('\n').pop()!;
}
