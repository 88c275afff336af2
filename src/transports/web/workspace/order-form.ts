import type { z } from 'zod';
import type { CategoryNode } from '../../../contract/category.ts';
import type { Product } from '../../../contract/catalog.ts';
import type { OwnerListing } from '../../../contract/owner-listing.ts';
import type { Quote } from '../../../contract/order.ts';
import { addWeeks } from '../../../domain/launches/weeks.ts';
import { html, type Html } from '../html.ts';
import { fieldError } from '../layout.ts';
import { checkbox, COUNTRIES, countryName, errorOf, fieldId, selectField, textField, type FormState } from './fields.ts';
import { day, usd } from '../numbers.ts';

type ProductView = z.output<typeof Product>;
type QuoteView = z.output<typeof Quote>;

/** How far ahead the week choice reaches: quote_order's own horizon. */
const WEEKS_AHEAD = 52;
const SECTION_LABELS: Record<string, string> = { story: 'Founder story section', milestones: 'Milestones section', media: 'Media section' };
const LAUNCHABLE = new Set(['draft', 'awaiting_badge']);

/** What the person chose on the paid form, as the query (quote) and the checkout post both carry it. */
export interface OrderChoices {
  week: string;
  categories: string[];
  sections: string[];
  billboard: string;
  billing_country: string;
  vat_number: string;
}

export function choicesOf(one: (name: string) => string, all: (name: string) => string[]): OrderChoices {
  return {
    week: one('week').trim(),
    categories: all('categories'),
    sections: all('sections'),
    billboard: one('billboard').trim(),
    billing_country: one('billing_country').trim(),
    vat_number: one('vat_number').trim(),
  };
}

/** What this site sells for a listing, from list_products: one product of each kind (the first by position), sections by section. */
export function offerFor(l: OwnerListing, products: ProductView[]) {
  const first = (kind: string) => products.find((p) => p.kind === kind);
  const launch = l.plan === 'free' && LAUNCHABLE.has(l.status) ? first('paid_launch') : undefined;
  const extraCategory = l.status !== 'archived' ? first('extra_category') : undefined;
  const sections = products.filter((p) => p.kind === 'section_unlock' && typeof p.options.section === 'string' && !l.unlocked_sections.includes(p.options.section as 'story'));
  return {
    launch,
    // Extra categories are for the paid plan: offered with the paid launch, or to a listing on it.
    extraCategory: extraCategory && (launch || l.plan === 'paid') ? extraCategory : undefined,
    sections: l.status !== 'archived' ? sections : [],
    billboard: l.status !== 'archived' ? first('billboard') : undefined,
    featured: first('featured'),
  };
}
export type Offer = ReturnType<typeof offerFor>;

const DOLLARS = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/**
 * The choices as quote_order's items, and which form field each item came from (so an error on
 * items.2.options.amount_cents lands beside the billboard field). Errors the form itself finds
 * (an amount that is not dollars, nothing chosen) come back beside them.
 */
export function orderOf(l: OwnerListing, offer: Offer, c: OrderChoices) {
  const items: { product: string; listing_id: number; options?: Record<string, unknown> }[] = [];
  const fieldOfItem: string[] = [];
  const errors: Record<string, string> = {};
  const add = (name: string, item: (typeof items)[number]) => {
    items.push(item);
    fieldOfItem.push(name);
  };
  if (offer.launch && c.week) add('week', { product: offer.launch.code, listing_id: l.id, options: { week: c.week } });
  if (offer.extraCategory && c.categories.length) add('categories', { product: offer.extraCategory.code, listing_id: l.id, options: { categories: c.categories } });
  for (const p of offer.sections) if (c.sections.includes(p.code)) add('sections', { product: p.code, listing_id: l.id });
  if (offer.billboard && c.billboard) {
    const m = DOLLARS.exec(c.billboard.replace(/^\$/, ''));
    if (!m) errors.billboard = 'Enter an amount in US dollars, such as 25 or 25.50.';
    else add('billboard', { product: offer.billboard.code, listing_id: l.id, options: { amount_cents: Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) } });
  }
  if (!items.length && !errors.billboard) errors[offer.launch ? 'week' : 'items'] = offer.launch ? 'Choose the launch week (or at least one extra).' : 'Choose at least one extra.';
  const body = { items, billing_country: c.billing_country, ...(c.vat_number ? { vat_number: c.vat_number } : {}) };
  return { body, fieldOfItem, errors };
}

/** The operation's messages (items.1.options.week, billing_country…) by the form's own field names. */
export function errorsByField(fields: Record<string, string>, fieldOfItem: string[], c: OrderChoices): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const parts = path.split('.');
    let name = path;
    if (parts[0] === 'items' && parts.length > 1 && fieldOfItem[Number(parts[1])]) name = fieldOfItem[Number(parts[1])];
    else if (parts[0] === 'billing_country') name = 'billing_country';
    else if (parts[0] === 'vat_number') name = 'vat_number';
    out[name] ??= name === 'billing_country' && c.billing_country === '' ? 'Choose the country you are billed in: VAT depends on it.' : message;
  }
  return out;
}

/** Week choices: from this week to quote_order's horizon. */
function weekOptions(currentWeek: string): [string, string][] {
  const out: [string, string][] = [['', 'Choose a week']];
  for (let n = 0; n <= WEEKS_AHEAD; n++) {
    const w = addWeeks(currentWeek, n);
    out.push([w, `${day(w)}${n === 0 ? ' (this week: live once paid)' : n === 1 ? ' (next week)' : ''}`]);
  }
  return out;
}

