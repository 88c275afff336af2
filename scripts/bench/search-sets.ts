/**
 * The search bench's two query sets, made from seed:scale's seeded listings without a database
 * and kept in the repository (issue 32, goal 1):
 *
 *   node scripts/bench/search-sets.ts --write   # (re)writes search-queries.json and search-relevance.json
 *   node scripts/bench/search-sets.ts --check   # exits 1 when a file differs from what this makes
 *
 * Deterministic: the same seeds give the same files on every machine; search-sets.test.ts checks
 * the kept files against a fresh run, so a change to the demo's vocabulary or to seed:scale's draws
 * shows up as a changed file to commit with it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { JUDGED_LISTINGS, knownWords, liveListings, SOURCE_LISTINGS } from './search-corpus.ts';
import { misspelledQueries, type MisspelledQuery } from './search-query-set.ts';
import { RELEVANCE_COUNTS, relevanceSet, type RelevanceQuery } from './search-relevance-set.ts';
import { GAIN_FORMULA } from './ndcg.ts';

export const QUERIES_FILE = path.join(import.meta.dirname, 'search-queries.json');
export const RELEVANCE_FILE = path.join(import.meta.dirname, 'search-relevance.json');
const REGENERATE = 'node scripts/bench/search-sets.ts --write';

/** The misspelled searches: `load` for the concurrent row, `alone` for the one-at-a-time row. */
export const QUERY_COUNTS = { load: 2000, alone: 200 };

export interface QueriesFile {
  about: string;
  regenerate: string;
  load: MisspelledQuery[];
  alone: MisspelledQuery[];
}

export interface RelevanceFile {
  about: string;
  regenerate: string;
  judgedOver: number;
  gains: Record<string, string>;
  queries: RelevanceQuery[];
}

export function searchSets(): { queries: QueriesFile; relevance: RelevanceFile } {
  const judged = liveListings(JUDGED_LISTINGS);
  const known = knownWords(judged);
  const sources = judged.filter((l) => l.index < SOURCE_LISTINGS);
  const { load, alone } = misspelledQueries(sources, known, QUERY_COUNTS);
  return {
    queries: {
      about:
        `Distinct two-word searches, each word of one seeded listing's tagline (the first ${SOURCE_LISTINGS.toLocaleString('en-US')} of seed:scale) ` +
        'with one typing mistake (insertion, deletion, substitution or transposition; never the first letter; never a word the listings use). ' +
        'load: the concurrent bench row, each sent once; alone: the one-at-a-time row. docs/performance.md, "Search (issue 32)".',
      regenerate: REGENERATE,
      load,
      alone,
    },
    relevance: {
      about:
        `Queries with the listings a person expects at the top, judged over every live listing of the first ${JUDGED_LISTINGS.toLocaleString('en-US')} ` +
        'seed:scale makes (a listing not named is not relevant); each reason names a field shown on the listing. ' +
        `Kinds: ${Object.entries(RELEVANCE_COUNTS).map(([k, n]) => `${n} ${k}`).join(', ')}. Scored as NDCG@10 (${GAIN_FORMULA}).`,
      regenerate: REGENERATE,
      judgedOver: JUDGED_LISTINGS,
      gains: {
        '3': 'the listing the query names: its name, or its tagline holds the phrase',
        '2': 'its description holds the phrase (its tagline does not)',
        '1': 'related: a namesake without the word asked for; every word of the phrase, not as the phrase',
      },
      queries: relevanceSet(judged, known),
    },
  };
}

/**
 * JSON with one line per flat object (a query of the misspelled set, a judgement), so a diff of
 * the kept files reads query by query.
 */
export function formatJson(value: unknown, indent = ''): string {
  const flat = (v: unknown) => v === null || typeof v !== 'object' || (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object'));
  if (flat(value) || Object.values(value as object).every(flat)) return JSON.stringify(value);
  const inner = indent + '  ';
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + formatJson(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as object).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

export function searchSetTexts(): { queries: string; relevance: string } {
  const { queries, relevance } = searchSets();
  return { queries: formatJson(queries) + '\n', relevance: formatJson(relevance) + '\n' };
}

export function readSearchSets(): { queries: QueriesFile; relevance: RelevanceFile } {
  return { queries: JSON.parse(readFileSync(QUERIES_FILE, 'utf8')), relevance: JSON.parse(readFileSync(RELEVANCE_FILE, 'utf8')) };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { write: { type: 'boolean', default: false }, check: { type: 'boolean', default: false } } });
  if (values.write === values.check) {
    console.error('usage: node scripts/bench/search-sets.ts --write | --check');
    process.exit(2);
  }
  const texts = searchSetTexts();
  const files = [
    [QUERIES_FILE, texts.queries],
    [RELEVANCE_FILE, texts.relevance],
  ] as const;
  for (const [file, text] of files) {
    const name = path.relative(process.cwd(), file);
    if (values.write) {
      writeFileSync(file, text);
      console.log(`wrote ${name}`);
    } else {
      let kept = '';
      try {
        kept = readFileSync(file, 'utf8');
      } catch {}
      if (kept !== text) {
        console.error(`${name} differs from what the generator makes: run ${REGENERATE}`);
        process.exitCode = 1;
      }
    }
  }
}
