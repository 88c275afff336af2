/**
 * A query against the index: every word must match, as itself (its stem) or as a correction;
 * matches are ranked by what a person reading the listing would expect first:
 *   1. the query is the listing's name (corrections allowed, scaled down);
 *   2. the query's words stand together in the tagline, then in the description (a phrase);
 *   3. each word's weight: rarer words and better fields (name, tagline, keywords, description)
 *      count more, corrected words less;
 * then votes, then the older listing. docs/decisions.md#search records the choice and figures.
 */
import { FIELD, descriptionPos, metaFields, taglinePos } from './document.ts';
import type { Run, SearchIndex } from './search-index.ts';
import { STOP_WORDS, termOf } from './tokens.ts';

export const RANKING = {
  /** Corrections tried per query word, fewest edits and most used first. */
  correctionsPerWord: 8,
  typoFactor: [1, 0.6, 0.35] as const,
  fieldWeight: { name: 3, tagline: 2, keywords: 1.6, description: 1 },
  exactName: 1000,
  /** Fewer full matches than this (a first page): matches of all but the last word follow. */
  fewerWordsBelow: 10,
  taglinePhrasePair: 60,
  descriptionPhrasePair: 30,
};

interface Alternative {
  term: number;
  edits: number;
  weight: number;
}

export interface QueryWord {
  /** Position in the query as typed (stop words counted), for phrases. */
  at: number;
  alternatives: Alternative[];
  frequency: number;
}

export function fieldWeight(meta: number): number {
  const f = metaFields(meta);
  const w = RANKING.fieldWeight;
  return f & FIELD.name ? w.name : f & FIELD.tagline ? w.tagline : f & FIELD.keywords ? w.keywords : w.description;
}

/** The query's words with their alternatives; undefined when a word matches nothing at all. */
export function readQuery(index: SearchIndex, typed: readonly string[]): QueryWord[] | undefined {
  const kept = typed.some((w) => !STOP_WORDS.has(w)) ? typed.map((w, at) => ({ w, at })).filter((x) => !STOP_WORDS.has(x.w)) : typed.map((w, at) => ({ w, at }));
  const population = Math.max(1, index.listings);
  const out: QueryWord[] = [];
  for (const { w, at } of kept) {
    const byTerm = new Map<number, number>();
    const own = index.term(termOf(w));
    if (own !== undefined) byTerm.set(own, 0);
    const corrections = index.spelling
      .corrections(w)
      .map((c) => ({ edits: c.edits, term: index.term(termOf(c.word)) }))
      .filter((c): c is { edits: number; term: number } => c.term !== undefined && !byTerm.has(c.term))
      .sort((a, b) => a.edits - b.edits || index.frequency(b.term) - index.frequency(a.term))
      .slice(0, RANKING.correctionsPerWord);
    for (const c of corrections) if (!byTerm.has(c.term)) byTerm.set(c.term, c.edits);
    if (!byTerm.size) return undefined;
    const alternatives = [...byTerm].map(([term, edits]) => ({
      term,
      edits,
      weight: Math.log(1 + population / Math.max(1, index.frequency(term))) * RANKING.typoFactor[Math.min(edits, 2)],
    }));
    out.push({ at, alternatives, frequency: alternatives.reduce((s, a) => s + index.frequency(a.term), 0) });
  }
  return out;
}

/**
 * Time spent per phase of rank(), for the micro-bench (scripts/bench/search-engine.ts); off unless
 * `on` is set, so the service pays one branch per phase.
 */
export const rankPhases = {
  on: false,
  ms: new Map<string, number>(),
  at: 0,
  reset() {
    this.on = true;
    this.ms.clear();
    this.at = performance.now();
  },
  /** Charges the time since the previous mark to `phase`. */
  mark(phase: string) {
    if (!this.on) return;
    const now = performance.now();
    this.ms.set(phase, (this.ms.get(phase) ?? 0) + now - this.at);
    this.at = now;
  },
  report(queries: number): string {
    return [...this.ms].map(([k, v]) => `${k} ${(v / queries).toFixed(3)} ms`).join(', ');
  },
};

export interface RankedPage {
  ids: number[];
  total: number;
}

/**
 * The page [offset, offset + limit) of the listings with this status matching every word; when
 * fewer than RANKING.fewerWordsBelow do, those matching all but the last word follow (a name and
 * a word the listing lacks still finds the name), as search engines drop words from the end.
 * `total` counts every match, exactly.
 *
 * The work is the postings' length, without allocating as much: the rarest word's postings give
 * the candidates (in listing order), each other word is intersected with them (galloping through
 * the longer of the two) and the candidates it misses dropped; the matches are scored in reused
 * arrays and the page kept by a bounded heap that most matches leave at one comparison.
 * ranking-reference.ts is the algorithm this replaced (every match in arrays of its own, merged
 * linearly, scored, then selected); ranking-equivalence.test.ts holds the two to the same answers.
 */
