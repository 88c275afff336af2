import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPageToken, networkOf, pageToken, PAGE_TOKEN_TTL_MS, saltDay, saltedHash } from './vote-provenance.ts';

const NETWORKS: [string | null, string | null][] = [
  ['203.0.113.9', '203.0.113.0/24'],
  ['203.0.113.250', '203.0.113.0/24'],
  ['::ffff:198.51.100.7', '198.51.100.0/24'],
  ['2001:db8:1:2::5', '2001:db8:1::/48'],
  ['2001:0db8:0001:ffff:0:0:0:1', '2001:db8:1::/48'],
  ['::1', '0:0:0::/48'],
  ['fe80::1%eth0', 'fe80:0:0::/48'],
  ['not an address', null],
  ['', null],
  [null, null],
];
for (const [ip, network] of NETWORKS) {
  test(`network of ${JSON.stringify(ip)} → ${network}`, () => assert.equal(networkOf(ip), network));
}

test('hashes: the same network under one salt matches, under another salt it does not; no address survives', () => {
  const a = saltedHash('salt-1', 'network', networkOf('203.0.113.9'));
  assert.equal(a, saltedHash('salt-1', 'network', networkOf('203.0.113.77')));
  assert.notEqual(a, saltedHash('salt-2', 'network', networkOf('203.0.113.9')));
  assert.notEqual(a, saltedHash('salt-1', 'agent', networkOf('203.0.113.9')), 'network and agent hashes never collide by kind');
  assert.match(a!, /^[0-9a-f]{32}$/);
  assert.equal(saltedHash('salt-1', 'agent', null), null);
  assert.equal(saltDay(new Date('2026-03-04T23:59:59Z')), '2026-03-04');
});

const KEY = 'k'.repeat(43);
const AT = new Date('2026-03-04T10:00:00Z');
const later = (ms: number) => new Date(AT.getTime() + ms);
const listingToken = pageToken(KEY, { userId: '7', listingId: '42', seenOn: 'listing', at: AT });
const listToken = pageToken(KEY, { userId: '7', listingId: '*', seenOn: 'list', at: AT });
const PAGE_TOKENS: [string, string | null | undefined, { userId: string; listingId: string; now: Date }, string | null][] = [
  ["the listing page's token, for its listing", listingToken, { userId: '7', listingId: '42', now: later(60_000) }, 'listing'],
  ["a list's token, for any listing on it", listToken, { userId: '7', listingId: '99', now: later(60_000) }, 'list'],
  ['for another person', listingToken, { userId: '8', listingId: '42', now: later(60_000) }, null],
  ['for another listing', listingToken, { userId: '7', listingId: '43', now: later(60_000) }, null],
  ['at the end of its life', listingToken, { userId: '7', listingId: '42', now: later(PAGE_TOKEN_TTL_MS) }, 'listing'],
  ['past its life', listingToken, { userId: '7', listingId: '42', now: later(PAGE_TOKEN_TTL_MS + 1) }, null],
  ['from the future', listingToken, { userId: '7', listingId: '42', now: later(-1) }, null],
  ['a listing token relabelled as a list token', listingToken.replace(/^listing/, 'list'), { userId: '7', listingId: '42', now: later(1) }, null],
  ['under another key', pageToken('x'.repeat(43), { userId: '7', listingId: '42', seenOn: 'listing', at: AT }), { userId: '7', listingId: '42', now: later(1) }, null],
  ['absent', undefined, { userId: '7', listingId: '42', now: later(1) }, null],
  ['garbage', 'listing.zz.abc', { userId: '7', listingId: '42', now: later(1) }, null],
  ['over-long', 'listing.' + 'a'.repeat(200), { userId: '7', listingId: '42', now: later(1) }, null],
];
for (const [what, token, p, expected] of PAGE_TOKENS) {
  test(`page token ${what} → ${expected}`, () => assert.equal(checkPageToken(KEY, token, p), expected));
}
