import type { z } from 'zod';
import type { Draft } from '../../../contract/draft.ts';
import { SOCIAL_KEYS } from '../../../contract/socials.ts';
import { control, errorAt, type FormState } from './form.ts';
import { evidenceList } from './fields.ts';
import { keptRows, removeBox, rowCount } from './rows.ts';
import { formKeys } from '../form-operation.ts';
import { html, type Html } from '../html.ts';
import { errorSummary } from '../layout.ts';
import { platformName } from '../social-links.ts';

type DraftView = z.output<typeof Draft>;

export interface SectionContext {
  draft: DraftView;
  csrf: string;
  state: FormState | undefined;
}

export const MAX_FAQS = 10;
export const MAX_FOUNDERS = 6;

/** A link's label in the form: the name people read (social-links.ts), said more plainly where a form needs it. */
const FORM_WORDING: Record<string, string> = { x: 'X (Twitter)', custom: 'Other link' };
const socialLabel = (key: (typeof SOCIAL_KEYS)[number]) => FORM_WORDING[key] ?? platformName(key);

/** The values a form shows: as posted after a refusal of this form, else from the draft. */
function shown(c: SectionContext, form: FormState['form'], fromDraft: () => Record<string, string>) {
  const own = c.state?.form === form;
  return { own, values: own ? c.state!.values : fromDraft(), errors: own ? c.state!.errors : {}, summary: own ? errorSummary(c.state!.summary) : '' };
}

function rowsOf<T>(items: T[], list: string, keys: (item: T) => Record<string, string | null>) {
  const out: Record<string, string> = {};
  items.forEach((item, i) => {
    for (const [k, v] of Object.entries(keys(item))) out[`${list}.${i}.${k}`] = v ?? '';
  });
  return out;
}

/** Rows to draw: the posted ones, or the draft's plus one empty row to add another (room permitting). */
const rowsToDraw = (values: Record<string, string>, list: string, own: boolean, max: number) => {
  const n = rowCount(values, list);
  return own ? Math.max(n, 1) : Math.min(n + 1, max);
};

export function faqsSection(c: SectionContext): Html {
  const s = shown(c, 'faqs', () => rowsOf(c.draft.faqs, 'faqs', (f) => ({ question: f.question, answer: f.answer })));
  const rows = Array.from({ length: rowsToDraw(s.values, 'faqs', s.own, MAX_FAQS) }, (_, i) => {
    const v = (k: string) => s.values[`faqs.${i}.${k}`] ?? '';
    const isNew = i >= c.draft.faqs.length && !s.own;
    return html`<fieldset>
<legend>${isNew ? 'Add a question' : `Question ${i + 1}`}</legend>
${control({ name: `faqs.${i}.question`, label: 'Question', value: v('question'), error: errorAt(s.errors, `faqs.${i}.question`), hint: 'At most 300 characters.' })}
${control({ name: `faqs.${i}.answer`, label: 'Answer', value: v('answer'), error: errorAt(s.errors, `faqs.${i}.answer`), hint: 'At most 1500 characters.', rows: 3 })}
${!s.own && c.draft.faqs[i] ? evidenceList(c.draft.faqs[i].evidence, `Evidence for question ${i + 1}`) : ''}
${isNew ? '' : removeBox('faqs', i, `question ${i + 1}`, v('remove') !== '')}
</fieldset>`;
  });
  return html`<section id="faqs" aria-labelledby="faqs-h">
<h2 id="faqs-h">Questions and answers</h2>
<p>Up to ${MAX_FAQS} questions people ask, with your answers. Drafted ones quote your site.</p>
${s.summary}
${s.errors.faqs ? html`<p class="field-error">${s.errors.faqs}</p>` : ''}
<form method="post" action="/drafts/${c.draft.id}/faqs" novalidate>
${formKeys(c.csrf)}
${rows}
<button type="submit">Save questions</button>
</form>
</section>`;
}

export function readFaqs(values: Record<string, string>) {
  return keptRows(values, 'faqs', ['question', 'answer'], (get) => ({ question: get('question'), answer: get('answer') }));
}

function socialInputs(list: 'company_socials' | 'founder_socials', values: Record<string, string>, errors: Record<string, string>) {
  return html`<div class="socials">${SOCIAL_KEYS.map(
    (k) => html`<div>${control({ name: `${list}.${k}`, label: socialLabel(k), value: values[`${list}.${k}`] ?? '', error: errorAt(errors, `${list}.${k}`), type: 'url' })}</div>`,
  )}</div><p class="hint">Full links, at most 500 characters each. Empty a box to remove the link.</p>`;
}

