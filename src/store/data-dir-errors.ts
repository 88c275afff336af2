/**
 * Why the embedded database's directory (DATA_DIR) could not be used, as one line for the
 * operator: start-up fails with this message instead of a stack trace. Node's fs errors carry a
 * code ('EACCES'); PGlite's file system errors carry Emscripten's errno number instead.
 */
export class DataDirError extends Error {}

/** Emscripten's errno numbers (its ERRNO_CODES table) for the failures a data directory meets. */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  63: 'EPERM',
  69: 'EROFS',
  51: 'ENOSPC',
  19: 'EDQUOT',
  22: 'EFBIG',
  54: 'ENOTDIR',
  20: 'EEXIST',
  31: 'EISDIR',
  29: 'EIO',
};

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'a file grew past the size this system allows',
  ENOTDIR: 'part of the path is a file, not a directory',
  EEXIST: 'part of the path is a file, not a directory',
  EISDIR: 'a directory stands where a file should be',
  EIO: 'the disk reported an input/output error',
};

const ADVICE: Record<string, string> = {
  EACCES: 'give the service\'s user write access to it (e.g. chown the directory and everything in it)',
  EPERM: 'give the service\'s user write access to it (e.g. chown the directory and everything in it)',
  ENOSPC: 'free some space and start again',
  EDQUOT: 'free some space and start again',
  EFBIG: 'raise the file size limit (ulimit -f) and start again',
};

function codeOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; errno?: unknown; name?: unknown } | null;
  if (!e || typeof e !== 'object') return undefined;
  if (typeof e.code === 'string' && e.code in REASONS) return e.code;
  if (e.name === 'ErrnoError' && typeof e.errno === 'number') return EMSCRIPTEN_ERRNO[e.errno];
  return undefined;
}

/** The operator's one line for a file system failure while opening `dataDir`; undefined for any other error. */
export function dataDirFailure(dataDir: string, err: unknown): DataDirError | undefined {
  const code = codeOf(err);
  if (!code) return undefined;
  const user = typeof process.getuid === 'function' ? ` (the service runs as uid ${process.getuid()})` : '';
  const advice = ADVICE[code] ?? 'set DATA_DIR to a writable directory';
  return new DataDirError(
    `cannot use the data directory ${dataDir}: ${REASONS[code]} (${code})${code === 'EACCES' || code === 'EPERM' ? user : ''}; ${advice}, or set DATABASE_URL to use PostgreSQL`,
  );
}
