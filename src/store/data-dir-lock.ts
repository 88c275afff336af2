import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Data directories this process holds: a second open here is refused like one from elsewhere. */
const heldHere = new Set<string>();

/**
 * PGlite does not lock its data directory, and two processes writing one PGDATA corrupt it.
 * Take an exclusive lock file naming our process (PID and start time); a lock left by a process
 * that is gone (kill -9, a crash, a power cut) is taken over. The start time matters after a
 * restart: in a container the service is PID 1 (or another small PID) every time, so the PID in
 * a stale lock is often alive again, as us or as an unrelated process.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'launchyard.lock');
  const key = path.resolve(file);
  if (heldHere.has(key)) {
    throw new DataDirLockedError(`the embedded database in ${dataDir} is in use by process ${process.pid}; stop it first (or set DATABASE_URL)`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, [process.pid, startTimeOf(process.pid)].filter((v) => v !== undefined).join(' '));
      closeSync(fd);
      heldHere.add(key);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(key);
        try {
          unlinkSync(file);
        } catch {}
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pidText, started] = readFileSync(file, 'utf8').trim().split(/\s+/);
      const pid = Number(pidText);
      if (pid && holds(pid, started)) {
        throw new DataDirLockedError(
          `the embedded database in ${dataDir} is in use by process ${pid}; stop it first (or set DATABASE_URL)`,
        );
      }
      unlinkSync(file); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`could not lock ${dataDir}`);
}

/** Whether the process that wrote a lock (pid, and its start time when recorded) still runs. */
function holds(pid: number, started: string | undefined): boolean {
  if (pid === process.pid) return false; // not held here (checked above): an earlier run that had our PID
  if (!isAlive(pid)) return false;
  const now = startTimeOf(pid);
  return started === undefined || now === undefined || now === started;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's start time in clock ticks since boot (/proc/PID/stat, field 22); undefined off Linux. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
