import type { CitedQuote } from '../evidence-base.ts';
import { countryNameIndex } from '../countries.ts';
import { containsPhrase, normalizeForMatch, phraseIndexes } from '../quote-match.ts';
import { clausesOf, withoutHost, namesACompany, type Clause } from './location.ts';
import { japaneseAddress } from '../japanese-address.ts';
import { brazilianAddress } from '../brazilian-address.ts';
import { russianStreetCity } from '../russian-address.ts';
import { spacedPostcodeAddress } from '../spaced-postcode-address.ts';
import { nationalPostcodeAddress } from '../national-postcode-address.ts';
import { ukPostcodeTown } from '../uk-address.ts';

export type CityCheck = { ok: true } | { ok: false; reason: string };

/** Words that make a sentence about where a company is, in the languages page picking knows. */
const PLACE_WORD =
  /(?<![\p{L}])(?:based|headquarter(?:s|ed)?|hq|located|offices?|address|addresslocality|city|ansässig|sitz|standort|büro|adresse|anschrift|basée?s?|situé(?:e|s)?|siège|bureaux?|sede|ubicad[ao]s?|oficinas?|dirección|indirizzo|gevestigd|kantoor|baserade?|baserat|basert|baseret|säte|sete|sæde|vestiging|morada|localizad[ao]s?)(?![\p{L}])/u;
/** "г. Калининград", "г.Калининград", "город Калининград": the Russian word for city, written before it. */
const RUSSIAN_CITY_WORD = ['г. ', 'г.', 'город '];
/** A postcode just before the city ("10115 Berlin", "D-10115 Berlin"). */
const CODE_BEFORE = /(?:^|[\s,])(?:[a-z]{1,2}-)?(\d{4,6})[\s,]*$/u;
/** A postcode and a district before a province ("44100 Battalgazi / Malatya", as Turkish addresses end). */
const CODE_DISTRICT_BEFORE = /(?:^|[\s,])(\d{5})\s\p{L}+(?:\s\p{L}+)?\s?\/\s?$/u;
/** A postcode just after it ("Berlin 10115", "Edinburgh EH6 6QN", "San Francisco, CA 94107"). */
const CODE_AFTER = /^[\s,]*(?:(\d{4,6})(?!\d)|[a-z]{1,2}\d[a-z\d]? ?\d[a-z]{2}(?![a-z])|[a-z]{2} \d{5}(?!\d))/u;

export interface CityContext {
  /** The site's own names (host labels, its product name): a city is never one of them. */
  ownNames: readonly string[];
  /** People the site names (proposed founders): a city is never one of them. */
  people: readonly string[];
}

/**
 * A city is a place the site says it is at, not any capitalised word: the clause of a quote that
 * holds the city must not be a copyright line, and the quote must read as an address or a location
 * statement: a place word ("based in", "Sitz", "siège", JSON-LD addressLocality) in a clause that
 * is not a copyright line, a postcode right next to the city, or a country name in its clause.
 * A company's name (a legal form, the site's own name) or a person's name is never a city.
 */
export function checkCity(value: string, cited: readonly CitedQuote[], ctx: CityContext): CityCheck {
  // A legal notice's web host and its address place the host, not the business.
  const quotes = withoutHost(cited);
  const city = normalizeForMatch(value);
  if (namesACompany(value, ctx.ownNames)) return { ok: false, reason: `"${value}" is the name of a company, not a city` };
  if (ctx.people.some((p) => normalizeForMatch(p) === city)) return { ok: false, reason: `"${value}" is the name of a person, not a city` };
  for (const q of quotes) {
    if (japaneseAddress(q.quote)?.municipality === value.trim() || brazilianAddress(q.quote)?.city === value.trim() || russianStreetCity(q.quote) === value.trim() || spacedPostcodeAddress(q.quote)?.city === value.trim() || nationalPostcodeAddress(q.quote, q.cited.langs)?.city === value.trim() || ukPostcodeTown(q.quote)?.city === value.trim()) return { ok: true };
    const clauses = clausesOf(q.quote);
    const placed = clauses.some((c) => !c.copyright && PLACE_WORD.test(c.norm));
    for (const clause of clauses) {
      if (clause.copyright || !containsPhrase(clause.norm, city)) continue;
      if (placed || postcodeNextTo(clause, city) || namesACountry(clause, q) || RUSSIAN_CITY_WORD.some((w) => clause.norm.includes(`${w}${city}`))) return { ok: true };
    }
  }
  return { ok: false, reason: `no quote places the company in ${value} (an address or a "based in" statement, not a copyright line)` };
}

/**
 * A postcode beside the city. A four-digit number from 1900 to 2099 reads as a year ("2023 Foo
 * Hosting") unless the clause also names a country.
 */
function postcodeNextTo(clause: Clause, city: string): boolean {
  for (const at of phraseIndexes(clause.norm, city)) {
    const before = CODE_BEFORE.exec(clause.norm.slice(Math.max(0, at - 12), at)) ?? CODE_DISTRICT_BEFORE.exec(clause.norm.slice(Math.max(0, at - 40), at));
    const after = CODE_AFTER.exec(clause.norm.slice(at + city.length, at + city.length + 14));
    for (const m of [before, after]) {
      if (!m) continue;
      const digits = m[1];
      if (digits && /^(?:19|20)\d\d$/.test(digits)) continue;
      return true;
    }
  }
  return false;
}

function namesACountry(clause: Clause, q: CitedQuote): boolean {
  return countryNameIndex(q.cited.langs).some(({ names }) => names.some((n) => containsPhrase(clause.norm, n)));
}
