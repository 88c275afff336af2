/**
 * Launch weeks run Monday to Sunday in the site timezone and are named by their Monday as a
 * calendar date ('YYYY-MM-DD'), never by a week number: week numbers break at year boundaries.
 */
export type IsoDate = string;

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * The last date found per timezone and the second it was found for. Every public page asks for
 * the current week, several times; Intl's formatting cost more than the cached page it served.
 * Offsets are whole seconds, so a local date never changes within one second.
 */
const lastDates = new Map<string, { second: number; date: IsoDate }>();

/** The calendar date of an instant in a timezone. */
export function localDate(instant: Date, timeZone: string): IsoDate {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDates.get(timeZone);
  if (last?.second === second) return last.date;
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const date = f.format(instant);
  lastDates.set(timeZone, { second, date });
  return date;
}

const toUtc = (d: IsoDate) => {
  const [y, m, day] = d.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, day));
};
const fromUtc = (t: Date): IsoDate => t.toISOString().slice(0, 10);

export function isValidDate(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  return fromUtc(toUtc(d)) === d;
}

export function addDays(d: IsoDate, n: number): IsoDate {
  const t = toUtc(d);
  t.setUTCDate(t.getUTCDate() + n);
  return fromUtc(t);
}

export const addWeeks = (d: IsoDate, n: number): IsoDate => addDays(d, 7 * n);

/** The Monday on or before a date. */
export function mondayOf(d: IsoDate): IsoDate {
  const isoDow = ((toUtc(d).getUTCDay() + 6) % 7) + 1; // 1 = Monday … 7 = Sunday
  return addDays(d, 1 - isoDow);
}

/** The last week found: today's, asked for by nearly every call. */
let lastWeek = { date: '', monday: '' };

/** The Monday of the week an instant falls in, in the site timezone. */
export function weekOf(instant: Date, timeZone: string): IsoDate {
  const date = localDate(instant, timeZone);
  if (lastWeek.date !== date) lastWeek = { date, monday: mondayOf(date) };
  return lastWeek.monday;
}

/** Whole weeks from one Monday to another. */
export const weeksBetween = (from: IsoDate, to: IsoDate): number =>
  Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / (7 * 86_400_000));
