import { test } from 'node:test';
import assert from 'node:assert/strict';
import { correctionGroups, likelyMatches, queryWords } from './typo-query.ts';

test('query words: letters and digits only, lower-cased, deduplicated, tsquery syntax dropped', () => {
  assert.deepEqual(queryWords('Invoicing & "Billing" | !tools:* invoicing'), ['invoicing', 'billing', 'tools']);
  assert.deepEqual(queryWords('Café 3D'), ['café', '3d']);
  assert.deepEqual(queryWords('--- ()'), []);
});

test('each word must match, as itself or as one of its corrections', () => {
  const suggestions = new Map([
    ['analytcs', ['analytics', 'analytic']],
    ['tol', ['tool', 'tol']],
  ]);
  assert.deepEqual(correctionGroups(['analytcs', 'tol', 'web'], suggestions), [['analytcs', 'analytics', 'analytic'], ['tol', 'tool'], ['web']]);
});

test('a query is as common as its rarest word; unknown words count 0', () => {
  const documents = new Map([
    ['analytcs', 7900],
    ['tool', 12000],
  ]);
  assert.equal(likelyMatches(['analytcs', 'tool'], documents), 7900);
  assert.equal(likelyMatches(['analytcs', 'zzqx'], documents), 0);
});
