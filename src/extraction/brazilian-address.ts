/**
 * The Brazilian address form "Guaratuba - PR, 83280-000" / "Aracaju - SE": the city, a dash and
 * one of the 27 two-letter codes of Brazil's states, then maybe the CEP (five digits, a hyphen,
 * three). Only Brazil writes a city so; with the CEP's own shape it states the country as plainly
 * as "Brasil" would, without it only the city (a lone "- SE" could be another country's code).
 */
const UF = 'AC|AL|AP|AM|BA|CE|DF|ES|GO|MA|MT|MS|MG|PA|PB|PR|PE|PI|RJ|RN|RS|RO|RR|SC|SP|SE|TO';
/** A city: capitalised words, with the particles of Brazilian place names ("Rio de Janeiro", "Foz do Iguaçu"). */
const CITY = "\\p{Lu}[\\p{L}'’]*(?: (?:de |da |do |das |dos )?\\p{Lu}[\\p{L}'’]*){0,3}";
const ADDRESS = new RegExp(`(?<![\\p{L}'’])(${CITY}) [-\u2013\u2014] (?:${UF})(?![\\p{L}\\p{N}])(?:,? (?:CEP:? ?)?(\\d{5}-\\d{3})(?!\\d))?`, 'u');

export interface BrazilianAddress {
  city: string;
  /** Whether a CEP follows: then the form names the country. */
  cep: boolean;
  text: string;
}

export function brazilianAddress(text: string): BrazilianAddress | null {
  const m = ADDRESS.exec(text);
  return m ? { city: m[1], cep: m[2] !== undefined, text: m[0] } : null;
}
