/**
 * The listings' inverted index, in memory on each node: per term the listings holding it (a
 * posting: the listing's number here and the 16-bit meta of document.ts). Built listings sit in
 * one sorted typed array per kind (6 bytes a posting); a listing that changes afterwards is marked
 * gone there and written again at the end, in small per-term lists, until the next rebuild.
 * A vote changes a count, not the postings.
 */
import { analyse, slugHash, type SearchDocument } from './document.ts';
import { SpellingDictionary } from './spelling.ts';

const GONE = 0;
const STATUS = { live: 1, scheduled: 2 } as const;
export const statusCode = (s: 'live' | 'scheduled') => STATUS[s];

class Growable<T extends Uint32Array | Uint16Array | Uint8Array | Int32Array | Float64Array> {
  length = 0;
  array: T;
  private readonly make: (n: number) => T;
  constructor(array: T, make: (n: number) => T) {
    this.array = array;
    this.make = make;
  }
  push(v: number) {
    if (this.length === this.array.length) {
      const next = this.make(Math.max(16, this.array.length * 2));
      next.set(this.array);
      this.array = next;
    }
    this.array[this.length++] = v;
  }
}

const u32 = (n: number) => new Uint32Array(n);
const u16 = (n: number) => new Uint16Array(n);
const u8 = (n: number) => new Uint8Array(n);
const i32 = (n: number) => new Int32Array(n);
const f64 = (n: number) => new Float64Array(n);

/** A sorted stretch of a term's postings: docs[from..to) with their metas. */
export interface Run {
  docs: Uint32Array;
  metas: Uint16Array;
  from: number;
  to: number;
}

export class SearchIndex {
  readonly spelling = new SpellingDictionary();
  private readonly termIds = new Map<string, number>();
  // Per listing number.
  private ids = new Growable(f64(0), f64);
  private votes = new Growable(i32(0), i32);
  private status = new Growable(u8(0), u8);
  private nameWords = new Growable(u8(0), u8);
  private slugs = new Growable(u32(0), u32);
  private texts = new Growable(u32(0), u32);
  /** Listings numbered 0..built-1 were built in id order: their number is found by bisection. */
  private built = 0;
  private readonly later = new Map<number, number>();
  // Postings of built listings, by term: offsets[t]..offsets[t+1] in docs / metas.
  private offsets = new Uint32Array(1);
  private docs = new Uint32Array(0);
  private metas = new Uint16Array(0);
  // Postings of listings written since (typed too: one array kind keeps the hot loops monomorphic).
  private readonly extra = new Map<number, { docs: Growable<Uint32Array>; metas: Growable<Uint16Array> }>();
  private extraPostings = 0;
  private gone = 0;

  /** Listings held (public ones, both statuses). */
  get listings(): number {
    return this.ids.length - this.gone;
  }

  /** Postings written since the build, and listings gone: what a rebuild would reclaim. */
  get churn(): number {
    return this.extraPostings + this.gone;
  }

  term(t: string): number | undefined {
    return this.termIds.get(t);
  }

  /** Listings holding term t (gone ones included: an estimate for idf and for ordering work). */
  frequency(t: number): number {
    const built = t + 1 < this.offsets.length ? this.offsets[t + 1] - this.offsets[t] : 0;
    return built + (this.extra.get(t)?.docs.length ?? 0);
  }

  idOf = (doc: number) => this.ids.array[doc];
  votesOf = (doc: number) => this.votes.array[doc];
  nameWordsOf = (doc: number) => this.nameWords.array[doc];
  hasStatus = (doc: number, code: number) => this.status.array[doc] === code;

  /**
   * The per-listing arrays themselves, for a query's hot loops (ranking.ts): valid until the next
   * upsert (which may grow them), so read them again for every query; never written through.
   */
  columns(): { status: Uint8Array; votes: Int32Array; nameWords: Uint8Array } {
    return { status: this.status.array, votes: this.votes.array, nameWords: this.nameWords.array };
  }

  /** The postings of t as sorted runs (built, then written since); gone listings included. */
  runs(t: number): Run[] {
    const out: Run[] = [];
    if (t + 1 < this.offsets.length && this.offsets[t + 1] > this.offsets[t]) out.push({ docs: this.docs, metas: this.metas, from: this.offsets[t], to: this.offsets[t + 1] });
    const more = this.extra.get(t);
    if (more?.docs.length) out.push({ docs: more.docs.array, metas: more.metas.array, from: 0, to: more.docs.length });
    return out;
  }

