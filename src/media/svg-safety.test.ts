import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSvg, SVG_MAX_BYTES, SVG_MAX_DEPTH } from './svg-safety.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (inner: string, attrs = '') => new TextEncoder().encode(`<svg ${NS} width="100" height="100"${attrs}>${inner}</svg>`);
const PNG_DATA = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

test('SVGs that only draw, refer to their own parts or embed raster pictures are accepted', () => {
  const cases: [string, Uint8Array][] = [
    ['shapes', svg('<rect width="50" height="50" fill="#36c"/><circle cx="70" cy="70" r="20"/>')],
    ['a gradient by fragment, in an attribute and a style sheet', svg('<defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><rect fill="url(#g)" style="stroke: url( \'#g\' )"/><style><![CDATA[ rect { fill: url(#g) } ]]></style>')],
    ['use of an own symbol (href and xlink:href)', svg('<symbol id="s"><rect width="1" height="1"/></symbol><use href="#s"/><use xlink:href="#s"/>')],
    ['an embedded PNG', svg(`<image width="10" height="10" href="${PNG_DATA}"/>`)],
    ['an embedded JPEG, upper case', svg('<image xlink:href="DATA:image/jpeg;base64,/9j/"/>')],
    ['text and an XML declaration', new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?><svg ${NS}><text x="1" y="10" font-family="sans-serif">Launch</text></svg>`)],
    ['attributes merely containing "on" further in', svg('<path d="M0 0" stroke-linejoin="round"/><g opacity="0.5"/>')],
  ];
  for (const [name, input] of cases) assert.deepEqual(checkSvg(input), { ok: true }, name);
});

test('SVGs with code, entities, embedded documents or outside references are refused, with the reason', () => {
  const cases: [string, Uint8Array, RegExp][] = [
    ['a script', svg('<script>alert(1)</script>'), /script/],
    ['a namespaced script', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'), /script/],
    ['an onload handler', svg('', ' onload="alert(1)"'), /event handler \(onload\)/],
    ['an upper-case handler on a child', svg('<rect ONCLICK="x"/>'), /event handler/],
    ['a DOCTYPE', new TextEncoder().encode(`<!DOCTYPE svg><svg ${NS}/>`), /DOCTYPE/],
    ['entity expansion (billion laughs)', new TextEncoder().encode(`<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg ${NS}><text>&b;</text></svg>`), /DOCTYPE/],
    ['a foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'), /foreignObject/],
    ['an XInclude', svg('<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd" parse="text"/>'), /XInclude|outside/],
    ['an image on loopback', svg('<image href="http://127.0.0.1/x.png"/>'), /refers to "http:\/\/127\.0\.0\.1\/x\.png" outside the file/],
    ['an image by xlink:href on a private address', svg('<image xlink:href="https://10.0.0.1/x.png"/>'), /outside the file/],
    ['a file path', svg('<image href="file:///etc/passwd"/>'), /outside the file/],
    ['a relative file', svg('<image href="logo.png"/>'), /outside the file/],
    ['another SVG by use', svg('<use href="other.svg#icon"/>'), /outside the file/],
    ['an embedded SVG (could carry anything)', svg('<image href="data:image/svg+xml;base64,PHN2Zy8+"/>'), /outside the file/],
    ['a data URL that only starts like a PNG', svg('<image href="data:image/pngx,AAAA"/>'), /outside the file/],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>'), /outside the file/],
    ['an outside link', svg('<a xlink:href="https://example.com"><rect/></a>'), /outside the file/],
    ['a fill from another file', svg('<rect fill="url(http://127.0.0.1/p.svg#g)"/>'), /reference to "http:\/\/127\.0\.0\.1\/p\.svg#g"/],
    ['a filter from another file, quoted', svg('<rect style="filter: URL(\'https://x.example/f.svg#f\')"/>'), /reference to/],
    ['a style sheet url', svg('<style>rect { fill: url(https://x.example/a.png) }</style>'), /style sheet contains a reference/],
    ['an imported style sheet', svg('<style>@import url(#a);</style>'), /imported style sheet/],
    ['a linked style sheet', new TextEncoder().encode(`<?xml-stylesheet href="https://x.example/a.css"?><svg ${NS}/>`), /linked style sheet/],
    ['an escaped url in CSS', svg('<rect style="fill: u\\72l(https://x.example/a.png)"/>'), /escaped CSS reference/],
    ['an animated href', svg('<image href="#a"><set attributeName="href" to="https://x.example/a.png"/></image>'), /animates a reference/],
    ['an iframe', svg('<iframe src="https://x.example"/>'), /embedded page/],
    ['a root that is not svg', new TextEncoder().encode('<html><svg/></html>'), /not an SVG/],
  ];
  for (const [name, input, reason] of cases) {
    const verdict = checkSvg(input);
    assert.equal(verdict.ok, false, name);
    if (!verdict.ok) assert.match(verdict.reason, reason, name);
  }
});

test('an SVG over 1 MB is refused before it is parsed', () => {
  const big = svg(`<!--${'x'.repeat(SVG_MAX_BYTES)}-->`);
  const started = performance.now();
  const verdict = checkSvg(big);
  assert.deepEqual(verdict, { ok: false, reason: 'The SVG file is 1.0 MB; the most we take for an SVG is 1 MB.' });
  assert.ok(performance.now() - started < 50);
});

test('a large SVG just under the cap, full of near-misses, is checked quickly', () => {
  const rect = '<rect fill="url(#g)" style="x:url(#g"/>';
  const input = svg(rect.repeat(Math.floor((SVG_MAX_BYTES - 200) / rect.length)));
  const started = performance.now();
  assert.deepEqual(checkSvg(input), { ok: true });
  assert.ok(performance.now() - started < 3000, `${Math.round(performance.now() - started)} ms`);
});

test('deep nesting is refused before parsing (libxml2 stops at 256 levels; our parser slows down long before 1 MB of them)', () => {
  const nested = (levels: number) => svg(`${'<g>'.repeat(levels)}<!-- <g><g> --><![CDATA[<g>]]><rect/>${'</g>'.repeat(levels)}`);
  assert.deepEqual(checkSvg(nested(SVG_MAX_DEPTH - 1)), { ok: true }, 'the root and 254 groups');
  const started = performance.now();
  assert.deepEqual(checkSvg(nested(120_000)), { ok: false, reason: `The SVG nests its elements more than ${SVG_MAX_DEPTH} levels deep, which we do not read.` });
  // A "/>" inside a quoted value does not close the element: not a way to hide the depth.
  const hidden = checkSvg(svg(`${'<g data-x="/>">'.repeat(40_000)}${'</g>'.repeat(40_000)}`));
  assert.ok(!hidden.ok && hidden.reason.includes('levels deep'), JSON.stringify(hidden));
  assert.ok(performance.now() - started < 400, `${Math.round(performance.now() - started)} ms`);
});
