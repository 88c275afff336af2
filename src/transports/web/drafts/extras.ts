import type { z } from 'zod';
import { STORY_SECTIONS, type Draft } from '../../../contract/draft.ts';
import type { DraftField } from '../../../extraction/types.ts';
import { control, errorAt, type FormState } from './form.ts';
import { FIELD_LABELS, pageName } from './fields.ts';
import type { SectionContext } from './people.ts';
import { keptRows, removeBox, rowCount } from './rows.ts';
import { formKeys } from '../form-operation.ts';
import { html, time, type Html } from '../html.ts';
import { errorSummary } from '../layout.ts';

type DraftView = z.output<typeof Draft>;

export const MAX_MILESTONES = 50;
export const SEO_LIMITS = { title: 70, meta: 170 } as const;

const STORY_LABELS: Record<(typeof STORY_SECTIONS)[number], string> = {
  title: 'Title of your story',
  story: 'The story',
  why_started: 'Why you started',
  problem: 'The problem you solve',
  journey: 'The journey so far',
  challenges: 'Challenges',
  achievements: 'Achievements',
  lessons: 'Lessons learned',
  whats_next: 'What’s next',
};

function shown(c: SectionContext, form: FormState['form'], fromDraft: () => Record<string, string>) {
  const own = c.state?.form === form;
  return { own, values: own ? c.state!.values : fromDraft(), errors: own ? c.state!.errors : {}, summary: own ? errorSummary(c.state!.summary) : '' };
}

export function storySection(c: SectionContext): Html {
  const s = shown(c, 'story', () => Object.fromEntries(STORY_SECTIONS.map((k) => [`story.${k}`, c.draft.story?.[k] ?? ''])));
  return html`<section id="story" aria-labelledby="story-h">
<h2 id="story-h">Founder story</h2>
<p>Your own words, in as many of these parts as you like. The story is shown on paid listings.</p>
${s.summary}
<form method="post" action="/drafts/${c.draft.id}/story" novalidate>
${formKeys(c.csrf)}
${STORY_SECTIONS.map((k) =>
  control({ name: `story.${k}`, label: STORY_LABELS[k], value: s.values[`story.${k}`] ?? '', error: errorAt(s.errors, `story.${k}`), hint: 'At most 8000 characters.', rows: k === 'title' ? undefined : 4, optional: true }),
)}
<button type="submit">Save the story</button>
</form>
</section>`;
}

export function readStory(values: Record<string, string>) {
  return Object.fromEntries(STORY_SECTIONS.map((k) => [k, (values[`story.${k}`] ?? '').trim() || null]));
}

export function milestonesSection(c: SectionContext): Html {
  const s = shown(c, 'milestones', () => {
    const out: Record<string, string> = {};
    c.draft.milestones.forEach((m, i) => {
      for (const [k, v] of Object.entries({ id: String(m.id), date: m.date, title: m.title, description: m.description, url: m.url })) out[`milestones.${i}.${k}`] = v ?? '';
    });
    return out;
  });
  const n = rowCount(s.values, 'milestones');
  const count = s.own ? Math.max(n, 1) : Math.min(n + 1, MAX_MILESTONES);
  const rows = Array.from({ length: count }, (_, i) => {
    const v = (k: string) => s.values[`milestones.${i}.${k}`] ?? '';
    const isNew = !s.own && i >= c.draft.milestones.length;
    const e = (k: string) => errorAt(s.errors, `milestones.${i}.${k}`);
    return html`<fieldset>
<legend>${isNew ? 'Add a milestone' : `Milestone ${i + 1}`}</legend>
<input type="hidden" name="milestones.${i}.id" value="${v('id')}">
${control({ name: `milestones.${i}.date`, label: 'Date', value: v('date'), error: e('date'), type: 'date', hint: 'YYYY-MM-DD, for example 2025-03-14.' })}
${control({ name: `milestones.${i}.title`, label: 'What happened', value: v('title'), error: e('title'), hint: 'At most 200 characters.' })}
${control({ name: `milestones.${i}.description`, label: 'Details', value: v('description'), error: e('description'), hint: 'At most 2000 characters.', rows: 2, optional: true })}
${control({ name: `milestones.${i}.url`, label: 'Link', value: v('url'), error: e('url'), type: 'url', hint: 'An https link, at most 500 characters.', optional: true })}
${isNew ? '' : removeBox('milestones', i, `milestone ${i + 1}`, v('remove') !== '')}
</fieldset>`;
  });
  return html`<section id="milestones" aria-labelledby="milestones-h">
<h2 id="milestones-h">Milestones</h2>
<p>Dated steps of your product’s history (up to ${MAX_MILESTONES}), shown as a timeline on paid listings.</p>
${s.summary}
${s.errors.milestones ? html`<p class="field-error">${s.errors.milestones}</p>` : ''}
<form method="post" action="/drafts/${c.draft.id}/milestones" novalidate>
${formKeys(c.csrf)}
${rows}
<button type="submit">Save milestones</button>
</form>
</section>`;
}

