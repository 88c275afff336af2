/**
 * The country of an international phone number as a site writes it ("+420 705 903 725",
 * "+7(911)860-36-78", "+44 (0)20 7946 0000"). ITU assigns each country calling code to one
 * country, so a "+NN" number states the country of the line it reaches as plainly as an address
 * would. Codes shared by several countries are read only where the numbering plan itself tells
 * them apart (+7: Kazakhstan's numbers begin 6 or 7, Russia's 3, 4, 8 or 9) and skipped otherwise
 * (+1 is the whole North American plan: the US, Canada and 20 Caribbean countries). Only the
 * written "+" form counts: "00…" is also how a long account or order number begins.
 * Read character by character, without a pattern over the text.
 */

/** Calling codes of one country each (ITU-T E.164 list); a code is never the prefix of another. */
const CODES: Record<string, string> = {
  '20': 'EG', '27': 'ZA', '30': 'GR', '31': 'NL', '32': 'BE', '33': 'FR', '34': 'ES', '36': 'HU', '39': 'IT', '40': 'RO',
  '41': 'CH', '43': 'AT', '44': 'GB', '45': 'DK', '46': 'SE', '47': 'NO', '48': 'PL', '49': 'DE', '51': 'PE', '52': 'MX',
  '53': 'CU', '54': 'AR', '55': 'BR', '56': 'CL', '57': 'CO', '58': 'VE', '60': 'MY', '61': 'AU', '62': 'ID', '63': 'PH',
  '64': 'NZ', '65': 'SG', '66': 'TH', '81': 'JP', '82': 'KR', '84': 'VN', '86': 'CN', '90': 'TR', '91': 'IN', '92': 'PK',
  '93': 'AF', '94': 'LK', '95': 'MM', '98': 'IR',
  '211': 'SS', '212': 'MA', '213': 'DZ', '216': 'TN', '218': 'LY', '220': 'GM', '221': 'SN', '222': 'MR', '223': 'ML',
  '224': 'GN', '225': 'CI', '226': 'BF', '227': 'NE', '228': 'TG', '229': 'BJ', '230': 'MU', '231': 'LR', '232': 'SL',
  '233': 'GH', '234': 'NG', '235': 'TD', '236': 'CF', '237': 'CM', '238': 'CV', '239': 'ST', '240': 'GQ', '241': 'GA',
  '242': 'CG', '243': 'CD', '244': 'AO', '245': 'GW', '248': 'SC', '249': 'SD', '250': 'RW', '251': 'ET', '252': 'SO',
  '253': 'DJ', '254': 'KE', '255': 'TZ', '256': 'UG', '257': 'BI', '258': 'MZ', '260': 'ZM', '261': 'MG', '263': 'ZW',
  '264': 'NA', '265': 'MW', '266': 'LS', '267': 'BW', '268': 'SZ', '269': 'KM', '291': 'ER', '297': 'AW', '298': 'FO',
  '299': 'GL',
  '350': 'GI', '351': 'PT', '352': 'LU', '353': 'IE', '354': 'IS', '355': 'AL', '356': 'MT', '357': 'CY', '358': 'FI',
  '359': 'BG', '370': 'LT', '371': 'LV', '372': 'EE', '373': 'MD', '374': 'AM', '375': 'BY', '376': 'AD', '377': 'MC',
  '378': 'SM', '380': 'UA', '381': 'RS', '382': 'ME', '385': 'HR', '386': 'SI', '387': 'BA', '389': 'MK', '420': 'CZ',
  '421': 'SK', '423': 'LI',
  '500': 'FK', '501': 'BZ', '502': 'GT', '503': 'SV', '504': 'HN', '505': 'NI', '506': 'CR', '507': 'PA', '508': 'PM',
  '509': 'HT', '591': 'BO', '592': 'GY', '593': 'EC', '594': 'GF', '595': 'PY', '596': 'MQ', '597': 'SR', '598': 'UY',
  '670': 'TL', '673': 'BN', '674': 'NR', '675': 'PG', '676': 'TO', '677': 'SB', '678': 'VU', '679': 'FJ', '680': 'PW',
  '681': 'WF', '682': 'CK', '683': 'NU', '685': 'WS', '686': 'KI', '687': 'NC', '688': 'TV', '689': 'PF', '690': 'TK',
  '691': 'FM', '692': 'MH',
  '850': 'KP', '852': 'HK', '853': 'MO', '855': 'KH', '856': 'LA', '880': 'BD', '886': 'TW',
  '960': 'MV', '961': 'LB', '962': 'JO', '963': 'SY', '964': 'IQ', '965': 'KW', '966': 'SA', '967': 'YE', '968': 'OM',
  '970': 'PS', '971': 'AE', '972': 'IL', '973': 'BH', '974': 'QA', '975': 'BT', '976': 'MN', '977': 'NP', '992': 'TJ',
  '993': 'TM', '994': 'AZ', '995': 'GE', '996': 'KG', '998': 'UZ',
};

/**
 * National number ranges another territory dials under a country's code: Guernsey, Jersey and the
 * Isle of Man under +44, the Vatican under +39, Åland under +358, Svalbard under +47, the Cocos
 * and Christmas Islands under +61. A number in one of them names no country here.
 */
const SHARED_RANGES: Record<string, string[]> = {
  '44': ['1481', '7781', '7839', '7911', '1534', '7509', '7700', '7797', '7829', '7937', '1624', '7524', '7624', '7924'],
  '39': ['06698'],
  '358': ['18'],
  '47': ['79'],
  '61': ['89162', '89164'],
};

