import { containsPhrase, normalizeForMatch, UNSPACED } from '../quote-match.ts';

/**
 * How sites label the hours a place is open to visitors, in the languages the extractor reads.
 * Only labels that say the doors are open: not "business hours", "hours of operation",
 * "営業時間", "часы работы" or "horário de atendimento", which offices and help desks of online
 * companies state as well, and not a bare "hours" or "horaires" (timetables, durations).
 */
const OPENING_HOURS_LABELS = [
  'opening hours', 'opening times',
  'öffnungszeiten',
  "horaires d'ouverture", "heures d'ouverture",
  'horario de apertura', 'horarios de apertura',
  'orari di apertura', 'orario di apertura',
  'horário de funcionamento', 'horários de funcionamento',
  'openingstijden', 'openingsuren',
  'godziny otwarcia', 'otevírací doba',
  'öppettider', 'åbningstider', 'åpningstider',
  'otevírací hodiny', 'otváracie hodiny', 'otvaracie hodiny', 'åbningstid', 'åpningstid', 'aukioloajat', 'aukioloaika',
  // a venue's or a shop's doors; "営業時間", "영업시간", "营业时间", "часы работы", "години роботи" and the Turkish "çalışma
  // saatleri" say business hours, which offices state too
  '開館時間', '開店時間', '개장 시간', '개관 시간', '开放时间', '開放時間', 'ziyaret saatleri',
].map(normalizeForMatch);

/** JSON-LD properties (as the crawler stores them: `json-ld openingHours: Mo-Fr 09:00-18:00`) that give a place's hours. */
const OPENING_HOURS_PROPERTIES = ['openinghours', 'openinghoursspecification.opens', 'openinghoursspecification.closes'];

/**
 * Whether a text states when a place is open: an opening-hours label and a time of day
 * ("Öffnungszeiten: Mo - Mi 8:00 bis 18:00 Uhr", "Openingstijden: ma-vr 9:00-17:30"), or the JSON-LD hours
 * of a business. A label alone ("see our opening hours") states no hours.
 */
export function statesOpeningHours(text: string): boolean {
  const norm = normalizeForMatch(text);
  if (!hasTimeOfDay(norm)) return false;
  if (hasOpeningHoursLabel(norm)) return true;
  return text.split('\n').some((raw) => {
    const line = normalizeForMatch(raw);
    if (!line.startsWith('json-ld ')) return false;
    const colon = line.indexOf(': ');
    return colon > 0 && OPENING_HOURS_PROPERTIES.some((p) => line.slice('json-ld '.length, colon).endsWith(p));
  });
}

/** Whether a text (in comparison form) has an opening-hours label. */
export function hasOpeningHoursLabel(norm: string): boolean {
  return OPENING_HOURS_LABELS.some((label) => (UNSPACED.test(label) ? norm.includes(label) : containsPhrase(norm, label)));
}

/**
 * A time of day: "8:00", "18.30", "9h30", "9 am", "10時". Plain code: the text comes from outside.
 * Two digits after the separator and none before or after the number, so "3.5" or a price
 * "12.990" is not a time.
 */
export function hasTimeOfDay(text: string): boolean {
  const t = text.toLowerCase();
  for (let i = 0; i < t.length; i++) {
    if (!isDigit(t[i]) || (i > 0 && isDigit(t[i - 1]))) continue;
    let j = i;
    while (j < t.length && isDigit(t[j])) j++;
    const hours = Number(t.slice(i, j));
    if (j - i > 2 || hours > 24) continue;
    const sep = t[j];
    if ((sep === ':' || sep === '.' || sep === 'h') && isDigit(t[j + 1]) && isDigit(t[j + 2]) && !isDigit(t[j + 3] ?? '') && Number(t.slice(j + 1, j + 3)) < 60) return true;
    if (sep === '時') return true;
    const k = sep === ' ' ? j + 1 : j;
    if ((t.startsWith('am', k) || t.startsWith('pm', k)) && !isLetter(t[k + 2] ?? '') && hours >= 1 && hours <= 12) return true;
  }
  return false;
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

function isLetter(c: string): boolean {
  return c.toLowerCase() !== c.toUpperCase();
}
