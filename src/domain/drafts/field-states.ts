import { isDeepStrictEqual } from 'node:util';
import type { Evidence, FieldValue } from '../../extraction/types.ts';

/**
 * The states of one draft profile field (spec 3.2) and every transition between them, as data.
 * docs/decisions.md ("Drafts") prints this table; field-states.test.ts checks every cell.
 */
export const FIELD_STATES = ['ai', 'not_found', 'edited', 'manual', 'override', 'deleted'] as const;
export type FieldState = (typeof FIELD_STATES)[number];

/**
 * What can happen to a field: the owner sets a value, sends null, locks, restores or asks for a
 * regenerate (update_draft); the pipeline drafts the site again (redraft: a first run or a re-run).
 */
export const FIELD_EVENTS = ['set', 'clear', 'lock', 'restore', 'regenerate', 'redraft'] as const;
export type FieldEventKind = (typeof FIELD_EVENTS)[number];

/** The AI's verdict for a field: its value with evidence, or null when the site did not state it. */
export interface AiDraft {
  value: FieldValue | null;
  evidence: Evidence[];
}

/** One field as stored on the draft. `ai` is null until the AI has looked at the field. */
export interface FieldRecord {
  value: FieldValue | null;
  state: FieldState;
  /** Evidence of the value shown: the AI's for AI values (and locked AI values), none for the owner's. */
  evidence: Evidence[];
  /** The AI's latest verdict, kept so restore can put it back. */
  ai: AiDraft | null;
}

export type FieldEvent =
  | { kind: 'set'; value: FieldValue }
  | { kind: 'clear' }
  | { kind: 'lock' }
  | { kind: 'restore' }
  | { kind: 'regenerate'; verdict: AiDraft }
  | { kind: 'redraft'; verdict: AiDraft };

/**
 * Where a cell leads. state: a state, or
 *   'ai_or_not_found'  → ai when the AI has a value, else not_found;
 *   'edited_or_manual' → edited when the AI has a value (a client value over an AI value), else manual;
 *   'same'             → unchanged.
 * value: 'input' (the client's), 'ai' (the AI's, with its evidence), 'none' (null), 'same'.
 * ai: whether the stored AI verdict is replaced by the event's verdict.
 */
export interface Transition {
  state: FieldState | 'ai_or_not_found' | 'edited_or_manual' | 'same';
  value: 'input' | 'ai' | 'none' | 'same';
  ai: 'refresh' | 'keep';
}

const SET: Transition = { state: 'edited_or_manual', value: 'input', ai: 'keep' };
const CLEAR: Transition = { state: 'deleted', value: 'none', ai: 'keep' };
const LOCK: Transition = { state: 'override', value: 'same', ai: 'keep' };
const RESTORE: Transition = { state: 'ai_or_not_found', value: 'ai', ai: 'keep' };
const TAKE_VERDICT: Transition = { state: 'ai_or_not_found', value: 'ai', ai: 'refresh' };
/** The owner's value stays; the AI's new verdict is remembered for restore. */
const KEEP_OWNERS: Transition = { state: 'same', value: 'same', ai: 'refresh' };
const UNTOUCHED: Transition = { state: 'same', value: 'same', ai: 'keep' };

export const TRANSITIONS: Record<FieldState, Record<FieldEventKind, Transition>> = {
  ai: { set: SET, clear: CLEAR, lock: LOCK, restore: RESTORE, regenerate: TAKE_VERDICT, redraft: TAKE_VERDICT },
  not_found: { set: SET, clear: CLEAR, lock: LOCK, restore: RESTORE, regenerate: TAKE_VERDICT, redraft: TAKE_VERDICT },
  edited: { set: SET, clear: CLEAR, lock: LOCK, restore: RESTORE, regenerate: TAKE_VERDICT, redraft: KEEP_OWNERS },
  manual: { set: SET, clear: CLEAR, lock: LOCK, restore: RESTORE, regenerate: TAKE_VERDICT, redraft: KEEP_OWNERS },
  // Locked: a new client value stays locked; regenerate leaves it alone; restore unlocks.
  override: { set: { state: 'same', value: 'input', ai: 'keep' }, clear: CLEAR, lock: LOCK, restore: RESTORE, regenerate: UNTOUCHED, redraft: KEEP_OWNERS },
  deleted: { set: SET, clear: CLEAR, lock: LOCK, restore: RESTORE, regenerate: TAKE_VERDICT, redraft: KEEP_OWNERS },
};

export const blankField = (): FieldRecord => ({ value: null, state: 'not_found', evidence: [], ai: null });

/**
 * The field after one event, by the table. Setting the value a field already shows changes
 * nothing: a client that sends back what it read does not turn AI values into edited ones.
 */
export function applyFieldEvent(field: FieldRecord, event: FieldEvent): FieldRecord {
  if (event.kind === 'set' && isDeepStrictEqual(event.value, field.value)) return field;
  const cell = TRANSITIONS[field.state][event.kind];
  const ai = cell.ai === 'refresh' && 'verdict' in event ? event.verdict : field.ai;
  const aiHasValue = ai !== null && ai.value !== null;

  let value = field.value;
  let evidence = field.evidence;
  if (cell.value === 'input' && event.kind === 'set') [value, evidence] = [event.value, []];
  else if (cell.value === 'none') [value, evidence] = [null, []];
  else if (cell.value === 'ai') [value, evidence] = aiHasValue ? [ai.value, ai.evidence] : [null, []];

  const state =
    cell.state === 'same'
      ? field.state
      : cell.state === 'ai_or_not_found'
        ? aiHasValue ? 'ai' : 'not_found'
        : cell.state === 'edited_or_manual'
          ? aiHasValue ? 'edited' : 'manual'
          : cell.state;
  return { value, state, evidence, ai };
}
