import ipaddr from 'ipaddr.js';

/**
 * Which addresses the service may connect to on anyone's behalf (crawling, badge checks, client
 * metadata documents…). Only global unicast: ipaddr.js names every special range (private,
 * loopback, link-local, unique-local, CGNAT, multicast, unspecified, reserved, 6to4, Teredo…),
 * and anything it does not call 'unicast' is refused. IPv6 forms that carry an IPv4 address are
 * judged by that address: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, which
 * ipaddr.js calls unicast), IPv4-translated (::ffff:0:a.b.c.d) and NAT64 of the well-known prefix
 * (64:ff9b::a.b.c.d); ::7f00:1 reaches 127.0.0.1 on some stacks.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.range() === 'unicast';
  // Global unicast is 2000::/3 (RFC 4291); ipaddr.js calls the unassigned rest 'unicast' too,
  // and does not know the documentation prefix 3fff::/20 (RFC 9637).
  const [a, b] = v6.parts;
  return v6.range() === 'unicast' && (a & 0xe000) === 0x2000 && !(a === 0x3fff && b < 0x1000);
}

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that carry one. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const v4 = () => new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return v4(); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 6) && (p[6] !== 0 || p[7] > 1)) return v4(); // ::a.b.c.d (compatible; :: and ::1 are not)
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return v4(); // ::ffff:0:a.b.c.d (translated)
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return v4(); // 64:ff9b::a.b.c.d (NAT64)
  return null;
}

/**
 * A host as it appears in a URL, in one comparable form: lower case, IPv6 without brackets,
 * IPv4 in dotted form (the WHATWG URL parser turns 2130706433 or 0x7f.1 into 127.0.0.1).
 */
export function normalizeHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  let hostname = trimmed;
  try {
    hostname = new URL(`http://${trimmed.includes(':') && !trimmed.startsWith('[') ? `[${trimmed}]` : trimmed}/`).hostname;
  } catch {
    // Not a valid URL host: compare it as given; it can never match a real hostname.
  }
  return hostname.replace(/^\[|\]$/g, '');
}
