import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findVerificationMeta } from './verification-meta.ts';

const T = 'Zk3_token-value';
const page = (head: string, body = '<p>Acme</p>') => `<!doctype html><html><head><title>Acme</title>${head}</head><body>${body}</body></html>`;

const CASES: [string, string, boolean, RegExp][] = [
  ['the tag in <head>', page(`<meta name="launchyard-verification" content="${T}">`), true, /Found/],
  ['name in capitals, content with spaces around', page(`<meta NAME="Launchyard-Verification" content="  ${T} ">`), true, /Found/],
  ['one of several tags (another service\'s, another token)', page(`<meta name="launchyard-verification" content="other"><meta name="launchyard-verification" content="${T}">`), true, /Found/],
  ['no tag', page('<meta name="description" content="x">'), false, /No launchyard-verification meta tag/],
  ['another token only', page('<meta name="launchyard-verification" content="someone-else">'), false, /another token/],
  ['the tag in the body', page('', `<p>x</p><meta name="launchyard-verification" content="${T}">`), false, /not in its <head>/],
  ['the token as text, not a tag', page('', `<p>launchyard-verification ${T}</p>`), false, /No launchyard-verification meta tag/],
  ['the tag inside a comment', page(`<!-- <meta name="launchyard-verification" content="${T}"> -->`), false, /No launchyard-verification meta tag/],
  ['the tag in a <noscript> of the body', page('', `<noscript><meta name="launchyard-verification" content="${T}"></noscript>`), false, /not in its <head>|No launchyard/],
];

for (const [name, html, found, detail] of CASES) {
  test(`meta claim: ${name} → ${found ? 'found' : 'not found'}`, () => {
    const r = findVerificationMeta(html, 'https://acme.example/', T);
    assert.equal(r.found, found);
    assert.match(r.detail, detail);
  });
}

test('meta claim: a huge page of nested tags is read without trouble (the pool bounds its time)', () => {
  const huge = page(`<meta name="launchyard-verification" content="${T}">`, '<div>'.repeat(20_000));
  assert.equal(findVerificationMeta(huge, 'https://acme.example/', T).found, true);
});
