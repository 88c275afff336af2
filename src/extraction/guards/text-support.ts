import type { CitedQuote } from '../evidence-base.ts';
import { containsPhrase, normalizeForMatch } from '../quote-match.ts';

/**
 * When a value counts as stated by its quotes.
 *
 * Short values (a name, a city, an e-mail address, a year, a stage) must appear in one of the
 * quotes as whole words. Long values (tagline, descriptions, pricing summary, FAQ answers, bios)
 * must be built from the quotes: the value is cut into segments at sentence ends, line breaks,
 * semicolons and list separators (" · ", " | ", " • "), and every segment, without its closing
 * punctuation, must appear in some quote. So a value may join several quoted passages, or drop
 * whole sentences, but cannot reword, summarise or add a single word of its own.
 */

export function supportsShort(value: string, quotes: readonly CitedQuote[]): boolean {
  const v = normalizeForMatch(value);
  return v !== '' && quotes.some((q) => containsPhrase(q.norm, v));
}

const SEGMENT_BREAK = /(?<=[.!?\u3002\uff01\uff1f])\s+|\n+|;\s*|\s[\u00b7|\u2022]\s/;
/** From the run's first character only: searched for from each one, "!!!…x" is read again and again. */
const CLOSING = /(?<![\s.!?\u3002\uff01\uff1f\u2026:;,])[\s.!?\u3002\uff01\uff1f\u2026:;,]+$/;
const OPENING = /^[\s\-*\u2022\u00b7]+/;

/** The value's segments in comparison form (see the module comment). */
export function segments(value: string): string[] {
  return value
    .split(SEGMENT_BREAK)
    .map((s) => normalizeForMatch(s).replace(CLOSING, '').replace(OPENING, ''))
    .filter((s) => s !== '');
}

export function supportsLong(value: string, quotes: readonly CitedQuote[]): boolean {
  const parts = segments(value);
  return parts.length > 0 && parts.every((p) => quotes.some((q) => q.norm.includes(p)));
}
