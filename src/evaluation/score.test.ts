import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DraftField } from '../extraction/types.ts';
import type { Answer } from './corpus.ts';
import { scoreField, similar, totals, type DraftedField, type Outcome } from './score.ts';

const PAGE = 'http://127.0.0.1:1/';
const TEXT = 'Acme Hosting\nFast managed web hosting\nStarter $5/month\nBusiness $20/month\nDaily backups\nFree SSL\nStaging sites';
const page = (url: string) => (url === PAGE ? { text: TEXT, urls: ['http://127.0.0.1:1/img/logo.svg'], html: '<a href="mailto:hi@acme.test">Write</a>' } : undefined);
const ai = (value: string | string[], quotes: string[] = Array.isArray(value) ? value : [value]): DraftedField => ({ state: 'ai', value, evidence: quotes.map((quote) => ({ url: PAGE, quote })) });
const stated = (...accept: string[]): Answer => ({ stated: true, accept });
const absent: Answer = { stated: false };

const scenarios: Array<{ name: string; field: DraftField; answer: Answer; drafted?: DraftedField; outcome: Outcome; unverified?: number }> = [
  { name: 'the stated value', field: 'name', answer: stated('Acme Hosting', 'Acme'), drafted: ai('Acme Hosting'), outcome: 'found' },
  { name: 'a little more than the key', field: 'tagline', answer: stated('managed web hosting'), drafted: ai('Fast managed web hosting'), outcome: 'found' },
  { name: 'a word of a long tagline is not the tagline', field: 'tagline', answer: stated('Fast managed web hosting'), drafted: ai('Acme Hosting', ['Acme Hosting']), outcome: 'other' },
  { name: 'blank where the site states it', field: 'tagline', answer: stated('Fast managed web hosting'), drafted: { state: 'not_found', value: null, evidence: [] }, outcome: 'missed' },
  { name: 'filled where the site is silent', field: 'country', answer: absent, drafted: ai('DE', ['Acme Hosting']), outcome: 'invented' },
  { name: 'blank where the site is silent', field: 'city', answer: absent, drafted: undefined, outcome: 'blank' },
  { name: 'an edited value is not the draft', field: 'city', answer: absent, drafted: { state: 'edited', value: 'Berlin', evidence: [] }, outcome: 'blank' },
  { name: 'codes compare exactly', field: 'pricing_model', answer: stated('subscription'), drafted: ai('freemium', ['Starter $5/month']), outcome: 'other' },
  { name: 'a category: one right one is enough', field: 'categories', answer: stated('Web hosting'), drafted: ai(['Software', 'Web hosting'], ['Fast managed web hosting']), outcome: 'found' },
  { name: 'features: two of the stated ones', field: 'features', answer: stated('Daily backups', 'Free SSL', 'Staging sites'), drafted: ai(['Daily backups', 'Free SSL']), outcome: 'found' },
  { name: 'features: one of three is not enough', field: 'features', answer: stated('Daily backups', 'Free SSL', 'Staging sites'), drafted: ai(['Daily backups']), outcome: 'other' },
  { name: 'a summary of plans, each quoted', field: 'pricing_summary', answer: stated('Starter $5/month'), drafted: ai('Starter $5/month; Business $20/month', ['Starter $5/month', 'Business $20/month']), outcome: 'found' },
  { name: 'a logo given as written in the page', field: 'logo_url', answer: stated('img/logo.svg'), drafted: ai('http://127.0.0.1:1/img/logo.svg'), outcome: 'found' },
  { name: 'an e-mail address evidenced by its mailto link', field: 'contact_email', answer: stated('hi@acme.test'), drafted: ai('hi@acme.test', ['mailto:hi@acme.test']), outcome: 'found' },
  { name: 'a mailto link the page does not have', field: 'contact_email', answer: stated('hi@acme.test'), drafted: ai('no@acme.test', ['mailto:no@acme.test']), outcome: 'other', unverified: 1 },
  { name: 'a quote that is not on the page', field: 'name', answer: stated('Acme'), drafted: ai('Acme', ['Acme Corporation']), outcome: 'found', unverified: 1 },
  { name: 'a value its quotes do not hold', field: 'tagline', answer: stated('Fast managed web hosting'), drafted: ai('Fast managed web hosting for all', ['Fast managed web hosting']), outcome: 'found', unverified: 1 },
  { name: 'a quote citing a page that was not stored', field: 'name', answer: stated('Acme'), drafted: { state: 'ai', value: 'Acme', evidence: [{ url: 'http://elsewhere/', quote: 'Acme' }] }, outcome: 'found', unverified: 1 },
  { name: 'a value without evidence', field: 'name', answer: stated('Acme'), drafted: { state: 'ai', value: 'Acme', evidence: [] }, outcome: 'found', unverified: 1 },
];

for (const s of scenarios) {
  test(`score: ${s.name} → ${s.outcome}${s.unverified ? ', unverified' : ''}`, () => {
    const score = scoreField(s.field, s.answer, s.drafted, page);
    assert.equal(score.outcome, s.outcome, JSON.stringify(score));
    assert.equal(score.unverified.length > 0, (s.unverified ?? 0) > 0, score.unverified.join('; '));
  });
}

test('similar: word overlap across scripts, containment only when the shorter is substantial', () => {
  assert.equal(similar('Il tuo PDF resta sul tuo computer', 'Il tuo PDF resta sul tuo computer. E paghi una volta sola.'), true);
  assert.equal(similar('PDF', 'Il tuo PDF resta sul tuo computer.'), false);
  assert.equal(similar('条件付き確率場に基づく高い解析精度', '条件付き確率場(CRF)に基づく高い解析精度'), true);
  assert.equal(similar('完全無料', 'オフライン動作'), false);
});

test('totals: recall counts every stated field, invented and unverified are counted apart', () => {
  const t = totals([
    { site: 'a', fields: [scoreField('name', stated('Acme'), ai('Acme Hosting', ['Acme Hosting']), page), scoreField('city', absent, ai('Berlin', ['Berlin']), page)] },
    { site: 'b', fields: [scoreField('name', stated('Other'), undefined, page)] },
  ]);
  assert.deepEqual({ ...t.all }, { stated: 2, found: 1, other: 0, invented: 1, unverified: 1, recall: 0.5 });
});
