import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registerNumber } from './registry-country.ts';
import { createBuiltinExtractor } from './builtin/index.ts';
import { verifyExtraction } from './verify.ts';
import { pageFromHtml } from './page-fixture.ts';

// A business-register number names the one country that keeps the register, when the label is the
// register's own and the number has its length; shared labels, prose and wrong lengths name none.
const cases: Array<[string, string | null, string | null]> = [
  ['Identifiants : RNA W123456789, SIREN 123 456 789', 'FR', 'SIREN 123 456 789'],
  ['SIRET : 123 456 789 00012', 'FR', 'SIRET : 123 456 789 00012'],
  ['KvK-nummer: 12345678', 'NL', 'KvK-nummer: 12345678'],
  ['CNPJ 12.345.678/0001-90', 'BR', 'CNPJ 12.345.678/0001-90'],
  ['ABN 51 824 753 556', 'AU', 'ABN 51 824 753 556'],
  ['ОГРН 1027700132195', 'RU', 'ОГРН 1027700132195'],
  ['SIREN 12345', null, null],
  ['The siren sounded 3 times', null, null],
  ['SIRENS 123456789', null, null],
  ['Company No. 07551763', null, null],
  ['ИНН 7707083893', null, null],
];
for (const [text, country, quoted] of cases) {
  test(`register country: ${text}`, () => {
    const found = registerNumber(text);
    assert.equal(found?.country ?? null, country);
    assert.equal(found?.text ?? null, quoted);
  });
}

test('places: an association that gives only its SIREN number is in France; no city is read from it', async () => {
  const html = '<!doctype html><html lang="fr"><head><title>Clavier</title></head><body><main><h1>Presse</h1><ul><li><strong>Identifiants</strong> : SIREN 123456789</li></ul></main></body></html>';
  const pages = [pageFromHtml('https://clavier.test/', html)];
  const { fields } = verifyExtraction(await createBuiltinExtractor().extract({ pages, categoryNames: [] }), pages);
  assert.equal(fields.country.value, 'FR', JSON.stringify(fields.country));
  assert.equal(fields.city.value, null);
});
