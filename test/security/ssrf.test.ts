// SSRF, from the attacker's side: every way we know to write "this machine" or "the private
// network" in a URL, thrown at every outbound fetch the service makes (the crawler behind drafts,
// competitors, badge checks and claim checks; the picture download behind drafted logos and listings'
// logos on other sites; the safe fetch behind OAuth client metadata documents, the
// language model, the Domain Rating provider and the sign-in providers), directly, behind a redirect from an allowed
// host, through DNS, and end to end through the real app.
//
// "Nothing private was connected to" is observed, not inferred:
// - a secret HTTP server listens on [::] (every local address, IPv4 and IPv6) and counts TCP
//   connections; every trick that lands on this machine carries its port;
// - every TCP connection attempt this process makes is recorded (net.client.socket), so a trick
//   aimed at an address nothing listens on here (10.0.0.1, 169.254.169.254…) must show no attempt;
// - and the positive controls show both instruments work: with the trick's host allowed, the same
//   URL does reach the secret server.
// DNS names are answered by a real DNS server on loopback (dns2): the test routes the service's
// dns.lookup for the names it owns (*.ssrf.test, *.localhost, "localhost.") to it.
import { pictureDownloader } from '../../src/jobs/picture-download.ts';
import { runListingLogo } from '../../src/jobs/listing-logo.ts';
import { LISTING_LOGO_SWEEP_JOB } from '../../src/jobs/listing-logo-sweep.ts';
import { listingLogosStore } from '../../src/store/listing-logos-store.ts';
import { processImage } from '../../src/media/process-image.ts';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import dc from 'node:diagnostics_channel';
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import dns2 from 'dns2';
import ipaddr from 'ipaddr.js';
import { createCrawler, type ClosableCrawler } from '../../src/crawler/crawler.ts';
import { outboundFetches } from '../../src/outbound/fetches.ts';
import { BlockedAddressError } from '../../src/outbound/safe-agent.ts';
import { createSafeFetch, type SafeFetch } from '../../src/outbound/safe-fetch.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp } from '../../src/testing/harness.ts';
import { TestBrowser } from '../../src/testing/oauth.ts';
import { sweepBadgeChecks } from '../../src/jobs/badge-check.ts';
import { httpProvider } from '../../src/jobs/domain-rating-provider.ts';
import { refreshDomainRatings } from '../../src/jobs/domain-rating-refresh.ts';
import { createWebhookPost, type WebhookPost } from '../../src/outbound/webhook-post.ts';
import { sql } from 'kysely';

const UA = 'LaunchyardBot/1.0 (+http://launchyard.test/bot)';
/** Deadline of one direct attempt: refusals take milliseconds, a regression that dials out would wait on the network. */
const ATTEMPT_MS = 2_000;

// ---------------------------------------------------------------------------------------------
// Instruments

/**
 * The service's own database and Redis: the pools open new connections whenever they like (on
 * PostgreSQL a draft's job may be the first to need a second connection), which is no outbound fetch.
 */
const infrastructure = new Set(
  [process.env.TEST_DATABASE_URL, process.env.TEST_REDIS_URL]
    .filter((u): u is string => !!u)
    .map((u) => new URL(u))
    .map((u) => Number(u.port || (u.protocol.startsWith('redis') ? 6379 : 5432))),
);

/** Every other TCP connection attempt of this process (undici, net, tls all go through net.Socket). */
const dials: { ip: string; port: number }[] = [];
const onSocket = (message: unknown) => {
  (message as { socket: Socket }).socket.on('connectionAttempt', (ip: string, port: number) => {
    if (!(infrastructure.has(port) && (ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1'))) dials.push({ ip, port });
  });
};
dc.subscribe('net.client.socket', onSocket);

/** The target: whatever reaches it has reached this machine behind the service's back. */
let secretConnections = 0;
const secretRequests: string[] = [];
const secretServer = http.createServer((req, res) => {
  secretRequests.push(req.url ?? '');
  res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>secret</title></head><body>internal admin</body></html>');
});
secretServer.on('connection', () => secretConnections++);
// [::] without ipv6Only takes IPv4 too: 127.x, 0.0.0.0, ::1, ::ffff:127.0.0.1 and this machine's
// own interface addresses all land here.
await new Promise<void>((resolve) => secretServer.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
const P = (secretServer.address() as AddressInfo).port;

/**
 * The "public-looking allowed host": a site the service may reach (it is in allowHosts under the
 * names allowed.ssrf.test, model.ssrf.test, dr.ssrf.test and signin.ssrf.test), which redirects wherever ?to= says.
 * It also plays the language model and the Domain Rating API, each redirecting on demand.
 */
const relayRequests: string[] = [];
const relay = { modelRedirect: '', drRedirect: '' };
const relayServer = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  relayRequests.push(url.pathname + url.search);
  req.resume();
  if (url.pathname === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
  if (url.pathname === '/go') {
    const status = Number(url.searchParams.get('status') ?? 302);
    return void res.writeHead(status, { location: headerSafe(url.searchParams.get('to') ?? '/') }).end();
  }
  if (url.pathname === '/v1/chat/completions') {
    if (relay.modelRedirect) return void res.writeHead(307, { location: relay.modelRedirect }).end();
    const content = JSON.stringify({ fields: {}, founders: [] });
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
  }
  if (url.pathname === '/dr') {
    if (relay.drRedirect) return void res.writeHead(302, { location: relay.drRedirect }).end();
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ domain_rating: 50 }));
  }
  if (url.pathname === '/') {
    return void res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><html lang="en"><head><title>Relay Widgets</title></head><body><h1>Relay Widgets</h1><p>Widgets for everyone.</p></body></html>');
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => relayServer.listen(0, '127.0.0.1', resolve));
const RP = (relayServer.address() as AddressInfo).port;

/** A Location header carries bytes, not characters: a non-ASCII trick goes percent-encoded (still a trick: the URL parser decodes a host). */
function headerSafe(url: string): string {
  return url.replace(/[^\x20-\x7e\t]/gu, (c) => encodeURIComponent(c));
}

// ---------------------------------------------------------------------------------------------
// A real DNS server for the names this test owns

type Answer = { a?: string[]; aaaa?: string[] };
const PUBLIC_UNROUTED_V6 = '3ffe:ffff::1'; // global unicast (2000::/3) but allocated to no one (the old 6bone prefix, returned): public to the policy, reaches nothing
const zone: Record<string, Answer> = {
  'allowed.ssrf.test': { a: ['127.0.0.1'] },
  'model.ssrf.test': { a: ['127.0.0.1'] },
  'dr.ssrf.test': { a: ['127.0.0.1'] },
  'signin.ssrf.test': { a: ['127.0.0.1'] },
  'loopback.ssrf.test': { a: ['127.0.0.1'] },
  'loopback6.ssrf.test': { aaaa: ['::1'] },
  'mapped.ssrf.test': { aaaa: ['::ffff:127.0.0.1'] },
  'zero.ssrf.test': { a: ['0.0.0.0'] },
  'private.ssrf.test': { a: ['10.0.0.1'] },
  'metadata.ssrf.test': { a: ['169.254.169.254'] },
  'nat64.ssrf.test': { aaaa: ['64:ff9b::7f00:1'] },
  'ula.ssrf.test': { aaaa: ['fd00::1'] },
  // One good record and one bad: a client that falls back to the next address (happy eyeballs)
  // would end up on loopback, so the whole answer must be refused.
  'mixed.ssrf.test': { aaaa: [PUBLIC_UNROUTED_V6], a: ['127.0.0.1'] },
  'rebind.ssrf.test': { aaaa: [PUBLIC_UNROUTED_V6] },
};
/** What a resolver serving RFC 6761 localhost names (systemd-resolved, browsers) answers. */
const LOCALHOST: Answer = { a: ['127.0.0.1'], aaaa: ['::1'] };
const answerFor = (name: string): Answer | undefined =>
  zone[name] ?? (name === 'localhost' || name.endsWith('.localhost') ? LOCALHOST : undefined);

const dnsQueries: string[] = [];
const { Packet } = dns2;
const dnsServer = dns2.createServer({
  udp: true,
  handle: (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    dnsQueries.push(name);
    const answer = answerFor(name);
    if (!answer) response.header.rcode = Packet.RCODE.NXDOMAIN;
    for (const address of question.type === Packet.TYPE.A ? (answer?.a ?? []) : question.type === Packet.TYPE.AAAA ? (answer?.aaaa ?? []) : []) {
      // TTL 0: nothing may cache an answer, as an attacker rebinding a name would set it.
      response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 0, address: ipaddr.parse(address).toNormalizedString() }));
    }
    send(response);
  },
});
await dnsServer.listen({ udp: { port: 0, address: '127.0.0.1' } });
const resolver = new dns.promises.Resolver({ timeout: 1_000, tries: 1 });
resolver.setServers([`127.0.0.1:${(dnsServer.addresses().udp as AddressInfo).port}`]);

