import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../../../domain/privacy/retention.ts';
import { ERASURE_SUMMARY, erasureMoment } from '../../../domain/accounts/deletion-mails.ts';
import { notFound } from '../../../domain/errors.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { adminFormSession, adminPage, adminPageSession, idOf } from './frame.ts';

const NOTE_MAX = 500;

/**
 * `/admin/users/{id}/erase`: an administrator erases an account at its owner's request (GDPR
 * art. 17), at once or after the same grace as the person's own request, with an entry in the
 * action log. A confirmation page first: it cannot be undone.
 */
export function registerAdminUserErasure(app: FastifyInstance, web: Web) {
  const { services } = web;
  const userId = (request: FastifyRequest) => {
    const id = idOf(request, 'id');
    if (!id) throw notFound('user_not_found', 'No account has this id.');
    return id;
  };

  app.get('/admin/users/:id/erase', SITE_ROUTE, async (request, reply) => {
    const s = adminPageSession(web, request, reply);
    if (!s) return reply;
    const account = await services.accountDeletion.subject(userId(request));
    if (!account || account.erased_at) throw notFound('user_not_found', 'No account has this id, or it is erased already.');
    return adminPage(web, request, reply, {
      path: '/admin/users',
      title: 'Erase an account',
      body: html`<h1>Erase an account</h1>
<p><strong>${account.name}</strong> &lt;${account.email}&gt;, account #${account.id}.${account.deletion_due_at ? html` Its owner asked for its deletion; it is erased on ${time(account.deletion_due_at)} unless they sign in.` : ''}</p>
<p>${ERASURE_SUMMARY}</p>
${account.id === s.userId
  ? html`<p>This is your own account: use <a href="/account/delete">Delete my account</a>.</p>`
  : html`<form method="post" action="/admin/users/${account.id}/erase">
<input type="hidden" name="csrf" value="${s.csrf}">
<fieldset><legend>When</legend>
<input type="radio" id="when-grace" name="when" value="after_grace" checked> <label for="when-grace">After ${ACCOUNT_DELETION_GRACE_DAYS} days, as if they asked on their account page: signed out now, a mail with the date, and signing in cancels it</label><br>
<input type="radio" id="when-now" name="when" value="now"> <label for="when-now">Now: erased at once, for good</label>
</fieldset>
<label for="note">How the request came (for the action log)</label>
<input type="text" id="note" name="note" maxlength="${NOTE_MAX}" aria-describedby="note-hint">
<p class="hint" id="note-hint">For example "mail of 5 January". Not the address or the name: the log keeps this.</p>
<button type="submit">Erase the account</button>
</form>`}
<p><a href="/admin/users">Back to the users</a></p>`,
    });
  });

  app.post('/admin/users/:id/erase', SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const when = field(request, 'when') === 'now' ? 'now' : 'after_grace';
    const done = await services.accountDeletion.adminErase(s.userId, { id: userId(request) }, when, field(request, 'note').slice(0, NOTE_MAX));
    return reply.redirect(done.erased ? '/admin/users?done=erased' : '/admin/users?done=erasure-scheduled', 303);
  });
}

/** When an account's erasure is due, as the users list says it. */
export const erasureDue = (dueAt: Date) => `erased on ${erasureMoment(new Date(dueAt))}`;
