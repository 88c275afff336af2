import { createHash } from 'node:crypto';
import { DomainError } from './errors.ts';
import { IDEMPOTENCY_KEPT_HOURS } from './privacy/retention.ts';

/** How long a key is remembered after its first use. */
export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_KEPT_HOURS * 3_600_000;
/** A run that has not finished after this long is presumed dead and may be taken over. */
export const IDEMPOTENCY_LOCK_MS = 60_000;

const KEY = /^[\x21-\x7E]{1,255}$/;

/**
 * The Idempotency-Key value: an RFC 8941 string ("…", as the IETF draft writes it) or a bare
 * token; 1–255 visible ASCII characters either way.
 */
export function parseIdempotencyKey(raw: string): string {
  const value = raw.trim();
  const unquoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (!KEY.test(unquoted)) {
    throw new DomainError('invalid', 'invalid_idempotency_key', 'An Idempotency-Key has 1 to 255 visible ASCII characters.', [
      { field: 'Idempotency-Key', message: '1 to 255 visible ASCII characters' },
    ]);
  }
  return unquoted;
}

/** Canonical JSON: object keys sorted, so the same payload always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestFingerprint = (operation: string, input: unknown) =>
  createHash('sha256').update(operation).update('\n').update(canonical(input)).digest('hex');
