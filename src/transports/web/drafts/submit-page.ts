import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { submitListing } from '../../../operations/drafts/submit-listing.ts';
import { listMyDrafts } from '../../../operations/drafts/list-my-drafts.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { control, errorAt, plainMessage, postedValues, submitOnce } from './form.ts';
import { pageName } from './fields.ts';
import { formKeys } from '../form-operation.ts';
import { html, time } from '../html.ts';
import { errorSummary } from '../layout.ts';
import { pager } from '../pager.ts';
import { readOperation } from '../read-operation.ts';

const STATUS_WORDS = {
  crawling: 'Reading the site',
  drafting: 'Drafting',
  ready: 'Ready to review',
  failed: 'The site could not be read',
  submitted: 'Saved as a listing',
} as const;

/**
 * Submit (/submit): a product's address starts a draft (submit_listing, with the form's
 * Idempotency-Key, so a double click starts one draft), then on to the draft's page. My drafts
 * (/drafts): every draft of the person, newest first (list_my_drafts).
 */
export function registerSubmitPage(app: FastifyInstance, web: Web) {
  const { services } = web;

  function submitForm(request: FastifyRequest, reply: FastifyReply, p: { url: string; error?: string; summary?: string; status?: number }) {
    const s = request.siteSession!;
    return web.page(request, reply, {
      title: 'Submit your product',
      status: p.status,
      body: html`<h1>Submit your product</h1>
<p>Paste the address of your product’s website. We read a few of its pages (respecting its robots.txt) and an AI drafts the profile in about a minute.
Every value it drafts comes with quotes from your pages as evidence; what your site does not say is left blank, never invented.
Nothing is published and nothing is charged: you review the draft, then decide.</p>
${errorSummary(p.summary)}
<form method="post" action="/submit" novalidate>
${formKeys(s.csrf)}
${control({ name: 'url', label: 'Your product’s website', value: p.url, error: p.error, type: 'url', autocomplete: 'url', hint: 'For example https://example.com. At most 2048 characters.' })}
<button type="submit">Draft my listing</button>
</form>
<p><a href="/drafts">My drafts</a>: the products you submitted before.</p>`,
    });
  }

  app.get('/submit', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    const url = String((request.query as Record<string, unknown>).url ?? '').slice(0, 2048);
    return submitForm(request, reply, { url });
  });

  app.post('/submit', SITE_ROUTE, async (request, reply) => {
    web.formSession(request);
    const values = postedValues(request);
    const outcome = await submitOnce(web, request, submitListing, { url: values.url ?? '' });
    if (!outcome.ok) {
      const message = errorAt(outcome.fields, 'url');
      return submitForm(request, reply, { url: values.url ?? '', status: outcome.status, summary: outcome.summary, error: message && plainMessage(message) });
    }
    return reply.redirect(`/drafts/${outcome.body.id}`, 303);
  });

  app.get('/drafts', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    const page = (request.query as Record<string, unknown>).page;
    const list = await readOperation(services, request, listMyDrafts, { page, per_page: 20 });
    return web.page(request, reply, {
      title: 'My drafts',
      body: html`<h1>My drafts</h1>
<p><a href="/submit">Submit a product</a> to start a new draft.</p>
${list.items.length
  ? html`<div class="table-wrap"><table><caption>Your drafts, newest first</caption>
<thead><tr><th scope="col">Product</th><th scope="col">Status</th><th scope="col">Complete</th><th scope="col">Started</th></tr></thead>
<tbody>${list.items.map(
      (d) => html`<tr><th scope="row"><a href="/drafts/${d.id}">${d.name ?? pageName(d.url)}</a><br><span class="muted">${pageName(d.url)}</span></th>
<td>${STATUS_WORDS[d.status]}${d.listing_id ? html` · <a href="/my/listings/${d.listing_id}">listing</a>` : ''}</td><td>${d.completeness}%</td><td>${time(d.created_at)}</td></tr>`,
    )}</tbody></table></div>
${pager(list, '/drafts', {}, 'Pages of drafts')}`
  : html`<p>You have no drafts yet.</p>`}`,
    });
  });
}
