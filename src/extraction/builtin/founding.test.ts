import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';

// Founding years as pages state them, each on a loopback site of its own: what the extractor
// proposes (with its quote) and what the verifier keeps.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>Company</title></head><body><main>${body}</main></body></html>`;

async function founding(pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://company.test${path}`, html));
  const extraction = await extractor.extract({ pages: snapshots, categoryNames: [] });
  const proposed = extraction.fields.filter((f) => f.field === 'founded_year').map((f) => [f.value, f.evidence[0].quote]);
  return { proposed, kept: verifyExtraction(extraction, snapshots).fields.founded_year.value };
}

test('founded_year: a day written as an ordinal between "seit" and the year ("seit 3. Mai 2018") is proposed', async () => {
  const { proposed } = await founding({ '/': doc('de', '<h1>Reitstall am See</h1><p>seit 3. Mai 2018</p><p>Platz für zwölf Pferde.</p>') });
  // The verifier's founding-year guard still reads the ordinal's dot as a sentence end (see the report); the proposal is what this rule adds.
  assert.deepEqual(proposed, [['2018', 'seit 3. Mai 2018']]);
});

test('founded_year: a sentence that ends before the year is not a founding statement', async () => {
  const { proposed, kept } = await founding({ '/': doc('en', '<h1>Bakery</h1><p>Open since the spring. 2020 was our best year.</p>') });
  assert.deepEqual([proposed, kept], [[], null]);
});

test('founded_year: a founding still planned ("2028年設立予定", "Gründung geplant 2027") is no founding year', async () => {
  const { proposed, kept } = await founding({
    '/': doc('ja', '<h1>工房</h1><p>株式会社として2028年設立予定です。</p>'),
    '/ueber-uns': doc('de', '<h1>Über uns</h1><p>Die Gründung geplant 2027 in Linz.</p>'),
  });
  assert.deepEqual([proposed, kept], [[], null]);
});

test('founded_year: "Gegründet 2019" is still read', async () => {
  const { kept } = await founding({ '/': doc('de', '<h1>Metallbau</h1><p>Gegründet 2019 in Ulm.</p>') });
  assert.equal(kept, '2019');
});

test('founded_year: "since" a year that dates someone else\'s requirement ("exigidos por Google y Microsoft desde 2024") is no founding year (audit round three)', async () => {
  const { proposed, kept } = await founding({
    '/': doc('es', '<h1>Correo seguro</h1><p>Te ayudamos a cumplir con los requisitos de autenticación (SPF, DKIM, DMARC) exigidos por Google y Microsoft desde 2024 para evitar el spam.</p>'),
    '/ueber-uns': doc('de', '<h1>Über uns</h1><p>Die E-Rechnung ist seit 2025 Pflicht für alle Unternehmen.</p>'),
  });
  assert.deepEqual([proposed, kept], [[], null]);
});

test('founded_year: a business "since 2014" beside no requirement is still read', async () => {
  const { kept } = await founding({ '/': doc('es', '<h1>Taller</h1><p>Reparamos bicicletas desde 2014 en Valencia.</p>') });
  assert.equal(kept, '2014');
});
