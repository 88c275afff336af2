import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkHomepage } from './badge-check.ts';
import { findBadge } from './badge-page.ts';
import type { PageFetch } from '../../crawler/types.ts';

const SERVICE = 'https://launchyard.example';
const PAGE = 'https://acme.example/';
const LINK = 'https://launchyard.example/listings/acme';
const IMG = 'https://launchyard.example/badges/acme/listed.svg?shape=standard&amp;mode=auto&amp;size=m';
const badge = (href = LINK, src = IMG) => `<a href="${href}" target="_blank" rel="noopener"><img src="${src}" alt="Acme: Listed on Launchyard"></a>`;
const page = (body: string, head = '') => `<!doctype html><html><head><title>Acme</title>${head}</head><body><main>${body}</main></body></html>`;

const CASES: [string, string, 'verified' | 'absent'][] = [
  ['the embed code as given', page(badge()), 'verified'],
  ['a query and a fragment on the link', page(badge(`${LINK}?ref=badge#top`)), 'verified'],
  ['a trailing slash on the listing path', page(badge(`${LINK}/`)), 'verified'],
  ['another style of the same badge', page(badge(LINK, 'https://launchyard.example/badges/acme/upcoming.svg?shape=pill&mode=dark&size=s')), 'verified'],
  ['upper-case host (same origin once parsed)', page(badge('https://LAUNCHYARD.example/listings/acme')), 'verified'],
  ['relative URLs under a <base> on the service', page(badge('/listings/acme', '/badges/acme/listed.svg'), '<base href="https://launchyard.example/">'), 'verified'],
  ['nested inside other markup', page(`<footer><div><p>We are on ${badge()}</p></div></footer>`), 'verified'],
  ['a text mention only', page(`<p>Find us on ${LINK} and launchyard.example!</p><p>${IMG}</p>`), 'absent'],
  ['a link without the badge image', page(`<a href="${LINK}">Launchyard</a>`), 'absent'],
  ['the image without the link', page(`<img src="${IMG}" alt="badge">`), 'absent'],
  ['the image beside the link, not inside it', page(`<a href="${LINK}">Launchyard</a><img src="${IMG}">`), 'absent'],
  ['a lookalike host: launchyard.example.evil', page(badge('https://launchyard.example.evil/listings/acme')), 'absent'],
  ['a lookalike host: evil-launchyard.example', page(badge('https://evil-launchyard.example/listings/acme')), 'absent'],
  ['userinfo trick: https://launchyard.example@evil/', page(badge('https://launchyard.example@evil.example/listings/acme')), 'absent'],
  ['user info on our own host', page(badge('https://user:pw@launchyard.example/listings/acme')), 'absent'],
  ['another scheme (http for an https service)', page(badge('http://launchyard.example/listings/acme')), 'absent'],
  ['another port', page(badge('https://launchyard.example:8443/listings/acme')), 'absent'],
  ['the image on a lookalike host', page(badge(LINK, 'https://launchyard.example.evil/badges/acme/listed.svg')), 'absent'],
  ['a relative link resolved against the homepage', page(badge('/listings/acme', '/badges/acme/listed.svg')), 'absent'],
  ['a wrong slug in the link', page(badge('https://launchyard.example/listings/acme-2')), 'absent'],
  ['a slug prefix in the link', page(badge('https://launchyard.example/listings/acm')), 'absent'],
  ["another listing's badge image", page(badge(LINK, 'https://launchyard.example/badges/other/listed.svg')), 'absent'],
  ['the link inside an HTML comment', page(`<!-- ${badge()} -->`), 'absent'],
  ['the link inside a <script>', page(`<script>document.write('${badge()}')</script>`), 'absent'],
  ['the link inside a <template>', page(`<template>${badge()}</template>`), 'absent'],
  ['the link inside a <noscript>', page(`<noscript>${badge()}</noscript>`), 'absent'],
  ['the link inside a <textarea>', page(`<textarea>${badge()}</textarea>`), 'absent'],
  ['the link inside a <style>', page(`<style>/* ${badge()} */</style>`), 'absent'],
  ['an escaped embed shown as code', page(`<pre><code>${badge().replace(/</g, '&lt;')}</code></pre>`), 'absent'],
  ['a javascript: link', page(badge('javascript:location="https://launchyard.example/listings/acme"')), 'absent'],
];

for (const [name, html, outcome] of CASES) {
  test(`badge detection: ${name} → ${outcome}`, () => {
    assert.equal(findBadge(html, PAGE, SERVICE, 'acme').outcome, outcome);
  });
}

test('badge detection says when a link to the listing lacks the image', () => {
  const r = findBadge(page(`<a href="${LINK}">us</a>`), PAGE, SERVICE, 'acme');
  assert.equal(r.outcome, 'absent');
  assert.match(r.detail, /not with the badge image/);
  assert.match(findBadge(page('<p>nothing</p>'), PAGE, SERVICE, 'acme').detail, /No badge linking to https:\/\/launchyard\.example\/listings\/acme/);
});

const snapshot = (html: string, status = 200): PageFetch => ({
  ok: true,
  page: { url: PAGE, finalUrl: PAGE, fetchedAt: new Date(), status, contentType: 'text/html', hash: '', title: '', lang: '', html, text: '', links: [] },
});

test('checkHomepage: unreadable pages are unverifiable, with the reason', async () => {
  const failures: [PageFetch, RegExp][] = [
    [{ ok: false, failure: { code: 'http_error', reason: 'The site answered 403 Forbidden.' }, status: 403 }, /HTTP 403.*403 Forbidden/],
    [{ ok: false, failure: { code: 'timeout', reason: 'The site did not answer within 10 s.' } }, /did not answer/],
    [{ ok: false, failure: { code: 'robots_disallowed', reason: 'robots.txt disallows LaunchyardBot on /' } }, /robots\.txt/],
    [{ ok: false, failure: { code: 'unreachable', reason: 'DNS lookup failed.' } }, /DNS/],
    [snapshot(page(badge()), 503), /HTTP 503/],
  ];
  for (const [fetched, detail] of failures) {
    const r = await checkHomepage({ fetchPage: async () => fetched }, { homepage: PAGE, publicUrl: SERVICE, slug: 'acme' });
    assert.equal(r.outcome, 'unverifiable');
    assert.match(r.detail, detail);
  }
  const thrown = await checkHomepage({ fetchPage: async () => { throw new Error('socket hang up'); } }, { homepage: PAGE, publicUrl: SERVICE, slug: 'acme' });
  assert.deepEqual(thrown.outcome, 'unverifiable');
});

test('checkHomepage: a read page is verified or absent; links resolve against the final URL, never the service itself', async () => {
  const read = (html: string, finalUrl = PAGE) => checkHomepage(
    { fetchPage: async () => { const s = snapshot(html); if (s.ok) s.page.finalUrl = finalUrl; return s; } },
    { homepage: PAGE, publicUrl: SERVICE, slug: 'acme' },
  );
  assert.equal((await read(page(badge()))).outcome, 'verified');
  assert.equal((await read(page('<p>Launchyard</p>'))).outcome, 'absent');
  assert.equal((await read(page(badge('/listings/acme', '/badges/acme/listed.svg')), 'https://www.acme.example/')).outcome, 'absent');
  assert.equal((await read(page(badge()), 'https://www.acme.example/')).outcome, 'verified');
  // A homepage redirecting to the service itself proves nothing about the product's own site.
  assert.equal((await read(page(badge('/listings/acme', '/badges/acme/listed.svg')), 'https://launchyard.example/listings/acme')).outcome, 'absent');
});
