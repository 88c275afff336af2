import { DRAFT_FIELDS, type DraftField } from '../extraction/types.ts';
import { normalizeForMatch, UNSPACED } from '../extraction/quote-match.ts';
import type { Answer } from './corpus.ts';

/**
 * Scores one draft against a site's answer key, field by field:
 * - found: the site states the field and the draft's value is one the key accepts;
 * - other: the site states it, the draft filled it with something the key does not accept;
 * - missed: the site states it, the draft left it blank;
 * - invented: the site does not state it, the draft filled it anyway;
 * - blank: neither (the honest blank);
 * and, independently of the key, `unverified`: a quote that is not in the stored text of the page
 * it cites, or a value its quotes do not contain.
 */

export type Outcome = 'found' | 'other' | 'missed' | 'invented' | 'blank';

export interface DraftedField {
  state: string;
  value: string | string[] | null;
  evidence: Array<{ url: string; quote: string }>;
}

export interface FieldScore {
  field: DraftField;
  outcome: Outcome;
  value: string | string[] | null;
  accept?: string[];
  unverified: string[];
}

/** Fields whose value is a word from a closed list or a code, not a passage: compared exactly, not looked for in quotes. */
const EXACT: ReadonlySet<DraftField> = new Set(['pricing_model', 'stage', 'country', 'founded_year', 'contact_email']);
const URLS: ReadonlySet<DraftField> = new Set(['logo_url', 'demo_video_url']);

/** What a draft's page was stored as: its text, and the addresses it links or embeds (where logo and video URLs are quoted from). */
export interface StoredPage {
  text: string;
  urls: readonly string[];
  /** The stored HTML: an e-mail address may be evidenced by its mailto link. */
  html: string;
}

export function scoreField(field: DraftField, answer: Answer, drafted: DraftedField | undefined, storedPage: (url: string) => StoredPage | undefined): FieldScore {
  const filled = drafted !== undefined && drafted.state === 'ai' && drafted.value !== null && (!Array.isArray(drafted.value) || drafted.value.length > 0);
  const value = filled ? drafted.value : null;
  const unverified = filled ? unverifiedQuotes(field, drafted, storedPage) : [];
  let outcome: Outcome;
  if (!answer.stated) outcome = filled ? 'invented' : 'blank';
  else if (!filled) outcome = 'missed';
  else outcome = accepted(field, value!, answer.accept) ? 'found' : 'other';
  return { field, outcome, value, ...(answer.stated ? { accept: answer.accept } : {}), unverified };
}

function accepted(field: DraftField, value: string | string[], accept: readonly string[]): boolean {
  if (Array.isArray(value)) {
    const hits = accept.filter((a) => value.some((v) => (field === 'categories' ? same(v, a) : similar(v, a)))).length;
    // One right category is a right answer (the key lists every fair one); a list of features or
    // USPs must name at least two of the stated ones (or the one, when the site states one).
    return field === 'categories' || field === 'keywords' || field === 'tags' ? hits >= 1 : hits >= Math.min(2, accept.length);
  }
  if (EXACT.has(field)) return accept.some((a) => same(value, a));
  if (URLS.has(field)) return accept.some((a) => sameUrl(value, a));
  return accept.some((a) => similar(value, a));
}

const same = (a: string, b: string) => normalizeForMatch(a) === normalizeForMatch(b);

/**
 * The same passage, allowing for a draft that quotes a little more or a little less: one holds
 * the other (the shorter at least half the longer's length), or most of their words are shared.
 */
export function similar(value: string, accept: string): boolean {
  const v = normalizeForMatch(value);
  const a = normalizeForMatch(accept);
  if (!v || !a) return false;
  if (v === a) return true;
  const [short, long] = v.length <= a.length ? [v, a] : [a, v];
  if (long.includes(short) && (short === a || short.length * 2 >= long.length)) return true;
  const vw = words(v);
  const aw = words(a);
  if (vw.size < 3 || aw.size < 3) return false;
  let shared = 0;
  for (const w of vw) if (aw.has(w)) shared++;
  return shared / Math.min(vw.size, aw.size) >= 0.6;
}

