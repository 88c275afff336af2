import { html, type Html } from '../html.ts';
import { errorSummary, fieldError } from '../layout.ts';
import type { FormRefusal } from '../form-operation.ts';

/**
 * A form of the founder workspace as it is shown: the values to put back in the fields (what was
 * posted, after an error), the messages by field name, and the form's Idempotency-Key when it
 * is shown again. Field names are the operation's own dotted input paths (fields.tagline,
 * faqs.0.question), so its messages land beside the field that caused them.
 */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  summary?: string;
  key?: string;
  /** Names whose message a field has shown; the rest go into the summary. */
  shown?: Set<string>;
}

export const blankForm = (values: Record<string, string> = {}): FormState => ({ values, errors: {} });

/**
 * A refused post shown again. It gets a fresh Idempotency-Key: the refusal is stored under the
 * old one, so corrected values sent with it would be refused as a reused key. Only while the
 * first post is still running is the key kept, so a second try cannot do the work twice.
 */
export const refusedForm = (values: Record<string, string>, refusal: FormRefusal): FormState => ({
  values,
  errors: refusal.fields,
  summary: refusal.summary,
  key: refusal.retryKey,
});

/** An id safe in CSS selectors and fragment links for a dotted field name. */
export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The message for a field: its own, or the first of an entry inside it (fields.features.3 belongs to fields.features). */
export function errorOf(s: FormState, name: string): string | undefined {
  for (const [key, message] of Object.entries(s.errors)) {
    if (key === name || key.startsWith(`${name}.`)) {
      (s.shown ??= new Set()).add(key);
      if (key === name) return message;
      // An entry of a one-per-line list: say which line.
      const index = Number(key.slice(name.length + 1).split('.')[0]);
      return Number.isInteger(index) ? `Line ${index + 1}: ${message}` : message;
    }
  }
  return undefined;
}

interface FieldOptions {
  hint?: string;
  max?: number;
  type?: 'text' | 'email' | 'url' | 'date' | 'number';
  autocomplete?: string;
  inputmode?: 'numeric' | 'decimal' | 'email' | 'url';
  required?: boolean;
  rows?: number;
  /** The label, visually as given; in a table or a row of fields a screen reader hears this instead. */
  ariaLabel?: string;
}

const hintOf = (id: string, hint?: string) => (hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : '');
function described(id: string, hint: string | undefined, error: string | undefined): Html {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids ? html` aria-describedby="${ids}"${error ? html` aria-invalid="true"` : ''}` : html``;
}

export function textField(s: FormState, name: string, label: string, o: FieldOptions = {}): Html {
  const id = fieldId(name);
  const error = errorOf(s, name);
  return html`<label for="${id}">${label}${o.required ? '' : html` <span class="muted">(optional)</span>`}</label>
${hintOf(id, o.hint)}<input type="${o.type ?? 'text'}" id="${id}" name="${name}" value="${s.values[name] ?? ''}"${o.max ? html` maxlength="${o.max}"` : ''}${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : ''}${o.inputmode ? html` inputmode="${o.inputmode}"` : ''}${o.required ? html` required` : ''}${described(id, o.hint, error)}>
${fieldError(id, error)}`;
}

export function textArea(s: FormState, name: string, label: string, o: FieldOptions = {}): Html {
  const id = fieldId(name);
  const error = errorOf(s, name);
  return html`<label for="${id}">${label}${o.required ? '' : html` <span class="muted">(optional)</span>`}</label>
${hintOf(id, o.hint)}<textarea id="${id}" name="${name}" rows="${o.rows ?? 5}"${o.max ? html` maxlength="${o.max}"` : ''}${o.required ? html` required` : ''}${described(id, o.hint, error)}>${s.values[name] ?? ''}</textarea>
${fieldError(id, error)}`;
}

export function selectField(s: FormState, name: string, label: string, options: readonly (readonly [string, string])[], o: FieldOptions = {}): Html {
  const id = fieldId(name);
  const error = errorOf(s, name);
  const current = s.values[name] ?? '';
  return html`<label for="${id}">${label}</label>
${hintOf(id, o.hint)}<select id="${id}" name="${name}"${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : ''}${described(id, o.hint, error)}>${options.map(([v, text]) => html`<option value="${v}"${v === current ? html` selected` : ''}>${text}</option>`)}</select>
${fieldError(id, error)}`;
}

export function checkbox(name: string, value: string, label: Html | string, checked: boolean): Html {
  const id = fieldId(`${name}-${value}`);
  return html`<label for="${id}"><input type="checkbox" id="${id}" name="${name}" value="${value}"${checked ? html` checked` : ''}> ${label}</label>`;
}

/**
 * The form's error summary, with the messages no field showed (an input the form has no field for).
 * Render it after the fields (their rendering marks what they showed), then place it first.
 */
export function formSummary(s: FormState): Html {
  if (!s.summary) return html``;
  const left = Object.entries(s.errors).filter(([k]) => !s.shown?.has(k));
  return html`${errorSummary(s.summary)}${left.length ? html`<ul class="field-error">${left.map(([k, m]) => html`<li>${k}: ${m}</li>`)}</ul>` : ''}`;
}


const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/**
 * Codes DisplayNames knows that are no current ISO 3166-1 country: groupings, pseudo-locales,
 * exceptional reservations (AC, CP, DG, EA, IC, TA, CQ, UK) and withdrawn codes (AN, BU, CS, DD…).
 */
const NOT_COUNTRIES = new Set(
  'EU EZ UN ZZ QO XA XB AC CP CQ DG EA IC TA UK AN BU CS DD DY FX HV NH RH SU TP VD YD YU ZR'.split(' '),
);

/** Every ISO 3166-1 alpha-2 country with its English name, by name. */
export const COUNTRIES: readonly (readonly [string, string])[] = (() => {
  const out: [string, string][] = [];
  for (const a of LETTERS) {
    for (const b of LETTERS) {
      const code = a + b;
      const name = regionNames.of(code);
      if (name && name !== code && !NOT_COUNTRIES.has(code)) out.push([code, name]);
    }
  }
  return out.sort((x, y) => x[1].localeCompare(y[1], 'en'));
})();

export const countryName = (code: string) => regionNames.of(code) ?? code;
