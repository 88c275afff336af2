import type { FastifyInstance } from 'fastify';
import { listCategories } from '../../../operations/categories/list-categories.ts';
import { getCategory } from '../../../operations/categories/get-category.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs, faqPage } from '../json-ld.ts';
import { cardList, categoryHref } from '../listing-card.ts';
import { plural } from '../numbers.ts';
import { hrefWith, pager } from '../pager.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';

const pageParam = (query: unknown) => {
  const v = (query as Record<string, unknown> | undefined)?.page;
  return typeof v === 'string' ? v : undefined;
};

/** `/categories` (the tree with live counts) and `/categories/{slug}` (one category and its listings). */
export function registerCategoryPages(app: FastifyInstance, web: Web) {
  app.get('/categories', SITE_ROUTE, async (request, reply) => {
    const tree = await readOperation(web.services, request, listCategories, { include_empty: true, per_page: 100, page: pageParam(request.query) });
    return sendPublicPage(web, request, reply, [tree], () => ({
      title: tree.page > 1 ? `Categories, page ${tree.page}` : 'Categories',
      description: `Every category of the directory, with the number of live products in each: ${tree.items.map((c) => c.name).join(', ')}.`,
      path: hrefWith('/categories', { page: tree.page > 1 ? tree.page : undefined }),
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Categories', path: '/categories' }])],
      body: html`<h1>Categories</h1>
<p class="muted">${plural(tree.total, 'category', 'categories')} at the top level; a category includes the products of its subcategories.</p>
<ul class="tiles">${tree.items.map(
        (c) => html`<li><h2><a href="${categoryHref(c.slug)}">${c.name}</a> <span class="muted">(${c.live_listings})</span></h2>
<p class="muted">${c.description}</p>
${c.subcategories.length ? html`<ul>${c.subcategories.map((s) => html`<li><a href="${categoryHref(s.slug)}">${s.name}</a> <span class="muted">(${s.live_listings})</span></li>`)}</ul>` : ''}</li>`,
      )}</ul>
${pager(tree, '/categories', {}, 'Category pages')}`,
    }));
  });

  app.get('/categories/:slug', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const page = pageParam(request.query);
    const c = await readOperation(web.services, request, getCategory, { slug, page, per_page: 20 });
    const path = hrefWith(categoryHref(c.slug), { page: c.listings.page > 1 ? c.listings.page : undefined });
    const trail = [{ name: web.siteName, path: '/' }, { name: 'Categories', path: '/categories' }, ...(c.parent ? [{ name: c.parent.name, path: categoryHref(c.parent.slug) }] : []), { name: c.name, path: categoryHref(c.slug) }];
    return sendPublicPage(web, request, reply, [c], () => ({
      title: c.listings.page > 1 ? `${c.name} products, page ${c.listings.page}` : `${c.name} products`,
      description: c.description || `${plural(c.live_listings, 'live product')} in ${c.name}.`,
      path,
      jsonLd: [breadcrumbs(web.publicUrl, trail), ...(c.faqs.length ? [faqPage(c.faqs)] : [])],
      body: html`<nav class="crumbs" aria-label="Breadcrumb"><ol>${trail.slice(0, -1).map((t) => html`<li><a href="${t.path}">${t === trail[0] ? 'Home' : t.name}</a></li>`)}<li aria-current="page">${c.name}</li></ol></nav>
<h1>${c.name}</h1>
${c.description ? html`<p class="lede">${c.description}</p>` : ''}
<p class="muted">${plural(c.live_listings, 'live product')}, most voted first. <a href="${hrefWith('/search', { category: c.slug })}">Filter and sort these in search</a>.</p>
${c.subcategories.length
  ? html`<nav aria-label="Subcategories"><h2 class="visually-hidden">Subcategories</h2><ul class="tabs">${c.subcategories.map((s) => html`<li><a href="${categoryHref(s.slug)}">${s.name} (${s.live_listings})</a></li>`)}</ul></nav>`
  : ''}
<h2>Products</h2>
${cardList(c.listings.items.map((listing) => ({ listing })), { session: request.siteSession, returnTo: path, heading: 3 }, html`No live products in ${c.name} yet. <a href="/categories">See every category</a>.`)}
${pager(c.listings, categoryHref(c.slug), {}, 'Product pages')}
${c.faqs.length ? html`<section aria-labelledby="faq-heading"><h2 id="faq-heading">Questions about ${c.name}</h2>${c.faqs.map((f) => html`<details><summary>${f.question}</summary><p>${f.answer}</p></details>`)}</section>` : ''}`,
    }));
  });
}
