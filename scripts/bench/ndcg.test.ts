import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dcg, ndcg } from './ndcg.ts';

const close = (actual: number | undefined, expected: number, what: string) =>
  assert.ok(actual !== undefined && Math.abs(actual - expected) < 1e-9, `${what}: ${actual} ≠ ${expected}`);

test('NDCG@10 of a hand-computed answer', () => {
  // Judged: a 3, b 2, c 1, d 1. Answer: x (unjudged), b, a, c.
  //   DCG   = 0/log2 2 + 3/log2 3 + 7/log2 4 + 1/log2 5 = 1.892789261 + 3.5 + 0.430676558 = 5.823465819
  //   ideal = a, b, c, d = 7/1 + 3/log2 3 + 1/log2 4 + 1/log2 5 = 7 + 1.892789261 + 0.5 + 0.430676558 = 9.823465819
  //   NDCG  = 5.823465819 / 9.823465819 = 0.59281174
  const judged = new Map([['a', 3], ['b', 2], ['c', 1], ['d', 1]]);
  close(dcg([0, 2, 3, 1], 10), 5.823465819, 'DCG');
  close(ndcg(['x', 'b', 'a', 'c'], judged), 5.823465819 / 9.823465819, 'NDCG');
  assert.equal(ndcg(['x', 'b', 'a', 'c'], judged)?.toFixed(8), '0.59281174');
});

test('NDCG@10 scenarios', () => {
  const judged = new Map([['a', 3], ['b', 2], ['c', 1]]);
  const ten = (first: string) => [first, ...Array.from({ length: 9 }, (_, i) => `other-${i}`)];
  const cases: { answer: string[]; judged: Map<string, number>; expected: number | undefined; why: string }[] = [
    { answer: ['a', 'b', 'c'], judged, expected: 1, why: 'the ideal order' },
    { answer: ['a', 'b', 'c', 'x', 'y'], judged, expected: 1, why: 'unjudged results after every judged one cost nothing' },
    { answer: [], judged, expected: 0, why: 'no answer' },
    { answer: ['x', 'y'], judged, expected: 0, why: 'nothing judged found' },
    { answer: [...ten('x'), 'a'], judged, expected: 0, why: 'found at rank 11: outside the cut-off' },
    { answer: ten('a'), judged: new Map([['a', 3]]), expected: 1, why: 'the one expected listing first' },
    { answer: ['x', 'a'], judged: new Map([['a', 3]]), expected: 1 / Math.log2(3), why: 'the one expected listing second' },
    { answer: ['a'], judged: new Map([['a', 0]]), expected: undefined, why: 'nothing relevant judged: not scored' },
  ];
  for (const c of cases) assert.equal(ndcg(c.answer, c.judged)?.toFixed(9), c.expected?.toFixed(9), c.why);
});

test('more judged listings than the cut-off: the ideal counts only the best ten', () => {
  const judged = new Map(Array.from({ length: 15 }, (_, i) => [`l${i}`, 3]));
  assert.equal(ndcg(Array.from({ length: 10 }, (_, i) => `l${14 - i}`), judged), 1);
});
