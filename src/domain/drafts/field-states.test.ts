import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyFieldEvent, FIELD_EVENTS, FIELD_STATES, TRANSITIONS, type FieldEvent, type FieldRecord, type FieldState } from './field-states.ts';

const EV = [{ url: 'https://site.test/', quote: 'Acme makes invoices' }];
const NEW_EV = [{ url: 'https://site.test/about', quote: 'Acme, invoices done' }];
const AI = { value: 'Acme invoices', evidence: EV };
const NEW_AI = { value: 'Invoices, done', evidence: NEW_EV };
const NONE = { value: null, evidence: [] };

/** A field in each state, as it would really be stored, with and without an AI value behind it. */
function fieldIn(state: FieldState, aiHasValue: boolean): FieldRecord {
  const ai = aiHasValue ? AI : NONE;
  switch (state) {
    case 'ai':
      return { value: AI.value, state, evidence: EV, ai: AI };
    case 'not_found':
      return { value: null, state, evidence: [], ai: NONE };
    case 'edited':
      return { value: 'Owner text', state, evidence: [], ai: AI };
    case 'manual':
      return { value: 'Owner text', state, evidence: [], ai: NONE };
    case 'override':
      return { value: 'Locked text', state, evidence: [], ai };
    case 'deleted':
      return { value: null, state, evidence: [], ai };
  }
}
/** Which (state, AI has a value) combinations exist: ai and edited always have one; not_found and manual never. */
const REAL: [FieldState, boolean][] = FIELD_STATES.flatMap((s): [FieldState, boolean][] =>
  s === 'ai' || s === 'edited' ? [[s, true]] : s === 'not_found' || s === 'manual' ? [[s, false]] : [[s, true], [s, false]],
);

const events = (found: boolean): Record<(typeof FIELD_EVENTS)[number], FieldEvent> => ({
  set: { kind: 'set', value: 'Client value' },
  clear: { kind: 'clear' },
  lock: { kind: 'lock' },
  restore: { kind: 'restore' },
  regenerate: { kind: 'regenerate', verdict: found ? NEW_AI : NONE },
  redraft: { kind: 'redraft', verdict: found ? NEW_AI : NONE },
});

/**
 * The expected result of every cell, written out independently of TRANSITIONS: [state, value]
 * after the event, for (state, AI had a value, the new AI verdict found a value).
 */
function expected(state: FieldState, aiHad: boolean, found: boolean, event: (typeof FIELD_EVENTS)[number], before: FieldRecord): [FieldState, unknown] {
  const verdict: [FieldState, unknown] = found ? ['ai', NEW_AI.value] : ['not_found', null];
  const restored: [FieldState, unknown] = aiHad ? ['ai', AI.value] : ['not_found', null];
  switch (event) {
    case 'set':
      return state === 'override' ? ['override', 'Client value'] : [aiHad ? 'edited' : 'manual', 'Client value'];
    case 'clear':
      return ['deleted', null];
    case 'lock':
      return ['override', before.value];
    case 'restore':
      return restored;
    case 'regenerate':
      return state === 'override' ? ['override', before.value] : verdict;
    case 'redraft':
      return state === 'ai' || state === 'not_found' ? verdict : [state, before.value];
  }
}

test('the table has a cell for every state and event', () => {
  assert.deepEqual(Object.keys(TRANSITIONS).sort(), [...FIELD_STATES].sort());
  for (const s of FIELD_STATES) assert.deepEqual(Object.keys(TRANSITIONS[s]).sort(), [...FIELD_EVENTS].sort());
});

for (const [state, aiHad] of REAL) {
  for (const event of FIELD_EVENTS) {
    for (const found of event === 'regenerate' || event === 'redraft' ? [true, false] : [true]) {
      const label = `${state}${aiHad ? '' : ' (no AI value)'} + ${event}${event === 'regenerate' || event === 'redraft' ? (found ? ' (AI finds a value)' : ' (AI finds nothing)') : ''}`;
      test(label, () => {
        const before = fieldIn(state, aiHad);
        const after = applyFieldEvent(before, events(found)[event]);
        const [wantState, wantValue] = expected(state, aiHad, found, event, before);
        assert.equal(after.state, wantState);
        assert.deepEqual(after.value, wantValue);
        // Evidence belongs to AI values only; the owner's values carry none.
        if (after.state === 'ai') assert.deepEqual(after.evidence, after.value === AI.value ? EV : NEW_EV);
        if (['edited', 'manual', 'deleted', 'not_found'].includes(after.state)) assert.deepEqual(after.evidence, []);
        // The AI verdict is refreshed by the AI's events, except on a locked field asked to regenerate.
        const refreshed = (event === 'redraft' || event === 'regenerate') && !(event === 'regenerate' && state === 'override');
        assert.deepEqual(after.ai, refreshed ? (found ? NEW_AI : NONE) : before.ai);
      });
    }
  }
}

test('setting the value a field already shows changes nothing', () => {
  const before = fieldIn('ai', true);
  assert.equal(applyFieldEvent(before, { kind: 'set', value: AI.value }), before);
});

test('restore after an edit brings back the AI value with its evidence', () => {
  const edited = applyFieldEvent(fieldIn('ai', true), { kind: 'set', value: 'Mine' });
  assert.deepEqual(applyFieldEvent(edited, { kind: 'restore' }), { value: AI.value, state: 'ai', evidence: EV, ai: AI });
});

test('a field the AI never looked at restores to not_found', () => {
  const manual: FieldRecord = { value: 'Mine', state: 'manual', evidence: [], ai: null };
  assert.deepEqual(applyFieldEvent(manual, { kind: 'restore' }), { value: null, state: 'not_found', evidence: [], ai: null });
});
