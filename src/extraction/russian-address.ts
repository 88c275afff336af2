/**
 * The Russian address written street first and city last ("ул. Красная 115, каб. 43 Калининград"):
 * a street word, the street's name, a house number, and a capitalised word ending the line, the
 * city. (The city first, "г. Калининград", is read by the "г." before it.) The extractor reads it
 * in address blocks; the verifier accepts it as a quote for that city.
 */
const STREET = /(?<![\p{L}])(?:ул\.|улица|пр-т|просп\.|проспект|пер\.|переулок|бул\.|бульвар|наб\.|набережная|шоссе)\s?\p{Lu}/u;
const LAST_WORD = /(?<![\p{L}-])\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?$/u;
const DIGIT = /\d/;

export function russianStreetCity(text: string): string | null {
  const line = text.trim().replace(/[.,;]$/, '');
  const street = STREET.exec(line);
  if (!street) return null;
  const city = LAST_WORD.exec(line);
  if (!city || city.index <= street.index) return null;
  // A house number between the street and the city: otherwise the last word may be the street's own name.
  return DIGIT.test(line.slice(street.index, city.index)) ? city[0] : null;
}
