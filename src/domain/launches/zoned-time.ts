import { addDays, weekOf, type IsoDate } from './weeks.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the timezone's wall clock is ahead of UTC at an instant. */
function offsetMs(instant: Date, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The first instant of a calendar date in a timezone (DST-aware). */
export function startOfLocalDay(date: IsoDate, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wallMidnight = Date.UTC(y, m - 1, d);
  let t = wallMidnight;
  // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
  for (let i = 0; i < 2; i++) t = wallMidnight - offsetMs(new Date(t), timeZone);
  return new Date(t);
}

/** Start and end (exclusive) instants of a launch week in the site timezone. */
export function weekBounds(week: IsoDate, timeZone: string): { start: Date; end: Date } {
  let start = startOfLocalDay(week, timeZone);
  // Where midnight does not exist (a DST jump at 00:00) the computed instant lands a day early.
  if (weekOf(start, timeZone) !== week) start = new Date(start.getTime() + 3_600_000);
  return { start, end: startOfLocalDay(addDays(week, 7), timeZone) };
}