export function rank(index: SearchIndex, typed: readonly string[], status: number, offset: number, limit: number): RankedPage {
  if (rankPhases.on) rankPhases.at = performance.now();
  const k = offset + limit;
  const query = readQuery(index, typed);
  rankPhases.mark('spelling');
  const n = query?.length ? gather(index, query, status) : 0;
  if (n < RANKING.fewerWordsBelow && typed.length > 1) {
    const shorter = readQuery(index, typed.slice(0, -1));
    if (shorter?.length) {
      // The full matches (fewer than 10), kept apart: the shorter query's work reuses the arrays.
      if (n) score(index, query!, typed.length, n);
      const fullDocs = Array.from(scratch.docs.subarray(0, n));
      const fullScores = Array.from(scratch.scores.subarray(0, n));
      const m = gather(index, shorter, status);
      score(index, shorter, typed.length - 1, m);
      const docs = scratch.docs;
      const scores = scratch.scores;
      let top = 0;
      for (let i = 0; i < m; i++) top = Math.max(top, scores[i]);
      // Every full match first, whatever its score: above the best of the others.
      for (let i = 0; i < n; i++) fullScores[i] = fullScores[i] + top + 1;
      let both = 0;
      for (const d of fullDocs) if (holds(docs, m, d)) both++;
      const votes = index.columns().votes;
      const full = fullDocs.map((_, i) => i).sort((a, b) => (before(fullScores[a], fullDocs[a], fullScores[b], fullDocs[b], votes) ? -1 : 1));
      const page = full.map((i) => fullDocs[i]);
      if (k > n) page.push(...select(docs, scores, m, k - n, votes, fullDocs));
      rankPhases.mark('fewer words');
      return { ids: page.slice(offset, k).map((d) => index.idOf(d)), total: n + m - both };
    }
  }
  score(index, query ?? [], typed.length, n);
  const page = select(scratch.docs, scratch.scores, n, k, index.columns().votes, undefined);
  rankPhases.mark('score, page');
  return { ids: page.slice(offset, k).map((d) => index.idOf(d)), total: n };
}

/**
 * Arrays reused from query to query (rank() runs to its end without awaiting, so one query uses
 * them at a time): candidates (listing numbers, ascending), per query word the alternative and
 * meta each candidate matched it by (alternative << 16 | meta; -1 none yet), their scores; and
 * the two buffers merging a corrected word's alternatives; one mark per listing number (mark()).
 * They grow to the longest postings met (at 1,000,000 listings, a few MB besides the index's 242).
 */
const scratch = {
  docs: new Uint32Array(1024),
  words: [] as Int32Array[],
  scores: new Float64Array(1024),
  unionDocs: [new Uint32Array(1024), new Uint32Array(1024)],
  unionPacked: [new Int32Array(1024), new Int32Array(1024)],
  marks: new Uint32Array(0),
  stamp: 0,
};

function room(size: number, words: number) {
  const at = (length: number) => Math.max(size, length * 2);
  if (scratch.docs.length < size) {
    scratch.docs = new Uint32Array(at(scratch.docs.length));
    scratch.scores = new Float64Array(scratch.docs.length);
  }
  while (scratch.words.length < words) scratch.words.push(new Int32Array(scratch.docs.length));
  for (let w = 0; w < scratch.words.length; w++) if (scratch.words[w].length < scratch.docs.length) scratch.words[w] = new Int32Array(scratch.docs.length);
}

/** Per alternative a and fields f (a meta's low 4 bits), at a * 16 + f: the word's weight there. */
function weights(word: QueryWord): Float64Array {
  const table = new Float64Array(word.alternatives.length * 16);
  for (let a = 0; a < word.alternatives.length; a++) for (let f = 0; f < 16; f++) table[a * 16 + f] = word.alternatives[a].weight * fieldWeight(f);
  return table;
}
const weightOf = (table: Float64Array, packed: number) => table[((packed >>> 16) << 4) | (packed & 15)];

