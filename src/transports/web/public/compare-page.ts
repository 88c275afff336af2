import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { compareListings } from '../../../operations/listings/compare-listings.ts';
import { DomainError } from '../../../domain/errors.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { errorSummary } from '../layout.ts';
import { listingHref } from '../listing-card.ts';
import { logo } from '../logo.ts';
import { hrefWith } from '../pager.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined);
const cell = (v: string | null) => (v === null ? html`<span aria-hidden="true">—</span><span class="visually-hidden">not stated</span>` : v === 'true' ? 'Yes' : v === 'false' ? 'No' : v);

/** `/compare?a=&b=`: two live listings side by side, by general facts and their categories' attributes. */
export function registerComparePage(app: FastifyInstance, web: Web) {
  app.get('/compare', SITE_ROUTE, async (request, reply) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const a = str(q.a);
    const b = str(q.b);
    let result: z.output<typeof compareListings.output> | undefined;
    let problem: DomainError | undefined;
    if (a && b) {
      try {
        result = await readOperation(web.services, request, compareListings, { a, b });
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind !== 'invalid') throw err;
        problem = err;
      }
    }
    const title = result ? `${result.a.name} vs ${result.b.name}` : 'Compare two products';
    const form = html`<form class="filters" method="get" action="/compare">
<div class="filter-grid">
<div><label for="compare-a">First product (its address here, e.g. notionly)</label><input type="text" id="compare-a" name="a" value="${a ?? ''}" maxlength="220" required></div>
<div><label for="compare-b">Second product</label><input type="text" id="compare-b" name="b" value="${b ?? ''}" maxlength="220" required></div>
</div>
<button type="submit">Compare</button>
</form>`;
    return sendPublicPage(web, request, reply, result ? [result] : [], () => ({
      title,
      description: result ? `${result.a.name} and ${result.b.name} side by side: pricing, stage, ratings and category features.` : 'Compare two products of the directory side by side.',
      path: result ? hrefWith('/compare', { a: result.a.slug, b: result.b.slug }) : '/compare',
      noindex: !result,
      status: problem ? 400 : 200,
      jsonLd: result ? [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: title, path: hrefWith('/compare', { a: result.a.slug, b: result.b.slug }) }])] : [],
      body: html`<h1>${title}</h1>
${problem ? errorSummary(`${problem.message} ${(problem.fields ?? []).map((f) => `${f.field}: ${f.message}.`).join(' ')}`) : ''}
${result
  ? html`<div class="table-wrap"><table class="compare-table">
<caption>An empty cell means that product does not state the fact.</caption>
<thead><tr><th scope="col">Fact</th>${[result.a, result.b].map((s) => html`<th scope="col">${logo(s.name, s.logo_url)} <a href="${listingHref(s.slug)}">${s.name}</a>${s.tagline ? html`<br><span class="muted">${s.tagline}</span>` : ''}</th>`)}</tr></thead>
<tbody>
<tr><th scope="row">Votes</th><td>${result.a.votes}</td><td>${result.b.votes}</td></tr>
${result.rows.map((r) => html`<tr><th scope="row">${r.label}</th><td>${cell(r.a)}</td><td>${cell(r.b)}</td></tr>`)}
</tbody></table></div>
<p><a href="${hrefWith('/compare', { a: result.b.slug, b: result.a.slug })}">Swap sides</a></p>`
  : form}
${result ? html`<details><summary>Compare other products</summary>${form}</details>` : ''}`,
    }));
  });
}