  private numberOf(id: number): number | undefined {
    // A built listing written again is found at its new number.
    const rewritten = this.later.get(id);
    if (rewritten !== undefined) return rewritten;
    let lo = 0;
    let hi = this.built;
    const ids = this.ids.array;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[mid] === id) return mid;
      if (ids[mid] < id) lo = mid + 1;
      else hi = mid;
    }
    return undefined;
  }

  private termId(t: string): number {
    let id = this.termIds.get(t);
    if (id === undefined) this.termIds.set(t, (id = this.termIds.size));
    return id;
  }

  private append(doc: SearchDocument, analysed: ReturnType<typeof analyse>): number {
    const n = this.ids.length;
    this.ids.push(doc.id);
    this.votes.push(doc.votes);
    this.status.push(STATUS[doc.status]);
    this.nameWords.push(analysed.nameWords);
    this.slugs.push(slugHash(doc.slug));
    this.texts.push(analysed.textHash);
    for (const w of analysed.words) this.spelling.add(w);
    return n;
  }

  /**
   * Builds from listings read in ascending id order, in batches: `next` answers the batch after
   * the given id (empty at the end); `pause` lets the event loop breathe between batches.
   */
  static async build(next: (afterId: number) => Promise<SearchDocument[]>, pause: () => Promise<void>): Promise<SearchIndex> {
    const index = new SearchIndex();
    const termOfPosting = new Growable(u32(1 << 16), u32);
    const docOfPosting = new Growable(u32(1 << 16), u32);
    const metaOfPosting = new Growable(u16(1 << 16), u16);
    let after = -1;
    for (;;) {
      const batch = await next(after);
      if (!batch.length) break;
      let slice = performance.now();
      for (const doc of batch) {
        // Requests between slices of the work: a build never holds the event loop for long.
        if (performance.now() - slice > 10) {
          await pause();
          slice = performance.now();
        }
        if (doc.id <= after) throw new Error('search index: listings must come in ascending id order');
        after = doc.id;
        const analysed = analyse(doc);
        const n = index.append(doc, analysed);
        for (const [t, meta] of analysed.terms) {
          termOfPosting.push(index.termId(t));
          docOfPosting.push(n);
          metaOfPosting.push(meta);
        }
      }
      await pause();
    }
    index.built = index.ids.length;
    // Counting sort by term; listing numbers stay ascending within a term.
    const terms = index.termIds.size;
    const offsets = new Uint32Array(terms + 1);
    const termArr = termOfPosting.array;
    for (let i = 0; i < termOfPosting.length; i++) offsets[termArr[i] + 1]++;
    for (let t = 0; t < terms; t++) offsets[t + 1] += offsets[t];
    const fill = offsets.slice(0, terms);
    const docs = new Uint32Array(termOfPosting.length);
    const metas = new Uint16Array(termOfPosting.length);
    for (let i = 0; i < termOfPosting.length; i++) {
      const at = fill[termArr[i]]++;
      docs[at] = docOfPosting.array[i];
      metas[at] = metaOfPosting.array[i];
    }
    index.offsets = offsets;
    index.docs = docs;
    index.metas = metas;
    index.spelling.compact();
    return index;
  }

  /** A listing is public with this content now: written, or only its counts changed. */
  upsert(doc: SearchDocument): void {
    const analysed = analyse(doc);
    const n = this.numberOf(doc.id);
    if (n !== undefined && this.status.array[n] !== GONE && this.texts.array[n] === analysed.textHash) {
      this.votes.array[n] = doc.votes;
      this.status.array[n] = STATUS[doc.status];
      this.slugs.array[n] = slugHash(doc.slug);
      return;
    }
    if (n !== undefined) this.remove(doc.id);
    const m = this.append(doc, analysed);
    this.later.set(doc.id, m);
    for (const [t, meta] of analysed.terms) {
      const id = this.termId(t);
      let list = this.extra.get(id);
      if (!list) this.extra.set(id, (list = { docs: new Growable(u32(4), u32), metas: new Growable(u16(4), u16) }));
      list.docs.push(m);
      list.metas.push(meta);
      this.extraPostings++;
    }
  }

  /** The listing is no longer public (hidden, archived, deleted). */
  remove(id: number): void {
    const n = this.numberOf(id);
    if (n === undefined || this.status.array[n] === GONE) return;
    this.status.array[n] = GONE;
    this.gone++;
  }

  /** Ids of the listings held under this slug's hash (a deleted row is found by its last slug). */
  idsWithSlug(slug: string): number[] {
    const h = slugHash(slug);
    const out: number[] = [];
    const slugs = this.slugs.array;
    const status = this.status.array;
    for (let i = 0; i < this.ids.length; i++) if (slugs[i] === h && status[i] !== GONE) out.push(this.ids.array[i]);
    return out;
  }

  /** Bytes held by the typed arrays (the maps' share is estimated by the caller's RSS). */
  get bytes(): number {
    return (
      this.ids.array.byteLength + this.votes.array.byteLength + this.status.array.byteLength + this.nameWords.array.byteLength +
      this.slugs.array.byteLength + this.texts.array.byteLength + this.offsets.byteLength + this.docs.byteLength + this.metas.byteLength
    );
  }
}
