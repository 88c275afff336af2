/**
 * Spelling correction over the directory's own words, SymSpell-style: every known word is also
 * filed under each string one or two deletions make of it; a query word's own deletions then
 * meet the words within that many edits, which a bounded Damerau–Levenshtein check confirms.
 * No trigram scan of the dictionary, no database: a few dozen lookups per word.
 *
 * Allowed edits grow with length, as in Meilisearch: none under 4 letters (too many neighbours),
 * one from 4, two from 8.
 */

export function allowedEdits(length: number): 0 | 1 | 2 {
  return length > MAX_CORRECTED ? 0 : length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * Longer words are neither corrected nor filed for correction: a word of n letters has about
 * n²/2 two-deletion strings of n letters, so one 1,000-letter run (a CJK sentence without spaces,
 * a pasted token) would cost half a gigabyte. Nobody mistypes such a word and expects a match.
 */
export const MAX_CORRECTED = 24;

/** FNV-1a over UTF-16 units: collisions only add candidates, which the distance check removes. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The strings `edits` deletions or fewer make of `word` (itself excluded), without repeats. */
function deletions(word: string, edits: number): Set<string> {
  const out = new Set<string>();
  let level = [word];
  for (let e = 0; e < edits; e++) {
    const next: string[] = [];
    for (const w of level) {
      if (w.length <= 1) continue;
      for (let i = 0; i < w.length; i++) {
        const d = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(d)) {
          out.add(d);
          next.push(d);
        }
      }
    }
    level = next;
  }
  return out;
}

/**
 * Restricted Damerau–Levenshtein distance (adjacent swaps count one), or max + 1 once it is
 * certain to exceed max. Both words are short (search words); the rows are reused.
 */
const rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (n + 1 > rows[0].length) for (let r = 0; r < 3; r++) rows[r] = new Int32Array(2 * (n + 1));
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  return prev[n];
}

export interface Correction {
  word: string;
  edits: number;
}

/**
 * The dictionary: words added once each (never removed: a word no listing uses any more finds
 * nothing, which costs one empty lookup). Built words sit in sorted typed arrays; words added
 * later in a small map, folded in by `compact()`.
 */
export class SpellingDictionary {
  private readonly index = new Map<string, number>();
  private readonly list: string[] = [];
  private hashes = new Uint32Array(0);
  private owners = new Uint32Array(0);
  private recent = new Map<number, number[]>();

  get size() {
    return this.list.length;
  }

  has(word: string): boolean {
    return this.index.has(word);
  }

  add(word: string): void {
    if (this.index.has(word)) return;
    const id = this.list.length;
    this.index.set(word, id);
    this.list.push(word);
    for (const d of deletions(word, allowedEdits(word.length))) {
      const h = hash(d);
      const at = this.recent.get(h);
      if (at) at.push(id);
      else this.recent.set(h, [id]);
    }
  }

  /** Moves the words added since the last call into the sorted arrays (lookups stay cheap). */
  compact(): void {
    if (this.recent.size === 0) return;
    let added = 0;
    for (const ids of this.recent.values()) added += ids.length;
    const hashes = new Uint32Array(this.hashes.length + added);
    const owners = new Uint32Array(hashes.length);
    hashes.set(this.hashes);
    owners.set(this.owners);
    let k = this.hashes.length;
    for (const [h, ids] of this.recent) {
      for (const id of ids) {
        hashes[k] = h;
        owners[k++] = id;
      }
    }
    // Radix sort by hash, 16 bits a pass: linear, no comparisons (a million pairs in milliseconds).
    const spareH = new Uint32Array(hashes.length);
    const spareO = new Uint32Array(hashes.length);
    const counts = new Uint32Array(65537);
    let [fromH, fromO, toH, toO] = [hashes, owners, spareH, spareO];
    for (const shift of [0, 16]) {
      counts.fill(0);
      for (let i = 0; i < fromH.length; i++) counts[((fromH[i] >>> shift) & 0xffff) + 1]++;
      for (let b = 0; b < 65536; b++) counts[b + 1] += counts[b];
      for (let i = 0; i < fromH.length; i++) {
        const at = counts[(fromH[i] >>> shift) & 0xffff]++;
        toH[at] = fromH[i];
        toO[at] = fromO[i];
      }
      [fromH, fromO, toH, toO] = [toH, toO, fromH, fromO];
    }
    this.hashes = fromH;
    this.owners = fromO;
    this.recent = new Map();
  }

  private filedUnder(h: number, found: (id: number) => void): void {
    let lo = 0;
    let hi = this.hashes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.hashes[mid] < h) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.hashes.length && this.hashes[i] === h; i++) found(this.owners[i]);
    const more = this.recent.get(h);
    if (more) for (const id of more) found(id);
  }

  /**
   * Known words within the allowed edits of `word` (not the word itself), fewest edits first.
   * Both lengths bound the edits: a long typo of a short word is no correction.
   */
  corrections(word: string): Correction[] {
    const max = allowedEdits(word.length);
    if (max === 0) return [];
    const seen = new Set<number>();
    const out: Correction[] = [];
    const consider = (id: number) => {
      if (seen.has(id)) return;
      seen.add(id);
      const candidate = this.list[id];
      if (candidate === word) return;
      const limit = Math.min(max, allowedEdits(candidate.length));
      if (limit === 0) return;
      const d = editDistance(word, candidate, limit);
      if (d <= limit) out.push({ word: candidate, edits: d });
    };
    // The word itself may be a deletion of a known word (the typo dropped a letter).
    this.filedUnder(hash(word), consider);
    const own = this.index.get(word);
    // One deletion first; two only when nothing is one edit away (those would rank below anyway).
    for (let level = 1; level <= max; level++) {
      for (const d of deletions(word, level)) {
        const known = this.index.get(d);
        if (known !== undefined && known !== own) consider(known);
        this.filedUnder(hash(d), consider);
      }
      if (out.some((c) => c.edits <= level)) break;
    }
    return out.sort((a, b) => a.edits - b.edits);
  }
}
