/**
 * Errors the domain raises. Each has a stable machine code; transports map the kind to an HTTP
 * status (REST) or a tool error (MCP) and never invent codes of their own.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable';

/** A rate budget as the RateLimit headers report it. */
export interface Budget {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
  windowSeconds: number;
}

export interface FieldError {
  /** Dotted path of the offending input, e.g. "fields.tagline" or "page". */
  field: string;
  message: string;
}

export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly fields?: FieldError[];
  /** For access errors: the scope the operation needs, so transports can challenge for it. */
  scope?: string;
  /** When retrying makes sense, after how many seconds (REST: the Retry-After header). */
  retryAfterSeconds?: number;
  /** For a throttle's refusal: its budget, for the RateLimit headers. */
  budget?: Budget;
  constructor(kind: ErrorKind, code: string, detail: string, fields?: FieldError[]) {
    super(detail);
    this.kind = kind;
    this.code = code;
    this.fields = fields;
  }
}

/** No credential was presented, and the operation needs one. */
export function unauthenticated(scope: string) {
  const e = new DomainError('unauthenticated', 'unauthenticated', `Sign in: this operation needs an API key or OAuth token with scope ${scope}.`);
  e.scope = scope;
  return e;
}

/** A valid credential without the scope the operation needs. */
export function insufficientScope(scope: string) {
  const e = new DomainError('forbidden', 'insufficient_scope', `This credential lacks the scope ${scope}.`);
  e.scope = scope;
  return e;
}

export const notFound = (code: string, detail: string) => new DomainError('not_found', code, detail);
export const invalid = (code: string, detail: string, fields?: FieldError[]) =>
  new DomainError('invalid', code, detail, fields);

/**
 * The database cannot be reached right now. The same request may succeed once it is back (a
 * write cut off in the middle of its commit may or may not have landed).
 */
/** The disk is full: changes cannot be saved now; what is stored can still be read. */
export function diskFull(retryAfterSeconds: number) {
  const e = new DomainError('unavailable', 'disk_full', 'The server has no disk space left: changes cannot be saved right now, but everything can still be read. Retry later.');
  e.retryAfterSeconds = retryAfterSeconds;
  return e;
}

export function serviceUnavailable(retryAfterSeconds: number) {
  const e = new DomainError('unavailable', 'service_unavailable', 'The service cannot reach its database right now; retry shortly.');
  e.retryAfterSeconds = retryAfterSeconds;
  return e;
}
