import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * How `npm run cli -- backup` reaches a running service: PGlite's directory is locked by the service
 * (and PGlite is one process's), so the service takes the backup and streams it back over a UNIX
 * socket in DATA_DIR. Never on the network; mode 0600, so only the account that runs the service
 * (which can read DATA_DIR anyway) or root may ask.
 *
 * The exchange: the client writes one line, `backup`; the service answers one JSON line,
 * {"ok":true} followed by the archive's bytes to the end of the connection, or {"ok":false,"error"}.
 * A failure midway cuts the connection: the client's check of the archive then refuses it.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

/** A UNIX socket path longer than this does not fit in sockaddr_un (108 bytes on Linux, with its NUL). */
const SOCKET_PATH_MAX = 107;
const REQUEST_MAX_BYTES = 256;
const REQUEST_TIMEOUT_MS = 10_000;

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Serves the control socket; undefined (with the reason logged) when it cannot, so the service
 * still starts: the CLI then says to stop it or use the scheduled backups.
 */
export async function serveControlSocket(opts: {
  dataDir: string;
  backup: () => Promise<Readable>;
  log: (level: 'warn' | 'error', entry: object, message: string) => void;
}): Promise<ControlSocket | undefined> {
  const file = path.resolve(controlSocketPath(opts.dataDir));
  if (Buffer.byteLength(file) > SOCKET_PATH_MAX) {
    opts.log('warn', { path: file }, 'control socket not started: its path is too long for a UNIX socket; `npm run cli -- backup` cannot reach this service (use BACKUP_DIR, or a shorter DATA_DIR)');
    return undefined;
  }
  const server = createServer((socket) => void answer(socket, opts.backup, opts.log));
  try {
    // Left by a process killed before it could remove it; the DATA_DIR lock says none is running.
    rmSync(file, { force: true });
    await listenPrivately(server, file);
  } catch (err) {
    server.close();
    opts.log('warn', { err, path: file }, 'control socket not started: `npm run cli -- backup` cannot reach this service (use BACKUP_DIR)');
    return undefined;
  }
  const open = new Set<Socket>();
  server.on('connection', (socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    path: file,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve()); // removes the socket file
      }),
  };
}

/**
 * Binds with a umask that leaves the owner alone, so the socket is never connectable by others,
 * not even for the moment before a chmod (bind happens inside listen(), synchronously).
 */
function listenPrivately(server: Server, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const before = process.umask(0o177);
    try {
      server.listen(file, () => {
        server.off('error', reject);
        chmodSync(file, 0o600);
        resolve();
      });
    } finally {
      process.umask(before);
    }
  });
}

async function answer(socket: Socket, backup: () => Promise<Readable>, log: (level: 'warn' | 'error', entry: object, message: string) => void) {
  socket.on('error', () => {}); // a client gone midway: its own check refuses what it got
  let request: string;
  try {
    request = await readLine(socket, REQUEST_MAX_BYTES, REQUEST_TIMEOUT_MS);
  } catch {
    socket.destroy();
    return;
  }
  if (request !== 'backup') {
    socket.end(`${JSON.stringify({ ok: false, error: `unknown request ${JSON.stringify(request.slice(0, 40))}` })}\n`);
    return;
  }
  let archive: Readable;
  try {
    archive = await backup();
  } catch (err) {
    log('error', { err }, 'backup over the control socket failed');
    socket.end(`${JSON.stringify({ ok: false, error: `the service could not take the backup: ${(err as Error).message}` })}\n`);
    return;
  }
  socket.write(`${JSON.stringify({ ok: true })}\n`);
  try {
    await pipeline(archive, socket);
  } catch (err) {
    archive.destroy();
    socket.destroy();
    if ((err as NodeJS.ErrnoException).code !== 'EPIPE' && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      log('error', { err }, 'backup over the control socket failed midway');
    }
  }
}

/** One line of at most `max` bytes (without its newline), within `timeoutMs`; the bytes after it stay in the socket. */
function readLine(socket: Socket, max: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = Buffer.alloc(0);
    const timer = setTimeout(() => done(new Error('no request in time')), timeoutMs);
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const end = got.indexOf(0x0a);
      if (end !== -1) {
        socket.pause();
        const rest = got.subarray(end + 1);
        if (rest.length) socket.unshift(rest);
        done(undefined, got.subarray(0, end).toString('utf8'));
      } else if (got.length > max) done(new Error('request too long'));
    };
    const onEnd = () => done(new Error('closed before a whole line'));
    const done = (err?: Error, line?: string) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onEnd);
      if (err) reject(err);
      else resolve(line!);
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', onEnd);
  });
}

/**
 * Asks the service for a backup. `undefined` when no service answers on the socket (none there, or
 * one left by a process that is gone); the archive's gzip bytes otherwise. The service refusing is
 * an Error with its reason.
 */
export async function requestBackup(dataDir: string, opts: { headerTimeoutMs?: number } = {}): Promise<Readable | undefined> {
  const file = path.resolve(controlSocketPath(dataDir));
  if (Buffer.byteLength(file) > SOCKET_PATH_MAX) return undefined;
  const socket = await new Promise<Socket | undefined>((resolve, reject) => {
    const s = connect(file);
    s.once('connect', () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(undefined);
      else reject(err);
    });
  });
  if (!socket) return undefined;
  socket.write('backup\n');
  // The service answers once its dump is taken: seconds for a large database.
  const header = await readLine(socket, 64 * 1024, opts.headerTimeoutMs ?? 600_000).catch((err: Error) => {
    socket.destroy();
    throw new Error(`the service did not answer on its control socket (${err.message})`);
  });
  let parsed: { ok?: boolean; error?: string };
  try {
    parsed = JSON.parse(header);
  } catch {
    socket.destroy();
    throw new Error('the service answered something else than a backup on its control socket');
  }
  if (!parsed.ok) {
    socket.destroy();
    throw new Error(parsed.error ?? 'the service refused');
  }
  return socket; // paused, the archive's first bytes put back: its reader starts it
}
