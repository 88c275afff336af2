import type { FieldValue } from '../../extraction/types.ts';

/**
 * Which copy of a drafted logo a listing takes (kept-logo.ts says how copies are made). Typed by
 * shape, not by the drafts store's rows: listing-from-draft.ts reads it, and the store reads that.
 */
type LogoFields = Record<string, { value?: FieldValue | null } | undefined>;

const one = (v: FieldValue | null | undefined): string | null => (typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? null) : null);

/** The logo field's value: one address, or null. */
export const logoValue = (fields: LogoFields): string | null => one(fields.logo_url?.value);

/** The draft's kept copy while it is the copy of the logo field's value; null otherwise. */
export function keptCopy(d: { fields: LogoFields; logo_copy: { status: string; url: string | null; source_url: string } | null; logo_hash: string | null }): { url: string; hash: string } | null {
  const c = d.logo_copy;
  if (!c || c.status !== 'kept' || !c.url || !d.logo_hash || c.source_url !== logoValue(d.fields)) return null;
  return { url: c.url, hash: d.logo_hash };
}
