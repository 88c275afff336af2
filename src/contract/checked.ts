import type { ZodType } from 'zod';

/**
 * Objects known to be what a schema outputs: parsed by it, or the JSON text of such an object
 * parsed back (JSON keeps its keys and their order, and these schemas have no dates or
 * transforms). The operation layer checks every answer against its schema; an object marked here
 * is not checked again (a kept profile is parsed from its text on each read).
 */
const checked = new WeakMap<object, ZodType>();

export function markChecked<T extends object>(schema: ZodType, value: T): T {
  checked.set(value, schema);
  return value;
}

export function isChecked(schema: ZodType, value: object): boolean {
  return checked.get(value) === schema;
}
