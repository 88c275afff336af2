import { normalizeForMatch } from './quote-match.ts';

/**
 * ISO 3166-1 alpha-2 codes and the names a site may use for them, from the runtime's CLDR data
 * (Intl.DisplayNames) in English and in the page's own language, plus the common English short
 * forms CLDR does not list.
 */

/** CLDR region codes that are not ISO 3166-1 countries (unions, reserved, pseudo and unknown). */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'XK', 'ZZ']);

let codes: Set<string> | undefined;

export function isoCountryCodes(): Set<string> {
  if (codes) return codes;
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  codes = new Set();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code) || !english.of(code)) continue;
      // Retired codes (DD, SU, YU…) canonicalise to their successor; only current ones count.
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      codes.add(code);
    }
  }
  return codes;
}

const ALIASES: Record<string, string[]> = {
  US: ['usa', 'u.s.', 'u.s.a.', 'united states of america'],
  GB: ['uk', 'u.k.', 'great britain', 'britain', 'england', 'scotland', 'wales', 'northern ireland'],
  CZ: ['czech republic'],
  TR: ['turkey'],
  MM: ['burma'],
  CD: ['democratic republic of the congo', 'dr congo'],
  CG: ['republic of the congo'],
  MO: ['macau'],
  NL: ['the netherlands', 'holland'],
  AE: ['uae', 'u.a.e.'],
  KR: ['republic of korea'],
  CI: ["cote d'ivoire", 'ivory coast'],
};

const namers = new Map<string, Intl.DisplayNames | null>();

function displayNames(lang: string): Intl.DisplayNames | null {
  if (!namers.has(lang)) {
    let namer: Intl.DisplayNames | null = null;
    try {
      namer = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    } catch {
      // Not a language tag the runtime knows: English names still apply.
    }
    namers.set(lang, namer);
  }
  return namers.get(lang)!;
}

/** Normalised names of `code` in English and in each of `langs`, most specific first. */
export function countryNames(code: string, langs: readonly string[] = []): string[] {
  const names = new Set<string>();
  for (const lang of ['en', ...langs.filter(Boolean)]) {
    const name = displayNames(lang)?.of(code);
    if (!name || name === code) continue;
    const n = normalizeForMatch(name);
    names.add(n);
    // CLDR writes "Bosnia & Herzegovina", "Hong Kong SAR China", "Myanmar (Burma)", "St. Lucia".
    names.add(n.replace(/ & /g, ' and '));
    // n is normalised (single spaces); a parenthesis that stops at ')' is read once from each '('.
    names.add(n.replace(/ sar china$/, '').replace(/ ?\([^()]*\)$/, ''));
    if (n.startsWith('st. ')) names.add(`saint ${n.slice(4)}`);
    const inner = /\(([^()]+)\)$/.exec(n)?.[1];
    if (inner) names.add(inner);
  }
  for (const alias of ALIASES[code] ?? []) names.add(alias);
  return [...names].filter((n) => n.length > 1);
}

/**
 * A proposed country as an ISO code: a valid two-letter code as is, or a country name in English
 * or one of `langs`. Null when it is neither.
 */
export function resolveCountry(value: string, langs: readonly string[] = []): string | null {
  const v = value.trim();
  if (/^[a-z]{2}$/i.test(v)) {
    const code = v.toUpperCase();
    return isoCountryCodes().has(code) ? code : null;
  }
  const wanted = normalizeForMatch(v);
  return countryNameIndex(langs).find((c) => c.names.includes(wanted))?.code ?? null;
}

const indexes = new Map<string, Array<{ code: string; names: string[] }>>();

/** Every ISO code with its normalised names in English and `langs`: for finding a country in a text. */
export function countryNameIndex(langs: readonly string[] = []): Array<{ code: string; names: string[] }> {
  const key = langs.join(',');
  let index = indexes.get(key);
  if (!index) {
    index = [...isoCountryCodes()].map((code) => ({ code, names: countryNames(code, langs) }));
    indexes.set(key, index);
  }
  return index;
}
