import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTxtRecords, isDnsServer } from './txt-records.ts';
import { txtServer } from '../testing/dns-server.ts';

const dns = await txtServer({
  '_launchyard-verification.acme.test': [['token-one'], ['v=spf1 ', '-all']],
  'empty.acme.test': [],
  'broken.acme.test': 'servfail',
  'refusing.acme.test': 'refused',
  'silent.acme.test': 'no-answer',
});
after(() => dns.close());
const txt = createTxtRecords({ servers: [dns.address], timeoutMs: 200 });

test('records: each TXT record with its character-strings joined, from the configured server', async () => {
  assert.deepEqual(await txt.lookup('_launchyard-verification.acme.test'), { outcome: 'records', records: ['token-one', 'v=spf1 -all'] });
  assert.ok(dns.queries.includes('_launchyard-verification.acme.test'));
});

test('a name that does not exist (NXDOMAIN) and a name without TXT records (NODATA) are absent', async () => {
  for (const name of ['nothing-here.acme.test', 'empty.acme.test']) {
    const r = await txt.lookup(name);
    assert.equal(r.outcome, 'absent', name);
  }
});

test('SERVFAIL, REFUSED and a timeout are no answer (unavailable), never absent', async () => {
  for (const name of ['broken.acme.test', 'refusing.acme.test', 'silent.acme.test']) {
    const r = await txt.lookup(name);
    assert.equal(r.outcome, 'unavailable', name);
    assert.match((r as { detail: string }).detail, new RegExp(name.replace(/\./g, '\\.')));
  }
});

test('a server nobody answers on is unavailable', async () => {
  const nobody = createTxtRecords({ servers: ['127.0.0.1:9'], timeoutMs: 200 });
  assert.equal((await nobody.lookup('acme.test')).outcome, 'unavailable');
});

test('DNS_SERVERS entries: IP literals with an optional port', () => {
  for (const ok of ['1.1.1.1', '127.0.0.1:5353', '::1', '2001:db8::53', '[::1]:5353']) assert.equal(isDnsServer(ok), true, ok);
  for (const bad of ['dns.example', '1.1.1.1:', '1.1.1.1:0', '1.1.1.1:70000', '[::1]', '[::1]5353', '1.1.1.1:53x', '', '[dns]:53']) {
    assert.equal(isDnsServer(bad), false, bad);
  }
});
