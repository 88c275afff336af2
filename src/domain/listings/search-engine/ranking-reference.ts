/**
 * A query against the index: every word must match, as itself (its stem) or as a correction;
 * matches are ranked by what a person reading the listing would expect first:
 *   1. the query is the listing's name (corrections allowed, scaled down);
 *   2. the query's words stand together in the tagline, then in the description (a phrase);
 *   3. each word's weight: rarer words and better fields (name, tagline, keywords, description)
 *      count more, corrected words less;
 * then votes, then the older listing. docs/decisions.md#search records the choice and figures.
 *
 * THE REFERENCE: ranking.ts as it was before the top-k rewrite, kept unchanged as the oracle the
 * equivalence test (ranking-equivalence.test.ts) and the micro-bench (scripts/bench/search-engine.ts
 * --check) compare the engine with. Not used by the service.
 */
import { FIELD, descriptionPos, metaFields, taglinePos } from './document.ts';
import type { SearchIndex } from './search-index.ts';
// What the rewrite did not touch (the constants, the query's reading, a field's weight) is shared.
import { fieldWeight, RANKING, readQuery, type QueryWord } from './ranking.ts';

interface RankedPage {
  ids: number[];
  total: number;
}

/**
 * The page [offset, offset + limit) of the listings with this status matching every word; when
 * fewer than RANKING.fewerWordsBelow do, those matching all but the last word follow (a name and
 * a word the listing lacks still finds the name), as search engines drop words from the end.
 */
export function referenceRank(index: SearchIndex, typed: readonly string[], status: number, offset: number, limit: number): RankedPage {
  const query = readQuery(index, typed);
  let found = query?.length ? matches(index, query, typed.length, status) : NONE;
  if (found.count < RANKING.fewerWordsBelow && typed.length > 1) {
    const shorter = readQuery(index, typed.slice(0, -1));
    if (shorter?.length) {
      const more = matches(index, shorter, typed.length - 1, status);
      const have = new Set(found.docs.subarray(0, found.count));
      let top = 0;
      for (let i = 0; i < more.count; i++) top = Math.max(top, more.scores[i]);
      const docs = new Int32Array(found.count + more.count);
      const scores = new Float64Array(docs.length);
      let n = 0;
      // Every full match first, whatever its score.
      for (let i = 0; i < found.count; i++, n++) {
        docs[n] = found.docs[i];
        scores[n] = found.scores[i] + top + 1;
      }
      for (let i = 0; i < more.count; i++) {
        if (have.has(more.docs[i])) continue;
        docs[n] = more.docs[i];
        scores[n++] = more.scores[i];
      }
      found = { docs, scores, count: n };
    }
  }
  const page = best(index, found, offset + limit).slice(offset);
  return { ids: page.map((i) => index.idOf(found.docs[i])), total: found.count };
}

/** Matching listings (numbers in the index) and their scores, the first `count` of each array. */
interface Found {
  docs: Int32Array;
  scores: Float64Array;
  count: number;
}
const NONE: Found = { docs: new Int32Array(0), scores: new Float64Array(0), count: 0 };

