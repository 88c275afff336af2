/**
 * Postcodes written in a form only one country uses, always before the town: Poland's "00-950
 * Warszawa" (two digits, a hyphen, three), Portugal's "1000-001 Lisboa" (four, a hyphen, three) and
 * the Netherlands' "1012 AB Amsterdam" (four digits, two capitals). Such a postcode with a
 * capitalised town after it is an address line, and the town is the city wherever it is written.
 * The forms could be written elsewhere by chance (a part number, a product code), so each names
 * its country only on a page in that country's language, as the spaced postcodes do
 * (spaced-postcode-address.ts). Read word by word, without a pattern over the line.
 */

import { TOWN_WORD } from './spaced-postcode-address.ts';
import { withoutTrailing } from './quote-match.ts';

interface NationalForm {
  country: string;
  language: string;
  /** The postcode as one word, or as its first word. */
  first: RegExp;
  /** Its second word when the form has one (the Dutch letters); a word that is not it means no postcode. */
  second?: RegExp;
}

const FORMS: readonly NationalForm[] = [
  { country: 'PL', language: 'pl', first: /^\d{2}-\d{3}$/ },
  { country: 'PT', language: 'pt', first: /^\d{4}-\d{3}$/ },
  // The Netherlands leaves out SA, SD and SS, and writes the letters with or without a space.
  { country: 'NL', language: 'nl', first: /^[1-9]\d{3}(?:(?!S[ADS])[A-Z]{2})?$/, second: /^(?!S[ADS])[A-Z]{2}$/ },
];

/** Words inside a town's name ("Nowy Dwór nad Wisłą", "Vila Nova de Gaia", "Alphen aan den Rijn"). */
const TOWN_JOINTS = new Set(['nad', 'pod', 'de', 'da', 'do', 'dos', 'das', 'aan', 'den', 'der', 'op', 'in', 'bij']);
const MAX_TOWN_WORDS = 4;
const DIGITS = /^\d/;

export interface NationalPostcodeAddress {
  /** The postcode and town as written ("00-950 Warszawa"). */
  text: string;
  city: string;
  /** The form's country, or null on a page in another language (the town is still the city). */
  country: string | null;
}

/** The first postcode-and-town of `text` in one of these forms, with its country when `langs` holds that country's language. */
export function nationalPostcodeAddress(text: string, langs: readonly string[]): NationalPostcodeAddress | null {
  for (const line of text.split('\n')) {
    const words = line.split(/\s+/).filter(Boolean);
    for (const form of FORMS) {
      const found = inLine(words, form);
      if (found) return { ...found, country: langs.includes(form.language) ? form.country : null };
    }
  }
  return null;
}

function inLine(words: string[], form: NationalForm): { text: string; city: string } | null {
  for (let i = 0; i < words.length; i++) {
    const word = words[i].replace(/,$/, '');
    if (!form.first.test(word) || words[i].endsWith(',')) continue;
    // A number after other digits belongs to them (a phone number, a range), not to an address.
    if (i > 0 && DIGITS.test(words[i - 1]) && !words[i - 1].endsWith(',')) continue;
    let at = i + 1;
    let postcode = word;
    if (form.second && /^\d+$/.test(word)) {
      // "1012 AB": the letters as their own word; "1012AB" already matched as one.
      if (!form.second.test(words[at] ?? '')) continue;
      postcode = `${word} ${words[at]}`;
      at++;
    }
    const town: string[] = [];
    for (let j = at; j < words.length && town.length < MAX_TOWN_WORDS; j++) {
      const w = words[j];
      const joint = town.length > 0 && TOWN_JOINTS.has(w) && TOWN_WORD.test(words[j + 1] ?? '');
      if (!joint && !TOWN_WORD.test(w)) break;
      town.push(w);
      if (w.endsWith(',') || w.endsWith('.')) break;
    }
    const city = withoutTrailing(town.join(' '), ',.');
    if (city.length < 2) continue;
    return { text: `${postcode} ${city}`, city };
  }
  return null;
}

/** The country a quote's national postcode form names, on a page in that country's language. */
export function nationalPostcodeCountry(text: string, langs: readonly string[]): string | null {
  return nationalPostcodeAddress(text, langs)?.country ?? null;
}

