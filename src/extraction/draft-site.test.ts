import { test } from 'node:test';
import assert from 'node:assert/strict';
import { draftSite } from './draft-site.ts';
import { pageFromHtml } from './page-fixture.ts';

// The whole drafting step as the worker runs it (built-in extractor, verifier, merge), on sites
// whose only "place" text is a copyright footer: nothing located, nothing invented.
const footer = '<footer><p>© 2023 Foo Hosting, a project run by Jane Doe</p><p>© 2023 Jersey Hosting. All rights reserved.</p></footer>';
const site = [
  pageFromHtml('https://foohosting.example/', `<html lang="en"><head><title>Foo Hosting — fast servers</title></head><body><main><h1>Fast servers for small shops</h1><p>Foo Hosting runs your shop on fast servers with daily backups.</p></main>${footer}</body></html>`),
  pageFromHtml('https://foohosting.example/imprint', `<html lang="en"><head><title>Imprint</title></head><body><main><h1>Imprint</h1><p>Responsible for this site: Foo Hosting</p></main>${footer}</body></html>`),
  pageFromHtml('https://foohosting.example/contact', `<html lang="en"><head><title>Contact</title></head><body><main><address>© 2023 Foo Hosting, a project run by Jane Doe</address></main>${footer}</body></html>`),
];

test('a copyright footer gives no city and no country, wherever it stands', async () => {
  const d = await draftSite({ pages: site, categoryNames: [] });
  assert.equal(d.fields.city.state, 'not_found', JSON.stringify(d.fields.city));
  assert.equal(d.fields.country.state, 'not_found', JSON.stringify(d.fields.country));
  assert.equal(d.fields.founded_year.state, 'not_found', 'a copyright year is no founding year');
  assert.ok(d.notFound.includes('city') && d.notFound.includes('country'));
  assert.equal(d.fields.name.value, 'Foo Hosting');
});

test('the same site with an address states its city and country, quoted', async () => {
  const located = [
    ...site,
    pageFromHtml('https://foohosting.example/about', '<html lang="en"><head><title>About</title></head><body><main><p>Foo Hosting is based in Porto, Portugal.</p></main></body></html>'),
  ];
  const d = await draftSite({ pages: located, categoryNames: [] });
  assert.equal(d.fields.city.value, 'Porto');
  assert.equal(d.fields.country.value, 'PT');
  for (const f of ['city', 'country'] as const) {
    const verdict = d.fields[f];
    assert.ok(verdict.state === 'ai' && verdict.evidence.every((e) => !e.quote.includes('©')), `${f} is quoted from the address, not the footer`);
  }
});
