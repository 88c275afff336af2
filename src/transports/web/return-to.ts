const BASE = 'http://return-to.invalid';

/**
 * A `return_to` value that is safe to redirect to: a same-origin path ("/oauth/authorize?…"),
 * never another origin. Anything else (absolute URLs, "//host", backslashes, control characters,
 * over 2000 characters) gives undefined, and the caller uses its default.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\x00-\x1f\x7f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  return url.pathname + url.search + url.hash;
}

/** A local path with ?return_to=… appended (for "sign in to continue" links). */
export const withReturnTo = (path: string, returnTo: string | undefined) =>
  returnTo ? `${path}?return_to=${encodeURIComponent(returnTo)}` : path;
