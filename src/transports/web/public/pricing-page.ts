import type { FastifyInstance } from 'fastify';
import { listProducts } from '../../../operations/catalog/list-products.ts';
import { getSiteInfo } from '../../../operations/site/get-site-info.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { usd } from '../numbers.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';

/**
 * `/pricing`: how to launch, the free plan and the paid products, every price from list_products
 * (set by the site's administrator; never written into a page).
 */
export function registerPricingPage(app: FastifyInstance, web: Web) {
  app.get('/pricing', SITE_ROUTE, async (request, reply) => {
    const [info, products] = await Promise.all([
      readOperation(web.services, request, getSiteInfo, {}),
      readOperation(web.services, request, listProducts, { per_page: 100 }),
    ]);
    const { min, max } = info.free_launch_queue_weeks;
    return sendPublicPage(web, request, reply, [info, products], () => ({
      title: 'Launch your product: plans and prices',
      description: `Launch for free ${min} to ${max} weeks out, or pick a paid launch and extras. Prices in USD, excluding VAT.`,
      path: '/pricing',
      jsonLd: [
        breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Pricing', path: '/pricing' }]),
        {
          '@context': 'https://schema.org',
          '@type': 'OfferCatalog',
          name: `${info.name} products`,
          itemListElement: products.items.map((p) => ({ '@type': 'Offer', name: p.name, description: p.description, price: (p.price_cents / 100).toFixed(2), priceCurrency: p.currency })),
        },
      ],
      body: html`<h1>Launch your product</h1>
<section aria-labelledby="submit-heading" id="submit">
<h2 id="submit-heading">How to submit</h2>
<ol>
<li><a href="/sign-up">Create an account</a> and confirm your email address.</li>
<li><a href="/submit">Submit your website</a> here, or with an <a href="/account/api-keys">API key</a> (<code>POST /api/v1/drafts</code>, see the <a href="/docs">API reference</a>) or from an AI assistant through our MCP server at <code>${info.urls.mcp}</code>. We read your site and draft the profile in about a minute, quoting your own pages; anything your site does not say stays blank.</li>
<li>Review the draft (every value shows the words of your site it came from), save it as your listing, then choose the free plan or a paid launch under <a href="/my/listings">My listings</a>.</li>
</ol>
</section>
<section aria-labelledby="free-heading">
<h2 id="free-heading">Free</h2>
<p class="price">$0</p>
<p>Your launch joins the free queue for a week ${min} to ${max} weeks ahead. It goes live once our badge is on your homepage.</p>
</section>
<section aria-labelledby="paid-heading">
<h2 id="paid-heading">Paid products</h2>
<p class="muted">Prices in US dollars, excluding VAT; VAT is added at checkout where it applies.</p>
${products.items.length
  ? html`<ul class="tiles">${products.items.map(
      (p) => html`<li><h3>${p.name}</h3><p class="price">${usd(p.price_cents)}</p><p>${p.description}</p>${p.needs_listing ? html`<p class="muted">Bought for one of your listings.</p>` : ''}</li>`,
    )}</ul>`
  : html`<p class="empty">No paid products are on sale right now.</p>`}
</section>`,
    }));
  });
}
