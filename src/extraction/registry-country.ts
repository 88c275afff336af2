/**
 * The country of a business-register number the site writes as its own ("SIREN 104 121 082",
 * "KvK 12345678", "CNPJ 12.345.678/0001-90", "ABN 51 824 753 556", "ОГРН 1027700132195"). Each
 * of these registers is kept by one state and its numbers are named after it, so the label with a
 * number of the register's length states the country as plainly as an address would. Labels that
 * several countries use ("Company No.", "NIF", "IČO", "ИНН") are left out. Only the label as the
 * register writes it (its own capitals) counts, so "siren" in a sentence is no register.
 * Read character by character, without a pattern over the text.
 */

interface Register {
  label: string;
  country: string;
  /** The digit counts the register's numbers have. */
  digits: number[];
}

const REGISTERS: Register[] = [
  { label: 'SIREN', country: 'FR', digits: [9] },
  { label: 'SIRET', country: 'FR', digits: [14] },
  { label: 'KvK', country: 'NL', digits: [8] },
  { label: 'KVK', country: 'NL', digits: [8] },
  { label: 'CNPJ', country: 'BR', digits: [14] },
  { label: 'ABN', country: 'AU', digits: [11] },
  { label: 'ОГРН', country: 'RU', digits: [13] },
  { label: 'ОГРНИП', country: 'RU', digits: [15] },
];

/** What may stand between a label and its number: "SIREN : 104…", "KvK-nummer 1234…", "SIRET n° …". */
const LABEL_GAP = new Set([' ', '\u00a0', '\u202f', ':', '：', '-', '.', '#', '°', 'º', 'n', 'N', 'o', 'r', 'u', 'm', 'e']);
const MAX_GAP = 10;
/** Separators inside a number as registers print them ("104 121 082", "12.345.678/0001-90"). */
const NUMBER_SEPARATORS = new Set([' ', '\u00a0', '\u202f', '.', '/', '-']);

const isLetter = (c: string | undefined) => !!c && /\p{L}/u.test(c);
const isDigit = (c: string | undefined) => !!c && c >= '0' && c <= '9';

export interface RegisterNumber {
  country: string;
  /** The label and number as the text writes them. */
  text: string;
}

/** The first register number in `text` whose label and length name one country. */
export function registerNumber(text: string): RegisterNumber | null {
  for (const register of REGISTERS) {
    for (let at = text.indexOf(register.label); at !== -1; at = text.indexOf(register.label, at + 1)) {
      const end = at + register.label.length;
      if (isLetter(text[at - 1]) || isLetter(text[end]) && !LABEL_GAP.has(text[end])) continue;
      let i = end;
      while (i < text.length && i - end <= MAX_GAP && !isDigit(text[i]) && LABEL_GAP.has(text[i])) i++;
      if (!isDigit(text[i])) continue;
      let digits = 0;
      let last = i;
      for (let j = i; j < text.length; j++) {
        if (isDigit(text[j])) {
          digits++;
          last = j;
        } else if (!(NUMBER_SEPARATORS.has(text[j]) && isDigit(text[j + 1]))) break;
      }
      if (isLetter(text[last + 1]) || !register.digits.includes(digits)) continue;
      return { country: register.country, text: text.slice(at, last + 1) };
    }
  }
  return null;
}