/** The first index in [from, to) whose value is ≥ v (to if none): doubling steps, then bisection. */
function seek(a: Uint32Array, from: number, to: number, v: number): number {
  let lo = from;
  let hi = from;
  let step = 1;
  while (hi < to && a[hi] < v) {
    lo = hi + 1;
    hi = from + step;
    step *= 2;
  }
  if (hi > to) hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether the ascending docs[0..n) hold d. */
function holds(docs: Uint32Array, n: number, d: number): boolean {
  const at = seek(docs, 0, n, d);
  return at < n && docs[at] === d;
}

/**
 * The listings with this status matching every word of the query: their count n, with
 * scratch.docs[0..n) (ascending) and scratch.words[w][0..n) the alternative and meta each matched
 * word w by: the alternative weighing most there (weight × best field), the first such on a tie.
 *
 * Candidates come from the rarest word. Another word with at most DENSE_RATIO times as many
 * postings is marked per listing number (scratch.marks) and the candidates look their number up;
 * a word with more is sought candidate by candidate (galloping). Most queries (one alternative
 * for the rarest word, the other word marked) read the rarest word's postings once, filtering
 * the status and intersecting in the same pass, without copying them first.
 */
function gather(index: SearchIndex, query: QueryWord[], status: number): number {
  const order = query.map((_, i) => i).sort((a, b) => query[a].frequency - query[b].frequency);
  const tables = query.map(weights);
  const statuses = index.columns().status;
  const f = order[0];
  const first = query[f];
  let size = 0;
  for (const alt of first.alternatives) for (const r of index.runs(alt.term)) size += r.to - r.from;
  room(size, query.length);
  const docs = scratch.docs;
  let n = 0;
  let k = 1;
  if (first.alternatives.length === 1 && order.length > 1 && query[order[1]].frequency <= size * DENSE_RATIO) {
    // The rarest word's postings, each kept when it has the status and the next word marks it.
    const w = order[1];
    const stamp = mark(index, query[w], tables[w], statuses.length);
    const marks = scratch.marks;
    const packed = scratch.words[f];
    const other = scratch.words[w];
    for (const run of index.runs(first.alternatives[0].term)) {
      const rd = run.docs;
      const rm = run.metas;
      for (let i = run.from, end = run.to; i < end; i++) {
        const d = rd[i];
        const v = marks[d];
        if (v >>> 20 !== stamp || statuses[d] !== status) continue;
        docs[n] = d;
        packed[n] = rm[i];
        other[n++] = v & 0xfffff;
      }
    }
    k = 2;
  } else if (first.alternatives.length === 1) {
    // One alternative (most words): its postings are already in order.
    const packed = scratch.words[f];
    for (const run of index.runs(first.alternatives[0].term)) {
      const rd = run.docs;
      const rm = run.metas;
      for (let i = run.from, end = run.to; i < end; i++) {
        const d = rd[i];
        if (statuses[d] !== status) continue;
        docs[n] = d;
        packed[n++] = rm[i];
      }
    }
  } else n = union(index, first, tables[f], statuses, status, size, scratch.words[f]);
  rankPhases.mark('candidates');
  for (; k < order.length && n > 0; k++) {
    const w = order[k];
    const packed = scratch.words[w];
    let m = 0;
    if (query[w].frequency <= n * DENSE_RATIO) {
      const stamp = mark(index, query[w], tables[w], statuses.length);
      const marks = scratch.marks;
      for (let i = 0; i < n; i++) {
        const v = marks[docs[i]];
        if (v >>> 20 !== stamp) continue;
        packed[i] = v & 0xfffff;
        if (m !== i) moveCandidate(order, k, i, m);
        m++;
      }
    } else {
      packed.fill(-1, 0, n);
      const alts = query[w].alternatives;
      for (let a = 0; a < alts.length; a++) for (const run of index.runs(alts[a].term)) intersect(docs, packed, n, run, a, tables[w]);
      // Only the candidates this word matched go on.
      for (let i = 0; i < n; i++) {
        if (packed[i] < 0) continue;
        if (m !== i) moveCandidate(order, k, i, m);
        m++;
      }
    }
    n = m;
  }
  rankPhases.mark('intersect');
  return n;
}

/** Another word is marked per listing (rather than sought) when it has at most this many times the candidates' postings. */
const DENSE_RATIO = 8;

/** Candidate i moves to m (m < i), with what the words order[0..k] matched it by. */
function moveCandidate(order: number[], k: number, i: number, m: number) {
  scratch.docs[m] = scratch.docs[i];
  for (let j = 0; j <= k; j++) {
    const x = scratch.words[order[j]];
    x[m] = x[i];
  }
}

/**
 * Marks, per listing number, the alternative and meta the word matches it by (the alternative
 * weighing most there, the first such on a tie), under a new stamp (12 bits) that it returns:
 * scratch.marks[d] = stamp << 20 | alternative << 16 | meta. An array as long as the listing
 * numbers (4 bytes each), reused by every query: no clearing but once in 4,095 words.
 */
function mark(index: SearchIndex, word: QueryWord, table: Float64Array, numbers: number): number {
  if (scratch.marks.length < numbers) {
    scratch.marks = new Uint32Array(Math.max(numbers, Math.floor(scratch.marks.length * 1.5)));
    scratch.stamp = 0;
  }
  if (++scratch.stamp === 4096) {
    scratch.marks.fill(0);
    scratch.stamp = 1;
  }
  const stamp = scratch.stamp;
  const high = stamp << 20;
  const marks = scratch.marks;
  const alts = word.alternatives;
  for (let a = 0; a < alts.length; a++) {
    const base = a << 16;
    for (const run of index.runs(alts[a].term)) {
      const rd = run.docs;
      const rm = run.metas;
      if (alts.length === 1) {
        for (let i = run.from, end = run.to; i < end; i++) marks[rd[i]] = high | rm[i];
        continue;
      }
      for (let i = run.from, end = run.to; i < end; i++) {
        const d = rd[i];
        const offer = base | rm[i];
        const had = marks[d];
        if (had >>> 20 !== stamp || weightOf(table, offer) > weightOf(table, had & 0xfffff)) marks[d] = high | offer;
      }
    }
  }
  return stamp;
}

/** Offers word alternative a's postings in run to the candidates docs[0..n). */
function intersect(docs: Uint32Array, packed: Int32Array, n: number, run: Run, a: number, table: Float64Array) {
  const rd = run.docs;
  const rm = run.metas;
  const to = run.to;
  const base = a << 16;
  let j = run.from;
  if (to - j >= n) {
    // More postings than candidates: each candidate sought in the postings.
    for (let i = 0; i < n && j < to; i++) {
      const d = docs[i];
      if (rd[j] < d) {
        j = seek(rd, j, to, d);
        if (j === to) break;
      }
      if (rd[j] === d) {
        const offer = base | rm[j];
        const had = packed[i];
        if (had < 0 || weightOf(table, offer) > weightOf(table, had)) packed[i] = offer;
      }
    }
  } else {
    // Fewer: each posting sought among the candidates.
    let i = 0;
    for (; j < to && i < n; j++) {
      const d = rd[j];
      if (docs[i] < d) {
        i = seek(docs, i, n, d);
        if (i === n) break;
      }
      if (docs[i] === d) {
        const offer = base | rm[j];
        const had = packed[i];
        if (had < 0 || weightOf(table, offer) > weightOf(table, had)) packed[i] = offer;
      }
    }
  }
}

/**
 * A corrected word's alternatives as one list in listing order, each listing once with the
 * alternative weighing most for it (the first such on a tie): every alternative's postings with
 * this status, in alternative order, then neighbouring lists merged pairwise until one is left
 * (the left one holds the earlier alternatives, so a tie keeps it). Into scratch.docs and packed.
 */
function union(index: SearchIndex, word: QueryWord, table: Float64Array, statuses: Uint8Array, status: number, size: number, packed: Int32Array): number {
  for (let b = 0; b < 2; b++) {
    if (scratch.unionDocs[b].length < size) {
      scratch.unionDocs[b] = new Uint32Array(Math.max(size, scratch.unionDocs[b].length * 2));
      scratch.unionPacked[b] = new Int32Array(scratch.unionDocs[b].length);
    }
  }
  let [fromDocs, toDocs] = scratch.unionDocs;
  let [fromPacked, toPacked] = scratch.unionPacked;
  let bounds = [0];
  let k = 0;
  for (let a = 0; a < word.alternatives.length; a++) {
    const base = a << 16;
    for (const run of index.runs(word.alternatives[a].term)) {
      const rd = run.docs;
      const rm = run.metas;
      for (let i = run.from, end = run.to; i < end; i++) {
        const d = rd[i];
        if (statuses[d] !== status) continue;
        fromDocs[k] = d;
        fromPacked[k++] = base | rm[i];
      }
    }
    bounds.push(k);
  }
  while (bounds.length > 2) {
    const next = [0];
    let out = 0;
    for (let s = 0; s + 1 < bounds.length; s += 2) {
      const a0 = bounds[s];
      const a1 = bounds[s + 1];
      const b1 = s + 2 < bounds.length ? bounds[s + 2] : a1;
      let i = a0;
      let j = a1;
      while (i < a1 && j < b1) {
        const x = fromDocs[i];
        const y = fromDocs[j];
        if (x < y) {
          toDocs[out] = x;
          toPacked[out++] = fromPacked[i++];
        } else if (y < x) {
          toDocs[out] = y;
          toPacked[out++] = fromPacked[j++];
        } else {
          const left = fromPacked[i++];
          const right = fromPacked[j++];
          toDocs[out] = x;
          toPacked[out++] = weightOf(table, right) > weightOf(table, left) ? right : left;
        }
      }
      for (; i < a1; i++, out++) {
        toDocs[out] = fromDocs[i];
        toPacked[out] = fromPacked[i];
      }
      for (; j < b1; j++, out++) {
        toDocs[out] = fromDocs[j];
        toPacked[out] = fromPacked[j];
      }
      next.push(out);
    }
    bounds = next;
    [fromDocs, toDocs] = [toDocs, fromDocs];
    [fromPacked, toPacked] = [toPacked, fromPacked];
  }
  const n = bounds[bounds.length - 1];
  scratch.docs.set(fromDocs.subarray(0, n));
  packed.set(fromPacked.subarray(0, n));
  return n;
}

/** Scores the n matches gathered for this query into scratch.scores[0..n). */
function score(index: SearchIndex, query: QueryWord[], typedWords: number, n: number) {
  const docs = scratch.docs;
  const scores = scratch.scores;
  const nameWords = index.columns().nameWords;
  const words = query.length;
  const tables = query.map(weights);
  const packed = query.map((_, w) => scratch.words[w]);
  const edits = query.map((q) => Int32Array.from(q.alternatives, (a) => a.edits));
  const gaps = query.map((q, w) => (w ? q.at - query[w - 1].at : 0));
  for (let i = 0; i < n; i++) {
    let s = 0;
    let inName = 0;
    let editsTotal = 0;
    for (let w = 0; w < words; w++) {
      const p = packed[w][i];
      s += weightOf(tables[w], p);
      editsTotal += edits[w][p >>> 16];
      if (p & FIELD.name) inName++;
    }
    if (inName === words && nameWords[docs[i]] === typedWords) s += RANKING.exactName * RANKING.typoFactor[Math.min(editsTotal, 2)];
    for (let w = 1; w < words; w++) {
      const m0 = packed[w - 1][i] & 0xffff;
      const m1 = packed[w][i] & 0xffff;
      const t0 = taglinePos(m0);
      const t1 = taglinePos(m1);
      if (t0 >= 0 && t1 >= 0 && t1 - t0 === gaps[w]) s += RANKING.taglinePhrasePair;
      else {
        const d0 = descriptionPos(m0);
        const d1 = descriptionPos(m1);
        if (d0 >= 0 && d1 >= 0 && d1 - d0 === gaps[w]) s += RANKING.descriptionPhrasePair;
      }
    }
    scores[i] = s;
  }
}

/** Whether (score a, listing da) ranks before (b, db): score, then votes, then the older listing. */
const before = (a: number, da: number, b: number, db: number, votes: Int32Array) =>
  a !== b ? a > b : votes[da] !== votes[db] ? votes[da] > votes[db] : da < db;

/**
 * The first k of docs[0..n) in ranking order (listings in `skip` left out): a bounded heap whose
 * root is the worst kept, so a match scoring below it costs one comparison.
 */
function select(docs: Uint32Array, scores: Float64Array, n: number, k: number, votes: Int32Array, skip: readonly number[] | undefined): number[] {
  if (k <= 0 || n === 0) return [];
  const cap = Math.min(k, n);
  const hs = new Float64Array(cap);
  const hd = new Uint32Array(cap);
  let size = 0;
  for (let i = 0; i < n; i++) {
    const s = scores[i];
    if (size === cap && s < hs[0]) continue;
    const d = docs[i];
    if (skip && skip.includes(d)) continue;
    if (size < cap) {
      // Up from the last leaf while the parent ranks before (the root stays the worst).
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!before(hs[parent], hd[parent], s, d, votes)) break;
        hs[at] = hs[parent];
        hd[at] = hd[parent];
        at = parent;
      }
      hs[at] = s;
      hd[at] = d;
    } else if (before(s, d, hs[0], hd[0], votes)) {
      // Down from the root, the worst child up each time.
      let at = 0;
      for (;;) {
        const l = 2 * at + 1;
        if (l >= size) break;
        const r = l + 1;
        const worst = r < size && before(hs[l], hd[l], hs[r], hd[r], votes) ? r : l;
        if (!before(s, d, hs[worst], hd[worst], votes)) break;
        hs[at] = hs[worst];
        hd[at] = hd[worst];
        at = worst;
      }
      hs[at] = s;
      hd[at] = d;
    }
  }
  const kept = Array.from({ length: size }, (_, i) => i);
  kept.sort((a, b) => (before(hs[a], hd[a], hs[b], hd[b], votes) ? -1 : 1));
  return kept.map((i) => hd[i]);
}
