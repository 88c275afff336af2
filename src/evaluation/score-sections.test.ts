import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Answer, Section } from './corpus.ts';
import { people, scoreSection, sectionTotals, type DraftedFaq, type DraftedFounder } from './score-sections.ts';
import type { Outcome } from './score.ts';

const PAGE = 'http://127.0.0.1:1/faq';
const TEXT = 'Is there a free plan? Yes, forever. Can I cancel? Any time. Founded by Ada Lovelace and Charles Babbage. Kathrin Hallén runs it.';
const page = (url: string) => (url === PAGE ? { text: TEXT, urls: [], html: '' } : undefined);
const faq = (question: string, quote = question): DraftedFaq => ({ question, answer: '…', evidence: [{ url: PAGE, quote }] });
const founder = (name: string, quote = name): DraftedFounder => ({ name, title: null, bio: null, evidence: [{ url: PAGE, quote }] });
const stated = (...accept: string[]): Answer => ({ stated: true, accept });
const absent: Answer = { stated: false };

const scenarios: Array<{ name: string; section: Section; answer: Answer; drafted: Array<DraftedFaq | DraftedFounder>; outcome: Outcome; unverified?: boolean }> = [
  { name: 'two of the stated questions', section: 'faqs', answer: stated('Is there a free plan?', 'Can I cancel?', 'Who made it?'), drafted: [faq('Is there a free plan?'), faq('Can I cancel?')], outcome: 'found' },
  { name: 'one of three questions is not enough', section: 'faqs', answer: stated('Is there a free plan?', 'Can I cancel?', 'Who made it?'), drafted: [faq('Can I cancel?')], outcome: 'other' },
  { name: 'no FAQ where the site has one', section: 'faqs', answer: stated('Is there a free plan?'), drafted: [], outcome: 'missed' },
  { name: 'an FAQ where the site has none', section: 'faqs', answer: absent, drafted: [faq('Can I cancel?')], outcome: 'invented' },
  { name: 'nothing where the site has nothing', section: 'founders', answer: absent, drafted: [], outcome: 'blank' },
  { name: 'the one founder, written longer', section: 'founders', answer: stated('Ada Lovelace'), drafted: [founder('Ada Lovelace', 'Founded by Ada Lovelace')], outcome: 'found' },
  { name: 'a name holding the key (nickname in brackets)', section: 'founders', answer: stated('Pavlo Buidenkov'), drafted: [founder('Pavlo Buidenkov (Paul)', 'Ada Lovelace')], outcome: 'found' },
  { name: 'somebody else', section: 'founders', answer: stated('Ada Lovelace', 'Charles Babbage'), drafted: [founder('Charles Babbage'), founder('Alan Turing', 'Ada Lovelace')], outcome: 'other' },
  // One person in several spellings is one entry of the key: naming them once names them.
  { name: 'one person in three spellings', section: 'founders', answer: stated('Ada Lovelace', 'Lovelace Ada King', 'Augusta Ada King Lovelace'), drafted: [founder('Ada Lovelace')], outcome: 'found' },
  { name: 'one person spelt with and without accents', section: 'founders', answer: stated('Kathrin Hallén', 'Kathrin Hallen'), drafted: [founder('Kathrin Hallén')], outcome: 'found' },
  { name: 'one person written with and without a space', section: 'founders', answer: stated('佐藤節雄', '佐藤 節雄'), drafted: [founder('佐藤節雄', 'Ada Lovelace')], outcome: 'found' },
  { name: 'two people and a second spelling of one: one named is not enough', section: 'founders', answer: stated('Ada Lovelace', 'Lovelace Ada', 'Charles Babbage'), drafted: [founder('Ada Lovelace')], outcome: 'other' },
  { name: 'two people and a second spelling of one: both named', section: 'founders', answer: stated('Ada Lovelace', 'Lovelace Ada', 'Charles Babbage'), drafted: [founder('Lovelace Ada', 'Ada Lovelace'), founder('Charles Babbage')], outcome: 'found' },
  { name: 'two people who share a surname are two', section: 'founders', answer: stated('Anna Smith', 'John Smith'), drafted: [founder('Anna Smith', 'Ada Lovelace')], outcome: 'other' },
  { name: 'a quote that is not on the page', section: 'founders', answer: stated('Ada Lovelace'), drafted: [founder('Ada Lovelace', 'Ada Lovelace, CEO')], outcome: 'found', unverified: true },
  { name: 'an entry without evidence', section: 'faqs', answer: stated('Can I cancel?'), drafted: [{ question: 'Can I cancel?', answer: 'Any time.', evidence: [] }], outcome: 'found', unverified: true },
];

for (const s of scenarios) {
  test(`sections: ${s.name} → ${s.outcome}${s.unverified ? ', unverified' : ''}`, () => {
    const score = scoreSection(s.section, s.answer, s.drafted, page)!;
    assert.equal(score.outcome, s.outcome, JSON.stringify(score));
    assert.equal(score.unverified.length > 0, s.unverified ?? false, score.unverified.join('; '));
  });
}

test('sections: a key that does not judge a section scores nothing; totals count what was scored', () => {
  assert.equal(scoreSection('faqs', undefined, [faq('Can I cancel?')], page), undefined);
  const t = sectionTotals(
    [
      { site: 'a', fields: [], sections: [scoreSection('faqs', stated('Can I cancel?'), [faq('Can I cancel?')], page)!] },
      { site: 'b', fields: [], sections: [scoreSection('faqs', absent, [faq('Can I cancel?')], page)!] },
      { site: 'c', fields: [] },
    ],
    ['faqs', 'founders'],
  );
  assert.deepEqual(t, [
    { section: 'faqs', stated: 1, found: 1, other: 0, invented: 1, unverified: 0, scored: 2 },
    { section: 'founders', stated: 0, found: 0, other: 0, invented: 0, unverified: 0, scored: 0 },
  ]);
});

test('sections: the key\'s names grouped by person (all of one\'s words among the other\'s, two words at least)', () => {
  assert.deepEqual(people(['Мария Васильевна Дулецкая', 'Дулецкая Мария Васильевна', 'Мария Дулецкая']), [['Мария Васильевна Дулецкая', 'Дулецкая Мария Васильевна', 'Мария Дулецкая']]);
  assert.deepEqual(people(['Ada Lovelace', 'Charles Babbage', 'Babbage Charles']), [['Ada Lovelace'], ['Charles Babbage', 'Babbage Charles']]);
  assert.deepEqual(people(['Smith', 'Anna Smith', 'John Smith']), [['Smith'], ['Anna Smith'], ['John Smith']]);
  assert.deepEqual(people(['Ada K. Lovelace', 'Ada King Lovelace', 'Dr. Ada K. Lovelace', 'Ada L. Byron']), [['Ada K. Lovelace', 'Ada King Lovelace', 'Dr. Ada K. Lovelace'], ['Ada L. Byron']]);
  assert.deepEqual(people(['佐藤 節雄', '佐藤節雄', '佐藤花子']), [['佐藤 節雄', '佐藤節雄'], ['佐藤花子']]);
});