/** E.164 numbers have at most 15 digits; fewer than 8 is a count or a price ("+25 000"), not a line. */
const MIN_DIGITS = 8;
const MAX_DIGITS = 15;
const SEPARATORS = new Set([' ', '\u00a0', '\u202f', '.', '-', '/', '(', ')']);

export interface InternationalNumber {
  /** The number as the text writes it, from its "+" to its last digit. */
  text: string;
  /** ISO 3166-1 alpha-2 code of the country it reaches; null when its code is shared ("+1 …"). */
  country: string | null;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[\p{L}\p{N}]/u.test(c);
}

/**
 * The international numbers written in `text`, each with the country its calling code tells (null
 * for a shared code: such a number is still a line somewhere, which a reader of "which country"
 * must not overlook).
 */
export function internationalNumbers(text: string): InternationalNumber[] {
  const found: InternationalNumber[] = [];
  for (let plus = text.indexOf('+'); plus !== -1; plus = text.indexOf('+', plus + 1)) {
    // "+420" or "(+420)", never "A+420" or "3+4".
    if (isWordChar(text[plus - 1]) || !isDigit(text[plus + 1])) continue;
    let end = plus + 1;
    let last = plus;
    let digits = '';
    let gap = 0;
    // At most two separators in a row: " / " or " - " between two numbers ends the first.
    while (end < text.length && (isDigit(text[end]) || (SEPARATORS.has(text[end]) && gap < 2))) {
      if (isDigit(text[end])) {
        digits += text[end];
        last = end;
        gap = 0;
      } else gap++;
      end++;
    }
    // A number ends the run: "+420 705 903 725x" or "+25,5 %" is something else.
    if (isWordChar(text[last + 1]) || (text[last + 1] === ',' && isDigit(text[last + 2]))) continue;
    const written = text.slice(plus, last + 1);
    const country = countryOfDigits(digits, written);
    if (country !== undefined) found.push({ text: written, country });
    plus = last;
  }
  return found;
}

/** The one country the international numbers of `text` reach; null when none, several or a shared code. */
export function phoneCountry(text: string): string | null {
  const countries = new Set(internationalNumbers(text).map((n) => n.country));
  return countries.size === 1 ? [...countries][0] : null;
}

/** Codes several countries dial: the North American plan, Réunion/Mayotte, St Helena/Tristan, the French Antilles, the Dutch Caribbean, Norfolk Island/Antarctica, Kosovo. */
const SHARED_CODES = new Set(['1', '262', '290', '590', '599', '672', '383']);

/** The country of a number's digits; null for a shared code or range; undefined when it is no international number. */
function countryOfDigits(digits: string, written: string): string | null | undefined {
  // "+44 (0)20 …": the bracketed trunk zero is not dialled from abroad.
  const trunk = written.indexOf('(0)');
  const dialled = trunk === -1 ? digits : digitsOf(written.slice(0, trunk)) + digitsOf(written.slice(trunk + 3));
  if (dialled.length < MIN_DIGITS || dialled.length > MAX_DIGITS) return undefined;
  if (dialled[0] === '7') return russiaOrKazakhstan(dialled.slice(1));
  for (const length of [1, 3]) if (SHARED_CODES.has(dialled.slice(0, length))) return null;
  for (const length of [2, 3]) {
    const code = dialled.slice(0, length);
    const country = CODES[code];
    if (!country) continue;
    const national = dialled.slice(length);
    return (SHARED_RANGES[code] ?? []).some((range) => national.startsWith(range)) ? null : country;
  }
  return undefined;
}

/**
 * +7 is Russia's and Kazakhstan's: Kazakhstan's area and mobile codes begin 6 or 7, Russia's 3,
 * 4, 8 or 9; 840 and 940 are also dialled for Abkhazia, so they name neither.
 */
function russiaOrKazakhstan(national: string): string | null {
  if (national.startsWith('840') || national.startsWith('940')) return null;
  if (national[0] === '6' || national[0] === '7') return 'KZ';
  return '3489'.includes(national[0] ?? '-') ? 'RU' : null;
}

function digitsOf(s: string): string {
  let out = '';
  for (const c of s) if (isDigit(c)) out += c;
  return out;
}

/**
 * The country a call link dials when the page shows its number in the national form: the link's
 * "tel:+4593900407" behind "93 90 04 07", or "tel:+33123456789" behind "01 23 45 67 89" (the
 * trunk 0 is not dialled from abroad). The shown digits must be the national part of the dialled
 * number, so a link whose text is another number (or a label) names nothing.
 */
export function callLinkNumber(href: string, shown: string): string | null {
  const target = href.replace(/^tel:/i, '').trim();
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // a malformed escape: read the target as written
  }
  const dialled = internationalNumbers(decoded);
  if (dialled.length !== 1 || dialled[0].country === null) return null;
  const national = digitsOf(shown);
  const full = digitsOf(dialled[0].text);
  // Only digits and separators shown: "Call 93 90 04 07" is read from its line, not here.
  if (national.length < MIN_DIGITS - 2 || [...shown].some((c) => !isDigit(c) && !SEPARATORS.has(c))) return null;
  const bare = national.startsWith('0') ? national.slice(1) : national;
  // What the link dials before the shown digits is the calling code (with Italy's kept 0, "+39 06 …").
  const codeLength = full.length - bare.length;
  return full.endsWith(bare) && codeLength >= 1 && codeLength <= 4 ? dialled[0].country : null;
}
