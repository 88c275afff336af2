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
  | 'rate_limited';

export interface FieldError {
  /** Dotted path of the offending input, e.g. "fields.tagline" or "page". */
  field: string;
  message: string;
}

export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly fields?: FieldError[];
  constructor(kind: ErrorKind, code: string, detail: string, fields?: FieldError[]) {
    super(detail);
    this.kind = kind;
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = (code: string, detail: string) => new DomainError('not_found', code, detail);
export const invalid = (code: string, detail: string, fields?: FieldError[]) =>
  new DomainError('invalid', code, detail, fields);
