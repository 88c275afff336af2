import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'launchyard-lock-'));
const lockFile = (d: string) => path.join(d, 'launchyard.lock');
const startTime = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

test('the lock names its process by PID and start time; a second open, here or elsewhere, is refused', () => {
  const d = dir();
  const release = acquireDataDirLock(d);
  assert.equal(readFileSync(lockFile(d), 'utf8'), `${process.pid} ${startTime(process.pid)}`);
  assert.throws(() => acquireDataDirLock(d), DataDirLockedError);
  release();
  acquireDataDirLock(d)();
});

test('a lock left by a dead process is taken over', () => {
  const d = dir();
  writeFileSync(lockFile(d), '999999999 12345');
  acquireDataDirLock(d)();
});

test('after a restart the old PID may be alive again (a container\'s PID 1, or another program): its start time tells', async () => {
  // Our own PID in a lock we do not hold: an earlier run that had it.
  const mine = dir();
  writeFileSync(lockFile(mine), `${process.pid} 1`);
  acquireDataDirLock(mine)();

  const other = spawn('sleep', ['30'], { stdio: 'ignore' });
  after(() => other.kill());
  await new Promise((r) => other.once('spawn', r));
  const reused = dir();
  writeFileSync(lockFile(reused), `${other.pid} 1`);
  acquireDataDirLock(reused)();
  const held = dir();
  writeFileSync(lockFile(held), `${other.pid} ${startTime(other.pid!)}`);
  assert.throws(() => acquireDataDirLock(held), (err: Error) => err instanceof DataDirLockedError && err.message.includes(`in use by process ${other.pid}`));
  // A lock from before start times were recorded: a live PID still holds it.
  const legacy = dir();
  writeFileSync(lockFile(legacy), String(other.pid));
  assert.throws(() => acquireDataDirLock(legacy), DataDirLockedError);
});
