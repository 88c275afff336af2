import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPublicAddress, normalizeHost } from './address-policy.ts';

test('only global unicast addresses are public', () => {
  const cases: [string, boolean][] = [
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['127.0.0.1', false], // loopback
    ['127.0.0.2', false],
    ['10.1.2.3', false], // private
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false], // link-local (cloud metadata)
    ['100.64.0.1', false], // CGNAT
    ['224.0.0.1', false], // multicast
    ['0.0.0.0', false], // unspecified
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false], // link-local
    ['fd00::1', false], // unique-local
    ['ff02::1', false], // multicast
    ['::ffff:127.0.0.1', false], // IPv4-mapped loopback
    ['::ffff:10.0.0.1', false],
    ['::ffff:93.184.216.34', true], // IPv4-mapped public
    ['64:ff9b::a00:1', false], // NAT64 of 10.0.0.1
    ['64:ff9b::808:808', true], // NAT64 of 8.8.8.8: judged by the IPv4 address it carries
    ['64:ff9b::a9fe:a9fe', false], // NAT64 of 169.254.169.254
    ['64:ff9b:1::a00:1', false], // local-use NAT64 prefix: not global
    ['4000::1', false], // outside 2000::/3: unassigned, not global unicast
    ['1000::1', false],
    ['3fff::1', false], // documentation (RFC 9637)
    ['3fff:ffff::1', true], // the top of 2000::/3, past the documentation /20
    ['::7f00:1', false], // IPv4-compatible 127.0.0.1 (ipaddr.js calls it unicast)
    ['::127.0.0.1', false],
    ['::a00:1', false], // IPv4-compatible 10.0.0.1
    ['::a9fe:a9fe', false], // IPv4-compatible 169.254.169.254
    ['::808:808', true], // IPv4-compatible 8.8.8.8
    ['::ffff:0:7f00:1', false], // IPv4-translated 127.0.0.1
    ['::ffff:0:a00:1', false],
    ['0:0:0:0:0:ffff:7f00:1', false],
    ['2002:a00:1::', false], // 6to4 of 10.0.0.1
    ['2002:808:808::1', false], // 6to4: refused whatever it carries
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false], // Teredo
    ['2001:db8::1', false], // documentation
    ['100::1', false], // discard-only
    ['not-an-ip', false],
  ];
  for (const [ip, expected] of cases) assert.equal(isPublicAddress(ip), expected, ip);
});

test('hosts compare in the form a URL gives them', () => {
  assert.equal(normalizeHost('LocalHost'), 'localhost');
  assert.equal(normalizeHost('[::1]'), '::1');
  assert.equal(normalizeHost('::1'), '::1');
  assert.equal(normalizeHost('2130706433'), '127.0.0.1');
  assert.equal(normalizeHost(' 127.0.0.1 '), '127.0.0.1');
  assert.equal(normalizeHost('[::ffff:127.0.0.1]'), '::ffff:7f00:1');
});
