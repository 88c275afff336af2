import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import { Agent, buildConnector } from 'undici';
import { isPublicAddress, normalizeHost } from './address-policy.ts';

/** Raised at connect time for an address no outbound request may reach. */
export class BlockedAddressError extends Error {
  readonly code = 'ESSRF';
  readonly host: string;
  readonly address: string;
  constructor(host: string, address: string) {
    super(host === address ? `${address} is a private or reserved address, or this machine's own` : `${host} resolves to ${address}, a private or reserved address, or this machine's own`);
    this.host = host;
    this.address = address;
  }
}

export interface SafeAgentOptions {
  /** Hosts opened despite their address (tests, a self-hosted intranet), compared by URL hostname. */
  allowHosts: string[];
  connectTimeoutMs?: number;
  /** This machine's own addresses (tests inject them); the network interfaces by default. */
  ownAddresses?: () => Iterable<string>;
}

/** The addresses of this machine's interfaces, read at most once a minute (they seldom change). */
function interfaceAddresses() {
  let at = 0;
  let known: string[] = [];
  return () => {
    if (Date.now() - at > 60_000) {
      known = Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => normalizeHost(i.address)));
      at = Date.now();
    }
    return known;
  };
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
  // A server with a public address of its own must not be reachable through it either: services
  // bound to every interface would answer on it as on loopback.
  const own = opts.ownAddresses ?? interfaceAddresses();
  const refused = (address: string) => !isPublicAddress(address) || [...own()].includes(normalizeHost(address));

  const guardedLookup = (hostname: string, options: dns.LookupOptions, cb: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, []);
      const bad = addresses.find((a) => refused(a.address));
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
      if (refused(host)) return callback(new BlockedAddressError(host, host), null);
      return direct(options, callback);
    }
    return guarded(options, callback);
  };

  return new Agent({ connect, headersTimeout: 10_000, bodyTimeout: 10_000 });
}
