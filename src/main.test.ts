import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startService as start } from './testing/service-process.ts';

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
