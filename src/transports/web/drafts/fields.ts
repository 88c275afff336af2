import type { z } from 'zod';
import type { Draft, DraftEvidence } from '../../../contract/draft.ts';
import { DRAFT_FIELDS, LIST_FIELDS, type DraftField } from '../../../extraction/types.ts';
import { errorAt, idOf, type FormState } from './form.ts';
import { formKeys } from '../form-operation.ts';
import { html, type Html } from '../html.ts';
import { errorSummary } from '../layout.ts';
import { initials } from '../logo.ts';
import { logoPicture } from '../picture.ts';

type DraftView = z.output<typeof Draft>;
type FieldView = DraftView['fields'][DraftField];

export const FIELD_LABELS: Record<DraftField, string> = {
  name: 'Product name',
  tagline: 'Tagline',
  short_description: 'Short description',
  description: 'Description',
  stage: 'Stage',
  categories: 'Categories',
  tags: 'Tags',
  pricing_model: 'Pricing model',
  pricing_summary: 'Pricing summary',
  country: 'Country',
  city: 'City',
  founded_year: 'Year founded',
  features: 'Features',
  usps: 'What sets it apart',
  keywords: 'Keywords',
  contact_email: 'Contact e-mail',
  demo_video_url: 'Demo video link',
  logo_url: 'Logo link',
};

const HINTS: Partial<Record<DraftField, string>> = {
  tagline: 'One line that says what it does.',
  stage: 'For example idea, beta, launched.',
  categories: 'Names from the category list, one per line; the first is the primary category.',
  pricing_model: 'For example free, freemium, subscription, one-time.',
  country: 'The ISO code, for example DE or US.',
  founded_year: 'For example 2021.',
  demo_video_url: 'A link to a video, for example on YouTube or Vimeo.',
  logo_url: 'A link to the logo image: this site keeps a copy of it, and its pages show the copy.',
};

const isList = (f: DraftField) => (LIST_FIELDS as readonly string[]).includes(f);
const limitWords = (f: DraftField) =>
  isList(f) ? 'One per line: at most 20, each at most 200 characters.' : `At most ${f === 'description' ? '20000' : '500'} characters.`;

/** A field's value as its box shows it: lists one item per line. */
export const boxValue = (v: FieldView['value'] | undefined) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join('\n') : v);

/** What a field's state means, in words (spec 3.2's states: ai, not_found, edited, manual, override, deleted). */
export function stateWords(f: FieldView, foundNothing: boolean): string {
  switch (f.state) {
    case 'ai':
      return 'Drafted by AI from your site, with the quotes below as evidence.';
    case 'not_found':
      return foundNothing ? 'Not found on your site: left blank on purpose rather than guessed.' : 'Empty: not drafted.';
    case 'edited':
      return 'Edited by you: your value replaces the AI’s.';
    case 'manual':
      return 'Filled in by you: the AI found nothing on your site.';
    case 'override':
      return 'Locked by you: regenerating leaves it alone.';
    case 'deleted':
      return 'Removed by you.';
  }
}

/** Where the site says it: each quote with a link to the page it is on. */
export function evidenceList(evidence: z.output<typeof DraftEvidence>[], label: string): Html | '' {
  if (!evidence.length) return '';
  return html`<ul class="evidence" aria-label="${label}">${evidence.map(
    (e) => html`<li><blockquote cite="${e.url}">${e.quote}</blockquote> <span class="muted">on</span> <a href="${e.url}" rel="nofollow noopener">${pageName(e.url)}</a></li>`,
  )}</ul>`;
}

/** A page's address without the scheme, as a link text ("acme.test/pricing"). */
export function pageName(url: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  return `${u.host}${u.pathname === '/' ? '' : u.pathname}${u.search}`;
}

export interface FieldsContext {
  draft: DraftView;
  csrf: string;
  state: FormState | undefined;
  /** The draft has stored pages to redraft from. */
  canRegenerate: boolean;
}

