import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import { DomainError } from '../../../domain/errors.ts';
import { OWNER_EVENT_TYPES, PUBLIC_EVENT_TYPES, WEBHOOK_EVENTS, type WebhookEventType } from '../../../domain/webhooks/events.ts';
import { MAX_ENDPOINTS_PER_ACCOUNT } from '../../../domain/webhooks/retry-policy.ts';
import { WEBHOOK_LOG_KEPT_DAYS } from '../../../domain/privacy/retention.ts';
import { field, fields, SITE_ROUTE, type Web } from '../context.ts';
import { html, time, type Html } from '../html.ts';
import { errorSummary, fieldError, invalidAttrs } from '../layout.ts';

/** Fixed confirmations after a redirect (?done=…), never echoing input. */
const DONE: Record<string, string> = {
  deleted: 'The endpoint is deleted: nothing more is sent to it.',
  enabled: 'The endpoint is enabled again: new events are sent to it.',
  resent: 'The delivery is queued again, after the endpoint\'s other waiting deliveries.',
};

interface FormValues {
  url: string;
  description: string;
  events: string[];
  categories: string;
}
type FormErrors = Partial<Record<'url' | 'events' | 'categories' | 'description', string>>;

const idOf = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : undefined);
const OUTCOMES: Record<string, string> = {
  delivered: 'delivered',
  http_error: 'error answer',
  redirect: 'redirect (not followed)',
  timeout: 'no answer in time',
  address_refused: 'address refused',
  connection_failed: 'could not connect',
};

