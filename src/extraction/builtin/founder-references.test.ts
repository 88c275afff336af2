import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';

// Founders named by reference rather than beside a founder word: a JSON-LD founder given as an
// @id of a Person elsewhere in the graph, a possessive of the site's own company; and the
// institutions a founder's bio names, which are never founders.
const extractor = createBuiltinExtractor();
const doc = (lang: string, title: string, body: string, head = '') =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title>${head}</head><body><main>${body}</main></body></html>`;

async function draft(pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://company.test${path}`, html));
  const extraction = await extractor.extract({ pages: snapshots, categoryNames: [] });
  return { extraction, snapshots, names: verifyExtraction(extraction, snapshots).founders.map((f) => f.name) };
}

const ldJson = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

test('a JSON-LD founder given as an @id reference is the Person node with that @id; other Persons are not founders', async () => {
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'HairSalon', '@id': 'https://company.test/#shop', name: 'Cut Shop', founder: { '@id': 'https://company.test/#owner' } },
      { '@type': 'Person', '@id': 'https://company.test/#owner', name: 'Marco Lima', worksFor: { '@id': 'https://company.test/#shop' } },
      { '@type': 'Person', '@id': 'https://company.test/#barber', name: 'Pedro Alves' },
    ],
  };
  const { names } = await draft({ '/': doc('pt', 'Cut Shop', '<h1>Cut Shop</h1><p>Cortes com hora marcada.</p>', ldJson(graph)) });
  assert.deepEqual(names, ['Marco Lima']);
});

test('a university named before "barber and owner" is where the owner studied, not a founder', async () => {
  const { extraction, snapshots, names } = await draft({
    '/': doc('pt', 'Cut Shop', '<h1>Cut Shop</h1>'),
    '/sobre': doc('pt', 'Sobre', '<h1>Sobre</h1><p>Farmacêutico formado pela Universidade Nova Esperança, barbeiro e proprietário. Atendo um cliente por vez.</p>'),
  });
  assert.deepEqual(names, []);
  // Whoever proposes it (a model too), the verifier refuses an institution with a founder word beside it.
  const proposed = { ...extraction, founders: [{ name: 'Universidade Nova Esperança', title: 'proprietário', bio: null, evidence: [{ url: 'https://company.test/sobre', quote: 'Universidade Nova Esperança, barbeiro e proprietário' }] }] };
  assert.deepEqual(verifyExtraction(proposed, snapshots).founders, []);
});

test('"Sarah Baker has been … Sarah\'s company, <the site\'s company>, provides …" names its owner in full', async () => {
  const { names } = await draft({
    '/': doc('en', 'Brightside Counselling Ltd - Home', '<h1>Counselling for schools</h1>'),
    '/meet-the-team': doc(
      'en',
      'Brightside Counselling Ltd - Meet the Team',
      '<h1>Meet the Team</h1><h2>Sarah Baker</h2><p>Sarah Baker has worked with children for fifteen years.<br>She trained as a person-centred counsellor.<br>' +
        "Sarah's company, Brightside Counselling Ltd, provides counselling to twelve schools. She also runs a private practice.</p>" +
        "<h2>Tom Reed</h2><p>Tom Reed counsels teenagers. Before joining us, Tom's company, Harbour Logistics Ltd, moved freight.</p>",
    ),
  });
  assert.deepEqual(names, ['Sarah Baker']);
});

test('"Jane Doe\'s business, <the site\'s name>" names its owner; a possessive of another company does not', async () => {
  const { names } = await draft({
    '/': doc('en', 'Oakleaf Studio', '<h1>Oakleaf Studio</h1><p>Jane Doe\'s business, Oakleaf Studio, designs gardens in Leeds.</p><p>Our client Mark Stone\'s company, Stone Builders, loved the result.</p>'),
  });
  assert.deepEqual(names, ['Jane Doe']);
});
