import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OwnerListing } from '../../../contract/owner-listing.ts';
import { SOCIAL_KEYS } from '../../../contract/socials.ts';
import { updateMyListing } from '../../../operations/owner-listings/update-my-listing.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { formKeys, submitOperation } from '../form-operation.ts';
import { html, time, type Html } from '../html.ts';
import { blankForm, COUNTRIES, formSummary, refusedForm, selectField, textArea, textField, type FormState } from './fields.ts';
import { listingFrame, listingIdOf, myListingHref, ownedListing } from './frame.ts';
import { plural } from '../numbers.ts';
import { platformName } from '../social-links.ts';

/** The profile fields of update_my_listing (spec 4.3) as the form shows them, with the schema's limits. */
const TEXTS: [key: string, label: string, max: number, area?: boolean, hint?: string][] = [
  ['tagline', 'Tagline', 200, false, 'One line under the name.'],
  ['short_description', 'Short description', 300, true],
  ['description', 'Description', 20000, true],
  ['headline', 'Headline', 200],
  ['summary', 'Summary', 20000, true],
  ['pricing_model', 'Pricing model', 40, false, 'For example: free, freemium, subscription, one-time.'],
  ['pricing_summary', 'Pricing in a sentence', 300],
];
const LISTS: [key: string, label: string][] = [
  ['features', 'Features'],
  ['usps', 'Why people choose it'],
  ['keywords', 'Keywords'],
];
const CLEARED_WHEN_EMPTY = ['country', 'city', 'demo_video_url', 'contact_email', 'seo_title', 'seo_description', ...TEXTS.map((t) => t[0])];
const MAX_FAQS = 10;
const NOTICES: Record<string, string> = { saved: 'Saved. Edits are published at once and kept in the history below.' };
/** Changed fields as the history names them, in the editor's order (jsonb keeps its own key order). */
const LABELS: Record<string, string> = {
  ...Object.fromEntries(TEXTS.map(([key, label]) => [key, label])),
  ...Object.fromEntries(LISTS),
  country: 'Country',
  city: 'City',
  founded_year: 'Year founded',
  contact_email: 'Contact email',
  demo_video_url: 'Demo video link',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  socials: 'Social links',
  faqs: 'Questions and answers',
  story: 'Founder story',
};
const ORDER = Object.keys(LABELS);
const changedKeys = (after: Record<string, unknown>) =>
  Object.keys(after).sort((a, b) => (ORDER.indexOf(a) + 1 || 999) - (ORDER.indexOf(b) + 1 || 999));
const SOURCES: Record<string, string> = {
  update_my_listing: 'Edit',
  set_founder_story: 'Founder story',
  update_draft: 'Draft edit',
  submit_draft: 'Submitted from the draft',
};

/** The form's values from the listing as it is. */
function valuesOf(l: OwnerListing): Record<string, string> {
  const v: Record<string, string> = {
    'fields.tagline': l.tagline ?? '',
    'fields.short_description': l.short_description ?? '',
    'fields.description': l.description ?? '',
    'fields.headline': l.headline ?? '',
    'fields.summary': l.summary ?? '',
    'fields.pricing_model': l.pricing.model ?? '',
    'fields.pricing_summary': l.pricing.summary ?? '',
    'fields.country': l.country ?? '',
    'fields.city': l.city ?? '',
    'fields.founded_year': l.founded_year === null ? '' : String(l.founded_year),
    'fields.demo_video_url': l.demo_video_url ?? '',
    'fields.contact_email': l.contact_email ?? '',
    'fields.seo_title': l.seo_title ?? '',
    'fields.seo_description': l.seo_description ?? '',
  };
  for (const [key] of LISTS) v[`fields.${key}`] = (l[key as 'features'] ?? []).join('\n');
  for (const key of SOCIAL_KEYS) v[`socials.${key}`] = (l.socials as Record<string, string | undefined>)[key] ?? '';
  l.faqs.forEach((f, i) => {
    v[`faqs.${i}.question`] = f.question;
    v[`faqs.${i}.answer`] = f.answer;
  });
  return v;
}

const lines = (text: string) => text.split('\n').map((s) => s.trim()).filter(Boolean);

/** The posted form as update_my_listing's input, and its values to show again. */
function inputOf(request: FastifyRequest) {
  const values: Record<string, string> = {};
  const read = (name: string) => (values[name] = field(request, name).replace(/\r\n/g, '\n'));
  const fields: Record<string, unknown> = {};
  for (const key of CLEARED_WHEN_EMPTY) {
    const v = read(`fields.${key}`).trim();
    fields[key] = v === '' ? null : v;
  }
  const year = read('fields.founded_year').trim();
  // Digits become the number the schema wants; anything else goes as text, for its message.
  fields.founded_year = year === '' ? null : /^\d{1,6}$/.test(year) ? Number(year) : year;
  for (const [key] of LISTS) fields[key] = lines(read(`fields.${key}`));
  const socials: Record<string, string> = {};
  for (const key of SOCIAL_KEYS) {
    const v = read(`socials.${key}`).trim();
    if (v) socials[key] = v;
  }
  const faqs: { question: string; answer: string }[] = [];
  for (let i = 0; i < MAX_FAQS; i++) {
    const question = read(`faqs.${i}.question`);
    const answer = read(`faqs.${i}.answer`);
    // A row left empty is no FAQ; a half-filled one goes in, so the schema names the missing half.
    if (question.trim() || answer.trim()) faqs.push({ question, answer });
  }
  return { values, input: { fields, socials, faqs } };
}

