import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';

// Categories a site states without a category's words: the schema.org type of its structured data
// and the opening hours of a place people come to. Each on loopback pages of its own, drafted and
// verified; a small tree in the default tree's shape (names and the words they are known by).
const CATEGORY_KEYWORDS: Record<string, string[]> = {
  Software: ['software', 'application', 'app'],
  'Developer tools': ['developer', 'software development', 'cli'],
  'Food & drink': ['food', 'restaurant', 'recipes', 'wine'],
  Travel: ['travel', 'hotels', 'flights'],
  Games: ['games', 'video game'],
  Services: ['services', 'service provider'],
  'Local services': ['local business', 'craftsman', 'repair', 'salon'],
  'E-commerce': ['e-commerce', 'online shop'],
};
const CATEGORY_NAMES = Object.keys(CATEGORY_KEYWORDS);

const doc = (lang: string, head: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>Kastanienhof</title>${head}</head><body><main>${body}</main></body></html>`;
const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

async function categories(pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://place.test${path}`, html));
  const input = { categoryNames: CATEGORY_NAMES, categoryKeywords: CATEGORY_KEYWORDS };
  const draft = verifyExtraction(await createBuiltinExtractor().extract({ pages: snapshots, ...input }), snapshots, input);
  const field = draft.fields.categories;
  return { value: field.state === 'ai' ? field.value : null, quotes: field.state === 'ai' ? field.evidence.map((e) => e.quote) : [] };
}

test('a LocalBusiness subtype in JSON-LD names the category its kind belongs to, quoting the stored type', async () => {
  const r = await categories({
    '/': doc('de', jsonLd({ '@context': 'https://schema.org', '@type': 'Restaurant', name: 'Kastanienhof' }), '<h1>Kastanienhof</h1><p>Willkommen im Kastanienhof am Stadtrand, seit drei Generationen in Familienhand.</p>'),
  });
  assert.deepEqual(r.value, ['Food & drink']);
  assert.ok(r.quotes.some((q) => q.includes('@type: Restaurant')));
});

test('a lodging business is travel, also as a node of a JSON-LD @graph', async () => {
  const lodging = await categories({ '/': doc('pt', jsonLd({ '@context': 'https://schema.org', '@type': 'BedAndBreakfast', name: 'Casa Azul' }), '<h1>Casa Azul</h1>') });
  assert.deepEqual(lodging.value, ['Travel']);
  const graph = await categories({ '/': doc('pt', jsonLd({ '@context': 'https://schema.org', '@graph': [{ '@type': 'BedAndBreakfast', name: 'Casa Azul' }] }), '<h1>Casa Azul</h1>') });
  assert.deepEqual(graph.value, ['Travel'], "a graph's nodes are stored as top-level things (crawler/page-text.ts)");
});

test("a SoftwareApplication's applicationCategory names its category; the generic type only Software, never what merely starts with it", async () => {
  const game = await categories({
    '/': doc('en', jsonLd({ '@context': 'https://schema.org', '@type': 'SoftwareApplication', name: 'Tiles', applicationCategory: 'GameApplication' }), '<h1>Tiles</h1>'),
  });
  assert.deepEqual(new Set(game.value), new Set(['Games', 'Software']));
  const business = await categories({
    '/': doc('en', jsonLd({ '@context': 'https://schema.org', '@type': 'SoftwareApplication', name: 'Ledgerly', applicationCategory: 'BusinessApplication' }), '<h1>Ledgerly</h1>'),
  });
  assert.deepEqual(business.value, ['Software'], 'BusinessApplication says nothing about the field; "software" is not "software development"');
});

