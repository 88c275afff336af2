/**
 * Typo-tolerant search, the query side: the words of q, each with the known terms that look like
 * it, become one full-text query: every word must match, as itself or as a likely correction.
 */
export function queryWords(q: string): string[] {
  const words = q.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 12);
}

/**
 * One group of alternatives per word, e.g. [["analytcs", "analytics"], ["tool"]]: every group must
 * match, by any of its alternatives. Words are letters and digits only (queryWords), so no
 * alternative can carry tsquery syntax.
 */
export function correctionGroups(words: string[], suggestions: Map<string, string[]>): string[][] {
  return words.map((w) => [w, ...(suggestions.get(w) ?? []).filter((s) => /^[\p{L}\p{N}]+$/u.test(s) && s !== w)]);
}

/**
 * How many listings a query may match: every word must match, so at most as many as its rarest
 * word's count. Only a hint for choosing how to search.
 */
export function likelyMatches(words: string[], documents: Map<string, number>): number {
  return Math.min(...words.map((w) => documents.get(w) ?? 0));
}
