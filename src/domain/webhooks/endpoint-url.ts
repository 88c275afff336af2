import net from 'node:net';
import { isPublicAddress, normalizeHost } from '../../outbound/address-policy.ts';
import { DomainError } from '../errors.ts';

/** Every address a host name resolves to (dns.lookup with all: true), or a rejection. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

const refuse = (code: string, detail: string) => new DomainError('invalid', code, detail, [{ field: 'url', message: detail }]);

/**
 * Whether an endpoint URL may be registered: https, no credentials in it, and a host whose every
 * address is public (the same rule as every outbound request, outbound/address-policy.ts). Hosts
 * the operator allowed (WEBHOOK_ALLOW_HOSTS: an intranet, tests) may be private and plain http.
 * Checked again at every delivery by the safe agent, on the address dialled: DNS may change.
 */
export async function checkEndpointUrl(raw: string, p: { allowHosts: readonly string[]; resolve: ResolveHost }): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse('webhook_url_invalid', 'The URL cannot be read: write it in full, e.g. https://example.com/webhooks.');
  }
  const host = normalizeHost(url.hostname);
  const allowed = p.allowHosts.map(normalizeHost).includes(host);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) {
    throw refuse('webhook_url_not_https', 'Webhook endpoints must use https:// (deliveries carry your data and a signature).');
  }
  if (url.username || url.password) throw refuse('webhook_url_invalid', 'Leave user names and passwords out of the URL: check the signature instead.');
  if (url.hash) throw refuse('webhook_url_invalid', 'A URL with a #fragment is not sent anywhere: leave it out.');
  if (allowed) return url.href;
  if (net.isIP(host)) {
    if (!isPublicAddress(host)) throw privateHost(host);
    return url.href;
  }
  let addresses: string[];
  try {
    addresses = await p.resolve(url.hostname);
  } catch {
    throw refuse('webhook_url_unresolvable', `${url.hostname} does not resolve to an address (check the name, or try again once its DNS is set).`);
  }
  if (!addresses.length) throw refuse('webhook_url_unresolvable', `${url.hostname} does not resolve to an address.`);
  const bad = addresses.find((a) => !isPublicAddress(a));
  if (bad) throw privateHost(url.hostname);
  return url.href;
}

const privateHost = (host: string) =>
  refuse('webhook_url_private', `${host} is (or resolves to) a private, loopback or reserved address: webhooks are only sent to the public internet.`);
