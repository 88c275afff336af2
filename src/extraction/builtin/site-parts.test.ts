import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';
import type { DraftField } from '../types.ts';

// Parts of a page that are or are not the site's own statement: a shopping cart widget, a team
// card's bio, a logo in a box named so or on an imprint, a fediverse handle. Each on a loopback
// page of its own.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string, title = 'Product') => `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>${body}</body></html>`;

async function valueOf(field: DraftField, pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://site.test${path}`, html));
  return verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots).fields[field].value;
}

test('a shopping cart widget ("Ihr Warenkorb ist leer. Gesamt € 0,00") states no price', async () => {
  const prices = doc('de', '<main><h1>Preise</h1><p>Alle Preise inkl. MwSt.</p></main><div class="cart-overlay"><div class="cart-sidebar"><h2>Warenkorb</h2><ul><li>Ihr Warenkorb ist leer.</li></ul><div class="cart-total"><span>Gesamt</span> <span>€ 0,00</span></div></div></div>');
  assert.equal(await valueOf('pricing_summary', { '/': doc('de', '<main><h1>Honig</h1><p>Honig vom Imker.</p></main>'), '/preise': prices }), null);
  assert.equal(await valueOf('pricing_model', { '/': doc('de', '<main><h1>Honig</h1></main>'), '/preise': prices }), null);
});

test('a team card written in plain paragraphs (name, role, bio) is not the description', async () => {
  const about = doc('en', '<main><h1>Company</h1><div class="card"><p>Bruce Borden</p><p>Co-Founder – CEO</p><p>Co-founder of three startups with three successful exits, the most notable being a network company.</p></div></main>');
  const description = await valueOf('description', { '/': doc('en', '<main><h1>Sensors</h1></main>'), '/company': about });
  assert.ok(description === null || !String(description).includes('three startups'), String(description));
});

test('logo: the only image of a box named "logo"; on an imprint, an image whose alt names the site as its title does', async () => {
  assert.equal(await valueOf('logo_url', { '/': doc('en', '<div id="logo"><img src="img/tusk.svg" alt="Tusk icon"></div><main><h1>Tusk</h1></main>') }), 'https://site.test/img/tusk.svg');
  const home = doc('de', '<div id="site-header"></div><main><h1>Metallbau</h1></main>', 'Maier Metallbau GmbH | Schlosserei');
  const imprint = doc('de', '<main><h1>Impressum</h1><div class="impressum-logo"><img src="../assets/Maier-Logo-2.jpg" alt="Maier Metallbau Logo"></div><div class="partners"><img src="/p/acme-logo.png" alt="Acme logo"></div></main>');
  assert.equal(await valueOf('logo_url', { '/': home, '/pages/impressum.html': imprint }), 'https://site.test/assets/Maier-Logo-2.jpg');
  const partner = doc('de', '<main><h1>Partner</h1><img src="/p/acme-logo.png" alt="Acme logo"></main>');
  assert.equal(await valueOf('logo_url', { '/': home, '/partner': partner }), null, "another company's logo is not the site's");
});

test('a fediverse handle (@Tusk@mastodon.social) is not a contact address', async () => {
  const home = doc('en', '<main><h1>Tusk</h1><p>Follow @Tusk@mastodon.social for news.</p></main>');
  assert.equal(await valueOf('contact_email', { '/': home }), null);
  assert.equal(await valueOf('contact_email', { '/': home, '/privacy-policy/': doc('en', '<main><h1>Privacy</h1><p>Questions: contact@tusk.example</p></main>') }), 'contact@tusk.example');
});