const ownedName = (host: string) => {
  const name = host.toLowerCase();
  return name.endsWith('.ssrf.test') || name.endsWith('.ssrf.test.') || name === 'localhost.' || /\.localhost\.?$/.test(name);
};

async function resolveOwned(host: string, family: number): Promise<dns.LookupAddress[]> {
  const name = host.replace(/\.$/, '');
  const none = (err: NodeJS.ErrnoException) => {
    if (err.code === 'ENODATA' || err.code === 'ENOTFOUND') return [] as string[];
    throw err;
  };
  const [v6, v4] = await Promise.all([family === 4 ? [] : resolver.resolve6(name).catch(none), family === 6 ? [] : resolver.resolve4(name).catch(none)]);
  return [...v6.map((address) => ({ address, family: 6 })), ...v4.map((address) => ({ address, family: 4 }))];
}

// The service resolves with dns.lookup (the system resolver), read at call time: names this test
// owns go to the DNS server above, every other name to the system as before.
const systemLookup = dns.lookup;
type LookupCb = (err: NodeJS.ErrnoException | null, address?: string | dns.LookupAddress[], family?: number) => void;
function testLookup(hostname: string, options: unknown, callback?: LookupCb) {
  if (typeof options === 'function') return testLookup(hostname, {}, options as LookupCb);
  const opts = (typeof options === 'number' ? { family: options } : (options ?? {})) as dns.LookupOptions;
  if (!ownedName(hostname)) return (systemLookup as (...args: unknown[]) => void)(hostname, options, callback);
  const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : Number(opts.family ?? 0);
  resolveOwned(hostname, family).then(
    (addresses) => {
      if (addresses.length === 0) return callback!(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }));
      if (opts.all) return callback!(null, addresses);
      callback!(null, addresses[0].address, addresses[0].family);
    },
    (err: NodeJS.ErrnoException) => callback!(err),
  );
}
(dns as { lookup: unknown }).lookup = testLookup;

after(async () => {
  (dns as { lookup: unknown }).lookup = systemLookup;
  dc.unsubscribe('net.client.socket', onSocket);
  secretServer.closeAllConnections();
  relayServer.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => secretServer.close(resolve)),
    new Promise((resolve) => relayServer.close(resolve)),
    dnsServer.close(),
  ]);
});

// ---------------------------------------------------------------------------------------------
// The tricks

type Surface = 'crawlSite' | 'fetchPage' | 'fetchText' | 'picture' | 'listingLogo' | 'cimd' | 'model' | 'domainRating' | 'signIn';
const FETCH_SURFACES: Surface[] = ['cimd', 'model', 'domainRating', 'signIn'];
const ALL_SURFACES: Surface[] = ['crawlSite', 'fetchPage', 'fetchText', 'picture', 'listingLogo', ...FETCH_SURFACES];

interface Trick {
  name: string;
  url: string;
  /** The trick lands on this machine (so on the secret server) when nothing stops it. */
  local?: boolean;
  /** Surfaces that refuse the URL itself, before any address is looked at. */
  malformedFor?: Surface[];
  /** Sent as a redirect's Location (bytes, not characters), the trick is no longer a valid URL. */
  malformedAsLocation?: boolean;
  /** oidc-provider refuses it as a client_id URL (userinfo, fragment, backslash, whitespace) before fetching anything. */
  notAClientId?: boolean;
}

/** The fetch API refuses URLs with credentials outright; the crawler drops credentials and goes on. */
const CREDENTIALS: Surface[] = FETCH_SURFACES;

