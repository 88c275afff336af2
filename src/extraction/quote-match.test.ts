import { test } from 'node:test';
import assert from 'node:assert/strict';
import { containsPhrase, containsQuote, normalizeForMatch, quoteLocator } from './quote-match.ts';
import { combineExtractions } from './combine.ts';

const same: Array<[string, string]> = [
  ['Invoices  that\nget\tpaid', 'invoices that get paid'],
  ['“Great tool!” — it’s fast', '"great tool!" - it\'s fast'],
  ['Straße\u00a0ﬁve', 'straße five'],
  ['ＡＢＣ in full width', 'abc in full width'],
  ['soft\u00adhy\u200bphen', 'softhyphen'],
  ['Wait…', 'wait...'],
];
for (const [a, b] of same) {
  test(`normalised alike: ${JSON.stringify(a)}`, () => {
    assert.equal(normalizeForMatch(a), normalizeForMatch(b));
    assert.ok(containsQuote(`before ${a} after`, b));
  });
}

test('words are not forgiven, and an empty quote never matches', () => {
  assert.equal(containsQuote('Invoices that get paid on time', 'Invoices which get paid'), false);
  assert.equal(containsQuote('anything', '  \n '), false);
});

test('phrases match whole words only', () => {
  assert.equal(containsPhrase('we are in roman times', 'rom'), false);
  assert.equal(containsPhrase('office in rom, italy', 'rom'), true);
  assert.equal(containsPhrase('hello@acme.example wrote', 'hello@acme.example'), true);
  // A change into a script written without spaces is a word's edge; within Latin words it is not.
  assert.equal(containsPhrase('2019年創業', '2019'), true);
  assert.equal(containsPhrase('aiと技術', 'ai'), true);
  assert.equal(containsPhrase('20190年', '2019'), false);
  assert.equal(containsPhrase('said 技術', 'ai'), false);
});

test('the locator returns the stored text itself, wherever the blocks break', () => {
  const text = 'Pricing\nStarter\nFree\n“Great” tool — yes';
  const locate = quoteLocator(text);
  assert.equal(locate('Starter Free'), 'Starter\nFree');
  assert.equal(locate('StarterFree'), 'Starter\nFree');
  assert.equal(locate('"great" TOOL - yes'), '“Great” tool — yes');
  assert.equal(locate('Starter Paid'), null);
  assert.equal(locate(''), null);
  const emoji = quoteLocator('Launch 🚀 now');
  assert.equal(emoji('launch 🚀'), 'Launch 🚀');
});

test('combined extractions keep every candidate in order; the first social link per platform wins', () => {
  const a = { fields: [{ field: 'name' as const, value: 'A', evidence: [] }], faqs: [], founders: [], socials: { x: 'https://x.com/a' } };
  const b = { fields: [{ field: 'name' as const, value: 'B', evidence: [] }], faqs: [{ question: 'q', answer: 'a', evidence: [] }], founders: [], socials: { x: 'https://x.com/b', github: 'https://github.com/b' } };
  const c = combineExtractions(a, b);
  assert.deepEqual(c.fields.map((f) => f.value), ['A', 'B']);
  assert.equal(c.faqs.length, 1);
  assert.deepEqual(c.socials, { x: 'https://x.com/a', github: 'https://github.com/b' });
});
