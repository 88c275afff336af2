import type { z } from 'zod';
import { DomainError, type FieldError } from '../domain/errors.ts';

/** Every offending input of a failed parse, as dotted field paths. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const at = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: at ? `${at}.${key}` : key, message: 'unknown key' });
    } else {
      out.push({ field: at || '(input)', message: issue.message });
    }
  }
  return out;
}

/** The one validation error both transports report, so REST and MCP share its code. */
export function validationFailed(issues: readonly z.core.$ZodIssue[]): DomainError {
  return invalidFields(fieldErrors(issues));
}

function invalidFields(fields: FieldError[]): DomainError {
  const detail =
    fields.length === 1
      ? `Invalid input: ${fields[0].field}: ${fields[0].message}.`
      : `Invalid input: ${fields.length} problems (see errors).`;
  return new DomainError('invalid', 'validation_failed', detail, fields);
}

const NUL = '\u0000';

/**
 * Text no input may hold, whatever its schema says: U+0000, which PostgreSQL cannot store or
 * compare (the query fails: it was a 500), and an unpaired surrogate, which is not Unicode (the
 * driver would store U+FFFD in its place, silently). Keys are text too. Every transport runs it
 * for every operation (executeOperation), after the schema.
 */
export function checkInputText(input: unknown): void {
  if (wellFormed(input)) return;
  const fields: FieldError[] = [];
  const visit = (value: unknown, at: string) => {
    if (typeof value === 'string') {
      if (value.includes(NUL)) fields.push({ field: at || '(input)', message: 'must not contain the NUL character (U+0000)' });
      else if (!value.isWellFormed()) fields.push({ field: at || '(input)', message: 'must be valid Unicode (it has an unpaired surrogate)' });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, at ? `${at}.${i}` : String(i)));
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const here = at ? `${at}.${k}` : k;
        if (!wellFormedText(k)) fields.push({ field: here, message: 'key must be valid Unicode without U+0000' });
        else visit(v, here);
      }
    }
  };
  visit(input, '');
  if (fields.length) throw invalidFields(fields);
}

const wellFormedText = (text: string) => !text.includes(NUL) && text.isWellFormed();

/** The same check, without naming fields: every request passes it, and names cost strings. */
function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return wellFormedText(value);
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(wellFormed);
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (!wellFormedText(k) || !wellFormed((value as Record<string, unknown>)[k])) return false;
  }
  return true;
}
