/** How counts, prices and dates read on the site: "1 vote", "1,204 votes", "$49", "$1,250.50", "23 Nov 2026". */

// One formatter each, made once: toLocale*String with options builds a new one per call, and a
// listing page's dates cost a sixth of its CPU that way (bench profile, 2026-11-28).
const COUNT = new Intl.NumberFormat('en-US');
const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const DOLLARS_CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const plural = (n: number, one: string, many = `${one}s`) => `${COUNT.format(n)} ${n === 1 ? one : many}`;

/**
 * "182 votes · 151 counted" where the counted votes (their published weights, /about/ranking)
 * differ from the number of people, "182 votes" where they do not.
 */
export function votesWords(people: number, counted: number): { votes: string; counted: string | null } {
  const rounded = Math.round(counted);
  return { votes: plural(people, 'vote'), counted: rounded === people ? null : `${COUNT.format(rounded)} counted` };
}

export function usd(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(whole ? DOLLARS : DOLLARS_CENTS).format(cents / 100)}`;
}

/** A date (YYYY-MM-DD) or instant as people read it: "23 Nov 2026". */
export function day(value: string): string {
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return DAY.format(d);
}
