import { notFound } from '../errors.ts';
import { addWeeks, isValidDate, mondayOf, weekOf, type IsoDate } from './weeks.ts';

/** The first launch week the calendar knows. Earlier dates are out of range (404). */
export const FIRST_WEEK = '2000-01-03';
/** How far ahead a week may be asked for: a year past the current week. */
export const WEEKS_AHEAD = 52;

export type WeekRef = 'this' | 'next' | 'last' | IsoDate;

/**
 * Resolves this / next / last or a date (snapped to its Monday) to a launch week, in the site
 * timezone. An unparseable or out-of-range week is a 404: the week does not exist.
 */
export function resolveWeek(ref: string, now: Date, timeZone: string, allowed: readonly ('this' | 'next' | 'last')[] = ['this', 'next', 'last']): IsoDate {
  const current = weekOf(now, timeZone);
  let week: IsoDate;
  if (ref === 'this' || ref === 'next' || ref === 'last') {
    if (!allowed.includes(ref)) throw notFound('week_not_found', `"${ref}" is not a week here; use ${allowed.join(', ')} or a date.`);
    week = ref === 'this' ? current : addWeeks(current, ref === 'next' ? 1 : -1);
  } else if (isValidDate(ref)) {
    week = mondayOf(ref);
  } else {
    throw notFound('week_not_found', `"${ref}" is not a week: use ${allowed.join(', ')} or a date YYYY-MM-DD.`);
  }
  const last = addWeeks(current, WEEKS_AHEAD);
  if (week < FIRST_WEEK || week > last) {
    throw notFound('week_not_found', `Week ${week} is outside the calendar (${FIRST_WEEK} to ${last}).`);
  }
  return week;
}

export function weekStatus(week: IsoDate, now: Date, timeZone: string): 'past' | 'current' | 'future' {
  const current = weekOf(now, timeZone);
  return week < current ? 'past' : week === current ? 'current' : 'future';
}
