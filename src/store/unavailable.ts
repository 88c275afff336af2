import { diskFull, serviceUnavailable, type DomainError } from '../domain/errors.ts';

/** What a client is told to wait: a PostgreSQL restart or failover takes seconds, not minutes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** A full disk waits for its operator (or a sweep): minutes. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;

/**
 * The disk is full: PostgreSQL's (and PGlite's) 53100 disk_full ("could not extend file"), or a
 * file of ours (pictures, exports, backups) refused with ENOSPC, or a quota (EDQUOT).
 */
const DISK_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);

/** The socket to the database failed or could not be opened (Node system error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: class 08 (connection
 * exception), 57P0x (admin or crash shutdown, starting up, …) and 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[0-9]|53300)$/;

/**
 * node-postgres and pg-pool report a lost or impossible connection as plain Errors; these are
 * their messages (pg 8, pg-pool 3). "Connection terminated" also covers "… unexpectedly" and
 * "… due to connection timeout" (connectionTimeoutMillis while connecting).
 */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect', // no pooled client free within connectionTimeoutMillis
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Whether an error means "the database cannot be reached right now" rather than a fault of the
 * query or the code: the one place that decides it. Looks through `cause` and AggregateError
 * (a connect to a host with several addresses fails with one error per address).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m))) return true;
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
}

/** Whether an error means the disk (the database's or our files') has no room left. */
export function isDiskFull(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const { code, cause, errors } = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
  if (cause !== undefined && isDiskFull(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDiskFull(e, depth + 1));
}

/**
 * The domain error a failure of the store stands for, when it is the database being away or the
 * disk being full (a write refused; reads go on, and writes work again once there is room: the
 * database refused the statement whole, nothing of it was written).
 */
export function asServiceUnavailable(err: unknown): DomainError | undefined {
  if (isDiskFull(err)) return diskFull(DISK_FULL_RETRY_AFTER_SECONDS);
  return isDatabaseUnavailable(err) ? serviceUnavailable(DATABASE_RETRY_AFTER_SECONDS) : undefined;
}