function categoryBoxes(c: OrderChoices, tree: CategoryNode[], taken: Set<string>): Html {
  const box = (n: CategoryNode) => (taken.has(n.slug) ? html`<span class="muted">${n.name} (already)</span>` : checkbox('categories', n.slug, n.name, c.categories.includes(n.slug)));
  return html`<ul class="choices">${tree.map((n) => html`<li>${box(n)}${n.subcategories.length ? html`<ul>${n.subcategories.map((sub) => html`<li>${box(sub)}</li>`)}</ul>` : ''}</li>`)}</ul>`;
}

/**
 * The paid form: a GET to the launch page itself (a quote saves and charges nothing, so it may be
 * bookmarked and reloaded), which then shows the quote and the checkout button.
 */
export function orderForm(p: { action: string; l: OwnerListing; offer: Offer; choices: OrderChoices; errors: Record<string, string>; currentWeek: string; categories: CategoryNode[] }): Html {
  const { l, offer, choices: c } = p;
  const s: FormState = { values: { week: c.week, billboard: c.billboard, billing_country: c.billing_country, vat_number: c.vat_number }, errors: p.errors };
  const taken = new Set(l.categories.map((x) => x.slug));
  const groupError = (name: string) => {
    const message = errorOf(s, name);
    return message ? fieldError(fieldId(name), message) : '';
  };
  const minimum = offer.billboard ? (Number.isInteger(offer.billboard.options.minimum_cents) ? Number(offer.billboard.options.minimum_cents) : offer.billboard.price_cents) : 0;
  return html`<form method="get" action="${p.action}" novalidate>
<input type="hidden" name="quote" value="1">
${offer.launch
  ? html`<h3>Paid launch <span class="muted">${usd(offer.launch.price_cents)}</span></h3>
${offer.launch.description ? html`<p class="hint">${offer.launch.description}</p>` : ''}
${selectField(s, 'week', 'Launch week', weekOptions(p.currentWeek), { hint: 'Weeks run Monday to Sunday. A week with no room left says so in the quote.' })}`
  : ''}
${offer.extraCategory
  ? html`<fieldset aria-describedby="${fieldId('categories')}-hint${p.errors.categories ? ` ${fieldId('categories')}-error` : ''}"><legend>Extra categories <span class="muted">${usd(offer.extraCategory.price_cents)} each</span></legend>
<p class="hint" id="${fieldId('categories')}-hint">Up to 3 categories beside the primary one (${l.categories.find((x) => x.primary)?.name ?? 'none yet'}).</p>
${groupError('categories')}
<details${c.categories.length || p.errors.categories ? html` open` : ''}><summary>Choose categories${c.categories.length ? ` (${c.categories.length} chosen)` : ''}</summary>
${categoryBoxes(c, p.categories, taken)}
</details>
</fieldset>`
  : ''}
${offer.sections.length
  ? html`<fieldset><legend>Paid sections</legend>
${groupError('sections')}
${offer.sections.map((x) => checkbox('sections', x.code, html`${SECTION_LABELS[String(x.options.section)] ?? x.name} <span class="muted">${usd(x.price_cents)}</span>`, c.sections.includes(x.code)))}
</fieldset>`
  : ''}
${offer.billboard ? textField(s, 'billboard', 'Billboard amount in US dollars', { inputmode: 'decimal', hint: `Paid placement on the billboard ranking: at least ${usd(minimum)}. Leave empty for none.` }) : ''}
${offer.featured ? html`<p class="hint">Featured placement: not on sale through orders yet.</p>` : ''}
${groupError('items')}
<h3>Billing</h3>
${selectField(s, 'billing_country', 'Billing country', [['', 'Choose a country'], ...COUNTRIES], { autocomplete: 'country', hint: 'VAT depends on it.' })}
${textField(s, 'vat_number', 'EU VAT number', { max: 20, hint: 'EU businesses: a valid number from another member state means reverse charge (no VAT added).' })}
<button type="submit">See the price</button>
</form>`;
}

/** The quote's lines and totals, with the VAT treatment in words. */
export function quoteTable(q: QuoteView): Html {
  return html`<div class="table-wrap"><table>
<caption>What you are buying</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${q.lines.map((line) => html`<tr><td>${line.description}${line.quantity > 1 ? html` <span class="muted">(${line.quantity} × ${usd(line.unit_price_cents)})</span>` : ''}</td><td class="num">${usd(line.amount_cents)}</td></tr>`)}</tbody>
<tfoot>
<tr><th scope="row">Subtotal (excluding VAT)</th><td class="num">${usd(q.subtotal_cents)}</td></tr>
<tr><th scope="row">VAT ${q.vat.rate_percent} %${q.vat.treatment === 'reverse_charge' ? ' (reverse charge)' : ''}</th><td class="num">${usd(q.vat.amount_cents)}</td></tr>
<tr><th scope="row">Total</th><td class="num"><strong>${usd(q.total_cents)}</strong></td></tr>
</tfoot>
</table></div>
<p class="muted">Billed in ${countryName(q.vat.billing_country)}${q.vat.vat_number ? html`, VAT number ${q.vat.vat_number}` : ''}. ${q.vat.note}</p>`;
}

/** The choices again as hidden fields of the checkout post, so it buys exactly what was quoted. */
export function choiceFields(c: OrderChoices): Html {
  const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;
  return html`${c.week ? hidden('week', c.week) : ''}${c.categories.map((v) => hidden('categories', v))}${c.sections.map((v) => hidden('sections', v))}${c.billboard ? hidden('billboard', c.billboard) : ''}${hidden('billing_country', c.billing_country)}${c.vat_number ? hidden('vat_number', c.vat_number) : ''}`;
}
