import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DomainError } from '../errors.ts';
import { checkEndpointUrl } from './endpoint-url.ts';

// Registration's URL rule as a table; the DNS answers are the test's.
const DNS: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14'],
  'v6.example.com': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'internal.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
};
const resolve = async (host: string) => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};
const check = (url: string, allowHosts: string[] = []) => checkEndpointUrl(url, { allowHosts, resolve });

test('accepted endpoints, kept as the URL parser writes them', async () => {
  const table: [string, string[], string][] = [
    ['https://hooks.example.com/launchyard', [], 'https://hooks.example.com/launchyard'],
    ['  https://HOOKS.example.com:8443/a?b=c  ', [], 'https://hooks.example.com:8443/a?b=c'],
    ['https://v6.example.com/', [], 'https://v6.example.com/'],
    ['https://93.184.215.14/hook', [], 'https://93.184.215.14/hook'],
    ['http://intranet.local/hook', ['intranet.local'], 'http://intranet.local/hook'],
    ['https://127.0.0.1:9000/hook', ['127.0.0.1'], 'https://127.0.0.1:9000/hook'],
  ];
  for (const [url, allow, kept] of table) assert.equal(await check(url, allow), kept, url);
});

test('refused endpoints, each with its code on the url field', async () => {
  const table: [string, string][] = [
    ['http://hooks.example.com/', 'webhook_url_not_https'],
    ['ftp://hooks.example.com/', 'webhook_url_not_https'],
    ['not a url', 'webhook_url_invalid'],
    ['https://u:p@hooks.example.com/', 'webhook_url_invalid'],
    ['https://hooks.example.com/#frag', 'webhook_url_invalid'],
    ['https://internal.example.com/', 'webhook_url_private'],
    ['https://mixed.example.com/', 'webhook_url_private'],
    ['https://metadata.example.com/', 'webhook_url_private'],
    ['https://127.0.0.1/', 'webhook_url_private'],
    ['https://[::1]/', 'webhook_url_private'],
    ['https://[::ffff:10.0.0.1]/', 'webhook_url_private'],
    ['https://0x7f000001/', 'webhook_url_private'],
    ['https://nowhere.example.com/', 'webhook_url_unresolvable'],
    ['http://127.0.0.1/', 'webhook_url_not_https'],
  ];
  for (const [url, code] of table) {
    await assert.rejects(check(url), (err) => err instanceof DomainError && err.code === code && err.kind === 'invalid' && err.fields?.[0]?.field === 'url', url);
  }
});
