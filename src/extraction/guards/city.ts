import type { CitedQuote } from '../evidence-base.ts';
import { countryNameIndex } from '../countries.ts';
import { containsPhrase, normalizeForMatch } from '../quote-match.ts';

export type CityCheck = { ok: true } | { ok: false; reason: string };

/** Words that make a sentence about where a company is, in the languages page picking knows. */
const PLACE_WORD =
  /(?<![\p{L}])(?:based|headquarter(?:s|ed)?|hq|located|offices?|address|city|ansässig|sitz|standort|büro|adresse|anschrift|basée?s?|situé(?:e|s)?|siège|bureaux?|sede|ubicad[ao]s?|oficinas?|dirección|indirizzo|gevestigd|kantoor|vestiging|morada|localizad[ao]s?)(?![\p{L}])/iu;
/** A postcode next to the city: "10115 Berlin", "Berlin 10115", "EH6 6QN". */
const POSTCODE = /(?<![\p{N}])\d{4,6}(?![\p{N}])|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/u;

/**
 * A city is a place the site says it is at, not any capitalised word: a quote that contains the
 * city must also read as an address or a location statement (a place word, a postcode, or a
 * country name), or be the page's JSON-LD addressLocality.
 */
export function checkCity(value: string, quotes: readonly CitedQuote[]): CityCheck {
  const city = normalizeForMatch(value);
  for (const q of quotes) {
    if (!containsPhrase(q.norm, city)) continue;
    if (/addresslocality/i.test(q.quote) || PLACE_WORD.test(q.quote) || POSTCODE.test(q.quote) || namesACountry(q)) return { ok: true };
  }
  return { ok: false, reason: `no quote places the company in ${value} (an address or a "based in" statement)` };
}

function namesACountry(q: CitedQuote): boolean {
  return countryNameIndex(q.cited.langs).some(({ names }) => names.some((n) => containsPhrase(q.norm, n)));
}
