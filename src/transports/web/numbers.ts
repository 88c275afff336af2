/** How counts, prices and dates read on the site: "1 vote", "1,204 votes", "$49", "$1,250.50", "23 Nov 2026". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * "182 votes · 151 counted" where the counted votes (their published weights, /about/ranking)
 * differ from the number of people, "182 votes" where they do not.
 */
export function votesWords(people: number, counted: number): { votes: string; counted: string | null } {
  const rounded = Math.round(counted);
  return { votes: plural(people, 'vote'), counted: rounded === people ? null : `${rounded.toLocaleString('en-US')} counted` };
}

export function usd(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** A date (YYYY-MM-DD) or instant as people read it: "23 Nov 2026". */
export function day(value: string): string {
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
