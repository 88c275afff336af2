import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPORT_REASONS } from '../../../domain/community/reports.ts';
import { DomainError, notFound } from '../../../domain/errors.ts';
import type { QueueEntry } from '../../../store/reports-store.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html, time, type Html } from '../html.ts';
import { errorSummary } from '../layout.ts';
import { plural } from '../numbers.ts';
import { adminFormSession, adminListingHref, adminPage, adminPageSession } from './frame.ts';
import { commentsPage, COMMENT_FILTERS } from './comments.ts';
import { backOf, moderatedKey, moderationForms, withDone, type HideRefusal } from './moderation-forms.ts';

const QUEUE_SIZE = 50;
const KIND: Record<string, string> = { listing: 'Listing', review: 'Review', comment: 'Comment', founder: 'Founder profile' };

/** A reported thing's state in words: what a visitor sees of it now. */
export function stateWords(s: { subject_type: string; state: string; hidden: boolean }): string {
  if (s.subject_type === 'comment' && s.state === 'held') return 'held: hidden until a moderator decides';
  if (s.subject_type === 'listing') return s.hidden ? 'hidden by moderation' : s.state;
  return s.hidden ? `hidden (${s.state})` : `shown (${s.state})`;
}

function group(e: QueueEntry, p: { csrf: string; me: string; refusal?: HideRefusal }): Html {
  const key = moderatedKey(e.subject_type, e.subject_id);
  return html`<article class="report-group" aria-labelledby="group-${key}">
<h2 id="group-${key}">${KIND[e.subject_type]}: ${e.title}</h2>
<dl class="facts">
<div><dt>Where</dt><dd>${e.path ? html`<a href="${e.path}">${e.path}</a>` : 'nowhere public'}${e.subject_type === 'listing' ? html`<br><a href="${adminListingHref(e.subject_id)}">Its admin page</a>` : ''}</dd></div>
<div><dt>State</dt><dd>${stateWords(e)}</dd></div>
<div><dt>Author</dt><dd>${e.author_id
    ? html`${e.author_name ?? 'no name'}<br><span class="muted">${e.author_email ?? ''}</span>${e.author_disabled ? html`<br><strong>account disabled</strong>` : ''}`
    : html`<span class="muted">nobody (no account)</span>`}</dd></div>
<div><dt>First reported</dt><dd>${time(e.first_reported_at)}</dd></div>
</dl>
${e.text ? html`<blockquote class="reported"><p>${e.text}</p></blockquote>` : ''}
<h3>${plural(e.reports.length, 'open report')}</h3>
<ul class="report-list">${e.reports.map(
    (r) => html`<li><strong>${REPORT_REASONS[r.reason] ?? r.reason}</strong>, by ${r.reporter ?? 'a deleted account'}${r.reporter_email ? html` <span class="muted">(${r.reporter_email})</span>` : ''}, ${time(r.created_at)}${r.details ? html`<p class="report-details">${r.details}</p>` : ''}</li>`,
  )}</ul>
${moderationForms({
  thing: { type: e.subject_type, id: e.subject_id, title: e.title, hidden: e.hidden, held: e.subject_type === 'comment' && e.state === 'held' },
  csrf: p.csrf,
  back: '/admin/reports',
  refusal: p.refusal,
  dismiss: true,
  author: e.author_id ? { id: e.author_id, email: e.author_email, disabled: e.author_disabled, self: e.author_id === p.me } : undefined,
})}
</article>`;
}

/**
 * `/admin/reports`: the moderation queue, one group per reported thing (the thing itself, its
 * author, its state, every open report), oldest first; and the moderators' posts, shared with
 * /admin/comments: hide, restore, dismiss (services.contentModeration, which logs each in the
 * change's transaction) and disabling the author (the account action of /admin/users).
 */
