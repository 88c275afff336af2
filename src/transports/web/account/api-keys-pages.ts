import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SCOPE_DESCRIPTIONS } from '../../../domain/accounts/accounts.ts';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import { SCOPES, type Scope } from '../../../domain/actor.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { ApiKeyRow } from '../../../store/api-keys-store.ts';
import { field, fields, SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { errorSummary, fieldError, invalidAttrs } from '../layout.ts';

/** Lifetimes offered when creating a key (days); '' is no expiry. */
const EXPIRIES: [string, string][] = [['', 'No expiry'], ['30', '30 days'], ['90', '90 days'], ['365', 'One year']];

export const keyState = (k: Pick<ApiKeyRow, 'revoked_at' | 'expires_at'>, now: Date) =>
  k.revoked_at ? 'revoked' : k.expires_at && new Date(k.expires_at) <= now ? 'expired' : 'active';

/** The account's API keys area: list, create (the key is shown once), revoke. */
export function registerApiKeyPages(app: FastifyInstance, web: Web) {
  const { services } = web;

  async function keysPage(
    request: FastifyRequest,
    reply: FastifyReply,
    s: SiteSession,
    p: { status?: number; values?: { name: string; scopes: string[]; expires: string }; errors?: { name?: string; scopes?: string; expires?: string }; summary?: string } = {},
  ) {
    const keys = await services.accounts.listApiKeys(s.userId);
    const now = services.now();
    const e = p.errors ?? {};
    const chosen = new Set(p.values?.scopes ?? []);
    const rows = keys.map((k) => {
      const state = keyState(k, now);
      return html`<tr>
<th scope="row">${k.name}</th><td><code>${k.prefix}…</code></td><td>${k.scopes.join(', ')}</td>
<td>${time(k.created_at)}</td><td>${time(k.last_used_at)}</td>
<td>${state}${k.expires_at && state === 'active' ? html`, until ${time(k.expires_at)}` : ''}</td>
<td>${state === 'active'
  ? html`<form class="inline" method="post" action="/account/api-keys/${k.id}/revoke"><input type="hidden" name="csrf" value="${s.csrf}"><button class="secondary" type="submit" aria-label="Revoke ${k.name}">Revoke</button></form>`
  : ''}</td></tr>`;
    });
    return web.page(request, reply, {
      title: 'API keys',
      status: p.status,
      body: html`<h1>API keys</h1>
<p>An API key lets a script or tool use the <a href="/docs">API</a> and the MCP server as you, within the scopes you choose. Send it as <code>Authorization: Bearer &lt;key&gt;</code>. A key is shown once, when you create it; we keep only a fingerprint of it. Keys cannot vote, follow or review: only you can, here on the site.</p>
${keys.length
  ? html`<table><caption>Your keys</caption><thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${rows}</tbody></table>`
  : html`<p>You have no API keys yet.</p>`}
<h2 id="create-heading">Create a key</h2>
${errorSummary(p.summary)}
<form method="post" action="/account/api-keys" aria-labelledby="create-heading" novalidate>
<input type="hidden" name="csrf" value="${s.csrf}">
<label for="name">Name</label>
<input type="text" id="name" name="name" required maxlength="100" value="${p.values?.name ?? ''}" aria-describedby="name-hint"${invalidAttrs('name', e.name)}>
<p class="hint" id="name-hint">Where you will use it, e.g. "CI deploy" or "my laptop".</p>
${fieldError('name', e.name)}
<fieldset${invalidAttrs('scopes', e.scopes)}><legend>Scopes</legend>
${SCOPES.map((scope) => html`<label><input type="checkbox" name="scopes" value="${scope}"${chosen.has(scope) ? html` checked` : ''}> <code>${scope}</code>: ${SCOPE_DESCRIPTIONS[scope]}</label>`)}
${fieldError('scopes', e.scopes)}
</fieldset>
<label for="expires">Expires</label>
<select id="expires" name="expires"${invalidAttrs('expires', e.expires)}>${EXPIRIES.map(([v, label]) => html`<option value="${v}"${(p.values?.expires ?? '') === v ? html` selected` : ''}>${label}</option>`)}</select>
${fieldError('expires', e.expires)}
<button type="submit">Create key</button>
</form>`,
    });
  }

  app.get('/account/api-keys', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    return keysPage(request, reply, s);
  });

  app.post('/account/api-keys', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    const values = { name: field(request, 'name'), scopes: fields(request, 'scopes'), expires: field(request, 'expires') };
    const errors: { name?: string; scopes?: string; expires?: string } = {};
    if (!values.name.trim() || values.name.trim().length > 100) errors.name = 'Give the key a name of 1 to 100 characters.';
    if (!values.scopes.length) errors.scopes = 'Choose at least one scope.';
    else if (values.scopes.some((x) => !(SCOPES as readonly string[]).includes(x))) errors.scopes = `Choose among ${SCOPES.join(', ')}.`;
    if (!EXPIRIES.some(([v]) => v === values.expires)) errors.expires = 'Choose one of the offered lifetimes.';
    if (Object.keys(errors).length) return keysPage(request, reply, s, { status: 400, values, errors, summary: 'The key was not created: please correct the fields marked below.' });

    const days = Number(values.expires);
    let created;
    try {
      created = await services.accounts.createApiKey(s.userId, {
        name: values.name,
        scopes: values.scopes as Scope[],
        expiresAt: days ? new Date(services.now().getTime() + days * 86_400_000) : null,
      });
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'invalid') return keysPage(request, reply, s, { status: 400, values, summary: err.message });
      throw err;
    }
    const { key, record } = created;
    // Shown here once, in the body of this response (never in a URL, never stored in the clear).
    return web.page(request, reply, {
      title: 'Your new API key',
      status: 201,
      body: html`<h1>Your new API key</h1>
<div class="alert" role="alert"><p><strong>Copy the key now.</strong> This is the only time it is shown: we keep only a fingerprint, so nobody, us included, can show it again. If you lose it, revoke it and create another.</p></div>
<label for="new-key">Key "${record.name}"</label>
<input type="text" class="secret" id="new-key" readonly value="${key}" size="60" spellcheck="false" autocomplete="off">
<dl><dt>Scopes</dt><dd>${record.scopes.join(', ')}</dd><dt>Expires</dt><dd>${time(record.expires_at, 'never')}</dd></dl>
<p>Try it: <code>curl -H "Authorization: Bearer ${record.prefix}…" ${web.publicUrl}/api/v1/me</code></p>
<p><a href="/account/api-keys">Back to your API keys</a></p>`,
    });
  });

  app.post('/account/api-keys/:id/revoke', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    const { id } = request.params as { id: string };
    if (!/^\d{1,18}$/.test(id) || !(await services.accounts.revokeApiKey(s.userId, id))) {
      throw new DomainError('not_found', 'api_key_not_found', 'You have no active API key with this id.');
    }
    return reply.redirect('/account/api-keys?notice=key-revoked', 303);
  });
}
