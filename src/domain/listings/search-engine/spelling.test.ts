import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SpellingDictionary, allowedEdits, editDistance } from './spelling.ts';

const WORDS = ['analytics', 'analytic', 'invoicing', 'invoices', 'teams', 'team', 'tool', 'tools', 'app', 'apps', 'headaches', 'freelancers', 'models', 'notion', 'документы', '予約'];

function dictionary(compacted: boolean) {
  const d = new SpellingDictionary();
  for (const w of WORDS) d.add(w);
  if (compacted) d.compact();
  return d;
}

test('edit distance: Damerau (adjacent swap = 1), bounded', () => {
  const cases: [string, string, number, number][] = [
    ['teams', 'teams', 2, 0],
    ['teams', 'taems', 2, 1],
    ['teams', 'tems', 2, 1],
    ['teams', 'teamss', 2, 1],
    ['teams', 'tezms', 2, 1],
    ['analytics', 'anlaytcs', 2, 2],
    ['analytics', 'xxxxxxxxx', 2, 3],
    ['ab', 'abcdef', 2, 3],
  ];
  for (const [a, b, max, want] of cases) assert.equal(editDistance(a, b, max), want, `${a} ~ ${b}`);
});

test('allowed edits grow with the length of the word', () => {
  assert.deepEqual([1, 3, 4, 7, 8, 12].map(allowedEdits), [0, 0, 1, 1, 2, 2]);
});

for (const compacted of [true, false]) {
  test(`corrections find the four kinds of typo and no more (${compacted ? 'built words' : 'words added later'})`, () => {
    const d = dictionary(compacted);
    const scenarios: { typo: string; expect: string[]; not?: string[] }[] = [
      { typo: 'analytcs', expect: ['analytics'] }, // deletion
      { typo: 'analyttics', expect: ['analytics'] }, // insertion
      { typo: 'analutics', expect: ['analytics'] }, // substitution
      { typo: 'anaylticz', expect: ['analytics'] }, // transposition and substitution: two edits, nine letters
      { typo: 'invocing', expect: ['invoicing'], not: ['invoices'] },
      { typo: 'taems', expect: ['teams'], not: ['tool'] }, // five letters: one edit
      { typo: 'tols', expect: ['tools'], not: ['tool'] }, // "tool" is two edits away
      { typo: 'apo', expect: [], not: ['app', 'apps'] }, // three letters: none
      { typo: 'headahces', expect: ['headaches'] },
      { typo: 'докуметны', expect: ['документы'] }, // not only Latin letters
      { typo: 'zzzzzzzz', expect: [] },
    ];
    for (const s of scenarios) {
      const found = d.corrections(s.typo).map((c) => c.word);
      for (const w of s.expect) assert.ok(found.includes(w), `${s.typo} → ${w} (found ${found.join(', ')})`);
      for (const w of s.not ?? []) assert.ok(!found.includes(w), `${s.typo} ↛ ${w}`);
      if (!s.expect.length) assert.deepEqual(found, [], s.typo);
    }
  });
}

test('a correction never proposes the word itself, and fewer edits come first', () => {
  const d = dictionary(true);
  assert.ok(!d.corrections('teams').some((c) => c.word === 'teams'));
  const ranked = d.corrections('analytcs');
  assert.deepEqual(ranked.map((c) => c.edits), [...ranked.map((c) => c.edits)].sort((a, b) => a - b));
  assert.equal(ranked[0].word, 'analytics');
});

test('a very long word is neither filed nor corrected (its deletions would grow with its square)', () => {
  const d = new SpellingDictionary();
  const long = 'a'.repeat(5000) + 'b';
  const started = performance.now();
  d.add(long);
  d.add('x'.repeat(25));
  d.compact();
  assert.ok(d.has(long), 'still a known word');
  assert.deepEqual(d.corrections(long.slice(1)), []);
  assert.deepEqual(d.corrections('x'.repeat(24)), [], 'nothing filed for the 25-letter word');
  assert.ok(performance.now() - started < 1000, 'linear, not quadratic');
});
