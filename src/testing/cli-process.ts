import { spawn } from 'node:child_process';
import path from 'node:path';
import { serviceEnv } from './service-process.ts';
import { inheritedV8Flags } from './v8-flags.ts';

/**
 * Test-only: `node src/cli.ts ARGS` as `npm run cli` runs it, without blocking this process (the
 * test keeps sending requests to a service meanwhile). Resolves with its exit code and output.
 */
export function cliRun(env: Record<string, string>, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...inheritedV8Flags(), path.resolve(import.meta.dirname, '../cli.ts'), ...args], { env: serviceEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}
