import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const main = path.join(import.meta.dirname, 'main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Runs `node src/main.ts` as npm start does; resolves when it listens or exits. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => stdout.includes('listening on') && resolve());
    exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  listening.catch(() => {}); // awaited only by tests that expect a start
  return { child, exited, listening, out: () => stdout, err: () => stderr };
}

test('npm start serves the API on the embedded database, locks its data directory, and stops cleanly', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-'));
  const port = await freePort();
  const first = start({ PORT: String(port), DATA_DIR: dataDir });
  await first.listening;
  assert.match(first.out(), /database pglite/);
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/site`);
  assert.equal(res.status, 200);
  assert.equal((await res.json()).urls.api, `http://localhost:${port}/api/v1`);
  assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);

  const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
  assert.equal(await second.exited, 1);
  assert.match(second.err(), /^the embedded database in .* is in use by process \d+; stop it first/);
  assert.equal(second.err().trim().split('\n').length, 1, 'one line');

  first.child.kill('SIGTERM');
  assert.equal(await first.exited, 0);
  assert.equal(existsSync(path.join(dataDir, 'launchyard.lock')), false, 'lock released');
});

test('a configuration error stops start-up with one line and exit code 1', async () => {
  const bad = start({ PORT: 'not-a-port' });
  assert.equal(await bad.exited, 1);
  assert.equal(bad.err().trim(), 'config error: PORT Invalid input: expected number, received NaN');
});
