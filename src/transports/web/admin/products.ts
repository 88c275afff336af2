import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NewProduct, PriceCents } from '../../../contract/price-list.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import type { ProductRow } from '../../../store/products-store.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { errorSummary, fieldError, invalidAttrs } from '../layout.ts';
import { adminNav } from './frame.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const ADD_FIELDS = ['code', 'name', 'description', 'kind', 'price_cents', 'section', 'minimum_cents', 'max_per_listing'] as const;
type AddField = (typeof ADD_FIELDS)[number];
type AddValues = Record<AddField, string>;
const EMPTY: AddValues = { code: '', name: '', description: '', kind: 'paid_launch', price_cents: '', section: '', minimum_cents: '', max_per_listing: '' };

function admin(request: FastifyRequest, web: Web): SiteSession {
  const s = web.formSession(request);
  if (!s.isAdmin) throw new DomainError('forbidden', 'admin_only', 'This page is for administrators.');
  return s;
}

/**
 * The administrator's price list at /admin/products: every product with its price (USD cents,
 * excluding VAT), a form to change it, retiring, and adding a product. The same rules as the CLI
 * (products:list, products:set-price, products:add, products:retire).
 */
export function registerAdminProductPages(app: FastifyInstance, web: Web) {
  const { services } = web;

  async function render(request: FastifyRequest, reply: FastifyReply, p: { status?: number; summary?: string; values?: AddValues; errors?: Partial<Record<AddField, string>> } = {}) {
    const s = request.siteSession!;
    const products = await services.priceList.all();
    const v = p.values ?? EMPTY;
    const e = p.errors ?? {};
    const text = (id: AddField, label: string, hint?: string) => html`<label for="${id}">${label}</label>
<input type="text" id="${id}" name="${id}" value="${v[id]}"${hint ? html` aria-describedby="${id}-hint"` : ''}${invalidAttrs(id, e[id])}>
${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}${fieldError(id, e[id])}`;
    return web.page(request, reply, {
      title: 'Products and prices',
      status: p.status,
      body: html`${adminNav('/admin/products')}<h1>Products and prices</h1>
<p>Prices are USD cents, excluding VAT. A new price applies to quotes and checkouts from the moment it is saved; orders keep the price they were made with. Every change is in the <a href="/admin/log">action log</a>.</p>
${errorSummary(p.summary)}
<table>
<caption>Products (${products.length})</caption>
<thead><tr><th scope="col">Product</th><th scope="col">Kind and options</th><th scope="col">Price</th><th scope="col">Change</th></tr></thead>
<tbody>
${products.map((pr) => row(pr, s.csrf))}
</tbody>
</table>
<h2 id="add">Add a product</h2>
<form method="post" action="/admin/products" novalidate aria-labelledby="add">
<input type="hidden" name="csrf" value="${s.csrf}">
${text('code', 'Code', 'What order items name, e.g. paid-launch: lowercase letters, digits and hyphens.')}
${text('name', 'Name')}
${text('description', 'Description')}
<label for="kind">Kind</label>
<select id="kind" name="kind"${invalidAttrs('kind', e.kind)}>
${(['paid_launch', 'extra_category', 'section_unlock', 'billboard'] as const).map((k) => html`<option value="${k}"${v.kind === k ? html` selected` : ''}>${k}</option>`)}
</select>
${fieldError('kind', e.kind)}
${text('price_cents', 'Price in USD cents, excluding VAT', 'For extra_category, per category; for billboard, the amount shown as "from".')}
${text('section', 'Section (section_unlock only)', 'story, milestones or media.')}
${text('minimum_cents', 'Minimum in cents (billboard only)', 'The least a buyer may contribute; the price when left empty.')}
${text('max_per_listing', 'Extra categories per listing (extra_category only)', '1 to 3; 3 when left empty.')}
<button type="submit">Add the product</button>
</form>`,
    });
  }

  function row(p: ProductRow, csrf: string) {
    const options = Object.entries(p.options).map(([k, val]) => `${k}: ${String(val)}`).join(', ');
    return html`<tr>
<td><strong>${p.name}</strong><br><code>${p.code}</code>${p.active ? '' : html` <span class="muted">(retired)</span>`}</td>
<td>${p.kind}${options ? html`<br><span class="muted">${options}</span>` : ''}</td>
<td>${usd.format(p.price_cents / 100)}<br><span class="muted">${p.price_cents} cents, since ${time(p.updated_at)}</span></td>
<td>${p.active
      ? html`<form method="post" action="/admin/products/${p.code}/price">
<input type="hidden" name="csrf" value="${csrf}">
<label for="price-${p.code}">New price in cents</label>
<input type="text" inputmode="numeric" id="price-${p.code}" name="price_cents" value="${p.price_cents}">
<button type="submit">Save price</button>
</form>
<form method="post" action="/admin/products/${p.code}/retire"><input type="hidden" name="csrf" value="${csrf}"><button class="secondary" type="submit">Retire ${p.code}</button></form>`
      : html`<span class="muted">Off sale</span>`}</td>
</tr>`;
  }

  app.get('/admin/products', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    if (!s.isAdmin) throw new DomainError('forbidden', 'admin_only', 'This page is for administrators.');
    return render(request, reply);
  });

  app.post('/admin/products', SITE_ROUTE, async (request, reply) => {
    const s = admin(request, web);
    const values = Object.fromEntries(ADD_FIELDS.map((k) => [k, field(request, k)])) as AddValues;
    // Empty optional fields are absent, not zero.
    const input = Object.fromEntries(Object.entries(values).filter(([k, val]) => val !== '' || k === 'code' || k === 'name'));
    const parsed = NewProduct.safeParse(input);
    if (!parsed.success) {
      const errors: Partial<Record<AddField, string>> = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as AddField] ??= issue.message;
      return render(request, reply, { status: 400, values, errors, summary: 'The product was not added: please correct the fields marked below.' });
    }
    await services.admin.prices.add(s.userId, parsed.data);
    return reply.redirect('/admin/products?notice=product-added', 303);
  });

  app.post('/admin/products/:code/price', SITE_ROUTE, async (request, reply) => {
    const s = admin(request, web);
    const { code } = request.params as { code: string };
    const parsed = PriceCents.safeParse(field(request, 'price_cents').trim() || undefined);
    if (!parsed.success) return render(request, reply, { status: 400, summary: `The price of ${code} was not changed: it ${parsed.error.issues[0].message}.` });
    await services.admin.prices.setPrice(s.userId, code, parsed.data);
    return reply.redirect('/admin/products?notice=price-saved', 303);
  });

  app.post('/admin/products/:code/retire', SITE_ROUTE, async (request, reply) => {
    const s = admin(request, web);
    await services.admin.prices.retire(s.userId, (request.params as { code: string }).code);
    return reply.redirect('/admin/products?notice=product-retired', 303);
  });
}