/** Words, or for scripts written without spaces (Japanese, Chinese) character pairs. */
function words(s: string): Set<string> {
  const out = new Set<string>();
  for (const w of s.split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    if (UNSPACED.test(w) && w.length > 2) {
      for (let i = 0; i + 2 <= w.length; i++) out.add(w.slice(i, i + 2));
    } else out.add(w);
  }
  return out;
}

/** A key's URL may be written as in the page ("/img/logo.svg") or absolute; the draft's is absolute on the loopback copy. */
function sameUrl(value: string, accept: string): boolean {
  const v = URL.parse(value);
  const a = URL.parse(accept, 'http://corpus.invalid/');
  if (!v || !a) return false;
  const tail = (u: URL) => `${u.pathname.replace(/(?<!\/)\/+$/, '')}${u.search}`;
  if (a.host === 'corpus.invalid' || v.hostname === '127.0.0.1') return tail(v) === tail(a) || tail(v).endsWith(tail(a));
  return v.host.replace(/^www\./, '') === a.host.replace(/^www\./, '') && tail(v) === tail(a);
}

function unverifiedQuotes(field: DraftField, drafted: DraftedField, storedPage: (url: string) => StoredPage | undefined): string[] {
  const problems: string[] = [];
  if (drafted.evidence.length === 0) problems.push('no evidence');
  const quotes: string[] = [];
  for (const e of drafted.evidence) {
    const page = storedPage(e.url);
    const onPage =
      page &&
      (normalizeForMatch(page.text).includes(normalizeForMatch(e.quote)) ||
        (URLS.has(field) && page.urls.includes(e.quote)) ||
        (field === 'contact_email' && e.quote.startsWith('mailto:') && page.html.toLowerCase().includes(e.quote.toLowerCase())));
    if (page === undefined) problems.push(`cites a page that was not stored: ${e.url}`);
    else if (!onPage) problems.push(`quote not on ${e.url}: "${e.quote.slice(0, 80)}"`);
    else quotes.push(normalizeForMatch(e.quote));
  }
  // The value must be in its quotes, except where it is a code or a category (checked by the
  // verifier against the matched words) rather than the site's own text.
  if (!EXACT.has(field) && !URLS.has(field) && field !== 'categories') {
    const all = quotes.join('\n');
    // A pricing summary is its plans joined with "; ", a description its paragraphs: each part from its own quote.
    const parts = (v: string) => (field === 'pricing_summary' ? v.split('; ') : field === 'description' ? v.split(/\n\n/) : [v]);
    const values = Array.isArray(drafted.value) ? drafted.value : parts(drafted.value ?? '');
    for (const v of values) if (!all.includes(normalizeForMatch(v))) problems.push(`value not in its quotes: "${v.slice(0, 80)}"`);
  }
  return problems;
}

export interface SiteScore {
  site: string;
  fields: FieldScore[];
}

export interface FieldTotals {
  field: DraftField;
  stated: number;
  found: number;
  other: number;
  invented: number;
  unverified: number;
}

/** Adds one site's outcome for a field (or section) to its running totals. */
export function countOutcome(t: Omit<FieldTotals, 'field'>, f: { outcome: string; unverified: readonly unknown[] }): void {
  if (f.outcome !== 'invented' && f.outcome !== 'blank') t.stated++;
  if (f.outcome === 'found') t.found++;
  if (f.outcome === 'other') t.other++;
  if (f.outcome === 'invented') t.invented++;
  if (f.unverified.length > 0) t.unverified++;
}

/** Per field across sites, in the spec's field order, and the whole. */
export function totals(scores: readonly SiteScore[]): { fields: FieldTotals[]; all: Omit<FieldTotals, 'field'> & { recall: number } } {
  const fields = DRAFT_FIELDS.map((field): FieldTotals => {
    const t = { field, stated: 0, found: 0, other: 0, invented: 0, unverified: 0 };
    for (const s of scores) {
      const f = s.fields.find((x) => x.field === field);
      if (!f) continue;
      countOutcome(t, f);
    }
    return t;
  });
  const sum = (k: keyof Omit<FieldTotals, 'field'>) => fields.reduce((n, f) => n + f[k], 0);
  const all = { stated: sum('stated'), found: sum('found'), other: sum('other'), invented: sum('invented'), unverified: sum('unverified') };
  return { fields, all: { ...all, recall: all.stated ? all.found / all.stated : 0 } };
}
