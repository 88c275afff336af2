import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CommentStatus } from '../../../store/schema.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { errorSummary } from '../layout.ts';
import { listingHref } from '../listing-card.ts';
import { plural } from '../numbers.ts';
import { adminPage, adminPageSession, choiceOf, filterForm } from './frame.ts';
import { moderationForms, type HideRefusal } from './moderation-forms.ts';

const SHOWN = 100;
/** Held ones first: they are hidden from everyone until a moderator decides. */
export const COMMENT_FILTERS: readonly (readonly [Exclude<CommentStatus, 'deleted'>, string])[] = [
  ['held', 'Held: waiting for a decision'],
  ['hidden', 'Hidden by a moderator'],
  ['visible', 'Shown: the newest'],
];

/** `/admin/comments` in one state, with the same hide and restore posts as the reports queue. */
export async function commentsPage(web: Web, request: FastifyRequest, reply: FastifyReply, status: Exclude<CommentStatus, 'deleted'>, f: { status?: number; summary?: string; refusal?: HideRefusal } = {}) {
  const s = request.siteSession!;
  const list = await web.services.contentModeration.comments(status, SHOWN);
  const back = `/admin/comments?status=${status}`;
  return adminPage(web, request, reply, {
    path: '/admin/comments',
    title: 'Comments',
    status: f.status,
    body: html`<h1>Comments</h1>
<p>Comments in the discussions, by state, newest first. A held comment (three reports by established accounts, or a link posted by a ring of new accounts) is hidden from everyone until you show it or hide it for good; hiding mails its author the reason.</p>
${filterForm({ action: '/admin/comments', name: 'status', label: 'State', options: COMMENT_FILTERS, value: status })}
${errorSummary(f.summary)}
${list.length
  ? html`<p>${plural(list.length, 'comment')}${list.length === SHOWN ? ` (the newest ${SHOWN})` : ''}.</p>
${list.map((c) => {
      const title = `Comment ${c.id} on ${c.listing_name}`;
      return html`<article class="report-group" aria-labelledby="comment-${c.id}">
<h2 id="comment-${c.id}">Comment on <a href="${listingHref(c.listing_slug)}#comment-${c.id}">${c.listing_name}</a></h2>
<p class="muted">By ${c.author ?? 'a deleted account'}, ${time(c.created_at)}${c.status_reason ? html`. ${status === 'held' ? 'Held' : 'Hidden'} because: ${c.status_reason}` : ''}</p>
<blockquote class="reported"><p>${c.body}</p></blockquote>
${moderationForms({ thing: { type: 'comment', id: c.id, title, hidden: c.status !== 'visible', held: c.status === 'held' }, csrf: s.csrf, back, refusal: f.refusal, dismiss: false })}
</article>`;
    })}`
  : html`<p class="empty">No ${status} comments.</p>`}`,
  });
}

export function registerAdminComments(app: FastifyInstance, web: Web) {
  app.get('/admin/comments', SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    const status = choiceOf(request, 'status', COMMENT_FILTERS.map(([k]) => k)) ?? 'held';
    return commentsPage(web, request, reply, status);
  });
}