export function registerAdminReports(app: FastifyInstance, web: Web) {
  const { contentModeration, admin } = web.services;

  async function reportsPage(request: FastifyRequest, reply: FastifyReply, f: { status?: number; summary?: string; refusal?: HideRefusal } = {}) {
    const s = request.siteSession!;
    const queue = await contentModeration.queue(QUEUE_SIZE);
    return adminPage(web, request, reply, {
      path: '/admin/reports',
      title: 'Reports',
      status: f.status,
      body: html`<h1>Reports</h1>
<p>Things visitors reported, the longest waiting first. Hiding one closes its reports as acted on and mails its author the reason; dismissing closes them as unfounded and leaves it as it is (a comment held by reports shows again). Every decision goes into <a href="/admin/log">the action log</a>.</p>
${errorSummary(f.summary)}
${queue.length
  ? html`<p>${plural(queue.length, 'reported thing')}${queue.length === QUEUE_SIZE ? ` shown (the ${QUEUE_SIZE} longest waiting)` : ''}.</p>
${queue.map((e) => group(e, { csrf: s.csrf, me: s.userId, refusal: f.refusal }))}`
  : html`<p class="empty">No open reports. <a href="/admin/comments">Held comments</a> may still wait for a decision.</p>`}`,
    });
  }

  /** The page a refused post came from, shown again with the message. */
  function again(request: FastifyRequest, reply: FastifyReply, back: string, f: { status: number; summary: string; refusal?: HideRefusal }) {
    if (back.startsWith('/admin/comments')) {
      const status = COMMENT_FILTERS.find(([k]) => back.includes(`status=${k}`))?.[0] ?? 'held';
      return commentsPage(web, request, reply, status, f);
    }
    return reportsPage(request, reply, f);
  }

  app.get('/admin/reports', SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    return reportsPage(request, reply);
  });

  const subjectOf = (request: FastifyRequest) => {
    const type = field(request, 'type');
    const id = field(request, 'id');
    if (!KIND[type] || !/^[1-9][0-9]{0,17}$/.test(id)) throw notFound('report_subject_not_found', 'There is no such reported thing.');
    return { type, id };
  };

  /** A moderator's decision; a second click of the same button is the state asked for, so it is done. */
  async function decide(request: FastifyRequest, reply: FastifyReply, act: () => Promise<void>, done: string, sameAsDone: readonly string[], reason = '') {
    const back = backOf(request);
    try {
      await act();
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (sameAsDone.includes(err.code)) return reply.redirect(withDone(back, done), 303);
      const { type, id } = subjectOf(request);
      if (err.kind === 'invalid') {
        return again(request, reply, back, { status: 400, summary: err.message, refusal: { key: moderatedKey(type, id), reason, error: err.fields?.[0]?.message } });
      }
      if (err.kind === 'conflict') return again(request, reply, back, { status: 409, summary: err.message });
      throw err;
    }
    return reply.redirect(withDone(back, done), 303);
  }

  app.post('/admin/reports/hide', SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const { type, id } = subjectOf(request);
    const reason = field(request, 'reason');
    // A listing's own words: it is out of every list, its page 404s (frame.ts DONE.hidden).
    const done = type === 'listing' ? 'hidden' : 'content-hidden';
    return decide(request, reply, () => contentModeration.hide(s.userId, type, id, reason), done, ['already_hidden', 'listing_already_hidden'], reason);
  });

  app.post('/admin/reports/restore', SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const { type, id } = subjectOf(request);
    return decide(request, reply, () => contentModeration.restore(s.userId, type, id), type === 'listing' ? 'restored' : 'content-restored', ['not_hidden', 'listing_not_hidden']);
  });

  app.post('/admin/reports/dismiss', SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const { type, id } = subjectOf(request);
    return decide(request, reply, () => contentModeration.dismiss(s.userId, type, id), 'reports-dismissed', ['no_open_reports']);
  });

  app.post('/admin/reports/disable-author', SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const userId = field(request, 'user_id');
    if (!/^[1-9][0-9]{0,17}$/.test(userId)) throw notFound('user_not_found', 'No account has this id.');
    const back = backOf(request);
    try {
      await admin.accounts.disable(s.userId, { id: userId });
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind !== 'conflict') throw err;
      return again(request, reply, back, { status: 409, summary: err.message });
    }
    return reply.redirect(withDone(back, 'disabled'), 303);
  });
}
