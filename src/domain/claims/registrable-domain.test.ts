import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emailAtDomain, listingDomain } from './registrable-domain.ts';
import { fileHasToken, fileUrl, recordsHaveToken } from './proof.ts';

test('the listing domain is the registrable domain of its homepage, from the Public Suffix List', () => {
  const cases: [string, string | null][] = [
    ['https://www.acme.com/en/', 'acme.com'],
    ['https://app.eu.acme.co.uk', 'acme.co.uk'],
    ['https://someone.github.io/project', 'someone.github.io'],
    ['https://Bücher.example/', 'xn--bcher-kva.example'],
    ['http://127.0.0.1:8080/', null],
    ['http://[::1]/', null],
    ['http://localhost:3000/', null],
    ['not a url', null],
  ];
  for (const [url, domain] of cases) assert.equal(listingDomain(url), domain, url);
});

test('an e-mail address is at the domain when its host has the same registrable domain', () => {
  assert.equal(emailAtDomain('jane@acme.com', 'acme.com'), true);
  assert.equal(emailAtDomain('jane@mail.eu.ACME.com', 'acme.com'), true);
  assert.equal(emailAtDomain('jane@bücher.example', 'xn--bcher-kva.example'), true);
  for (const other of ['jane@acme.com.evil.test', 'jane@notacme.com', 'jane@com', 'jane@acme.co', 'acme.com', '@acme.com', 'jane@[127.0.0.1]']) {
    assert.equal(emailAtDomain(other, 'acme.com'), false, other);
  }
  // Another github.io site is another registrable domain (the list's private section).
  assert.equal(emailAtDomain('x@other.github.io', 'someone.github.io'), false);
});

test('proofs: the file is at the origin whatever the homepage path; a token counts as a whole record or a whole line', () => {
  assert.equal(fileUrl('https://acme.com/en/home?x=1'), 'https://acme.com/.well-known/launchyard-verification.txt');
  assert.equal(recordsHaveToken(['other', ' tok '], 'tok'), true);
  assert.equal(recordsHaveToken(['tokx', 'launchyard-verification=tok'], 'tok'), false);
  assert.equal(fileHasToken('first\r\n  tok  \r\nlast', 'tok'), true);
  assert.equal(fileHasToken('tok-and-more\nxtok', 'tok'), false);
});
