import type { PageSnapshot } from '../../crawler/types.ts';
import type { FieldValue } from '../../extraction/types.ts';
import type { DraftChanges, DraftLogoRecord, DraftRecord } from '../../store/drafts-store.ts';
import type { FieldRecord } from './field-states.ts';
import { logoValue } from './kept-copy.ts';

export { keptCopy, logoValue } from './kept-copy.ts';

/**
 * The copy the site keeps of a drafted logo (docs/decisions.md "Pictures"). No page loads another
 * site's image, so the logo a draft finds is downloaded once through the address policy,
 * processed like an upload and kept (jobs/draft-logo.ts). The field keeps its value, the address
 * on the page, with that evidence ("Honest AI"); the copy is held beside it with the address it
 * was made from, and a listing takes the copy only while it is the copy of the field's value.
 */
export const DRAFT_LOGO_JOB = 'draft-logo';

type Fields = DraftRecord['fields'];
export type LogoSource = Pick<DraftLogoRecord, 'source_url' | 'from'>;

const one = (v: FieldValue | null | undefined): string | null => (typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? null) : null);

/** og:image, og:image:url, og:image:secure_url (page-text.ts keeps their content as links of kind meta). */
const OG_IMAGE = /^og:image(?::url|:secure_url)?$/;

/** The page's share picture: its og:image, else its twitter:image. */
export function shareImageOf(page: PageSnapshot | undefined): string | null {
  const meta = page?.links.filter((l) => l.kind === 'meta') ?? [];
  return (meta.find((l) => OG_IMAGE.test(l.text)) ?? meta.find((l) => l.text === 'twitter:image' || l.text === 'twitter:image:src'))?.url ?? null;
}

/**
 * What a drafted site's copy is made of: the logo the draft found (or the owner's value), else
 * the home page's share picture, offered in the editor for the owner to choose. Nothing when the
 * owner removed the logo.
 */
export function logoToCopy(logo: FieldRecord | undefined, home: PageSnapshot | undefined): LogoSource | null {
  const value = one(logo?.value);
  if (value) return { source_url: value, from: 'logo_url' };
  const share = logo?.state === 'deleted' ? null : shareImageOf(home);
  return share ? { source_url: share, from: 'og_image' } : null;
}

/**
 * The changes that start a copy of `want`, and whether the job must be sent: none while the copy
 * of that address is kept or under way. A refused one is tried again (the site may have changed).
 */
export function startCopy(cur: DraftLogoRecord | null, want: LogoSource | null): Pick<DraftChanges, 'logo_copy' | 'logo_hash'> | null {
  if (!want || (cur && cur.source_url === want.source_url && cur.status !== 'refused')) return null;
  return { logo_copy: { ...want, status: 'pending', url: null, reason: null }, logo_hash: null };
}

/**
 * After an owner's edit (update_draft): a logo value changed to another address is copied too;
 * a cleared one leaves the earlier copy as a suggestion the editor offers back.
 */
export function copyAfterEdit(cur: DraftRecord, fields: Fields | undefined): Pick<DraftChanges, 'logo_copy' | 'logo_hash'> | null {
  if (!fields) return null;
  const after = logoValue(fields);
  if (after === null || after === logoValue(cur.fields)) return null;
  return startCopy(cur.logo_copy, { source_url: after, from: 'logo_url' });
}