const TRICKS: Trick[] = [
  // IPv4 loopback, spelled every way the URL parser accepts
  { name: 'loopback', url: `http://127.0.0.1:${P}/`, local: true },
  { name: 'loopback elsewhere in 127/8', url: `http://127.254.0.1:${P}/`, local: true },
  { name: 'decimal integer', url: `http://2130706433:${P}/`, local: true },
  { name: 'octal dotted', url: `http://0177.0.0.1:${P}/`, local: true },
  { name: 'octal integer', url: `http://017700000001:${P}/`, local: true },
  { name: 'hex dotted', url: `http://0x7f.0.0.1:${P}/`, local: true },
  { name: 'hex integer', url: `http://0x7f000001:${P}/`, local: true },
  { name: 'hex per octet, mixed case', url: `http://0X7F.0x00.0x0.0x01:${P}/`, local: true },
  { name: 'mixed radix short form', url: `http://0x7f.0.01:${P}/`, local: true },
  { name: 'short form a.b', url: `http://127.1:${P}/`, local: true },
  { name: 'short form a.b.c', url: `http://127.0.1:${P}/`, local: true },
  { name: 'trailing dot on an IP', url: `http://127.0.0.1.:${P}/`, local: true },
  { name: 'unspecified 0.0.0.0', url: `http://0.0.0.0:${P}/`, local: true },
  { name: 'zero as an integer', url: `http://0:${P}/`, local: true },
  // IPv6 and the IPv6 forms that carry an IPv4 address
  { name: 'IPv6 loopback', url: `http://[::1]:${P}/`, local: true },
  { name: 'IPv6 loopback in full', url: `http://[0000:0000:0000:0000:0000:0000:0000:0001]:${P}/`, local: true },
  { name: 'IPv6 unspecified', url: `http://[::]:${P}/`, local: true },
  { name: 'IPv4-mapped, dotted', url: `http://[::ffff:127.0.0.1]:${P}/`, local: true },
  { name: 'IPv4-mapped, hex', url: `http://[::ffff:7f00:1]:${P}/`, local: true },
  { name: 'IPv4-mapped unspecified', url: `http://[::ffff:0.0.0.0]:${P}/`, local: true },
  { name: 'IPv4-compatible', url: `http://[::7f00:1]:${P}/` },
  { name: 'IPv4-compatible, dotted', url: `http://[::127.0.0.1]:${P}/` },
  { name: 'IPv4-translated', url: `http://[::ffff:0:7f00:1]:${P}/` },
  { name: 'NAT64 of loopback', url: `http://[64:ff9b::7f00:1]:${P}/` },
  { name: 'NAT64 of 10.0.0.1', url: `http://[64:ff9b::a00:1]:${P}/` },
  { name: 'NAT64 of the metadata address', url: `http://[64:ff9b::a9fe:a9fe]/latest/meta-data/` },
  { name: 'local-use NAT64 prefix', url: `http://[64:ff9b:1::7f00:1]:${P}/` },
  { name: '6to4 of loopback', url: `http://[2002:7f00:1::]:${P}/` },
  { name: 'Teredo, client 127.0.0.1', url: `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${P}/` },
  { name: 'IPv6 link-local', url: `http://[fe80::1]:${P}/` },
  { name: 'IPv6 unique-local fc00::/8', url: `http://[fc00::1]:${P}/` },
  { name: 'IPv6 unique-local fd00::/8', url: `http://[fd00::1]:${P}/` },
  { name: 'IPv6 site-local (deprecated)', url: `http://[fec0::1]:${P}/` },
  { name: 'IPv6 multicast', url: `http://[ff02::1]:${P}/` },
  { name: 'AWS IPv6 metadata', url: `http://[fd00:ec2::254]/latest/meta-data/` },
  { name: 'IPv4-mapped metadata', url: `http://[::ffff:169.254.169.254]/latest/meta-data/` },
  // Private and special IPv4 ranges
  { name: '10/8', url: `http://10.0.0.1:${P}/` },
  { name: '10/8, top', url: `http://10.255.255.254:${P}/` },
  { name: '172.16/12, bottom', url: `http://172.16.0.1:${P}/` },
  { name: '172.16/12, top', url: `http://172.31.255.254:${P}/` },
  { name: '192.168/16', url: `http://192.168.1.1:${P}/` },
  { name: 'cloud metadata', url: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' },
  { name: 'cloud metadata as a decimal integer', url: 'http://2852039166/latest/meta-data/' },
  { name: 'link-local elsewhere in 169.254/16', url: `http://169.254.1.1:${P}/` },
  { name: 'CGNAT 100.64/10', url: `http://100.64.0.1:${P}/` },
  { name: 'Alibaba metadata (in CGNAT)', url: 'http://100.100.100.200/latest/meta-data/' },
  { name: 'benchmarking 198.18/15', url: `http://198.18.0.1:${P}/` },
  { name: 'IETF protocol assignments 192.0.0/24', url: `http://192.0.0.170:${P}/` },
  { name: 'documentation 198.51.100/24', url: `http://198.51.100.1:${P}/` },
  { name: 'multicast', url: `http://224.0.0.1:${P}/` },
  { name: 'limited broadcast', url: `http://255.255.255.255:${P}/` },
  { name: 'reserved 240/4', url: `http://240.0.0.1:${P}/` },
  // Names of this machine
  { name: 'localhost', url: `http://localhost:${P}/`, local: true },
  { name: 'LOCALHOST', url: `http://LOCALHOST:${P}/`, local: true },
  { name: 'localhost with a trailing dot', url: `http://localhost.:${P}/`, local: true },
  { name: '*.localhost', url: `http://launchyard.localhost:${P}/`, local: true },
  { name: 'nested *.localhost', url: `http://a.b.localhost:${P}/`, local: true },
  // Parser confusion
  { name: 'userinfo', url: `http://public@127.0.0.1:${P}/`, local: true, malformedFor: CREDENTIALS, notAClientId: true },
  { name: 'userinfo naming a public host', url: `http://example.com:80@127.0.0.1:${P}/`, local: true, malformedFor: CREDENTIALS, notAClientId: true },
  { name: 'fragment hiding the host', url: `http://127.0.0.1:${P}#@example.com/`, local: true, notAClientId: true },
  { name: 'backslash before @', url: `http://127.0.0.1:${P}\\@example.com/`, local: true, notAClientId: true },
  { name: 'backslashes for slashes', url: `http:\\\\127.0.0.1:${P}\\`, local: true, notAClientId: true },
  { name: 'percent-encoded host', url: `http://%31%32%37.0.0.1:${P}/`, local: true },
  { name: 'percent-encoded dots', url: `http://127%2E0%2E0%2E1:${P}/`, local: true },
  { name: 'fullwidth digits', url: `http://１２７.０.０.１:${P}/`, local: true },
  { name: 'ideographic full stops', url: `http://127。0。0。1:${P}/`, local: true },
  { name: 'circled digits', url: `http://①②⑦.⓪.⓪.①:${P}/`, local: true },
  // A raw newline cannot travel in a Location header; percent-encoded it makes the host invalid.
  { name: 'tab and newline inside the host', url: `http://127.0.\t0.\n1:${P}/`, local: true, malformedAsLocation: true, notAClientId: true },
  { name: 'scheme in capitals', url: `HTTP://127.0.0.1:${P}/`, local: true },
  { name: 'https', url: `https://127.0.0.1:${P}/`, local: true },
  // DNS names whose answers are private (the DNS server above)
  { name: 'DNS A → 127.0.0.1', url: `http://loopback.ssrf.test:${P}/`, local: true },
  { name: 'DNS AAAA only → ::1', url: `http://loopback6.ssrf.test:${P}/`, local: true },
  { name: 'DNS AAAA → ::ffff:127.0.0.1', url: `http://mapped.ssrf.test:${P}/`, local: true },
  { name: 'DNS A → 0.0.0.0', url: `http://zero.ssrf.test:${P}/`, local: true },
  { name: 'DNS A → 10.0.0.1', url: `http://private.ssrf.test:${P}/` },
  { name: 'DNS A → 169.254.169.254', url: 'http://metadata.ssrf.test/latest/meta-data/' },
  { name: 'DNS AAAA → NAT64 of loopback', url: `http://nat64.ssrf.test:${P}/` },
  { name: 'DNS AAAA → fd00::1', url: `http://ula.ssrf.test:${P}/` },
  { name: 'DNS public AAAA first, loopback A second', url: `http://mixed.ssrf.test:${P}/`, local: true },
  { name: 'DNS name in capitals with a trailing dot', url: `http://LOOPBACK.SSRF.TEST.:${P}/`, local: true },
];

// ---------------------------------------------------------------------------------------------
// The surfaces, as the service builds them

type Outcome = 'blocked' | 'malformed' | 'reached' | `other: ${string}`;

/** The production wiring of outbound/fetches.ts; the model and the providers are the relay, under their own names. */
const outbound = outboundFetches(
  loadConfig({
    LLM_BASE_URL: `http://model.ssrf.test:${RP}/v1`,
    LLM_MODEL: 'test-model',
    DR_PROVIDER_URL: `http://dr.ssrf.test:${RP}/dr?d={domain}`,
    GOOGLE_CLIENT_ID: 'ssrf',
    GOOGLE_CLIENT_SECRET: 'ssrf',
    GOOGLE_ISSUER: `http://signin.ssrf.test:${RP}`,
  }),
);
const crawler = createCrawler({ userAgent: UA, allowHosts: [], bounds: { timeMs: ATTEMPT_MS } });
/** The drafted logo's one download (jobs/picture-download.ts), as the draft-logo job makes it. */
const pictureOptions = { userAgent: UA, maxBytes: 64 * 1024, timeMs: ATTEMPT_MS, maxRedirects: 5 };
const pictures = pictureDownloader({ ...pictureOptions, allowHosts: [] });
after(() => Promise.all([outbound.close(), crawler.close(), pictures.close()]));

const errorChain = (err: unknown) => {
  const chain: unknown[] = [];
  for (let e = err; e && chain.length < 10; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
};

async function viaFetch(fetch: SafeFetch | undefined, url: string): Promise<Outcome> {
  try {
    // Refusals are immediate; the deadline only bounds a regression that does dial out.
    const res = await fetch!(url, { signal: AbortSignal.timeout(ATTEMPT_MS) });
    await res.body?.cancel();
    return 'reached';
  } catch (err) {
    const chain = errorChain(err);
    if (chain.some((e) => e instanceof BlockedAddressError && (e as BlockedAddressError).code === 'ESSRF')) return 'blocked';
    // undici's fetch: "Failed to parse URL from …", "Request cannot be constructed from a URL that
    // includes credentials"; behind a redirect, a Location that is no URL (ERR_INVALID_URL) or
    // one with credentials ('cross origin not allowed for request mode "cors"', fetch spec 4.4).
    if (err instanceof TypeError && /Failed to parse URL|includes credentials/.test(err.message)) return 'malformed';
    if (chain.some((e) => (e as { code?: string }).code === 'ERR_INVALID_URL' || /^cross origin not allowed/.test((e as Error)?.message))) return 'malformed';
    return `other: ${chain.map((e) => (e as Error)?.message).join(' <- ')}`;
  }
}

function crawlOutcome(result: { ok: boolean; failure?: { code: string; reason: string } }): Outcome {
  if (result.ok) return 'reached';
  if (result.failure!.code === 'blocked_address') return 'blocked';
  if (result.failure!.code === 'invalid_url') return 'malformed';
  return `other: ${result.failure!.code}: ${result.failure!.reason}`;
}

async function attempt(surface: Surface, url: string, on: { crawler: ClosableCrawler; cimd: SafeFetch; picture?: typeof pictures } = { crawler, cimd: outbound.cimd }): Promise<Outcome> {
  switch (surface) {
    case 'picture': {
      const got = await (on.picture ?? pictures).download(url);
      return got.ok ? 'reached' : crawlOutcome({ ok: false, failure: got.failure });
    }
    case 'listingLogo':
      return listingLogoOutcome(url, on.picture ?? pictures);
    case 'crawlSite':
      return crawlOutcome(await on.crawler.crawlSite(url));
    case 'fetchPage':
      return crawlOutcome(await on.crawler.fetchPage(url));
    case 'fetchText':
      return crawlOutcome(await on.crawler.fetchText(url, { maxBytes: 64 * 1024 }));
    case 'cimd':
      return viaFetch(on.cimd, url);
    case 'model':
      return viaFetch(outbound.model, url);
    case 'domainRating':
      return viaFetch(outbound.domainRating, url);
    case 'signIn':
      return viaFetch(outbound.signIn, url);
  }
}

/**
 * A listing whose logo_url is the trick, as an earlier release left it, copied by the
 * 'listing-logo' job (jobs/listing-logo.ts) through this downloader into the app's database and
 * media storage: the outcome is the refusal the job records for the owner.
 */
let logoListings = 0;
async function listingLogoOutcome(url: string, downloader: typeof pictures): Promise<Outcome> {
  const id = await t.fx.listing({ slug: `ssrf-logo-${++logoListings}`, logo_url: url });
  const store = listingLogosStore(t.db);
  const deps = { store, download: downloader.download, process: (bytes: Uint8Array) => processImage({ bytes, purpose: 'logo' }), storage: t.app.services.mediaStorage, publicUrl: t.app.config.publicUrl, now: () => new Date(), forget: () => {} };
  const result = await runListingLogo(deps, id, url);
  if ('kept' in result) return 'reached';
  if (!('refused' in result)) return `other: ${JSON.stringify(result)}`;
  const refusal = await t.db.selectFrom('listing_logo_refusals').select(['code', 'reason']).where('listing_id', '=', id).executeTakeFirstOrThrow();
  return crawlOutcome({ ok: false, failure: { code: refusal.code, reason: refusal.reason } });
}

const expected = (trick: Trick, surface: Surface): Outcome => (trick.malformedFor?.includes(surface) ? 'malformed' : 'blocked');

/** Runs `fn` and returns the connections the secret server saw and the TCP attempts made meanwhile. */
async function observed<T>(fn: () => Promise<T>) {
  const connections = secretConnections;
  const from = dials.length;
  const value = await fn();
  // An attempt in flight would show on the server a moment later: give it that moment.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return { value, connections: secretConnections - connections, dials: dials.slice(from) };
}

/** The requests a positive control sent to the secret server were meant to arrive: forget them. */
const controlDone = () => void (secretRequests.length = 0);

const isRelay = (d: { ip: string; port: number }) => d.port === RP && (d.ip === '127.0.0.1' || d.ip === '::ffff:127.0.0.1');
const show = (ds: { ip: string; port: number }[]) => ds.map((d) => `${d.ip}:${d.port}`).join(', ');

// The real app, made before any test is registered: tests start as soon as they are, and the
// embedded database holds the event loop while it migrates (crawl deadlines would expire).
// Allowed: the relay only, under its names (a self-hosted site, client metadata host, model and
// Domain Rating API). No trick uses those names, so for every trick this is the production setting.
const t = await createTestApp({
  env: {
    CRAWLER_ALLOW_HOSTS: 'allowed.ssrf.test',
    CIMD_ALLOW_HOSTS: 'allowed.ssrf.test',
    LLM_BASE_URL: `http://model.ssrf.test:${RP}/v1`,
    LLM_MODEL: 'test-model',
    DR_PROVIDER_URL: `http://dr.ssrf.test:${RP}/dr?d={domain}`,
  },
});
const owner = await t.apiKey(['account:read', 'listings:write']);

// ---------------------------------------------------------------------------------------------
// Direct: the trick is the URL asked for

test(`${TRICKS.length} address tricks × ${ALL_SURFACES.length} outbound surfaces: every one refused before connecting`, async () => {
  assert.ok(TRICKS.length >= 40);
  const failures: string[] = [];
  for (const trick of TRICKS) {
    for (const surface of ALL_SURFACES) {
      const { value, connections, dials: made } = await observed(() => attempt(surface, trick.url));
      const want = expected(trick, surface);
      if (value !== want || connections !== 0 || made.length !== 0) {
        failures.push(`${trick.name} (${JSON.stringify(trick.url)}) via ${surface}: ${value} (wanted ${want}), ${connections} connection(s), dials [${show(made)}]`);
      }
    }
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(secretRequests, []);
});

test('positive control: each trick that lands on this machine does reach the secret server once its host is allowed', async () => {
  const failures: string[] = [];
  for (const trick of TRICKS.filter((t) => t.local)) {
    const host = new URL(trick.url).hostname;
    const open = createCrawler({ userAgent: UA, allowHosts: [host], bounds: { timeMs: ATTEMPT_MS } });
    const openFetch = createSafeFetch({ allowHosts: [host], timeoutMs: 5_000, maxBodyBytes: 64 * 1024 });
    try {
      for (const surface of ['fetchPage', 'cimd'] as const) {
        if (expected(trick, surface) !== 'blocked') continue;
        const { connections, dials: made } = await observed(() => attempt(surface, trick.url, { crawler: open, cimd: openFetch }));
        if (connections < 1 || !made.some((d) => d.port === P)) failures.push(`${trick.name} via ${surface} with ${host} allowed: ${connections} connection(s), dials [${show(made)}]`);
      }
    } finally {
      await Promise.all([open.close(), openFetch.close()]);
    }
  }
  assert.deepEqual(failures, []);
  controlDone();
});

test('the DNS tricks were judged on the answers of the DNS server, not on a failed lookup', async () => {
  for (const name of ['loopback.ssrf.test', 'loopback6.ssrf.test', 'mapped.ssrf.test', 'zero.ssrf.test', 'private.ssrf.test', 'metadata.ssrf.test', 'nat64.ssrf.test', 'ula.ssrf.test', 'mixed.ssrf.test']) {
    const before = dnsQueries.length;
    const outcome = await attempt('cimd', `http://${name}:${P}/`);
    assert.equal(outcome, 'blocked', name);
    assert.ok(dnsQueries.slice(before).includes(name), `${name} was asked of the DNS server`);
  }
  // The refusal names the private answer, so it cannot be a lookup that simply failed.
  await assert.rejects(outbound.cimd(`http://private.ssrf.test:${P}/`), (err) =>
    errorChain(err).some((e) => e instanceof BlockedAddressError && e.host === 'private.ssrf.test' && e.address === '10.0.0.1'),
  );
});

// ---------------------------------------------------------------------------------------------
// Behind a redirect from a host the service is allowed to reach

/** Each surface's own allowed host (the relay) and a URL on it that redirects to `to`. */
function redirectVia(surface: Surface, to: string, status = 302) {
  const host = surface === 'model' ? 'model.ssrf.test' : surface === 'domainRating' ? 'dr.ssrf.test' : surface === 'signIn' ? 'signin.ssrf.test' : 'allowed.ssrf.test';
  return `http://${host}:${RP}/go?${new URLSearchParams({ to, status: String(status) })}`;
}

const allowedCrawler = createCrawler({ userAgent: UA, allowHosts: ['allowed.ssrf.test'], bounds: { timeMs: ATTEMPT_MS } });
const allowedCimd = outboundFetches({ cimdAllowHosts: ['allowed.ssrf.test'] }).cimd;
const allowedPictures = pictureDownloader({ ...pictureOptions, allowHosts: ['allowed.ssrf.test'] });
after(() => Promise.all([allowedCrawler.close(), allowedCimd.close(), allowedPictures.close()]));

test(`each trick as the target of a redirect from an allowed host, on every surface: the allowed hop is made, the private one is not`, async () => {
  const failures: string[] = [];
  for (const trick of TRICKS) {
    for (const surface of ALL_SURFACES) {
      const start = redirectVia(surface, trick.url);
      const relayed = relayRequests.length;
      const { value, connections, dials: made } = await observed(() => attempt(surface, start, { crawler: allowedCrawler, cimd: allowedCimd, picture: allowedPictures }));
      const hopped = relayRequests.slice(relayed).some((r) => r.startsWith('/go?'));
      const want = trick.malformedAsLocation ? 'malformed' : expected(trick, surface);
      const ok = value === want && connections === 0 && made.every(isRelay) && hopped;
      if (!ok) failures.push(`${trick.name} via ${surface}: ${value} (wanted ${want}), ${connections} connection(s), relay asked: ${hopped}, dials [${show(made)}]`);
    }
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(secretRequests, []);
});

test('every redirect status, and a chain of allowed hops, end at the same refusal', async () => {
  for (const status of [301, 302, 303, 307, 308]) {
    for (const surface of ALL_SURFACES) {
      const { value, connections } = await observed(() => attempt(surface, redirectVia(surface, `http://127.0.0.1:${P}/secret`, status), { crawler: allowedCrawler, cimd: allowedCimd, picture: allowedPictures }));
      assert.equal(value, 'blocked', `${status} via ${surface}`);
      assert.equal(connections, 0, `${status} via ${surface}`);
    }
  }
  const chain = redirectVia('cimd', redirectVia('cimd', redirectVia('cimd', `http://[::1]:${P}/secret`)));
  for (const surface of ['crawlSite', 'fetchPage', 'cimd'] as const) {
    const relayed = relayRequests.length;
    const { value, connections } = await observed(() => attempt(surface, chain, { crawler: allowedCrawler, cimd: allowedCimd, picture: allowedPictures }));
    assert.equal(value, 'blocked', surface);
    assert.equal(connections, 0, surface);
    assert.ok(relayRequests.slice(relayed).filter((r) => r.startsWith('/go?')).length >= 3, `${surface}: three allowed hops were made`);
  }
});

test('positive control: the relay is reached, and a redirect to an allowed host is followed to the end', async () => {
  const { value } = await observed(() => attempt('fetchPage', `http://allowed.ssrf.test:${RP}/`, { crawler: allowedCrawler, cimd: allowedCimd, picture: allowedPictures }));
  assert.equal(value, 'reached');
  const openCrawler = createCrawler({ userAgent: UA, allowHosts: ['allowed.ssrf.test', 'localhost'], bounds: { timeMs: ATTEMPT_MS } });
  try {
    const { value: landed, connections } = await observed(() => attempt('fetchPage', redirectVia('fetchPage', `http://localhost:${P}/secret`), { crawler: openCrawler, cimd: allowedCimd }));
    assert.equal(landed, 'reached');
    assert.ok(connections >= 1, 'the same redirect reaches the secret server once its host is allowed');
  } finally {
    await openCrawler.close();
    controlDone();
  }
});

// ---------------------------------------------------------------------------------------------
// DNS rebinding: the name's answer changes between two requests

test('DNS rebinding: a name that first answered a public address and now answers loopback is refused on the next connection', async () => {
  const shortCrawler = createCrawler({ userAgent: UA, allowHosts: [], bounds: { timeMs: 1_500 } });
  const shortFetch = createSafeFetch({ allowHosts: [], timeoutMs: 1_500, maxBodyBytes: 1024 });
  try {
    for (const surface of ['fetchPage', 'cimd'] as const) {
      const url = `http://rebind.ssrf.test:${P}/`;
      const on = { crawler: shortCrawler, cimd: shortFetch };
      zone['rebind.ssrf.test'] = { aaaa: [PUBLIC_UNROUTED_V6] };
      const first = await observed(() => attempt(surface, url, on));
      // The public answer was accepted and dialled (it leads nowhere: nothing is routed there).
      assert.notEqual(first.value, 'blocked', surface);
      assert.ok(first.dials.some((d) => d.ip === PUBLIC_UNROUTED_V6), `${surface}: the public answer was dialled: [${show(first.dials)}]`);

      zone['rebind.ssrf.test'] = { a: ['127.0.0.1'], aaaa: ['::1'] };
      const queried = dnsQueries.length;
      const second = await observed(() => attempt(surface, url, on));
      assert.equal(second.value, 'blocked', surface);
      assert.ok(dnsQueries.slice(queried).includes('rebind.ssrf.test'), `${surface}: the name was resolved again, not taken from an earlier verdict`);
      assert.equal(second.connections, 0, surface);
      assert.deepEqual(second.dials, [], surface);
    }
  } finally {
    zone['rebind.ssrf.test'] = { aaaa: [PUBLIC_UNROUTED_V6] };
    await Promise.all([shortCrawler.close(), shortFetch.close()]);
  }
});

// ---------------------------------------------------------------------------------------------
// End to end, through the real app (made above)

async function authorize(browser: TestBrowser, clientId: string) {
  const q = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: 'http://127.0.0.1:45999/callback',
    scope: 'account:read',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  const page = await browser.visit(`/oauth/auth?${q}`);
  assert.equal(page.kind, 'page', clientId);
  return page as { kind: 'page'; status: number; body: string };
}

/** The trick as an https client_id URL (client ID metadata documents are https only). */
const asClientId = (url: string) => `${url.replace(/^http:/i, 'https:')}${url.endsWith('/') ? 'client.json' : ''}`;

test('OAuth: a client_id metadata document URL with each trick is refused, and nothing is connected to', async () => {
  const browser = new TestBrowser(t.app);
  const userId = await t.app.services.accounts.createUser({ email: 'ssrf-cimd@test.example', name: 'S', password: null });
  await browser.signIn(t.app, userId);
  const failures: string[] = [];
  for (const trick of TRICKS) {
    const clientId = asClientId(trick.url);
    const { value: page, connections, dials: made } = await observed(() => authorize(browser, clientId));
    // A well-formed client_id gets as far as the safe fetch, which refuses the address.
    const fetched = /client_id metadata document fetch failed/.test(page.body);
    if (page.status !== 400 || !/invalid_client/.test(page.body) || fetched === !!trick.notAClientId || connections !== 0 || made.length !== 0) {
      failures.push(`${trick.name} (${JSON.stringify(clientId)}): ${page.status}, fetched: ${fetched}, ${connections} connection(s), dials [${show(made)}]`);
    }
  }
  assert.deepEqual(failures, []);

  // Positive control: the same request with an allowed host does connect (TLS then fails: the secret server speaks plain HTTP).
  const { value: allowed, connections } = await observed(() => authorize(browser, `https://allowed.ssrf.test:${P}/client.json`));
  assert.equal(allowed.status, 400);
  assert.ok(connections >= 1, 'an allowed client_id host is connected to');
});

async function draftOf(url: string) {
  const created = await t.rest('POST', '/api/v1/drafts', { url }, owner.auth);
  assert.equal(created.status, 201, `${url}: ${JSON.stringify(created.body)}`);
  await t.jobsIdle();
  return (await t.get(`/api/v1/drafts/${created.body.id}`, owner.auth)).body;
}

test('drafting (REST submit_listing → crawl job): each trick ends the draft failed with blocked_address, nothing connected to', async () => {
  const failures: string[] = [];
  let drafted = 0;
  for (const trick of TRICKS) {
    if (trick.malformedFor) {
      // The API refuses a website URL with credentials before any draft exists.
      const res = await t.rest('POST', '/api/v1/drafts', { url: trick.url }, owner.auth);
      if (res.status !== 400) failures.push(`${trick.name}: ${res.status}`);
      continue;
    }
    const { value: d, connections, dials: made } = await observed(() => draftOf(trick.url));
    drafted++;
    if (d.status !== 'failed' || d.failure?.code !== 'blocked_address' || connections !== 0 || made.length !== 0) {
      failures.push(`${trick.name}: ${d.status} ${JSON.stringify(d.failure)}, ${connections} connection(s), dials [${show(made)}]`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(drafted >= 40);

  // Behind a redirect from the allowed site.
  const relayed = relayRequests.length;
  const { value: redirected, connections } = await observed(() => draftOf(redirectVia('crawlSite', `http://169.254.169.254/latest/meta-data/`)));
  assert.equal(redirected.failure?.code, 'blocked_address');
  assert.equal(connections, 0);
  assert.ok(relayRequests.slice(relayed).some((r) => r.startsWith('/go?')));

  // Positive control: the allowed host is crawled, and the same crawl reaches the secret server when pointed at it.
  const reached = await observed(() => draftOf(`http://allowed.ssrf.test:${P}/`));
  assert.ok(reached.connections >= 1, 'an allowed host is crawled');
  assert.ok(secretRequests.includes('/robots.txt'));
  controlDone();
});

test('drafting through the MCP tool submit_listing: refused the same way', async () => {
  const { value: call, connections } = await observed(async () => {
    const res = await t.mcpCall('submit_listing', { url: `http://[::ffff:127.0.0.1]:${P}/` }, owner.auth);
    await t.jobsIdle();
    return res;
  });
  assert.equal(call.status, 200, call.text);
  const id = call.body.result.structuredContent.id as string;
  const d = (await t.get(`/api/v1/drafts/${id}`, owner.auth)).body;
  assert.equal(d.status, 'failed');
  assert.equal(d.failure.code, 'blocked_address');
  assert.equal(connections, 0);
});

test('the language model: a redirect from the model host to a private address is not followed', async () => {
  for (const target of [`http://127.0.0.1:${P}/v1/chat/completions`, `http://[::1]:${P}/`, 'http://169.254.169.254/latest/meta-data/']) {
    relay.modelRedirect = target;
    try {
      const relayed = relayRequests.length;
      const { value: d, connections, dials: made } = await observed(() => draftOf(`http://allowed.ssrf.test:${RP}/`));
      assert.ok(relayRequests.slice(relayed).includes('/v1/chat/completions'), 'the model was asked');
      // An unreachable model leaves the built-in extractor to draft alone: the draft is still made.
      assert.equal(d.status, 'ready', JSON.stringify(d.failure));
      assert.equal(connections, 0, target);
      assert.ok(made.every(isRelay), `${target}: dials [${show(made)}]`);
    } finally {
      relay.modelRedirect = '';
    }
  }
  // Positive control: redirected to the secret server under the model's own (allowed) name, the model fetch does connect.
  relay.modelRedirect = `http://model.ssrf.test:${P}/v1/chat/completions`;
  try {
    const { connections } = await observed(() => draftOf(`http://allowed.ssrf.test:${RP}/`));
    assert.ok(connections >= 1, 'the model fetch follows a redirect to an allowed host');
  } finally {
    relay.modelRedirect = '';
    controlDone();
  }
});

test('competitor comparison (update_draft competitor_url → fetchPage): a private competitor URL fails, nothing connected to', async () => {
  const d = await draftOf(`http://allowed.ssrf.test:${RP}/`);
  assert.equal(d.status, 'ready', JSON.stringify(d.failure));
  for (const url of [`http://0x7f.1:${P}/`, `http://launchyard.localhost:${P}/`, redirectVia('fetchPage', `http://[::1]:${P}/`)]) {
    const { value: competitor, connections } = await observed(async () => {
      const res = await t.rest('PATCH', `/api/v1/drafts/${d.id}`, { competitor_url: url }, owner.auth);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      await t.jobsIdle();
      return (await t.get(`/api/v1/drafts/${d.id}`, owner.auth)).body.competitor;
    });
    assert.equal(competitor.status, 'failed', url);
    assert.match(competitor.reason, /private or reserved address/, url);
    assert.equal(connections, 0, url);
  }
});

test('badge check (the homepage read through the crawler): a private homepage is unverifiable, nothing connected to', async () => {
  const homepages = [`http://127.1:${P}/`, `http://[::ffff:7f00:1]:${P}/`, `http://loopback.ssrf.test:${P}/`, 'http://169.254.169.254/', redirectVia('fetchPage', `http://0.0.0.0:${P}/`)];
  const ids: string[] = [];
  for (const [i, url] of homepages.entries()) {
    const id = await t.fx.listing({ slug: `ssrf-badge-${i}`, owner_id: owner.userId, status: 'draft', url, domain: `ssrf-badge-${i}.test` });
    const res = await t.rest('POST', `/api/v1/me/listings/${id}/free`, undefined, owner.auth);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    ids.push(id);
  }
  const { value: sent, connections } = await observed(async () => {
    const r = await sweepBadgeChecks(t.db, t.app.services.jobs, new Date());
    await t.jobsIdle();
    return r;
  });
  assert.equal(sent.sent, homepages.length);
  assert.equal(connections, 0);
  const checks = await t.db.selectFrom('badge_checks').select(['listing_id', 'outcome', 'detail']).where('listing_id', 'in', ids).execute();
  assert.equal(checks.length, homepages.length);
  for (const check of checks) {
    assert.equal(check.outcome, 'unverifiable');
    assert.match(String(check.detail), /private or reserved address/);
  }
});

test('listing logos through the real app (the sweep → listing-logo jobs): a logo_url at or behind a private address is refused, nothing stored or connected to', async () => {
  const logos = [
    `http://127.1:${P}/logo.png`,
    `http://loopback.ssrf.test:${P}/logo.png`,
    'http://169.254.169.254/latest/meta-data/logo.png',
    redirectVia('picture', `http://[::1]:${P}/logo.png`),
    redirectVia('picture', 'http://169.254.169.254/latest/meta-data/logo.png'),
  ];
  const ids: string[] = [];
  for (const [i, url] of logos.entries()) ids.push(await t.fx.listing({ slug: `ssrf-sweep-logo-${i}`, owner_id: owner.userId, logo_url: url }));
  const storage = t.app.services.mediaStorage;
  const stored = async () => {
    const keys: string[] = [];
    for await (const o of storage.list('')) keys.push(o.key);
    return keys;
  };
  const [keys, files] = [await stored(), (await t.db.selectFrom('media_files').select('source_hash').execute()).length];
  const relayed = relayRequests.length;
  const { connections, dials: made } = await observed(async () => {
    await t.app.services.jobs.send(LISTING_LOGO_SWEEP_JOB, {});
    await t.jobsIdle();
  });
  assert.equal(connections, 0);
  assert.ok(made.every(isRelay), `dials [${show(made)}]`);
  assert.ok(relayRequests.slice(relayed).filter((r) => r.startsWith('/go?')).length >= 2, 'the allowed hops were made');
  for (const [i, id] of ids.entries()) {
    const l = await t.db.selectFrom('listings').select(['logo_url', 'logo_hash']).where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual(l, { logo_url: logos[i], logo_hash: null }, logos[i]);
    const refusal = await t.db.selectFrom('listing_logo_refusals').select(['code', 'reason']).where('listing_id', '=', id).executeTakeFirst();
    assert.equal(refusal?.code, 'blocked_address', logos[i]);
    assert.match(refusal?.reason ?? '', /private or reserved address/);
  }
  assert.deepEqual(await stored(), keys, 'no file was stored');
  assert.equal((await t.db.selectFrom('media_files').select('source_hash').execute()).length, files, 'no picture was registered');
});

test('claim checks through the real app (meta: the homepage; file: /.well-known/): a private site could not be checked, nothing connected to', async () => {
  const homepages = [`http://127.1:${P}/`, `http://[::ffff:7f00:1]:${P}/`, `http://loopback.ssrf.test:${P}/`, 'http://169.254.169.254/', redirectVia('fetchPage', `http://0.0.0.0:${P}/`)];
  const claimant = await t.apiKey(['account:read', 'listings:write']);
  for (const [i, url] of homepages.entries()) {
    await t.fx.listing({ slug: `ssrf-claim-${i}`, url, domain: `ssrf-claim-${i}.test` });
    // The file is read at the homepage's origin: behind the relay's redirect only the homepage (meta) leads anywhere private.
    for (const method of url.includes('/go?') ? ['meta'] : ['meta', 'file']) {
      const claim = await t.rest('POST', '/api/v1/claims', { slug: `ssrf-claim-${i}`, method }, claimant.auth);
      assert.equal(claim.status, 201, JSON.stringify(claim.body));
      const { value: res, connections } = await observed(() => t.rest('POST', `/api/v1/claims/${claim.body.id}/verify`, undefined, claimant.auth));
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual([res.body.status, res.body.last_check.result], ['pending', 'could_not_check'], `${method} ${url}`);
      assert.match(res.body.last_check.detail, /private or reserved address/);
      assert.equal(connections, 0, `${method} ${url}`);
    }
  }
});

test('Domain Rating: the provider wired as the app wires it does not follow its API to a private address', async () => {
  const config = t.app.config;
  const fetches = outboundFetches(config);
  try {
    const provider = httpProvider({ ...config.domainRatingProvider!, fetch: fetches.domainRating! });
    const listing = await t.fx.listing({ slug: 'ssrf-dr', domain: 'ssrf-dr.test' });
    await t.fx.domainRating(listing, 10, '2020-01-01T00:00:00Z');
    for (const target of [`http://127.0.0.1:${P}/dr`, 'http://169.254.169.254/latest/meta-data/']) {
      relay.drRedirect = target;
      const relayed = relayRequests.length;
      const { value: result, connections } = await observed(() => refreshDomainRatings(t.db, provider, new Date()));
      assert.ok(relayRequests.slice(relayed).some((r) => r.startsWith('/dr?')), 'the provider was asked');
      assert.ok(result.failed >= 1, JSON.stringify(result));
      assert.equal(connections, 0, target);
    }
    relay.drRedirect = '';
    // Positive control: answered directly, the rating is taken.
    assert.equal(await provider.lookup('ssrf-dr.test'), 50);
  } finally {
    relay.drRedirect = '';
    await fetches.close();
  }
});

// ---------------------------------------------------------------------------------------------
// Webhooks (issue 33): the endpoint URL at registration, and every delivery through the safe agent

/** The webhook poster as jobs/webhook-deliver.ts makes it; `allowHosts` as WEBHOOK_ALLOW_HOSTS. */
const webhookPoster = (allowHosts: string[]) => createWebhookPost({ allowHosts, timeoutMs: ATTEMPT_MS, excerptBytes: 1024, userAgent: UA });
const webhookOutcome = async (post: WebhookPost, url: string): Promise<Outcome | 'redirect'> => {
  const answer = await post(url, { 'webhook-id': 'msg_ssrf' }, '{}');
  if (answer.outcome === 'address_refused') return 'blocked';
  if (answer.outcome === 'delivered') return 'reached';
  if (answer.outcome === 'redirect') return 'redirect';
  return `other: ${answer.outcome}: ${answer.error}`;
};

test(`webhooks: ${TRICKS.length} tricks as a delivery's URL (an endpoint whose DNS changed) are refused before connecting; behind a redirect, the redirect is not followed`, async () => {
  const post = webhookPoster([]);
  const viaAllowed = webhookPoster(['allowed.ssrf.test']);
  const failures: string[] = [];
  try {
    for (const trick of TRICKS) {
      const direct = await observed(() => webhookOutcome(post, trick.url));
      if (direct.value !== 'blocked' || direct.connections !== 0 || direct.dials.length !== 0) {
        failures.push(`${trick.name} direct: ${direct.value}, ${direct.connections} connection(s), dials [${show(direct.dials)}]`);
      }
      const relayed = relayRequests.length;
      const behind = await observed(() => webhookOutcome(viaAllowed, redirectVia('cimd', trick.url)));
      const hopped = relayRequests.slice(relayed).some((r) => r.startsWith('/go?'));
      if (behind.value !== 'redirect' || behind.connections !== 0 || !behind.dials.every(isRelay) || !hopped) {
        failures.push(`${trick.name} behind a redirect: ${behind.value}, ${behind.connections} connection(s), relay asked: ${hopped}, dials [${show(behind.dials)}]`);
      }
    }
  } finally {
    await Promise.all([post.close(), viaAllowed.close()]);
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(secretRequests, []);
});

test('webhooks: registering an endpoint with each trick (as https) is a 400 problem; nothing is stored or connected to', async () => {
  const hooker = await t.apiKey(['webhooks:write']);
  const failures: string[] = [];
  for (const trick of TRICKS) {
    const url = trick.url.replace(/^http:/i, 'https:');
    const { value: res, connections, dials: made } = await observed(() => t.rest('POST', '/api/v1/me/webhooks', { url, events: ['listing.live'] }, hooker.auth));
    const code = (res.body as { code?: string }).code ?? '';
    if (res.status !== 400 || !/^webhook_url_(private|invalid)$/.test(code) || connections !== 0 || made.length !== 0) {
      failures.push(`${trick.name} (${JSON.stringify(url)}): ${res.status} ${code}, ${connections} connection(s), dials [${show(made)}]`);
    }
  }
  assert.deepEqual(failures, []);
  const stored = await t.db.selectFrom('users').select('id').where('id', '=', hooker.userId).executeTakeFirst();
  assert.ok(stored);
  const endpoints = await sql<{ n: number }>`select count(*)::int as n from webhook_endpoints where user_id = ${hooker.userId}`.execute(t.db);
  assert.equal(endpoints.rows[0].n, 0);
});

test('webhooks: DNS rebinding: a name public at registration that now answers loopback is refused at delivery', async () => {
  const hooker = await t.apiKey(['webhooks:write']);
  zone['rebind.ssrf.test'] = { aaaa: [PUBLIC_UNROUTED_V6] };
  const url = `https://rebind.ssrf.test:${P}/hook`;
  const made = await t.rest('POST', '/api/v1/me/webhooks', { url, events: ['listing.live'] }, hooker.auth);
  assert.equal(made.status, 201, JSON.stringify(made.body));
  zone['rebind.ssrf.test'] = { a: ['127.0.0.1'], aaaa: ['::1'] };
  const post = webhookPoster([]);
  try {
    const { value, connections, dials: seen } = await observed(() => webhookOutcome(post, url));
    assert.equal(value, 'blocked');
    assert.equal(connections, 0);
    assert.deepEqual(seen, []);
  } finally {
    zone['rebind.ssrf.test'] = { aaaa: [PUBLIC_UNROUTED_V6] };
    await post.close();
  }
});

test('after everything: the secret server never saw a request it was not sent by a positive control', () => {
  assert.deepEqual(secretRequests, []);
});
