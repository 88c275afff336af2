import { ListingProfile } from '../../contract/listing.ts';
import { jsonTag, jsonText, tagOf } from '../json-text.ts';
import { toProfile } from './present.ts';
import type { ListingsStore, ProfileRow } from '../../store/listings-store.ts';

/**
 * A listing's public profile as the text get_listing answers, computed once and kept in the
 * database (migration 0038) until something in it changes. Its view count is the one thing that
 * changes without a notice: `viewsAt` says where its digits are, so a read puts today's count in.
 */
export interface ProfileDocument {
  body: string;
  tag: string;
  views: number;
  /** Where the view count's digits start in `body`; null if they could not be placed (then never spliced). */
  viewsAt: number | null;
}

export type Profile = ReturnType<typeof toProfile>;

/** The document of a profile row: checked once (contract/checked.ts), then text and tag. */
export function profileDocument(row: ProfileRow, publicUrl: string): ProfileDocument {
  const profile = ListingProfile.parse(toProfile(row, publicUrl)) as Profile;
  const body = jsonText(profile);
  return { body, tag: jsonTag(profile), views: profile.views, viewsAt: viewsOffset(profile, body) };
}

const VIEWS_KEY = '"views":';

/**
 * Where `"views":` of the top level is followed by its digits in `text` (JSON.stringify of
 * `profile`): the length of the text of the keys before it, so a "views" key inside a nested
 * value can never be taken for it.
 */
export function viewsOffset(profile: Profile, text: string): number | null {
  const keys = Object.keys(profile);
  const i = keys.indexOf('views');
  if (i < 0) return null;
  const before = JSON.stringify(Object.fromEntries(keys.slice(0, i).map((k) => [k, (profile as Record<string, unknown>)[k]])));
  // "{...}" without its "}", then "," unless nothing came before, then the key.
  const at = before.length - 1 + (before === '{}' ? 0 : 1) + VIEWS_KEY.length;
  const digits = String(profile.views);
  const fits = text.slice(at - VIEWS_KEY.length, at) === VIEWS_KEY && text.startsWith(digits, at) && !/[0-9.eE]/.test(text.charAt(at + digits.length));
  return fits ? at : null;
}

/**
 * A kept document with `views` as its view count: the same bytes toProfile would give today
 * (only the count differs), and their tag. Null when the count moved but cannot be placed.
 */
export function withViews(doc: { body: string; tag: string; views: number; viewsAt: number | null }, views: number): { body: string; tag: string } | null {
  if (views === doc.views) return { body: doc.body, tag: doc.tag };
  if (doc.viewsAt === null) return null;
  const body = doc.body.slice(0, doc.viewsAt) + String(views) + doc.body.slice(doc.viewsAt + String(doc.views).length);
  return { body, tag: tagOf(body) };
}

type DocumentStore = Pick<ListingsStore, 'profileDocument' | 'documentSource' | 'keepDocuments'>;

/**
 * The public profile's text of a live or scheduled listing, or null: its kept document when
 * usable (one indexed lookup), else computed from its row as get_listing always did and written
 * back under the generation read with it (a change committed meanwhile keeps it empty).
 */
export async function publicProfileText(store: DocumentStore, slug: string, publicUrl: string): Promise<{ id: string; body: string; tag: string } | null> {
  const found = await store.profileDocument(slug, publicUrl);
  if (!found) return null;
  if (found.body !== null && found.tag !== null && found.views !== null) {
    const text = withViews({ body: found.body, tag: found.tag, views: Number(found.views), viewsAt: found.views_at }, Number(found.views_now));
    if (text) return { id: found.id, ...text };
  }
  const row = await store.documentSource(slug);
  if (!row) return null;
  const doc = profileDocument(row, publicUrl);
  if (row.generation !== null) {
    // The kept copy only saves the next read work: a refused write (a full disk) never fails this read.
    await store.keepDocuments(publicUrl, [{ listingId: row.id, generation: row.generation, epoch: row.epoch, ...doc }]).catch(() => {});
  }
  return { id: row.id, body: doc.body, tag: doc.tag };
}
