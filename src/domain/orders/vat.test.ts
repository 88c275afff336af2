import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decideVat, normaliseVatNumber, vatCents, type VatDecision } from './vat.ts';
import { EU_MEMBER_STATES, standardRateOn, VAT_RATES } from './vat-rates.ts';

const ON = '2026-11-22';
const decided = (p: Parameters<typeof decideVat>[0]) => {
  const d = decideVat(p);
  assert.ok(!Array.isArray(d), JSON.stringify(d));
  return d as VatDecision;
};

test('the rates table: the 27 member states, each with a rate from 2021-01-01 on, dated changes in order', () => {
  assert.equal(EU_MEMBER_STATES.size, 27);
  for (const country of EU_MEMBER_STATES) assert.ok(standardRateOn(country, '2021-01-01'), country);
  const rows = VAT_RATES.map((r) => `${r.country} ${r.effectiveFrom}`);
  assert.equal(new Set(rows).size, rows.length, 'one row per country and date');
  assert.ok(VAT_RATES.every((r) => Number.isInteger(r.rateBp) && r.rateBp > 0 && r.rateBp < 3000 && /^\d{4}-\d{2}-\d{2}$/.test(r.effectiveFrom)));
});

test('the rates in force today, the 2024–2025 changes included (stale in the vatrates package)', () => {
  const now = (c: string) => standardRateOn(c, ON)!.rateBp / 100;
  assert.deepEqual(
    ['DE', 'FR', 'IE', 'HU', 'LU', 'FI', 'SK', 'EE', 'RO', 'GR'].map((c) => [c, now(c)]),
    [['DE', 19], ['FR', 20], ['IE', 23], ['HU', 27], ['LU', 17], ['FI', 25.5], ['SK', 23], ['EE', 24], ['RO', 21], ['GR', 24]],
  );
  // A rate applies from its effective date, not a day before.
  assert.equal(standardRateOn('FI', '2024-08-31')!.rateBp, 2400);
  assert.equal(standardRateOn('FI', '2024-09-01')!.rateBp, 2550);
  assert.equal(standardRateOn('RO', '2025-07-31')!.rateBp, 1900);
  assert.equal(standardRateOn('RO', '2025-08-01')!.rateBp, 2100);
  assert.equal(standardRateOn('LU', '2023-06-01')!.rateBp, 1600);
  assert.equal(standardRateOn('US', ON), undefined);
  assert.equal(standardRateOn('GB', ON), undefined);
});

test('EU consumer: the standard rate of the buyer\'s member state, whatever the seller\'s', () => {
  for (const seller of ['IE', 'DE', undefined, 'US']) {
    const d = decided({ sellerCountry: seller, billingCountry: 'FI', on: ON });
    assert.deepEqual([d.treatment, d.rateBp], seller === undefined || seller !== 'FI' ? ['eu_consumer', 2550] : ['domestic', 2550]);
    assert.match(d.note, /Finland standard rate of 25\.5 %/);
    assert.equal(d.evidence.rate_effective_from, '2024-09-01');
  }
});

test('EU business with a valid number in another member state: reverse charge at 0 % with the legal note', () => {
  const d = decided({ sellerCountry: 'IE', billingCountry: 'AT', vatNumber: 'U13585627', on: ON });
  assert.deepEqual([d.treatment, d.rateBp, d.vatNumber], ['reverse_charge', 0, 'ATU13585627']);
  assert.match(d.note, /^Reverse charge: VAT to be accounted for by the recipient \(Article 196/);
  const greek = decided({ sellerCountry: 'IE', billingCountry: 'GR', vatNumber: '094259216', on: ON });
  assert.deepEqual([greek.treatment, greek.vatNumber], ['reverse_charge', 'EL094259216']);
});

test('in the seller\'s own country its rate applies, with or without a VAT number', () => {
  const d = decided({ sellerCountry: 'DE', billingCountry: 'de', vatNumber: 'DE129273398', on: ON });
  assert.deepEqual([d.treatment, d.rateBp, d.billingCountry], ['domestic', 1900, 'DE']);
});

test('outside the EU: 0 %, and no VAT number taken', () => {
  for (const c of ['US', 'GB', 'CH', 'NO', 'JP']) assert.deepEqual([decided({ sellerCountry: 'IE', billingCountry: c, on: ON }).treatment, decided({ billingCountry: c, on: ON }).rateBp], ['outside_eu', 0]);
  assert.deepEqual(decideVat({ billingCountry: 'GB', vatNumber: 'GB123456789', on: ON }).valueOf(), [
    { field: 'vat_number', message: 'a VAT number gives reverse charge to EU businesses only; United Kingdom is outside the EU, so leave it out (no EU VAT is charged)' },
  ]);
});

test('bad countries and numbers are field errors, never another treatment', () => {
  const field = (p: Parameters<typeof decideVat>[0]) => {
    const d = decideVat(p);
    assert.ok(Array.isArray(d), JSON.stringify(d));
    return d.map((e) => e.field);
  };
  assert.deepEqual(field({ billingCountry: 'ZZ', on: ON }), ['billing_country']);
  assert.deepEqual(field({ billingCountry: 'EU', on: ON }), ['billing_country']);
  assert.deepEqual(field({ billingCountry: 'FR', vatNumber: 'FR123', on: ON }), ['vat_number']);
  assert.deepEqual(field({ billingCountry: 'FR', vatNumber: 'DE129273398', on: ON }), ['vat_number']);
  assert.deepEqual(field({ billingCountry: 'GR', vatNumber: 'GR094259216', on: ON }), ['vat_number']);
  // A blank number is no number: a consumer.
  assert.equal(decided({ billingCountry: 'FR', vatNumber: '  ', on: ON }).treatment, 'eu_consumer');
});

test('numbers are written as on invoices; VAT is rounded half up once per order', () => {
  assert.equal(normaliseVatNumber('fr 40-303.265/045', 'FR'), 'FR40303265045');
  assert.equal(normaliseVatNumber('094259216', 'GR'), 'EL094259216');
  assert.equal(vatCents(14_100, 1900), 2679);
  assert.equal(vatCents(50, 2100), 11); // 10.5 → 11
  assert.equal(vatCents(1, 2550), 0);
  assert.equal(vatCents(999_999, 2550), 255_000);
});
