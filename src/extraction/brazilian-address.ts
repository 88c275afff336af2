/**
 * The Brazilian address form "Guaratuba - PR, 83280-000" / "Aracaju - SE": the city, a dash and
 * one of the 27 two-letter codes of Brazil's states, then maybe the CEP (five digits, a hyphen,
 * three). Only Brazil writes a city so; with the CEP's own shape it states the country as plainly
 * as "Brasil" would, without it only the city (a lone "- SE" could be another country's code).
 */
const UF = 'AC|AL|AP|AM|BA|CE|DF|ES|GO|MA|MT|MS|MG|PA|PB|PR|PE|PI|RJ|RN|RS|RO|RR|SC|SP|SE|TO';
/** A city: capitalised words, with the particles of Brazilian place names ("Rio de Janeiro", "Foz do Iguaçu"). */
const CITY = "\\p{Lu}[\\p{L}'’]*(?: (?:de |da |do |das |dos )?\\p{Lu}[\\p{L}'’]*){0,3}";
const ADDRESS = new RegExp(`(?<![\\p{L}'’])(${CITY}) [-\u2013\u2014] (${UF})(?![\\p{L}\\p{N}])(?:,? (?:CEP:? ?)?(\\d{5}-\\d{3})(?!\\d))?`, 'u');

export interface BrazilianAddress {
  city: string;
  /** The state's two-letter code. */
  uf: string;
  /** Whether a CEP follows: then the form names the country. */
  cep: boolean;
  text: string;
}

export function brazilianAddress(text: string): BrazilianAddress | null {
  const m = ADDRESS.exec(text);
  return m ? { city: m[1], uf: m[2], cep: m[3] !== undefined, text: m[0] } : null;
}

/**
 * Whether `text` states Brazil by its address alone: the "Cidade - UF" form with its CEP, or with
 * a phone number written the Brazilian way, "(79) 99873-7632" (the area code in brackets, then
 * four or five digits, a hyphen and four), whose area code (DDD) is one of that state's. A state
 * code and an area code that agree are two independent marks of the same Brazilian state.
 */
export function namesBrazil(text: string): boolean {
  const address = brazilianAddress(text);
  if (!address) return false;
  if (address.cep) return true;
  const codes = AREA_CODES[address.uf] ?? [];
  for (const m of text.matchAll(BRAZILIAN_PHONE)) if (codes.includes(Number(m[1]))) return true;
  return false;
}

/** Anatel's area codes (DDD) of each state; 61 serves the Federal District and the towns of Goiás around it. */
const AREA_CODES: Record<string, number[]> = {
  SP: [11, 12, 13, 14, 15, 16, 17, 18, 19], RJ: [21, 22, 24], ES: [27, 28], MG: [31, 32, 33, 34, 35, 37, 38],
  PR: [41, 42, 43, 44, 45, 46], SC: [47, 48, 49], RS: [51, 53, 54, 55], DF: [61], GO: [61, 62, 64], TO: [63],
  MT: [65, 66], MS: [67], AC: [68], RO: [69], BA: [71, 73, 74, 75, 77], SE: [79], PE: [81, 87], AL: [82],
  PB: [83], RN: [84], CE: [85, 88], PI: [86, 89], PA: [91, 93, 94], AM: [92, 97], RR: [95], AP: [96], MA: [98, 99],
};
const BRAZILIAN_PHONE = /(?<![\p{L}\p{N}])\((\d{2})\) ?\d{4,5}-\d{4}(?!\d)/gu;
