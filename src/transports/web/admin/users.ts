import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../../domain/errors.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { adminFormSession, adminPage, adminPageSession, choiceOf, filterForm, idOf, pageOf } from './frame.ts';
import { pager } from '../pager.ts';
import { erasureDue, registerAdminUserErasure } from './user-erasure.ts';

const PER_PAGE = 50;

/**
 * `/admin/users`: every account, newest first, with a search; disable (no sign-in, sessions
 * ended, API keys and connected apps refused) and enable again. Nobody disables themselves.
 * Erasing on the owner's request is its own page (user-erasure.ts).
 */
export function registerAdminUsers(app: FastifyInstance, web: Web) {
  const { admin } = web.services;
  registerAdminUserErasure(app, web);

  app.get('/admin/users', SITE_ROUTE, async (request, reply) => {
    const s = adminPageSession(web, request, reply);
    if (!s) return reply;
    const state = choiceOf(request, 'state', ['all', 'disabled'] as const) ?? 'all';
    const rawQ = (request.query as Record<string, unknown>).q;
    const q = typeof rawQ === 'string' ? rawQ.trim().slice(0, 254) : '';
    const page = pageOf(request, 1000);
    const list = await admin.accounts.list({ q: q || undefined, disabledOnly: state === 'disabled', limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
    const csrf = html`<input type="hidden" name="csrf" value="${s.csrf}">`;
    return adminPage(web, request, reply, {
      path: '/admin/users',
      title: 'Users',
      body: html`<h1>Users</h1>
<p>Every account, newest first. A disabled account cannot sign in; its sessions end at once, and its API keys and connected apps are refused until it is enabled again (sessions do not come back: the person signs in anew).</p>
${filterForm({
  action: '/admin/users',
  name: 'state',
  label: 'Accounts',
  options: [['all', 'Every account'], ['disabled', 'Disabled accounts']],
  value: state,
  extra: html`<label for="q">Address or name</label><input type="text" id="q" name="q" value="${q}">`,
})}
${list.items.length
  ? html`<table class="stack">
<caption>${list.total} account${list.total === 1 ? '' : 's'}</caption>
<thead><tr><th scope="col">Account</th><th scope="col">Since</th><th scope="col">Listings and sessions</th><th scope="col">State</th></tr></thead>
<tbody>${list.items.map(
      (u) => html`<tr>
<td data-label="Account">${u.name}<br><span class="muted">${u.email}</span>${u.is_admin ? html`<br>Administrator` : ''}</td>
<td data-label="Since">${time(u.created_at)}${u.email_verified_at ? '' : html`<br><span class="muted">address not confirmed</span>`}</td>
<td data-label="Listings and sessions">${u.listings} listing${u.listings === 1 ? '' : 's'}, ${u.live_sessions} live session${u.live_sessions === 1 ? '' : 's'}</td>
<td data-label="State">${u.erased_at
        ? html`Erased ${time(u.erased_at)}`
        : u.disabled_at
        ? html`Disabled ${time(u.disabled_at)}
<form method="post" action="/admin/users/${u.id}/enable">${csrf}<button type="submit" class="secondary">Enable<span class="visually-hidden"> ${u.email}</span></button></form>`
        : u.id === s.userId
          ? html`Active (you)`
          : html`Active
<form method="post" action="/admin/users/${u.id}/disable">${csrf}<button type="submit" class="secondary">Disable<span class="visually-hidden"> ${u.email}</span></button></form>`}
${u.erased_at ? '' : html`${u.deletion_due_at ? html`<br>Deletion asked: ${erasureDue(u.deletion_due_at)}` : ''}${u.id === s.userId ? '' : html`<br><a href="/admin/users/${u.id}/erase">Erase<span class="visually-hidden"> ${u.email}</span>…</a>`}`}</td>
</tr>`,
    )}</tbody></table>
${pager({ page, per_page: PER_PAGE, total: list.total }, '/admin/users', { state: state === 'all' ? undefined : state, q: q || undefined })}`
  : html`<p class="empty">No account matches.</p>`}`,
    });
  });

  const userId = (request: FastifyRequest) => {
    const id = idOf(request, 'id');
    if (!id) throw notFound('user_not_found', 'No account has this id.');
    return id;
  };

  app.post('/admin/users/:id/disable', SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    await admin.accounts.disable(s.userId, { id: userId(request) });
    return reply.redirect('/admin/users?done=disabled', 303);
  });

  app.post('/admin/users/:id/enable', SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    await admin.accounts.enable(s.userId, { id: userId(request) });
    return reply.redirect('/admin/users?done=enabled', 303);
  });
}
