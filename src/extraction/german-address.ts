/**
 * The German address form "Schillerstraße 50, 89077 Ulm" / "Berliner Str. 5a, D-10115 Berlin": a
 * street named "…straße" (or "…str."), its house number, then a five-digit postcode and the
 * town. Austria, Switzerland, Liechtenstein and Luxembourg write such streets with four-digit
 * postcodes; the one other place with German street names and five-digit postcodes, South Tyrol
 * (Italy), has the postcodes 39010–39100, which Germany does not use (its 39… begin at 39104). So
 * the form names Germany as plainly as "Deutschland" would. Read word by word, without a pattern
 * over the whole line.
 */

const STREET_ENDS = ['straße', 'strasse', 'str.'];
const HOUSE_NUMBER = /^\d{1,4}[a-z]?(?:[-/]\d{1,4}[a-z]?)?,?$/;
const POSTCODE = /^(?:D-)?(\d{5}),?$/;
const TOWN = /^\p{Lu}\p{Ll}/u;

/** The address in `text` ("Schillerstr. 50, 89077 Ulm"), or null when it has none of this form. */
export function germanAddress(text: string): string | null {
  const words = text.split(/\s+/);
  for (let i = 0; i + 3 < words.length; i++) {
    const street = words[i].toLowerCase();
    if (!STREET_ENDS.some((end) => street.endsWith(end)) || !HOUSE_NUMBER.test(words[i + 1]) || !TOWN.test(words[i + 3])) continue;
    const postcode = POSTCODE.exec(words[i + 2])?.[1];
    if (!postcode || southTyrol(Number(postcode))) continue;
    return words.slice(i, i + 4).join(' ');
  }
  return null;
}

function southTyrol(postcode: number): boolean {
  return postcode >= 39010 && postcode <= 39100;
}
