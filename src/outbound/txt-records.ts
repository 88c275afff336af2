import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * What a TXT lookup can say. A name without TXT records (NODATA) or that does not exist
 * (NXDOMAIN) is an answer: `absent`. A timeout, SERVFAIL, a refusal or an unreachable server is no
 * answer at all: `unavailable`, which must never be read as "the record is not there".
 */
export type TxtLookup =
  | { outcome: 'records'; records: string[] }
  | { outcome: 'absent'; detail: string }
  | { outcome: 'unavailable'; detail: string };

export interface TxtRecords {
  lookup(name: string): Promise<TxtLookup>;
}

/** c-ares codes of a real answer saying there is nothing: NODATA, NXDOMAIN. */
const ANSWERED_EMPTY = new Set(['ENODATA', 'ENOTFOUND']);

/** Per try; two tries per server. Slower than this, the claimant is told to retry. */
const TRY_TIMEOUT_MS = 2_500;

/**
 * `host`, `host:port` or `[v6]:port`, as Resolver.setServers takes them, when the address part is
 * an IP literal (a name would need a resolver to find the resolver).
 */
export function isDnsServer(entry: string): boolean {
  if (isIP(entry)) return true;
  if (entry.startsWith('[')) {
    const close = entry.indexOf(']');
    return close > 0 && isIP(entry.slice(1, close)) === 6 && isPort(entry.slice(close + 2)) && entry[close + 1] === ':';
  }
  const colon = entry.lastIndexOf(':');
  return colon > 0 && isIP(entry.slice(0, colon)) === 4 && isPort(entry.slice(colon + 1));
}

function isPort(text: string): boolean {
  if (text === '' || text.length > 5) return false;
  for (const c of text) if (c < '0' || c > '9') return false;
  const n = Number(text);
  return n >= 1 && n <= 65535;
}

/**
 * TXT lookups through node:dns's Resolver: the given servers (DNS_SERVERS), or the system's
 * resolvers when none are given. Each TXT record's character-strings are joined, as RFC 7208 does.
 */
export function createTxtRecords(opts: { servers?: string[]; timeoutMs?: number } = {}): TxtRecords {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? TRY_TIMEOUT_MS, tries: 2 });
  if (opts.servers?.length) resolver.setServers(opts.servers);
  return {
    async lookup(name) {
      try {
        const records = await resolver.resolveTxt(name);
        return { outcome: 'records', records: records.map((chunks) => chunks.join('')) };
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (ANSWERED_EMPTY.has(code)) return { outcome: 'absent', detail: `${name} has no TXT record.` };
        return { outcome: 'unavailable', detail: `The DNS lookup of ${name} gave no answer (${code || (err as Error).message}).` };
      }
    },
  };
}
