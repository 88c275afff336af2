import type { FastifyInstance } from 'fastify';
import { searchListings } from '../../../operations/listings/search-listings.ts';
import { listCategories } from '../../../operations/categories/list-categories.ts';
import type { CategoryNode } from '../../../contract/category.ts';
import { DomainError } from '../../../domain/errors.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, type Html } from '../html.ts';
import { errorSummary } from '../layout.ts';
import { cardList } from '../listing-card.ts';
import { hrefWith, pager } from '../pager.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';

const SORTS = [
  ['relevance', 'Best match'],
  ['votes', 'Most voted'],
  ['trending', 'Trending'],
  ['newest', 'Newest'],
  ['most_viewed', 'Most viewed'],
  ['most_followed', 'Most followed'],
] as const;
const STAGES = ['idea', 'prototype', 'beta', 'launched', 'growing', 'mature'];
/** The pricing models listings most often state; the filter itself takes any. */
const PRICING_MODELS = ['free', 'freemium', 'subscription', 'one-time', 'usage-based', 'open-source'];
const PARAMS = ['q', 'category', 'stage', 'country', 'pricing_model', 'status', 'sort', 'page'] as const;
type Params = Partial<Record<(typeof PARAMS)[number], string>>;

/** The query values this page knows, as single strings; anything else in the URL is ignored. */
function paramsOf(query: unknown): Params {
  const q = (query ?? {}) as Record<string, unknown>;
  const out: Params = {};
  for (const k of PARAMS) if (typeof q[k] === 'string' && q[k] !== '') out[k] = (q[k] as string).trim();
  return out;
}

const option = (value: string, label: string, current: string | undefined) =>
  html`<option value="${value}"${current === value ? html` selected` : ''}>${label}</option>`;

function categoryOptions(nodes: CategoryNode[], current: string | undefined, depth = 0): Html[] {
  return nodes.flatMap((n) => [
    option(n.slug, `${'\u2003'.repeat(depth)}${n.name} (${n.live_listings})`, current),
    ...categoryOptions(n.subcategories, current, depth + 1),
  ]);
}

/** `/search`: the typo-tolerant search with every filter and sort of search_listings, paged. */
export function registerSearchPage(app: FastifyInstance, web: Web) {
  app.get('/search', SITE_ROUTE, async (request, reply) => {
    const p = paramsOf(request.query);
    // Both at once: the tree (cached) must not wait in the database's queue behind the search.
    const [tree, outcome] = await Promise.all([
      readOperation(web.services, request, listCategories, { include_empty: false, per_page: 100 }),
      readOperation(web.services, request, searchListings, p).then(
        (result) => ({ result, problem: undefined }),
        (err: unknown) => {
          if (!(err instanceof DomainError) || err.kind !== 'invalid') throw err;
          return { result: undefined, problem: err };
        },
      ),
    ]);
    const { result, problem } = outcome;
    const filters = { ...p, page: undefined };
    const filtered = Boolean(p.category || p.stage || p.country || p.pricing_model || p.status === 'upcoming');
    const heading = p.q ? `Results for “${p.q}”` : p.status === 'upcoming' ? 'Upcoming launches' : 'Browse products';
    const count = result
      ? html`<p class="count" role="status">${result.total_is_estimate ? 'About ' : ''}${result.total.toLocaleString('en-US')} ${result.total === 1 ? 'product' : 'products'}${result.page > 1 ? html`, page ${result.page}` : ''}</p>`
      : '';
    const empty = html`Nothing matches${p.q ? html` “${p.q}”` : ''}${filtered ? ' with these filters' : ''}. Try fewer words or filters, or <a href="/categories">browse the categories</a>.`;
    return sendPublicPage(web, request, reply, result ? [tree, result] : [tree], () => ({
      title: p.q ? `${p.q}: search` : heading,
      description: 'Search every product in the directory by name, tagline and description, with filters by category, stage, country and pricing.',
      path: hrefWith('/search', { ...filters, page: result && result.page > 1 ? result.page : undefined }),
      noindex: Boolean(p.q),
      status: problem ? 400 : 200,
      script: true,
      body: html`<h1>${heading}</h1>
<form class="filters" method="get" action="/search" role="search" aria-label="Products" data-autosubmit>
<div class="search-row"><label for="q">Search</label>
<input type="search" id="q" name="q" value="${p.q ?? ''}" maxlength="200" placeholder="Name, tagline, description…" aria-describedby="q-hint">
<p class="hint" id="q-hint">Misspellings are fine: “invoicng” finds invoicing tools.</p></div>
<div class="filter-grid">
<div><label for="category">Category</label><select id="category" name="category">${option('', 'Any category', p.category)}${categoryOptions(tree.items, p.category)}</select></div>
<div><label for="stage">Stage</label><select id="stage" name="stage">${option('', 'Any stage', p.stage)}${STAGES.map((s) => option(s, s[0].toUpperCase() + s.slice(1), p.stage))}</select></div>
<div><label for="pricing_model">Pricing</label><select id="pricing_model" name="pricing_model">${option('', 'Any pricing', p.pricing_model)}${PRICING_MODELS.map((m) => option(m, m, p.pricing_model))}</select></div>
<div><label for="country">Country <span class="muted">(2 letters)</span></label><input type="text" id="country" name="country" value="${p.country ?? ''}" maxlength="2" pattern="[A-Za-z]{2}" autocomplete="off" placeholder="DE"></div>
<div><label for="status">Launch</label><select id="status" name="status">${option('live', 'Live', p.status ?? 'live')}${option('upcoming', 'Upcoming', p.status)}</select></div>
<div><label for="sort">Sort by</label><select id="sort" name="sort">${SORTS.map(([v, l]) => option(v, l, p.sort ?? 'relevance'))}</select></div>
</div>
<button type="submit">Apply</button>${filtered || p.q ? html` <a class="reset" href="/search">Clear all</a>` : ''}
</form>
${problem ? errorSummary(`${problem.message}${problem.fields?.length ? ' ' + problem.fields.map((f) => `${f.field}: ${f.message}.`).join(' ') : ''}`) : ''}
${count}
${result ? cardList(result.items.map((listing) => ({ listing })), { session: request.siteSession, returnTo: request.url, heading: 2 }, empty) : ''}
${result ? pager(result, '/search', filters, 'Result pages') : ''}`,
    }));
  });
}
