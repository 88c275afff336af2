import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OwnerListing } from '../../../contract/owner-listing.ts';
import { DomainError } from '../../../domain/errors.ts';
import { weekOf } from '../../../domain/launches/weeks.ts';
import type { BadgeCheckView } from '../../../domain/owner-listings/badge-check-now.ts';
import { listCategories } from '../../../operations/categories/list-categories.ts';
import { listProducts } from '../../../operations/catalog/list-products.ts';
import { createCheckout } from '../../../operations/orders/create-checkout.ts';
import { quoteOrder } from '../../../operations/orders/quote-order.ts';
import { chooseFreeListing } from '../../../operations/owner-listings/choose-free-listing.ts';
import { getSiteInfo } from '../../../operations/site/get-site-info.ts';
import { field, fields, SITE_ROUTE, type Web } from '../context.ts';
import { formKeys, submitOperation } from '../form-operation.ts';
import { html, time, type Html } from '../html.ts';
import { errorSummary } from '../layout.ts';
import { listingFrame, listingIdOf, myListingHref, ownedListing } from './frame.ts';
import { choiceFields, choicesOf, errorsByField, offerFor, orderForm, orderOf, quoteTable, type OrderChoices } from './order-form.ts';
import { day } from '../numbers.ts';
import { readOperation } from '../read-operation.ts';

const NOTICES: Record<string, string> = {
  'free-chosen': 'Your listing is queued for a free launch week. Put the badge on your homepage: once we find it there, the listing is scheduled.',
  checking: 'We are checking your homepage for the badge now.',
};
const OUTCOMES: Record<string, string> = {
  verified: 'Verified: the badge is on your homepage.',
  absent: 'Not found: we read your homepage, and the badge was not on it.',
  unverifiable: 'Could not check: we could not read your homepage.',
};
/** While a check is under way the page reloads itself this often (a meta refresh: no script needed). */
const REFRESH_SECONDS = 3;

interface Shown {
  status?: number;
  /** A refused post of the paid form: the choices as posted and the messages by field. */
  order?: { choices: OrderChoices; errors: Record<string, string>; summary?: string; key?: string };
  /** A refused "launch for free" or "check now". */
  freeError?: string;
  checkError?: string;
}

/**
 * `/my/listings/{id}/launch`, "Launch it". The free plan (choose_free_listing): the week it
 * launches in, the badge code for the homepage, the last badge check and the next, and "check
 * now". The paid plan: the week and extras, the quote with VAT (quote_order, a GET: nothing is
 * saved), then create_checkout and on to the checkout page.
 */