function matches(index: SearchIndex, query: QueryWord[], typedWords: number, status: number): Found {
  // Candidates from the rarest word; the others are merged in (or bisected, when far more common).
  const order = query.map((_, i) => i).sort((a, b) => query[a].frequency - query[b].frequency);
  const first = query[order[0]];
  let docs: Int32Array;
  let firstMeta: Int32Array;
  let firstAlt: Int32Array;
  let n = 0;
  if (first.alternatives.length === 1) {
    // One alternative (most words): its postings are already in order.
    const runs = index.runs(first.alternatives[0].term);
    const size = runs.reduce((sum, r) => sum + r.to - r.from, 0);
    docs = new Int32Array(size);
    firstMeta = new Int32Array(size);
    firstAlt = new Int32Array(size);
    for (const run of runs) {
      for (let i = run.from; i < run.to; i++) {
        const d = run.docs[i];
        if (!index.hasStatus(d, status)) continue;
        docs[n] = d;
        firstMeta[n++] = run.metas[i];
      }
    }
  } else {
    // Each posting of the alternatives as one number (listing, alternative, meta), sorted: a
    // listing's alternatives then sit together and the best is kept.
    let size = 0;
    for (const alt of first.alternatives) for (const r of index.runs(alt.term)) size += r.to - r.from;
    const packed = new Float64Array(size);
    let k = 0;
    first.alternatives.forEach((alt, a) => {
      for (const run of index.runs(alt.term)) {
        for (let i = run.from; i < run.to; i++) {
          const d = run.docs[i];
          if (index.hasStatus(d, status)) packed[k++] = d * 0x100000 + a * 0x10000 + run.metas[i];
        }
      }
    });
    const sorted = packed.subarray(0, k).sort();
    docs = new Int32Array(k);
    firstMeta = new Int32Array(k);
    firstAlt = new Int32Array(k);
    for (let i = 0; i < k; i++) {
      const v = sorted[i];
      const doc = Math.floor(v / 0x100000);
      const a = Math.floor(v / 0x10000) & 15;
      const meta = v % 0x10000;
      const s = first.alternatives[a].weight * fieldWeight(meta);
      if (n > 0 && docs[n - 1] === doc) {
        if (s > first.alternatives[firstAlt[n - 1]].weight * fieldWeight(firstMeta[n - 1])) {
          firstAlt[n - 1] = a;
          firstMeta[n - 1] = meta;
        }
        continue;
      }
      docs[n] = doc;
      firstAlt[n] = a;
      firstMeta[n] = meta;
      n++;
    }
  }
  const metas: Int32Array[] = [];
  const chosen: Int32Array[] = [];
  const best: Float64Array[] = [];
  for (let w = 0; w < query.length; w++) {
    metas.push(w === order[0] ? firstMeta : new Int32Array(n).fill(-1));
    chosen.push(w === order[0] ? firstAlt : new Int32Array(n).fill(-1));
    best.push(new Float64Array(w === order[0] ? 0 : n).fill(-1));
  }
  for (let k = 1; k < order.length; k++) {
    const w = order[k];
    const alts = query[w].alternatives;
    const m = metas[w];
    const c = chosen[w];
    const b = best[w];
    for (let a = 0; a < alts.length; a++) {
      const weight = alts[a].weight;
      for (const run of index.runs(alts[a].term)) {
        const length = run.to - run.from;
        if (length > n * 8) {
          // Far more postings than candidates: look each candidate up.
          for (let i = 0; i < n; i++) {
            let lo = run.from;
            let hi = run.to;
            const d = docs[i];
            while (lo < hi) {
              const mid = (lo + hi) >>> 1;
              if (run.docs[mid] < d) lo = mid + 1;
              else hi = mid;
            }
            if (lo < run.to && run.docs[lo] === d) {
              const sc = weight * fieldWeight(run.metas[lo]);
              if (sc > b[i]) {
                b[i] = sc;
                m[i] = run.metas[lo];
                c[i] = a;
              }
            }
          }
        } else {
          // Both sorted: one merge.
          const rd = run.docs;
          let i = 0;
          for (let j = run.from, end = run.to; j < end && i < n; j++) {
            const d = rd[j];
            while (i < n && docs[i] < d) i++;
            if (i < n && docs[i] === d) {
              const sc = weight * fieldWeight(run.metas[j]);
              if (sc > b[i]) {
                b[i] = sc;
                m[i] = run.metas[j];
                c[i] = a;
              }
            }
          }
        }
      }
    }
  }
  const outDocs = new Int32Array(n);
  const outScores = new Float64Array(n);
  let count = 0;
  candidates: for (let i = 0; i < n; i++) {
    for (let k = 1; k < order.length; k++) if (chosen[order[k]][i] < 0) continue candidates;
    const doc = docs[i];
    let score = 0;
    let inName = 0;
    let editsTotal = 0;
    for (let w = 0; w < query.length; w++) {
      const alt = query[w].alternatives[chosen[w][i]];
      score += alt.weight * fieldWeight(metas[w][i]);
      editsTotal += alt.edits;
      if (metaFields(metas[w][i]) & FIELD.name) inName++;
    }
    if (inName === query.length && index.nameWordsOf(doc) === typedWords) score += RANKING.exactName * RANKING.typoFactor[Math.min(editsTotal, 2)];
    for (let w = 1; w < query.length; w++) {
      const gap = query[w].at - query[w - 1].at;
      const t0 = taglinePos(metas[w - 1][i]);
      const t1 = taglinePos(metas[w][i]);
      if (t0 >= 0 && t1 >= 0 && t1 - t0 === gap) score += RANKING.taglinePhrasePair;
      else {
        const d0 = descriptionPos(metas[w - 1][i]);
        const d1 = descriptionPos(metas[w][i]);
        if (d0 >= 0 && d1 >= 0 && d1 - d0 === gap) score += RANKING.descriptionPhrasePair;
      }
    }
    outDocs[count] = doc;
    outScores[count++] = score;
  }
  return { docs: outDocs, scores: outScores, count };
}

/**
 * The positions (in found) of the first k in ranking order: score, then votes, then the older
 * listing; a bounded heap, so a common word's thousands of matches are not all sorted.
 */
function best(index: SearchIndex, found: Found, k: number): number[] {
  const { docs, scores, count } = found;
  // a before b in the ranking?
  const before = (a: number, b: number) =>
    scores[a] !== scores[b] ? scores[a] > scores[b] : index.votesOf(docs[a]) !== index.votesOf(docs[b]) ? index.votesOf(docs[a]) > index.votesOf(docs[b]) : docs[a] < docs[b];
  const heap: number[] = []; // root: the worst of those kept
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[parent], heap[i])) break;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && before(heap[worst], heap[l])) worst = l;
      if (r < heap.length && before(heap[worst], heap[r])) worst = r;
      if (worst === i) return;
      [heap[worst], heap[i]] = [heap[i], heap[worst]];
      i = worst;
    }
  };
  if (k <= 0) return [];
  for (let i = 0; i < count; i++) {
    if (heap.length < k) {
      heap.push(i);
      up(heap.length - 1);
    } else if (before(i, heap[0])) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : 1));
}
