import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Operation } from '../../../operations/define.ts';
import { field, type Web } from '../context.ts';
import { submitOperation, type FormOutcome, type FormRefusal } from '../form-operation.ts';
import { html, type Html } from '../html.ts';

/** The forms of the draft editor; a refused post re-renders the editor with that one form's input. */
export type DraftForm = 'fields' | 'faqs' | 'founders' | 'company' | 'story' | 'milestones' | 'competitor' | 'seo' | 'invite' | 'submit';

/** What a refused post hands back to the page: the form, its values as typed, messages by input name. */
export interface FormState {
  form: DraftForm;
  values: Record<string, string>;
  errors: Record<string, string>;
  summary: string;
}

/** The input names of a posted form, as typed (line breaks counted once, as the textarea does). */
export function postedValues(request: FastifyRequest): Record<string, string> {
  const body = request.body as Record<string, unknown> | undefined;
  const out: Record<string, string> = {};
  for (const name of Object.keys(body ?? {})) if (name !== 'csrf' && name !== 'idempotency_key') out[name] = field(request, name).replace(/\r\n/g, '\n');
  return out;
}

/** How long a post waits for its own twin (a double click) to finish before answering with it. */
const TWIN_WAIT_MS = 250;
const TWIN_TRIES = 40;

/**
 * submitOperation, patient with a double click: the second post of the same form carries the
 * same Idempotency-Key, and while the first is still running it would be refused as in progress.
 * It waits for the first instead, and then answers exactly as the first did.
 */
export async function submitOnce<I extends z.ZodObject, O extends z.ZodObject>(
  web: Web,
  request: FastifyRequest,
  op: Operation<I, O>,
  input: Partial<Record<keyof z.input<I>, unknown>>,
): Promise<FormOutcome<z.output<O>>> {
  for (let i = 0; ; i++) {
    const outcome = await submitOperation(web, request, op, input);
    if (outcome.ok || outcome.code !== 'idempotency_in_progress' || i >= TWIN_TRIES) return outcome;
    await new Promise((r) => setTimeout(r, TWIN_WAIT_MS));
  }
}

/**
 * A refusal as the person reads it: the operation's messages in plain words, and the summary
 * of a form sent twice with different input (the Back button) made actionable.
 */
export function refusalState(form: DraftForm, values: Record<string, string>, refusal: FormRefusal, nameOf: (path: string) => string = (p) => p): FormState {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(refusal.fields)) {
    const name = nameOf(path);
    errors[name] ??= plainMessage(message);
  }
  const summary =
    refusal.code === 'idempotency_key_reused'
      ? 'This form had already been sent with other values (perhaps from the Back button). Check the values below and send it again.'
      : refusal.summary;
  return { form, values, errors, summary };
}

/** The schema's wording ("Too big: expected string to have <=70 characters") as a sentence for a person. */
export function plainMessage(message: string): string {
  const limit = /<=(\d+)/.exec(message)?.[1];
  if (message.startsWith('Too big') && limit) return message.includes('array') ? `Too many: at most ${limit}.` : `Too long: at most ${limit} characters.`;
  if (message.startsWith('Too small') && message.includes('>=1 ')) return 'This is required.';
  // The API's pointer to list_categories means the category list to a person.
  if (message.startsWith('unknown category')) return `${message.split(' (see')[0].replace('unknown', 'Unknown')}: use a name from the category list.`;
  const sentence = message.charAt(0).toUpperCase() + message.slice(1);
  return sentence.endsWith('.') ? sentence : `${sentence}.`;
}

/**
 * The message for an input: its own, or the first about one of its items ("fields.tags.2" shows
 * at the tags box as "Item 3: …").
 */
export function errorAt(errors: Record<string, string>, name: string): string | undefined {
  if (errors[name]) return errors[name];
  for (const [key, message] of Object.entries(errors)) {
    if (!key.startsWith(`${name}.`)) continue;
    const item = Number(key.slice(name.length + 1));
    return Number.isInteger(item) ? `Item ${item + 1}: ${message}` : message;
  }
  return undefined;
}

/** An input name as an element id ("faqs.0.question" → "faqs-0-question"). */
export const idOf = (name: string) => name.split('.').join('-');

interface Control {
  name: string;
  label: string | Html;
  value: string;
  error: string | undefined;
  hint?: string | Html;
  type?: 'text' | 'email' | 'url' | 'date';
  autocomplete?: string;
  /** A textarea instead of a one-line input. */
  rows?: number;
  /** Live character count (draft.js), also stated in the hint. */
  limit?: number;
  optional?: boolean;
}

/** A labelled control with its hint and its message, tied together by aria-describedby. */
export function control(c: Control): Html {
  const id = idOf(c.name);
  const hintId = c.hint || c.limit ? `${id}-hint` : '';
  const described = [hintId, c.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const attrs = html`${described ? html` aria-describedby="${described}"` : ''}${c.error ? html` aria-invalid="true"` : ''}${c.limit ? html` data-limit="${c.limit}"` : ''}`;
  const count = c.limit
    ? html` <span id="${id}-count"${c.value.length > c.limit ? html` class="over"` : ''}>${c.value.length} of ${c.limit} characters${c.value.length > c.limit ? `: ${c.value.length - c.limit} too many` : ''}.</span>`
    : '';
  const input =
    c.rows !== undefined
      ? html`<textarea id="${id}" name="${c.name}" rows="${c.rows}"${attrs}>${c.value}</textarea>`
      : html`<input type="${c.type ?? 'text'}" id="${id}" name="${c.name}" value="${c.value}"${c.autocomplete ? html` autocomplete="${c.autocomplete}"` : ''}${attrs}>`;
  return html`<label for="${id}">${c.label}${c.optional ? html` <span class="muted">(optional)</span>` : ''}</label>
${input}
${hintId ? html`<p class="hint" id="${hintId}">${c.hint ?? ''}${count}</p>` : ''}
${c.error ? html`<p class="field-error" id="${id}-error">${c.error}</p>` : ''}`;
}