function fieldRow(c: FieldsContext, f: DraftField): Html {
  const d = c.draft;
  const view = d.fields[f];
  const name = `fields.${f}`;
  const id = idOf(name);
  const own = c.state?.form === 'fields';
  const value = own && name in c.state!.values ? c.state!.values[name] : boxValue(view.value);
  const error = own ? errorAt(c.state!.errors, name) : undefined;
  const hintId = `${id}-hint`;
  const described = html` aria-describedby="${id}-state ${hintId}${error ? ` ${id}-error` : ''}"${error ? html` aria-invalid="true"` : ''}`;
  const box =
    f === 'description' || isList(f) || f === 'short_description'
      ? html`<textarea id="${id}" name="${name}" rows="${f === 'description' ? 8 : 4}"${described}>${value}</textarea>`
      : html`<input type="${f === 'contact_email' ? 'email' : f.endsWith('_url') ? 'url' : 'text'}" id="${id}" name="${name}" value="${value}"${described}>`;
  const label = FIELD_LABELS[f];
  const hidden = html`<span class="visually-hidden"> ${label}</span>`;
  const actions = [
    view.state !== 'override' ? html`<button type="submit" class="secondary" name="act" value="lock:${f}">Lock${hidden}</button>` : '',
    ['edited', 'manual', 'override', 'deleted'].includes(view.state)
      ? html`<button type="submit" class="secondary" name="act" value="restore:${f}">${view.state === 'override' ? 'Unlock and restore AI value' : 'Restore AI value'}${hidden}</button>`
      : '',
    c.canRegenerate && view.state !== 'override'
      ? html`<button type="submit" class="secondary" name="act" value="regenerate:${f}" data-busy="Regenerating ${label} from the pages we read. This takes a few seconds…">Regenerate${hidden}</button>`
      : '',
  ];
  const aiValue = view.ai_value !== undefined && view.ai_value !== null ? boxValue(view.ai_value) : '';
  return html`<div class="draft-field state-${view.state}" id="field-${f}">
<label for="${id}">${label}</label>
<p class="state" id="${id}-state"><strong>${stateWords(view, d.not_found_on_website.includes(f))}</strong></p>
${box}
<p class="hint" id="${hintId}">${HINTS[f] ? `${HINTS[f]} ` : ''}${limitWords(f)}</p>
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}
${evidenceList(view.evidence, `Evidence for ${label}`)}
${f === 'logo_url' ? logoCopyView(d) : ''}
${aiValue && view.state !== 'ai' ? html`<p class="muted">The AI’s value${view.state === 'override' && aiValue === boxValue(view.value) ? ' (locked as it is)' : ''}: ${aiValue}</p>` : ''}
<div class="field-actions">${actions}</div>
<p class="busy" role="status" hidden><progress></progress> <span></span></p>
</div>`;
}

/** The copy of another address than the logo box's (kept-logo.ts): offered back with a button. */
const offeredCopy = (d: DraftView) => (d.logo_copy?.status === 'kept' && d.logo_copy.source_url !== d.fields.logo_url.value ? d.logo_copy : null);
const USE_COPY_FORM = 'logo-copy-use';

/**
 * The copy this site keeps of the logo (jobs/draft-logo.ts): the picture pages show and the
 * address it came from, the copy under way, or why it could not be kept. A copy of another
 * address (the site's og:image when no logo was found, or the logo before its box was emptied)
 * is offered back: its button posts that address as the logo (a form of its own, below the
 * profile form, since forms do not nest).
 */
function logoCopyView(d: DraftView): Html | '' {
  const c = d.logo_copy;
  if (!c) return '';
  // An owner may type anything in the box: only a web address becomes a link.
  const web = ['http:', 'https:'].includes(URL.parse(c.source_url)?.protocol ?? '');
  const source = web ? html`<a href="${c.source_url}" rel="nofollow noopener">${c.source_url}</a>` : html`“${c.source_url}”`;
  const name = typeof d.fields.name.value === 'string' ? d.fields.name.value : '';
  const picture = logoPicture(c.url, 64, initials(name)) ?? '';
  const offered = offeredCopy(d);
  if (offered) {
    const what = offered.from === 'og_image' ? html`Your site’s share picture (og:image), from ${source}, kept as a square logo.` : html`A logo kept earlier, from ${source}.`;
    return html`<figure class="logo-copy" id="logo-copy">${picture}<figcaption>${what} <button type="submit" class="secondary" form="${USE_COPY_FORM}">Use this picture as the logo</button></figcaption></figure>`;
  }
  if (c.source_url !== d.fields.logo_url.value) return '';
  switch (c.status) {
    case 'kept':
      return html`<figure class="logo-copy" id="logo-copy">${picture}<figcaption>The copy this site keeps, from ${source}. Pages show this copy: no visitor’s browser loads the picture from your site.</figcaption></figure>`;
    case 'pending':
      return html`<p class="logo-copy muted" id="logo-copy">This site is making its copy of the logo from ${source}: reload the page in a moment to see it.</p>`;
    case 'refused':
      return html`<p class="logo-copy" id="logo-copy"><strong>Not kept:</strong> ${c.reason ?? ''} Listings show the initials instead: give the address of another picture, or upload a logo under My listings once the draft is saved.</p>`;
  }
}