const socialValues = (list: string, socials: Record<string, string>) => Object.fromEntries(Object.entries(socials).map(([k, v]) => [`${list}.${k}`, v]));

/** The links as the operation takes them: every known key, empty ones removed by the service. */
export function readSocials(values: Record<string, string>, list: 'company_socials' | 'founder_socials') {
  return Object.fromEntries(SOCIAL_KEYS.map((k) => [k, (values[`${list}.${k}`] ?? '').trim()]));
}

export function foundersSection(c: SectionContext): Html {
  const s = shown(c, 'founders', () => ({
    ...rowsOf(c.draft.founders, 'founders', (f) => ({ name: f.name, title: f.title, bio: f.bio })),
    ...socialValues('founder_socials', c.draft.founder_socials),
    primary: '0',
  }));
  const primary = s.values.primary ?? '0';
  const rows = Array.from({ length: rowsToDraw(s.values, 'founders', s.own, MAX_FOUNDERS) }, (_, i) => {
    const v = (k: string) => s.values[`founders.${i}.${k}`] ?? '';
    const isNew = i >= c.draft.founders.length && !s.own;
    return html`<fieldset>
<legend>${isNew ? 'Add a founder' : i === 0 && !s.own ? 'Primary founder' : `Founder ${i + 1}`}</legend>
${control({ name: `founders.${i}.name`, label: 'Name', value: v('name'), error: errorAt(s.errors, `founders.${i}.name`), hint: 'At most 160 characters.', autocomplete: 'off' })}
${control({ name: `founders.${i}.title`, label: 'Role', value: v('title'), error: errorAt(s.errors, `founders.${i}.title`), hint: 'For example Co-founder & CEO. At most 160 characters.', optional: true })}
${control({ name: `founders.${i}.bio`, label: 'Bio', value: v('bio'), error: errorAt(s.errors, `founders.${i}.bio`), hint: 'At most 3000 characters.', rows: 3, optional: true })}
${!s.own && c.draft.founders[i] ? evidenceList(c.draft.founders[i].evidence, `Evidence for founder ${i + 1}`) : ''}
<label class="check"><input type="radio" name="primary" value="${i}"${primary === String(i) ? html` checked` : ''}> Primary founder (shown first)</label>
${isNew ? '' : removeBox('founders', i, `founder ${i + 1}`, v('remove') !== '')}
</fieldset>`;
  });
  return html`<section id="founders" aria-labelledby="founders-h">
<h2 id="founders-h">Founders</h2>
<p>Up to ${MAX_FOUNDERS} people; the primary founder is shown first. Co-founders can also add themselves: invite them below.</p>
${s.summary}
${s.errors.founders ? html`<p class="field-error">${s.errors.founders}</p>` : ''}
<form method="post" action="/drafts/${c.draft.id}/founders" novalidate>
${formKeys(c.csrf)}
${rows}
<fieldset><legend>The primary founder’s links</legend>${socialInputs('founder_socials', s.values, s.errors)}</fieldset>
<button type="submit">Save founders</button>
</form>
</section>`;
}

/** The founders in the order the operation wants: the chosen primary first. */
export function readFounders(values: Record<string, string>) {
  const kept = keptRows(values, 'founders', ['name', 'title', 'bio'], (get) => ({ name: get('name'), title: get('title') || null, bio: get('bio') || null }));
  const at = kept.rowOf.indexOf(Number(values.primary ?? '0'));
  if (at > 0) {
    kept.items.unshift(...kept.items.splice(at, 1));
    kept.rowOf.unshift(...kept.rowOf.splice(at, 1));
  }
  return kept;
}

export function companyLinksSection(c: SectionContext): Html {
  const s = shown(c, 'company', () => socialValues('company_socials', c.draft.company_socials));
  return html`<section id="company-links" aria-labelledby="company-links-h">
<h2 id="company-links-h">Company links</h2>
${s.summary}
<form method="post" action="/drafts/${c.draft.id}/company-links" novalidate>
${formKeys(c.csrf)}
${socialInputs('company_socials', s.values, s.errors)}
<button type="submit">Save company links</button>
</form>
</section>`;
}
