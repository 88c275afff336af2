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
  const fields = fieldErrors(issues);
  const detail =
    fields.length === 1
      ? `Invalid input: ${fields[0].field}: ${fields[0].message}.`
      : `Invalid input: ${fields.length} problems (see errors).`;
  return new DomainError('invalid', 'validation_failed', detail, fields);
}