export function registerLaunchPages(app: FastifyInstance, web: Web) {
  const { services } = web;
  const here = (id: number) => myListingHref(id, 'launch');

  async function render(request: FastifyRequest, reply: FastifyReply, id: number, shown: Shown = {}) {
    const session = request.siteSession!;
    const [l, site, products, categories, checks] = await Promise.all([
      ownedListing(web, request, id),
      readOperation(services, request, getSiteInfo, {}),
      readOperation(services, request, listProducts, { per_page: 100 }),
      readOperation(services, request, listCategories, { per_page: 100 }),
      services.badgeChecks.view(session.userId, id),
    ]);
    const offer = offerFor(l, products.items);
    const currentWeek = weekOf(services.now(), site.timezone);
    const q = request.query as Record<string, unknown>;
    const one = (name: string) => (typeof q[name] === 'string' ? (q[name] as string) : '');
    const all = (name: string) => [q[name] ?? []].flat().filter((v): v is string => typeof v === 'string');

    // The quote: asked for by the paid form (a GET), or shown again with a refused checkout's messages.
    let order = shown.order;
    let quote: Awaited<ReturnType<typeof quoteFor>> | undefined;
    if (!order && one('quote') === '1') {
      const choices = choicesOf(one, all);
      quote = await quoteFor(request, l, offer, choices);
      order = quote.ok ? { choices, errors: {} } : { choices, errors: quote.errors, summary: 'Please correct the fields marked below.' };
    } else if (order?.key) {
      // The first checkout post is still running: the same choices and key again replay its order.
      quote = await quoteFor(request, l, offer, order.choices);
    }
    const choices = order?.choices ?? choicesOf(() => '', () => []);

    const paid = offer.launch || offer.extraCategory || offer.sections.length || offer.billboard;
    const body = html`${listingFrame(l, 'launch', 'Launch')}
${l.status === 'archived' ? html`<p>This listing is archived: it cannot be launched or extended. Ask the site team if you think it should not be.</p>` : ''}
${freeSection(l, { window: site.free_launch_queue_weeks, checks, csrf: session.csrf, action: here(id), now: services.now() }, shown)}
${paid
  ? html`<section aria-labelledby="paid"><h2 id="paid">${offer.launch ? (l.status === 'draft' ? 'Or: the paid plan' : 'Launch sooner on the paid plan') : 'Extras'}</h2>
${offer.launch ? html`<p>Choose your launch week, from this week to a year ahead, without waiting for the badge. Add extras if you like; the quote shows VAT for your billing country.</p>` : ''}
${order?.summary ? errorSummary(order.summary) : ''}
${orderForm({ action: `${here(id)}#paid`, l, offer, choices, errors: order?.errors ?? {}, currentWeek, categories: categories.items })}
${quote?.ok
  ? html`<section aria-labelledby="quote"><h3 id="quote">Your price</h3>
${quoteTable(quote.quote)}
<form method="post" action="${here(id)}/checkout">
${formKeys(session.csrf, order?.key)}
${choiceFields(choices)}
<button type="submit">Continue to payment</button>
</form>
<p class="hint">Next: the checkout page, where you enter billing details and pay. Prices are held from the moment you continue.</p></section>`
  : ''}
</section>`
  : ''}`;
    return web.page(request, reply, {
      title: `Launch ${l.name}`,
      status: shown.status ?? (order && !quote?.ok && Object.keys(order.errors).length ? 400 : 200),
      notice: NOTICES[one('notice')],
      // To the page's own URL without a fragment: a refresh to a URL with one only scrolls.
      head: checks.checking ? html`<meta http-equiv="refresh" content="${REFRESH_SECONDS}; url=${here(id)}">` : undefined,
      script: true,
      body,
    });
  }

  /** quote_order for the choices, or the messages by field (the form's own and the operation's). */
  async function quoteFor(request: FastifyRequest, l: OwnerListing, offer: ReturnType<typeof offerFor>, choices: OrderChoices) {
    const { body, fieldOfItem, errors } = orderOf(l, offer, choices);
    if (!body.items.length) return { ok: false as const, errors };
    try {
      const quote = await readOperation(services, request, quoteOrder, body);
      if (Object.keys(errors).length) return { ok: false as const, errors };
      return { ok: true as const, quote };
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind !== 'invalid') throw err;
      const byPath = Object.fromEntries((err.fields ?? [{ field: 'items', message: err.message }]).map((f) => [f.field, f.message]));
      return { ok: false as const, errors: { ...errorsByField(byPath, fieldOfItem, choices), ...errors } };
    }
  }

  app.get('/my/listings/:id/launch', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    return render(request, reply, listingIdOf(request));
  });

  app.post('/my/listings/:id/launch/free', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    const outcome = await submitOperation(web, request, chooseFreeListing, { listing_id: id });
    if (outcome.ok) return reply.redirect(`${here(id)}?notice=free-chosen#free`, 303);
    return render(request, reply, id, { status: outcome.status, freeError: outcome.summary });
  });

  app.post('/my/listings/:id/launch/check', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    const session = web.formSession(request);
    try {
      await services.badgeChecks.request(session.userId, id);
    } catch (err) {
      if (!(err instanceof DomainError) || (err.kind !== 'rate_limited' && err.kind !== 'conflict')) throw err;
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      return render(request, reply, id, { status: err.kind === 'conflict' ? 409 : 429, checkError: err.message });
    }
    return reply.redirect(`${here(id)}?notice=checking#badge-check`, 303);
  });

  app.post('/my/listings/:id/launch/checkout', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    web.formSession(request);
    const choices = choicesOf((name) => field(request, name), (name) => fields(request, name));
    const l = await ownedListing(web, request, id);
    const products = await readOperation(services, request, listProducts, { per_page: 100 });
    const { body, fieldOfItem, errors } = orderOf(l, offerFor(l, products.items), choices);
    if (Object.keys(errors).length) return render(request, reply, id, { status: 400, order: { choices, errors, summary: 'Please correct the fields marked below.' } });
    const outcome = await submitOperation(web, request, createCheckout, body);
    if (outcome.ok) return reply.redirect(outcome.body.checkout_url, 303);
    return render(request, reply, id, { status: outcome.status, order: { choices, errors: errorsByField(outcome.fields, fieldOfItem, choices), summary: outcome.summary, key: outcome.retryKey } });
  });
}