export function readMilestones(values: Record<string, string>) {
  return keptRows(values, 'milestones', ['date', 'title', 'description', 'url'], (get) => {
    const id = Number(get('id'));
    return {
      ...(Number.isInteger(id) && id >= 1 ? { id } : {}),
      date: get('date'),
      title: get('title'),
      description: get('description') || null,
      url: get('url') || null,
    };
  });
}

const list = (v: string | string[] | null) => (v === null ? html`<span class="muted">none</span>` : Array.isArray(v) ? v.join(', ') : v);

function comparison(d: DraftView): Html | '' {
  const cmp = d.competitor?.comparison;
  if (!cmp) return '';
  const them = cmp.competitor.name ?? pageName(cmp.competitor.url);
  return html`<div class="table-wrap"><table>
<caption>Your draft and <a href="${cmp.competitor.url}" rel="nofollow noopener">${them}</a>, compared ${time(cmp.compared_at)}</caption>
<thead><tr><th scope="col">Field</th><th scope="col">Yours</th><th scope="col">Theirs</th></tr></thead>
<tbody>${cmp.rows.map((r) => html`<tr><th scope="row">${FIELD_LABELS[r.field as DraftField] ?? r.field}</th><td>${list(r.ours)}</td><td>${list(r.theirs)}</td></tr>`)}</tbody>
</table></div>
<dl class="terms">
<dt>Words you both stress</dt><dd>${cmp.shared_terms.join(', ') || 'none'}</dd>
<dt>Only you say</dt><dd>${cmp.only_ours.join(', ') || 'none'}</dd>
<dt>Only they say</dt><dd>${cmp.only_theirs.join(', ') || 'none'}</dd>
</dl>`;
}

/** The competitor's state; while its page is read, a live region (draft.js) that the page refreshes. */
function competitorState(d: DraftView): Html {
  const cmp = d.competitor;
  if (!cmp) return html`<div id="competitor-state"><p>No competitor yet.</p></div>`;
  if (cmp.status === 'pending') {
    return html`<div id="competitor-state" data-live data-status="Reading the competitor’s page."><p>Reading <a href="${cmp.url}" rel="nofollow noopener">${pageName(cmp.url)}</a> and comparing it with your draft… <a href="/drafts/${d.id}#competitor">Check again</a></p></div>`;
  }
  if (cmp.status === 'failed') {
    return html`<div id="competitor-state" data-status="The competitor’s page could not be read."><p class="alert">We could not read <a href="${cmp.url}" rel="nofollow noopener">${pageName(cmp.url)}</a>: ${cmp.reason ?? 'unknown reason'}. Save the address again to retry.</p></div>`;
  }
  return html`<div id="competitor-state" data-status="The comparison is ready.">${comparison(d)}</div>`;
}

export function competitorSection(c: SectionContext): Html {
  const s = shown(c, 'competitor', () => ({ competitor_url: c.draft.competitor?.url ?? '' }));
  return html`<section id="competitor" aria-labelledby="competitor-h">
<h2 id="competitor-h">Competitor</h2>
<p>The address of one competitor: we read its page the same way as yours and compare the two, side by side.</p>
${s.summary}
<form method="post" action="/drafts/${c.draft.id}/competitor" novalidate>
${formKeys(c.csrf)}
${control({ name: 'competitor_url', label: 'Competitor’s website', value: s.values.competitor_url ?? '', error: errorAt(s.errors, 'competitor_url'), type: 'url', hint: 'An http(s) address, at most 2048 characters. Empty it and save to remove the competitor.', optional: true })}
<button type="submit">Save and compare</button>
</form>
${competitorState(c.draft)}
</section>`;
}

export function seoSection(c: SectionContext): Html {
  const s = shown(c, 'seo', () => ({ 'seo.title': c.draft.seo?.title ?? '', 'seo.meta': c.draft.seo?.meta ?? '' }));
  return html`<section id="seo" aria-labelledby="seo-h">
<h2 id="seo-h">Search engines</h2>
<p>The title and the short description search engines should show for your listing. Both are optional.</p>
${s.summary}
<form method="post" action="/drafts/${c.draft.id}/seo" novalidate>
${formKeys(c.csrf)}
${control({ name: 'seo.title', label: 'Page title', value: s.values['seo.title'] ?? '', error: errorAt(s.errors, 'seo.title'), hint: `At most ${SEO_LIMITS.title} characters.`, limit: SEO_LIMITS.title, optional: true })}
${control({ name: 'seo.meta', label: 'Meta description', value: s.values['seo.meta'] ?? '', error: errorAt(s.errors, 'seo.meta'), hint: `At most ${SEO_LIMITS.meta} characters.`, limit: SEO_LIMITS.meta, rows: 3, optional: true })}
<button type="submit">Save search engine text</button>
</form>
</section>`;
}
