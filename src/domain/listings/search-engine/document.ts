/**
 * What the search keeps of a listing: per term, which fields hold it and where it first stands
 * in the tagline and the description (for phrases), packed in 16 bits; nothing of the text itself.
 */
import { termOf, words } from './tokens.ts';

/** A public listing as search reads it (src/store/search-documents-store.ts). */
export interface SearchDocument {
  id: number;
  slug: string;
  status: 'live' | 'scheduled';
  votes: number;
  name: string;
  tagline: string | null;
  keywords: readonly string[] | null;
  description: string | null;
}

export const FIELD = { name: 1, tagline: 2, keywords: 4, description: 8 } as const;
/** Positions kept: the first 31 words of a tagline, the first 127 of a description. */
const NO_TAGLINE_POS = 31;
const NO_DESCRIPTION_POS = 127;

export const metaFields = (meta: number) => meta & 15;
/** The term's first word position in the tagline, or -1. */
export const taglinePos = (meta: number) => {
  const p = (meta >>> 4) & 31;
  return p === NO_TAGLINE_POS ? -1 : p;
};
export const descriptionPos = (meta: number) => {
  const p = meta >>> 9;
  return p === NO_DESCRIPTION_POS ? -1 : p;
};

export interface AnalysedDocument {
  /** term → meta, one entry per distinct term. */
  terms: Map<string, number>;
  /** Every distinct word as written (unstemmed): the spelling dictionary's words. */
  words: Set<string>;
  /** Words of the name, for "the query is the name". */
  nameWords: number;
  /** Changes when any indexed text changes; a vote changes only the counts. */
  textHash: number;
}

function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return Math.imul(h ^ 0xff, 0x01000193);
}

export function slugHash(slug: string): number {
  return fnv(0x811c9dc5, slug) >>> 0;
}

export function analyse(doc: SearchDocument): AnalysedDocument {
  const terms = new Map<string, number>();
  const all = new Set<string>();
  const note = (field: number, list: string[], position: 'tagline' | 'description' | null) => {
    for (let i = 0; i < list.length; i++) {
      const w = list[i];
      all.add(w);
      const t = termOf(w);
      let meta = terms.get(t) ?? (NO_TAGLINE_POS << 4) | (NO_DESCRIPTION_POS << 9);
      meta |= field;
      if (position === 'tagline' && i < NO_TAGLINE_POS && taglinePos(meta) === -1) meta = (meta & ~(31 << 4)) | (i << 4);
      if (position === 'description' && i < NO_DESCRIPTION_POS && descriptionPos(meta) === -1) meta = (meta & 0x1ff) | (i << 9);
      terms.set(t, meta);
    }
  };
  const name = words(doc.name);
  note(FIELD.name, name, null);
  note(FIELD.tagline, words(doc.tagline ?? ''), 'tagline');
  for (const k of doc.keywords ?? []) note(FIELD.keywords, words(k), null);
  note(FIELD.description, words(doc.description ?? ''), 'description');
  let h = 0x811c9dc5;
  for (const part of [doc.name, doc.tagline ?? '', ...(doc.keywords ?? []), doc.description ?? '']) h = fnv(h, part);
  return { terms, words: all, nameWords: Math.min(name.length, 255), textHash: h >>> 0 };
}