/** A changed value as the history shows it: short, and lists or sets summarised. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.every((v) => typeof v === 'string') ? value.join(', ') : plural(value.length, 'entry', 'entries');
  if (typeof value === 'object') return Object.keys(value).join(', ') || '(empty)';
  const s = String(value);
  return s.length > 140 ? `${s.slice(0, 139)}…` : s;
}

/**
 * `/my/listings/{id}`: the owner's listing (get_my_listing) with the editor of update_my_listing:
 * every profile field, social links and FAQs; edits publish at once. Below it the listing's
 * newest versions (what each edit changed, before and after).
 */
export function registerMyListingEditor(app: FastifyInstance, web: Web) {
  async function render(request: FastifyRequest, reply: FastifyReply, id: number, form?: FormState, status = 200) {
    const session = request.siteSession!;
    const [l, history] = await Promise.all([ownedListing(web, request, id), web.services.ownerListings.history(session.userId, id, 10)]);
    const s = form ?? blankForm(valuesOf(l));
    const faqRows = Math.min(MAX_FAQS, Math.max(l.faqs.length + 2, ...Object.keys(s.values).filter((k) => k.startsWith('faqs.')).map((k) => Number(k.split('.')[1]) + 1)));
    const fieldsHtml = html`<fieldset><legend>About the product</legend>
${TEXTS.map(([key, label, max, area, hint]) => (area ? textArea(s, `fields.${key}`, label, { max, hint, rows: max > 1000 ? 8 : 3 }) : textField(s, `fields.${key}`, label, { max, hint })))}
${LISTS.map(([key, label]) => textArea(s, `fields.${key}`, label, { hint: 'One per line, at most 20 lines of 200 characters.', rows: 4 }))}
</fieldset>
<fieldset><legend>Company facts</legend>
${selectField(s, 'fields.country', 'Country', [['', 'Not stated'], ...COUNTRIES])}
${textField(s, 'fields.city', 'City', { max: 120 })}
${textField(s, 'fields.founded_year', 'Year founded', { inputmode: 'numeric', hint: 'A year such as 2019.' })}
${textField(s, 'fields.contact_email', 'Contact email', { type: 'email', max: 254, autocomplete: 'off' })}
${textField(s, 'fields.demo_video_url', 'Demo video link', { type: 'url', max: 500, hint: 'An http(s) link.' })}
</fieldset>
<fieldset><legend>Search engines</legend>
${textField(s, 'fields.seo_title', 'SEO title', { max: 200, hint: 'Shown as the page title in search results; about 60 characters read best.' })}
${textArea(s, 'fields.seo_description', 'SEO description', { max: 320, rows: 3, hint: 'Shown under the title in search results; about 155 characters read best.' })}
</fieldset>
<fieldset><legend>Social links</legend>
<p class="hint">Each an http(s) link. Leave a field empty to remove that link.</p>
${SOCIAL_KEYS.map((key) => textField(s, `socials.${key}`, platformName(key), { type: 'url', max: 500 }))}
</fieldset>
<fieldset><legend>Questions and answers</legend>
<p class="hint">At most ${MAX_FAQS}. Empty both fields of a question to remove it.</p>
${Array.from({ length: faqRows }, (_, i) => html`<div class="faq-row">${textField(s, `faqs.${i}.question`, `Question ${i + 1}`, { max: 300 })}${textArea(s, `faqs.${i}.answer`, `Answer ${i + 1}`, { max: 1500, rows: 3 })}</div>`)}
</fieldset>`;
    return web.page(request, reply, {
      title: `Edit ${l.name}`,
      status,
      notice: NOTICES[String((request.query as Record<string, unknown>).notice ?? '')],
      body: html`${listingFrame(l, '', 'Edit')}
<p>Edits are published at once${l.public ? '' : ' (visitors see the listing once it is scheduled or live)'}, kept in the history below, and the site team sees a before and after copy.</p>
<form method="post" action="${myListingHref(id)}" novalidate>
${formSummary(s)}
${formKeys(session.csrf, s.key)}
${fieldsHtml}
<button type="submit">Save and publish</button>
</form>
${historySection(history)}`,
    });
  }

  app.get('/my/listings/:id', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    return render(request, reply, listingIdOf(request));
  });

  app.post('/my/listings/:id', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    const { values, input } = inputOf(request);
    const outcome = await submitOperation(web, request, updateMyListing, { listing_id: id, ...input });
    if (outcome.ok) return reply.redirect(`${myListingHref(id)}?notice=saved`, 303);
    if (outcome.fields['fields.founded_year'] && !/^\d*$/.test(values['fields.founded_year'].trim())) outcome.fields['fields.founded_year'] = 'Enter a year as digits, such as 2019.';
    return render(request, reply, id, refusedForm(values, outcome), outcome.status);
  });
}

function historySection(history: Awaited<ReturnType<Web['services']['ownerListings']['history']>>): Html {
  return html`<section aria-labelledby="history"><h2 id="history">Recent changes</h2>
${history.length
  ? html`<ol class="history">${history.map(
      (v) => html`<li><details><summary>${time(v.created_at)}: ${SOURCES[v.source] ?? v.source.replaceAll('_', ' ')}${v.by_owner ? '' : ' (not by you)'}: ${changedKeys(v.after).map((k) => LABELS[k] ?? k).join(', ')}</summary>
<div class="table-wrap"><table><thead><tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
<tbody>${changedKeys(v.after).map((k) => html`<tr><th scope="row">${LABELS[k] ?? k}</th><td>${shown(v.before[k])}</td><td>${shown(v.after[k])}</td></tr>`)}</tbody></table></div></details></li>`,
    )}</ol>`
  : html`<p class="empty">No edits yet.</p>`}
</section>`;
}
