import { normalizeForMatch, UNSPACED } from '../extraction/quote-match.ts';
import type { Answer, Section } from './corpus.ts';
import { countOutcome, similar, type Outcome, type SiteScore, type StoredPage } from './score.ts';

/**
 * Scores a draft's FAQ list and founder list against a site's key, as the fields are scored
 * (score.ts): found when the draft names at least two of the accepted questions (or names), or
 * the one when the key has one; invented when the key says the site states none and the draft
 * has some. A question matches when it is the same passage (similar()); a name matches when it
 * is the same name or one holds the other ("Pavlo Buidenkov" / "Pavlo (Paul) Buidenkov"). Each
 * evidence quote must be in the stored text of the page it cites (unverified otherwise).
 */

export interface DraftedFaq {
  question: string;
  answer: string;
  evidence: Array<{ url: string; quote: string }>;
}
export interface DraftedFounder {
  name: string;
  title: string | null;
  bio: string | null;
  evidence: Array<{ url: string; quote: string }>;
}

export interface SectionScore {
  section: Section;
  outcome: Outcome;
  /** The drafted questions or names. */
  value: string[];
  accept?: string[];
  unverified: string[];
}

/** A site's score with its sections, where the run scored them. */
export type SiteScoreWithSections = SiteScore & { sections?: SectionScore[] };

export function scoreSection(
  section: Section,
  answer: Answer | undefined,
  drafted: ReadonlyArray<DraftedFaq | DraftedFounder> | undefined,
  storedPage: (url: string) => StoredPage | undefined,
): SectionScore | undefined {
  if (!answer) return undefined;
  const items = drafted ?? [];
  const value = items.map((d) => ('question' in d ? d.question : d.name));
  const unverified = items.flatMap((d) => {
    if (d.evidence.length === 0) return [`no evidence for "${('question' in d ? d.question : d.name).slice(0, 60)}"`];
    return d.evidence.flatMap((e) => {
      const page = storedPage(e.url);
      if (!page) return [`cites a page that was not stored: ${e.url}`];
      return normalizeForMatch(page.text).includes(normalizeForMatch(e.quote)) ? [] : [`quote not on ${e.url}: "${e.quote.slice(0, 80)}"`];
    });
  });
  let outcome: Outcome;
  if (!answer.stated) outcome = value.length ? 'invented' : 'blank';
  else if (!value.length) outcome = 'missed';
  else {
    // Accepted names that spell one person ("Мария Дулецкая", "Дулецкая Мария Васильевна") are one
    // entry: the draft must name two people (or the one), not two spellings of one.
    const entries = section === 'faqs' ? answer.accept.map((a) => [a]) : people(answer.accept);
    const match = section === 'faqs' ? similar : sameName;
    const hits = entries.filter((spellings) => spellings.some((a) => value.some((v) => match(v, a)))).length;
    outcome = hits >= Math.min(2, entries.length) ? 'found' : 'other';
  }
  return { section, outcome, value, ...(answer.stated ? { accept: answer.accept } : {}), unverified };
}

/** Both sections of one drafted site (`draft` as get_draft returns it), for the sections its key judges. */
export function scoreSections(
  site: { sections: Partial<Record<Section, Answer>> },
  draft: { faqs?: DraftedFaq[]; founders?: DraftedFounder[] } | undefined,
  storedPage: (url: string) => StoredPage | undefined,
): SectionScore[] {
  return [scoreSection('faqs', site.sections.faqs, draft?.faqs, storedPage), scoreSection('founders', site.sections.founders, draft?.founders, storedPage)].filter(
    (s): s is SectionScore => s !== undefined,
  );
}

/** A name's words, in any order; a name written without spaces (佐藤 節雄 / 佐藤節雄) as one word. */
function nameWords(name: string): Set<string> {
  const n = normalizeForMatch(name);
  if (UNSPACED.test(n)) return new Set([n.replaceAll(' ', '')]);
  // A key may spell a name with and without its accents ("Hallén", "Hallen"): one person.
  const bare = n.normalize('NFD').replace(/\p{M}/gu, '');
  return new Set(bare.split(' ').map((w) => w.replaceAll('.', '')).filter(Boolean));
}

/** A word of a name and its initial are the same word ("M." for "Martin"). */
const sameWord = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));

/**
 * The key's accepted names grouped by person: two spellings are one person when one's words are
 * all among the other's, in any order, an initial standing for its word, and the shorter has two
 * words at least ("Мария Дулецкая" within "Дулецкая Мария Васильевна", "Jan M. Kasl" and "Jan
 * Martin Kasl"; never "Smith" alone, which two people may share).
 */
export function people(accept: readonly string[]): string[][] {
  const groups: Array<{ spellings: string[]; words: Set<string>[] }> = [];
  for (const name of accept) {
    const words = nameWords(name);
    const same = (other: Set<string>) => {
      const [small, large] = words.size <= other.size ? [words, other] : [other, words];
      return (small.size >= 2 || (small.size === 1 && large.size === 1)) && [...small].every((w) => [...large].some((x) => sameWord(w, x)));
    };
    const group = groups.find((g) => g.words.some(same));
    if (group) {
      group.spellings.push(name);
      group.words.push(words);
    } else groups.push({ spellings: [name], words: [words] });
  }
  return groups.map((g) => g.spellings);
}

function sameName(value: string, accept: string): boolean {
  const v = normalizeForMatch(value);
  const a = normalizeForMatch(accept);
  return v.length > 0 && a.length > 0 && (v === a || v.includes(a) || a.includes(v));
}

export interface SectionTotals {
  section: Section;
  stated: number;
  found: number;
  other: number;
  invented: number;
  unverified: number;
  /** Sites whose score carries the section: 0 means the run did not score it. */
  scored: number;
}

export function sectionTotals(scores: readonly SiteScoreWithSections[], sections: readonly Section[]): SectionTotals[] {
  return sections.map((section) => {
    const t: SectionTotals = { section, stated: 0, found: 0, other: 0, invented: 0, unverified: 0, scored: 0 };
    for (const s of scores) {
      const f = s.sections?.find((x) => x.section === section);
      if (!f) continue;
      t.scored++;
      countOutcome(t, f);
    }
    return t;
  });
}
