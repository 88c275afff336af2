import ipaddr from 'ipaddr.js';

/**
 * Which addresses the crawler may connect to. Only global unicast: ipaddr.js names every special
 * range (private, loopback, link-local, unique-local, CGNAT, multicast, unspecified, reserved,
 * NAT64/6to4/Teredo that embed IPv4 addresses…), so anything it does not call 'unicast' is refused.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address it carries.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  return address.range() === 'unicast';
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
