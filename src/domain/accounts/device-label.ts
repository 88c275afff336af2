/**
 * What a session keeps of the browser that started it: a coarse label ("Firefox on Linux") a
 * person recognises in their list of sessions, and nothing that tells one Firefox on Linux from
 * another (no versions, no device model, no address). Read with substring tests in a fixed order,
 * never a pattern: the header is outside input, and the same tests are written in SQL by
 * migrations/0033_session_device.sql for the sessions that were stored with the raw header.
 */

/** Each browser's header also names those after it (Edge says Chrome and Safari; Chrome says Safari): first match wins. */
export const BROWSERS: readonly (readonly [name: string, tokens: readonly string[]])[] = [
  ['Edge', ['Edg/', 'EdgA/', 'EdgiOS/', 'Edge/']],
  ['Opera', ['OPR/', 'OPT/', 'Opera']],
  ['Samsung Internet', ['SamsungBrowser/']],
  ['Vivaldi', ['Vivaldi/']],
  ['Firefox', ['Firefox/', 'FxiOS/']],
  ['Chrome', ['CriOS/', 'Chrome/']],
  ['Safari', ['Safari/']],
];

/** iPhones say "like Mac OS X" and Android says Linux: the more specific system first. */
export const SYSTEMS: readonly (readonly [name: string, tokens: readonly string[]])[] = [
  ['Windows', ['Windows']],
  ['iOS', ['iPhone', 'iPod']],
  ['iPadOS', ['iPad']],
  ['Android', ['Android']],
  ['ChromeOS', ['CrOS']],
  ['macOS', ['Macintosh', 'Mac OS X']],
  ['Linux', ['Linux']],
];

/** The header is cut here before it is read, as sessions stored it before (sessions-store.ts kept 500 characters). */
export const USER_AGENT_READ = 500;
export const UNKNOWN_BROWSER = 'Unknown browser';

const first = (text: string, table: typeof BROWSERS) => table.find(([, tokens]) => tokens.some((t) => text.includes(t)))?.[0];

/** "Firefox on Linux", "Safari on iOS", "Chrome", "Unknown browser on Windows", "Unknown browser". */
export function deviceLabel(userAgent: string | null | undefined): string {
  const text = (userAgent ?? '').slice(0, USER_AGENT_READ);
  const browser = first(text, BROWSERS);
  const system = first(text, SYSTEMS);
  if (!system) return browser ?? UNKNOWN_BROWSER;
  return `${browser ?? UNKNOWN_BROWSER} on ${system}`;
}
