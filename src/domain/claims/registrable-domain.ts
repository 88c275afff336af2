import { getDomain } from 'tldts';

/**
 * The registrable domain of a host (acme.co.uk for www.eu.acme.co.uk), from the Public Suffix
 * List, private section included (one github.io site is not another's). Null for an IP address or
 * a host without one (localhost).
 */
export function registrableDomain(host: string): string | null {
  return getDomain(host, { allowPrivateDomains: true }) ?? null;
}

/** The listing's registrable domain, from its homepage address. */
export function listingDomain(homepage: string): string | null {
  try {
    return registrableDomain(new URL(homepage).hostname);
  } catch {
    return null;
  }
}

/** Whether an e-mail address is at this registrable domain (any host under it: jane@eu.acme.com for acme.com). */
export function emailAtDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  let host: string;
  try {
    // Through the URL parser: lower case, and an internationalised domain in its ASCII form, as the Public Suffix List has it.
    host = new URL(`http://${email.slice(at + 1)}/`).hostname;
  } catch {
    return false;
  }
  return registrableDomain(host) === domain;
}