test('generic types (Organization, LocalBusiness, WebSite) name no category', async () => {
  const r = await categories({
    '/': doc('en', jsonLd([{ '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme' }, { '@context': 'https://schema.org', '@type': 'LocalBusiness', name: 'Acme' }, { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Acme' }]), '<h1>Acme</h1>'),
  });
  assert.equal(r.value, null);
});

const hoursAndAddress = (hoursLabel: string, extra = '') =>
  doc(
    'de',
    '',
    `<h1>Bergblick</h1><p>Wir kümmern uns um Ihre Vierbeiner, solange Sie unterwegs sind, mit viel Auslauf und Zeit.</p>${extra}` +
      `<footer><address>Hauptstraße 12<br>9800 Spittal an der Drau<br>Österreich</address><p>${hoursLabel}</p><p>Mo - Fr 8:00 bis 18:00 Uhr</p><p>Samstag geschlossen</p></footer>`,
  );

test('opening hours with an address on the same page: a local business, quoting the hours and the address', async () => {
  const r = await categories({ '/': hoursAndAddress('Öffnungszeiten:') });
  assert.deepEqual(r.value, ['Local services']);
  assert.ok(r.quotes.some((q) => q.includes('Öffnungszeiten') && q.includes('8:00')));
  assert.ok(r.quotes.some((q) => q.includes('Spittal')));
});

test('no local-business reading from hours without times, from office-style "business hours", or for a shop with a cart', async () => {
  assert.equal((await categories({ '/': hoursAndAddress('Öffnungszeiten: nach Vereinbarung').replace('Mo - Fr 8:00 bis 18:00 Uhr', 'auf Anfrage') })).value, null);
  assert.equal((await categories({ '/': hoursAndAddress('Business hours:') })).value, null);
  const shop = await categories({ '/': hoursAndAddress('Öffnungszeiten:', '<div class="cart-icon-wrapper" title="Warenkorb öffnen">0</div>') });
  assert.equal(shop.value, null, 'a shop has opening hours too, but is not a service');
});

test('opening hours with no address anywhere name no category', async () => {
  const page = doc('en', '', '<h1>Bergblick</h1><p>We look after your dogs while you are away, with long walks every day.</p><footer><p>Opening hours:</p><p>Mon-Fri 9am - 5pm</p></footer>');
  assert.equal((await categories({ '/': page })).value, null);
});

test('what a site is without ("renting without stress") and its invitation to follow it on social media do not classify it', async () => {
  const keywords = { ...CATEGORY_KEYWORDS, 'Mental health': ['mental health', 'stress'], 'Social media': ['social media', 'instagram'] };
  const input = { categoryNames: Object.keys(keywords), categoryKeywords: keywords };
  const pages = [
    pageFromHtml('https://place.test/', doc('en', '', '<h1>Holiday lets without stress</h1><p>We run your holiday home for you.</p><h2>Follow along on social media</h2><p>New photos every week.</p>')),
  ];
  const draft = verifyExtraction(await createBuiltinExtractor().extract({ pages, ...input }), pages, input);
  assert.equal(draft.fields.categories.value, null, JSON.stringify(draft.fields.categories));
  const stressful = [pageFromHtml('https://place.test/', doc('en', '', '<h1>Stress coaching for teams</h1><h2>Stress and mental health at work</h2>'))];
  const coached = verifyExtraction(await createBuiltinExtractor().extract({ pages: stressful, ...input }), stressful, input);
  assert.deepEqual(coached.fields.categories.value, ['Mental health']);
});

test('an invitation to follow the site in Turkish or Finnish does not classify it', async () => {
  const keywords = { ...CATEGORY_KEYWORDS, 'Social media': ['social media', 'instagram'] };
  const input = { categoryNames: Object.keys(keywords), categoryKeywords: keywords };
  for (const follow of ['Bizi takip edin: Instagram', 'Seuraa meitä Instagramissa']) {
    const pages = [pageFromHtml('https://place.test/', doc('en', '', `<h1>Bergblick</h1><p>We look after holiday homes.</p><h2>${follow}</h2><p>New photos every week.</p>`))];
    const draft = verifyExtraction(await createBuiltinExtractor().extract({ pages, ...input }), pages, input);
    assert.equal(draft.fields.categories.value, null, follow);
  }
});