/** The free plan: the choice (a submitted listing), or the queued week, the badge and its checks. */
function freeSection(l: OwnerListing, p: { window: { min: number; max: number }; checks: BadgeCheckView; csrf: string; action: string; now: Date }, shown: Shown): Html {
  const { window, checks, csrf, action } = p;
  if (l.plan !== 'free' || l.status === 'archived') return html``;
  if (l.status === 'draft') {
    return html`<section aria-labelledby="free"><h2 id="free">The free plan</h2>
<p>Free: your listing is queued for the earliest launch week with room, ${window.min} to ${window.max} weeks from now. It goes live in that week once our badge is on your homepage (<a href="${l.url}" rel="noopener nofollow">${l.url}</a>).</p>
${shown.freeError || shown.checkError ? errorSummary(shown.freeError ?? shown.checkError) : ''}
<form method="post" action="${action}/free">
${formKeys(csrf)}
<button type="submit">Launch for free</button>
</form></section>`;
  }
  const last = checks.checks[0];
  const imagePath = new URL(l.badge.image_url).pathname + new URL(l.badge.image_url).search;
  return html`<section aria-labelledby="free"><h2 id="free">The free plan: launch week of ${l.launch_week ? day(l.launch_week) : '(none)'}</h2>
${l.status === 'awaiting_badge'
  ? html`<p>Your listing is queued for the launch week of ${l.launch_week ? day(l.launch_week) : ''}. Put this badge on your homepage (<a href="${l.url}" rel="noopener nofollow">${l.url}</a>), linking to your listing as given: once we find it, the listing is scheduled and goes live on that Monday.</p>
<div class="badge-preview light"><img src="${imagePath}" alt="The badge to place (preview)"></div>
<label for="badge-code">Badge code for your homepage</label>
<textarea id="badge-code" class="embed" readonly data-copy="badge code">${l.badge.embed_html}</textarea>`
  : html`<p><strong>${l.status === 'live' ? 'Live' : 'Scheduled'}</strong>: the badge was found${checks.verifiedAt ? html` ${time(checks.verifiedAt)}` : ''}; ${l.status === 'live' ? 'the listing is live' : html`the listing goes live on Monday ${l.launch_week ? day(l.launch_week) : ''}`}. Keep the badge on your homepage.</p>`}
<section aria-labelledby="badge-check"><h3 id="badge-check">Badge check</h3>
${checks.checking ? html`<p class="notice" role="status">Checking your homepage now (asked ${time(checks.requestedAt)}). This page refreshes itself every ${REFRESH_SECONDS} seconds.</p>` : ''}
${last
  ? html`<p class="badge-outcome outcome-${last.outcome}"><strong>${OUTCOMES[last.outcome]}</strong> Last checked ${time(last.checked_at)}.</p><p class="hint">${last.detail}</p>`
  : html`<p>Not checked yet.</p>`}
${checks.nextCheckAt ? html`<p>Next scheduled check: around ${time(checks.nextCheckAt)}, then every 6 hours until the badge is found.</p>` : ''}
${shown.checkError ? errorSummary(shown.checkError) : ''}
${l.status === 'awaiting_badge' && !checks.checking
  ? html`<form method="post" action="${action}/check">
${formKeys(csrf)}
<button type="submit">Check now</button>
${checks.checkNowFrom && checks.checkNowFrom > p.now ? html`<p class="hint">Checked moments ago: you can check again from ${time(checks.checkNowFrom)}.</p>` : ''}
</form>`
  : ''}
${checks.checks.length > 1
  ? html`<details><summary>Earlier checks</summary><div class="table-wrap"><table><thead><tr><th scope="col">When</th><th scope="col">Outcome</th><th scope="col">Details</th></tr></thead>
<tbody>${checks.checks.slice(1).map((c) => html`<tr><td>${time(c.checked_at)}</td><td>${c.outcome}</td><td>${c.detail}</td></tr>`)}</tbody></table></div></details>`
  : ''}
</section></section>`;
}