/** The profile fields: one form, one box per field with its state and evidence, per-field lock, restore and regenerate. */
export function profileSection(c: FieldsContext): Html {
  const own = c.state?.form === 'fields';
  return html`<section id="profile" aria-labelledby="profile-h">
<h2 id="profile-h">Profile</h2>
<p>Every field says where its value comes from. Change a box and save to use your own words; empty a box and save to remove a value.
<strong>Lock</strong> keeps a value as it is when anything is regenerated; <strong>Restore AI value</strong> puts back what the AI drafted (and unlocks);
<strong>Regenerate</strong> asks the AI to draft the field again from the pages we read. Your other changes in this form are saved with any of these buttons.</p>
${own ? errorSummary(c.state!.summary) : ''}
<form method="post" action="/drafts/${c.draft.id}/fields" novalidate data-busy>
${formKeys(c.csrf)}
<button type="submit" name="act" value="save">Save the profile</button>
${DRAFT_FIELDS.map((f) => fieldRow(c, f))}
<button type="submit" name="act" value="save">Save the profile</button>
</form>
${useCopyForm(c)}
</section>`;
}

/** The form the offered copy's button posts: its address as the logo, saved like the profile form. */
function useCopyForm(c: FieldsContext): Html | '' {
  const offered = offeredCopy(c.draft);
  if (!offered) return '';
  return html`<form id="${USE_COPY_FORM}" method="post" action="/drafts/${c.draft.id}/fields">
${formKeys(c.csrf)}
<input type="hidden" name="fields.logo_url" value="${offered.source_url}">
<input type="hidden" name="act" value="save">
</form>`;
}

/** The button pressed: save, or lock / restore / regenerate of one field. */
export type FieldAction = { kind: 'save' } | { kind: 'lock' | 'restore' | 'regenerate'; field: DraftField };

export function fieldAction(act: string): FieldAction {
  const [kind, name] = act.split(':');
  const f = DRAFT_FIELDS.find((x) => x === name);
  if (f && (kind === 'lock' || kind === 'restore' || kind === 'regenerate')) return { kind, field: f };
  return { kind: 'save' };
}

/** A box's text as the operation takes it: lists split by line, blanks dropped; nothing left is null. */
function valueOf(f: DraftField, text: string): string | string[] | null {
  if (isList(f)) {
    const items = text.split('\n').map((s) => s.trim()).filter((s) => s !== '');
    return items.length ? items : null;
  }
  return text.trim() === '' ? null : text.trim();
}

const same = (a: string | string[] | null, b: string | string[] | null) => JSON.stringify(a) === JSON.stringify(b);
const normalised = (v: FieldView['value']) => (v === null ? null : Array.isArray(v) ? (v.length ? v.map((s) => s.trim()) : null) : v.trim() || null);

/**
 * The fields whose boxes differ from the draft: only those are sent, so saving the form leaves
 * untouched AI values as they are (state ai, evidence kept).
 */
export function changedFields(draft: DraftView, values: Record<string, string>): Partial<Record<DraftField, string | string[] | null>> {
  const out: Partial<Record<DraftField, string | string[] | null>> = {};
  for (const f of DRAFT_FIELDS) {
    const text = values[`fields.${f}`];
    if (text === undefined) continue;
    const v = valueOf(f, text);
    if (!same(v, normalised(draft.fields[f].value))) out[f] = v;
  }
  return out;
}