/** Account → Webhooks: endpoints (register with the secret shown once, enable, delete), each one's delivery log with "Send again". */
export function registerWebhookPages(app: FastifyInstance, web: Web) {
  const { services } = web;

  const eventBoxes = (types: readonly WebhookEventType[], chosen: Set<string>) =>
    types.map((t) => html`<label><input type="checkbox" name="events" value="${t}"${chosen.has(t) ? html` checked` : ''}> <code>${t}</code>: ${WEBHOOK_EVENTS[t].description}</label>`);

  async function listPage(request: FastifyRequest, reply: FastifyReply, s: SiteSession, p: { status?: number; values?: FormValues; errors?: FormErrors; summary?: string } = {}) {
    const { items } = await services.webhooks.list(s.userId);
    const e = p.errors ?? {};
    const chosen = new Set(p.values?.events ?? []);
    const rows = items.map(
      (w) => html`<tr>
<th scope="row"><a href="/account/webhooks/${w.id}">${w.url}</a>${w.description ? html`<br><span class="muted">${w.description}</span>` : ''}</th>
<td>${w.events.join(', ')}${w.categories.length ? html` (${w.categories.join(', ')})` : ''}</td>
<td>${w.state === 'disabled' ? html`<strong>disabled</strong> ${time(w.disabled_at)}: ${w.disabled_reason}` : w.failing_since ? html`failing since ${time(w.failing_since)}` : 'active'}</td>
<td>${time(w.last_success_at)}</td>
<td>${w.state === 'disabled'
        ? html`<form class="inline" method="post" action="/account/webhooks/${w.id}/enable"><input type="hidden" name="csrf" value="${s.csrf}"><button class="secondary" type="submit" aria-label="Enable ${w.url}">Enable</button></form> `
        : ''}<form class="inline" method="post" action="/account/webhooks/${w.id}/delete"><input type="hidden" name="csrf" value="${s.csrf}"><button class="secondary" type="submit" aria-label="Delete ${w.url}">Delete</button></form></td></tr>`,
    );
    const full = items.length >= MAX_ENDPOINTS_PER_ACCOUNT;
    return web.page(request, reply, {
      title: 'Webhooks',
      status: p.status,
      notice: DONE[String((request.query as Record<string, unknown>)?.done ?? '')],
      body: html`<h1>Webhooks</h1>
<p>A webhook endpoint gets a signed <code>POST</code> when something happens: to your drafts, listings, claims and orders, or in the directory. Deliveries follow <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>: check the <code>webhook-signature</code> header with the endpoint's secret (shown once, when you register it). A failed delivery is retried for three days, and holds the later ones of its endpoint so they arrive in order; then the endpoint is disabled and we e-mail you. The <a href="/docs">API</a> manages endpoints too (scope <code>webhooks:write</code>).</p>
${items.length
  ? html`<table><caption>Your endpoints (${items.length} of ${MAX_ENDPOINTS_PER_ACCOUNT})</caption><thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Last delivered</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${rows}</tbody></table>`
  : html`<p>You have no webhook endpoints yet.</p>`}
<h2 id="create-heading">Register an endpoint</h2>
${full ? html`<p>You have ${MAX_ENDPOINTS_PER_ACCOUNT} endpoints, the most an account has: delete one to register another.</p>` : ''}
${errorSummary(p.summary)}
<form method="post" action="/account/webhooks" aria-labelledby="create-heading" novalidate>
<input type="hidden" name="csrf" value="${s.csrf}">
<label for="url">Endpoint URL</label>
<input type="url" id="url" name="url" required maxlength="2000" inputmode="url" value="${p.values?.url ?? ''}" aria-describedby="url-hint"${invalidAttrs('url', e.url)}>
<p class="hint" id="url-hint">An https address on the public internet, e.g. https://example.com/webhooks/launchyard.</p>
${fieldError('url', e.url)}
<label for="description">Note (optional)</label>
<input type="text" id="description" name="description" maxlength="200" value="${p.values?.description ?? ''}" aria-describedby="description-hint"${invalidAttrs('description', e.description)}>
<p class="hint" id="description-hint">For yourself: which system receives it.</p>
${fieldError('description', e.description)}
<fieldset${invalidAttrs('events', e.events)}><legend>Events</legend>
<p class="hint">About what is yours:</p>
${eventBoxes(OWNER_EVENT_TYPES, chosen)}
<p class="hint">In the directory:</p>
${eventBoxes(PUBLIC_EVENT_TYPES, chosen)}
${fieldError('events', e.events)}
</fieldset>
<label for="categories">Categories for <code>category.listing_live</code> (optional)</label>
<input type="text" id="categories" name="categories" maxlength="2000" value="${p.values?.categories ?? ''}" aria-describedby="categories-hint"${invalidAttrs('categories', e.categories)}>
<p class="hint" id="categories-hint">Category slugs separated by commas, e.g. developer-tools, design. Empty: every category.</p>
${fieldError('categories', e.categories)}
<button type="submit"${full ? html` disabled` : ''}>Register endpoint</button>
</form>`,
    });
  }

  app.get('/account/webhooks', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    return listPage(request, reply, s);
  });

  app.post('/account/webhooks', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    const values: FormValues = { url: field(request, 'url'), description: field(request, 'description'), events: fields(request, 'events'), categories: field(request, 'categories') };
    const errors: FormErrors = {};
    const categories = values.categories.split(',').map((c) => c.trim()).filter(Boolean);
    if (!values.url.trim()) errors.url = 'Enter the endpoint\'s URL.';
    if (!values.events.length) errors.events = 'Choose at least one event.';
    if (values.description.length > 200) errors.description = 'At most 200 characters.';
    if (categories.length > 20 || categories.some((c) => !/^[a-z0-9][a-z0-9-]{0,219}$/.test(c))) errors.categories = 'At most 20 category slugs: lowercase letters, digits and hyphens, separated by commas.';
    const summary = 'The endpoint was not registered: please correct the fields marked below.';
    if (Object.keys(errors).length) return listPage(request, reply, s, { status: 400, values, errors, summary });
    let created;
    try {
      created = await services.webhooks.create(s.userId, { url: values.url, events: values.events, categories, description: values.description || null });
    } catch (err) {
      if (err instanceof DomainError && (err.kind === 'invalid' || err.kind === 'conflict')) {
        const onField = err.fields?.[0]?.field === 'events' ? { events: err.message } : err.kind === 'invalid' ? { url: err.message } : {};
        return listPage(request, reply, s, { status: err.kind === 'conflict' ? 409 : 400, values, errors: onField, summary: err.kind === 'conflict' ? err.message : summary });
      }
      throw err;
    }
    // Shown here once, in the body of this answer (never in a URL; stored sealed).
    return web.page(request, reply, {
      title: 'Your new webhook endpoint',
      status: 201,
      body: html`<h1>Your new webhook endpoint</h1>
<div class="alert" role="alert"><p><strong>Copy the signing secret now.</strong> This is the only time it is shown. Your receiver needs it to check that a delivery comes from us; if you lose it, delete the endpoint and register it again.</p></div>
<label for="new-secret">Signing secret of ${created.url}</label>
<input type="text" class="secret" id="new-secret" readonly value="${created.secret}" size="60" spellcheck="false" autocomplete="off">
<dl><dt>Events</dt><dd>${created.events.join(', ')}</dd></dl>
<p>Each delivery carries <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers; the README's "Webhooks" section shows how to check them.</p>
<p><a href="/account/webhooks">Back to your webhooks</a></p>`,
    });
  });

  app.get('/account/webhooks/:id', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    const id = idOf((request.params as { id: string }).id);
    if (id === undefined) throw new DomainError('not_found', 'webhook_not_found', 'You have no webhook endpoint with this id.');
    const endpoint = await services.webhooks.get(s.userId, id);
    const log = await services.webhooks.deliveries(s.userId, id, { page: 1, per_page: 50 });
    const { attempts } = await services.webhooks.attempts(s.userId, id, 50);
    const attemptRows = attempts.map(
      (a) => html`<tr><th scope="row">${time(a.attempted_at)}</th><td><code>${a.type}</code> <span class="muted"><code>${a.msg_id}</code></span></td>
<td>${OUTCOMES[a.outcome] ?? a.outcome}${a.error ? html` (${a.error})` : ''}</td><td>${a.status_code ?? '–'}</td><td>${a.duration_ms} ms</td>
<td>${a.response_excerpt ? excerpt(a.response_excerpt) : '–'}</td></tr>`,
    );
    const rows = log.items.map((d) => {
      const a = d.last_attempt;
      return html`<tr>
<th scope="row"><code>${d.event}</code><br><span class="muted"><code>${d.message_id}</code>${d.resent ? ' (sent again)' : ''}</span></th>
<td>${d.state}${d.state === 'pending' && d.attempts ? html`, next try ${time(d.next_attempt_at)}` : ''}</td>
<td>${d.attempts}</td>
<td>${a ? html`${time(a.attempted_at)}: ${OUTCOMES[a.outcome] ?? a.outcome}${a.error ? html` (${a.error})` : ''}` : 'not yet'}</td>
<td>${a?.status_code ?? '–'}</td>
<td>${a ? `${a.duration_ms} ms` : '–'}</td>
<td>${a?.response_excerpt ? excerpt(a.response_excerpt) : '–'}</td>
<td>${endpoint.state === 'active'
        ? html`<form class="inline" method="post" action="/account/webhooks/${id}/deliveries/${d.id}/redeliver"><input type="hidden" name="csrf" value="${s.csrf}"><button class="secondary" type="submit" aria-label="Send ${d.event} ${d.message_id} again">Send again</button></form>`
        : ''}</td></tr>`;
    });
    return web.page(request, reply, {
      title: `Webhook deliveries: ${endpoint.url}`,
      notice: DONE[String((request.query as Record<string, unknown>)?.done ?? '')],
      body: html`<h1>Deliveries to ${endpoint.url}</h1>
<p>${endpoint.state === 'disabled'
        ? html`<strong>Disabled</strong> ${time(endpoint.disabled_at)}: ${endpoint.disabled_reason} Enable it on <a href="/account/webhooks">your webhooks</a> to send again.`
        : endpoint.failing_since
          ? html`Failing since ${time(endpoint.failing_since)}: the failing delivery is retried with growing pauses and holds the later ones; after three days the endpoint is disabled.`
          : 'Active.'} The latest 50 deliveries, newest first, with each one's last attempt; kept ${WEBHOOK_LOG_KEPT_DAYS} days.</p>
${log.items.length
  ? html`<table><caption>Deliveries (${log.total})</caption><thead><tr><th scope="col">Event</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Last attempt</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Answer (first 1 KiB)</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${rows}</tbody></table>`
  : html`<p>No deliveries yet.</p>`}
${attempts.length
  ? html`<h2 id="attempts-heading">Every attempt</h2>
<table aria-labelledby="attempts-heading"><caption>The latest ${attempts.length} attempts, newest first</caption><thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Outcome</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Answer (first 1 KiB)</th></tr></thead><tbody>${attemptRows}</tbody></table>`
  : ''}
<p><a href="/account/webhooks">Back to your webhooks</a></p>`,
    });
  });

  const endpointAction = (path: string, act: (userId: string, id: number, params: Record<string, string>) => Promise<unknown>, done: (id: number) => string) =>
    app.post(path, SITE_ROUTE, async (request, reply) => {
      const s = web.formSession(request);
      const params = request.params as Record<string, string>;
      const id = idOf(params.id);
      if (id === undefined) throw new DomainError('not_found', 'webhook_not_found', 'You have no webhook endpoint with this id.');
      await act(s.userId, id, params);
      return reply.redirect(done(id), 303);
    });
  endpointAction('/account/webhooks/:id/delete', (userId, id) => services.webhooks.remove(userId, id), () => '/account/webhooks?done=deleted');
  endpointAction('/account/webhooks/:id/enable', (userId, id) => services.webhooks.enable(userId, id), () => '/account/webhooks?done=enabled');
  endpointAction(
    '/account/webhooks/:id/deliveries/:delivery/redeliver',
    (userId, id, params) => {
      const delivery = idOf(params.delivery);
      if (delivery === undefined) throw new DomainError('not_found', 'webhook_delivery_not_found', 'This endpoint has no such delivery.');
      return services.webhooks.redeliver(userId, id, delivery);
    },
    (id) => `/account/webhooks/${id}?done=resent`,
  );
}

/** An answer's excerpt as the receiver sent it, escaped, in a scrolling block. */
const excerpt = (text: string): Html => html`<pre class="excerpt">${text}</pre>`;
