import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector } from 'undici';
import { isPublicAddress, normalizeHost } from './address-policy.ts';

/** Raised at connect time for an address the crawler must not reach. */
export class BlockedAddressError extends Error {
  readonly code = 'ESSRF';
  readonly host: string;
  readonly address: string;
  constructor(host: string, address: string) {
    super(host === address ? `${address} is a private or reserved address` : `${host} resolves to ${address}, a private or reserved address`);
    this.host = host;
    this.address = address;
  }
}

export interface SafeAgentOptions {
  /** Hosts opened despite their address (tests, a self-hosted intranet), compared by URL hostname. */
  allowHosts: string[];
  connectTimeoutMs?: number;
}

type LookupCallback = (err: Error | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * An undici Agent that refuses, at connect time, every address that is not global unicast. The
 * check runs on the address actually dialled (after DNS), so DNS rebinding between a check and
 * the connection cannot slip through, and it runs for every connection, so every redirect hop is
 * checked too. Proxy variables are never read: this Agent connects directly.
 */
export function createSafeAgent(opts: SafeAgentOptions): Agent {
  const allowed = new Set(opts.allowHosts.map(normalizeHost).filter((h) => h !== ''));

  const guardedLookup = (hostname: string, options: dns.LookupOptions, cb: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, []);
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (bad) return cb(new BlockedAddressError(hostname, bad.address), []);
      if (addresses.length === 0) return cb(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      if (options.all) return cb(null, addresses);
      return cb(null, addresses[0].address, addresses[0].family);
    });
  };

  const timeout = opts.connectTimeoutMs ?? 5_000;
  const direct = buildConnector({ timeout });
  const guarded = buildConnector({ timeout, lookup: guardedLookup } as buildConnector.BuildOptions);

  const connect: buildConnector.connector = (options, callback) => {
    const host = normalizeHost(options.hostname);
    if (allowed.has(host)) return direct(options, callback);
    // Node does not call `lookup` for an IP literal, so literals are judged here.
    if (net.isIP(host)) {
      if (!isPublicAddress(host)) return callback(new BlockedAddressError(host, host), null);
      return direct(options, callback);
    }
    return guarded(options, callback);
  };

  return new Agent({ connect, headersTimeout: 10_000, bodyTimeout: 10_000 });
}
