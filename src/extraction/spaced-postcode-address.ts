/**
 * The postcode written as three digits, a space and two ("184 70 Åkersberga", "831 03 Bratislava",
 * "110 00 Praha 1", "105 57 Αθήνα"): the national form of Sweden, Czechia, Slovakia and Greece,
 * always before the town. A number so written with a capitalised town after it is an address line,
 * and its town is the city. The form is shared by four countries, so it names one only with the
 * page's language, each of these languages being the language of one of them. Read word by word,
 * without a pattern over the line.
 */

import { withoutTrailing } from './quote-match.ts';

/** The country whose postcodes a page in this language writes "NNN NN". */
const COUNTRY_OF_LANGUAGE: Record<string, string> = { sv: 'SE', cs: 'CZ', sk: 'SK', el: 'GR' };

const THREE = /^(?:[A-Z]{2}-)?\d{3}$/;
const TWO = /^\d{2},?$/;
/** A capitalised word; a dot only at its end ("Org.nr" is an abbreviation, not a town). */
export const TOWN_WORD = /^\p{Lu}[\p{L}'’-]*[.,]?$/u;
const DIGITS = /^\d/;
/** A town has at most three words ("Stockholm", "Frýdek-Místek", "Nové Mesto nad Váhom" stops at "nad"). */
const MAX_TOWN_WORDS = 3;

export interface SpacedPostcodeAddress {
  /** The postcode and town as written ("184 70 Åkersberga"). */
  text: string;
  city: string;
  /** What the line says after the town (", Slovensko"): where a country would be named. */
  after: string;
}

/** The first "NNN NN Town" of `text`, or null. A number after other digits ("070 755 50 10") is a phone number, not a postcode. */
export function spacedPostcodeAddress(text: string): SpacedPostcodeAddress | null {
  for (const line of text.split('\n')) {
    const found = inLine(line);
    if (found) return found;
  }
  return null;
}

function inLine(line: string): SpacedPostcodeAddress | null {
  const words = line.split(/\s+/);
  for (let i = 0; i + 2 < words.length; i++) {
    if (!THREE.test(words[i]) || !TWO.test(words[i + 1]) || words[i + 1].endsWith(',')) continue;
    if (i > 0 && DIGITS.test(words[i - 1]) && !words[i - 1].endsWith(',')) continue;
    const town: string[] = [];
    for (let j = i + 2; j < words.length && town.length < MAX_TOWN_WORDS && TOWN_WORD.test(words[j]); j++) {
      town.push(words[j]);
      if (words[j].endsWith(',')) break;
    }
    const city = withoutTrailing(town.join(' '), ',.');
    if (city.length < 2) continue;
    return { text: `${words[i]} ${words[i + 1]} ${town.join(' ').replace(/,$/, '')}`, city, after: words.slice(i + 2 + town.length).join(' ') };
  }
  return null;
}


/** The country such an address names on a page in `langs`: null without the form or without a language of one of its countries. */
export function spacedPostcodeCountry(text: string, langs: readonly string[]): string | null {
  if (!spacedPostcodeAddress(text)) return null;
  const countries = new Set(langs.map((l) => COUNTRY_OF_LANGUAGE[l]).filter(Boolean));
  return countries.size === 1 ? [...countries][0] : null;
}
