import type { z } from 'zod';
import type { Comment, CommentThread } from '../../../contract/comment.ts';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import { COMMENT_BODY_MAX } from '../../../domain/community/comment-text.ts';
import { DISCUSSION_RULES } from '../../../domain/community/discussions.ts';
import { html, raw, time, type Html } from '../html.ts';
import { listingHref } from '../listing-card.ts';
import { plural } from '../numbers.ts';
import { hrefWith } from '../pager.ts';
import { withReturnTo } from '../return-to.ts';
import { reportLink } from './report-page.ts';

type Thread = z.output<typeof CommentThread>;
type One = z.output<typeof Comment>;

/** Which order and page of threads the page shows (?comments=newest, ?comments_page=N). */
export interface DiscussionView {
  sort: 'top' | 'newest';
  page: number;
}

/**
 * A refused post shown again: which form it came from ('comment', 'reply-{id}', 'edit-{id}'),
 * the text as typed, and why it was refused, shown beside the text.
 */
export interface DiscussionForm {
  form: string;
  body: string;
  message: string;
}

/** What the person may do here, decided once per page (none for visitors). */
export interface Viewer {
  session: SiteSession;
  verified: boolean;
  /** Owns the listing: may pin a maker's comment. */
  owner: boolean;
  authored: Set<string>;
  upvoted: Set<string>;
  now: Date;
}

/** The query a discussion link keeps: the order, and the page when asked for (defaults left out). */
export const viewQuery = (v: DiscussionView, page = v.page) => ({
  comments: v.sort === 'newest' ? 'newest' : undefined,
  comments_page: page > 1 ? page : undefined,
});

/** The view as the hidden fields of a form, so the answer comes back to the same order and page. */
const viewFields = (v: DiscussionView) =>
  html`${v.sort === 'newest' ? html`<input type="hidden" name="comments" value="newest">` : ''}${v.page > 1 ? html`<input type="hidden" name="comments_page" value="${v.page}">` : ''}`;

/**
 * The honeypot: a field people never see or hear (hidden, aria-hidden, out of the tab order,
 * no autofill) that form-filling scripts fill in. A filled one is refused.
 */
const honeypot = (id: string) =>
  html`<div class="visually-hidden" aria-hidden="true"><label for="${id}-website">Leave this empty</label><input type="text" id="${id}-website" name="website" value="" tabindex="-1" autocomplete="off"></div>`;

/**
 * A comment text box with its limit and, after a refusal, the message beside it (announced, and
 * tied to the box by aria-describedby). `id` names the form: the box is `${id}-body`.
 */
function textBox(id: string, label: string, value: string, error: string | undefined): Html {
  const box = `${id}-body`;
  const describedBy = error ? `${box}-error ${box}-hint` : `${box}-hint`;
  return html`<label for="${box}">${label}</label>
<textarea id="${box}" name="body" maxlength="${COMMENT_BODY_MAX}" required rows="4" aria-describedby="${describedBy}"${error ? html` aria-invalid="true"` : ''}>${value}</textarea>
${error ? html`<p class="field-error" id="${box}-error" role="alert">${error}</p>` : ''}
<p class="hint" id="${box}-hint" data-limit="${COMMENT_BODY_MAX}">At most ${COMMENT_BODY_MAX.toLocaleString('en-US')} characters<span data-count></span>. Links, *emphasis*, \`code\` and lists work; HTML shows as text.</p>`;
}

const csrfField = (s: SiteSession) => html`<input type="hidden" name="csrf" value="${s.csrf}">`;

/** A small form of one button (upvote, delete, pin). */
const buttonForm = (action: string, fields: Html, label: Html | string, cls = 'secondary') =>
  html`<form class="inline" method="post" action="${action}">${fields}<button type="submit" class="${cls}">${label}</button></form>`;

/** The form's refused state, when this is the form it came from. */
const stateOf = (form: DiscussionForm | undefined, id: string) => (form?.form === id ? form : undefined);

function commentItem(c: One, p: { slug: string; view: DiscussionView; viewer?: Viewer; form?: DiscussionForm; topLevel: boolean }): Html {
  const id = `comment-${c.id}`;
  if (c.deleted || c.hidden) {
    const what = c.deleted ? 'This comment was deleted' : 'This comment was hidden by a moderator';
    return html`<article class="comment comment-deleted" id="${id}" aria-label="${c.deleted ? 'Deleted' : 'Hidden'} comment"><p class="muted">${what}</p></article>`;
  }
  const v = p.viewer;
  const name = c.author?.name ?? 'Someone';
  const mine = v?.authored.has(String(c.id)) ?? false;
  const hidden = v ? html`${csrfField(v.session)}${viewFields(p.view)}` : html``;
  const actions: Html[] = [];
  const upvotes = html`<span class="upvotes"><span aria-hidden="true">▲</span> ${plural(c.upvotes, 'upvote')}</span>`;
  if (v?.verified && !mine) {
    const upvoted = v.upvoted.has(String(c.id));
    actions.push(
      buttonForm(
        `/comments/${c.id}/upvote`,
        html`${hidden}<input type="hidden" name="intent" value="${upvoted ? 'remove' : 'add'}">`,
        upvoted ? html`Remove upvote<span class="visually-hidden"> from the comment by ${name}</span>` : html`Upvote<span class="visually-hidden"> the comment by ${name}</span>`,
      ),
    );
  }
  if (v && p.topLevel && v.owner && c.author?.maker) {
    actions.push(
      buttonForm(`/comments/${c.id}/pin`, html`${hidden}<input type="hidden" name="intent" value="${c.pinned ? 'remove' : 'add'}">`, c.pinned ? 'Unpin' : 'Pin to the top'),
    );
  }
  if (v && mine) actions.push(buttonForm(`/comments/${c.id}/delete`, hidden, html`Delete<span class="visually-hidden"> your comment</span>`));
  // Signed in only: to a visitor each one would be a link to the sign-in page (the page offers that once).
  else if (v) actions.push(reportLink('comment', c.id, `the comment by ${name}`));
  const edit = stateOf(p.form, `edit-${c.id}`);
  const editable = v && mine && (edit || v.now.getTime() - new Date(c.created_at).getTime() <= DISCUSSION_RULES.editMinutes * 60_000);
  const reply = stateOf(p.form, `reply-${c.id}`);
  // Safe HTML, made by the domain when the comment was written (comment-text.ts: raw HTML off, links checked).
  const text = raw(c.body_html);
  return html`<article class="comment" id="${id}" aria-labelledby="${id}-by">
${c.pinned ? html`<p class="pin-mark">Pinned by the maker</p>` : ''}
<p class="comment-meta"><strong id="${id}-by"><span class="visually-hidden">Comment by </span>${name}</strong>${c.author?.maker ? html` <span class="maker-mark">Maker</span>` : ''}
<span aria-hidden="true">·</span> <a href="#${id}">${time(c.created_at)}</a>${c.edited_at ? html` <span class="muted">(edited)</span>` : ''}</p>
<div class="comment-body">${text}</div>
<div class="comment-actions">${upvotes}${actions}</div>
${editable
  ? html`<details class="comment-form" id="edit-${c.id}"${edit ? html` open` : ''}><summary>Edit<span class="visually-hidden"> your comment</span></summary>
<form method="post" action="/comments/${c.id}/edit">${hidden}<input type="hidden" name="slug" value="${p.slug}">
${textBox(`edit-${c.id}`, 'Edit your comment', edit?.body ?? c.body, edit?.message)}
<button type="submit">Save</button> <span class="hint">Comments can be edited for ${DISCUSSION_RULES.editMinutes} minutes after posting.</span>
</form></details>`
  : ''}
${v?.verified && p.topLevel
  ? html`<details class="comment-form reply-box" id="reply-${c.id}"${reply ? html` open` : ''}><summary>Reply<span class="visually-hidden"> to ${name}</span></summary>
<form method="post" action="${listingHref(p.slug)}/comments">${hidden}<input type="hidden" name="parent_id" value="${c.id}">
${textBox(`reply-${c.id}`, `Your reply to ${name}`, reply?.body ?? '', reply?.message)}
${honeypot(`reply-${c.id}`)}
<button type="submit">Post reply</button>
</form></details>`
  : ''}
</article>`;
}

/** Previous / next pages of threads, keeping the order; each lands on the discussion. */
function threadPager(slug: string, view: DiscussionView, total: number, perPage: number): Html {
  const last = Math.max(1, Math.ceil(total / perPage));
  if (last <= 1 && view.page <= 1) return html``;
  const to = (n: number) => `${hrefWith(listingHref(slug), viewQuery(view, n))}#discussion`;
  return html`<nav class="pager" aria-label="Discussion pages">
${view.page > 1 ? html`<a rel="prev" href="${to(Math.min(view.page - 1, last))}">← Previous</a>` : ''}
<span>Page ${view.page} of ${last}</span>
${view.page < last ? html`<a rel="next" href="${to(view.page + 1)}">Next →</a>` : ''}
</nav>`;
}

/**
 * The discussion under a listing: the count, the order (top or newest), the threads with one level
 * of replies, and what the person may do (comment, reply, edit, delete, upvote, pin) as plain
 * forms; discussion.js only makes them quicker.
 */
export function discussionSection(p: {
  slug: string;
  /** The listing's visible comments (the profile's kept count). */
  count: number;
  threads: { items: Thread[]; page: number; per_page: number; total: number };
  view: DiscussionView;
  session: SiteSession | undefined;
  viewer?: Viewer;
  form?: DiscussionForm;
}): Html {
  const { slug, view, viewer: v, form } = p;
  const here = listingHref(slug);
  const sortLink = (sort: DiscussionView['sort'], label: string) =>
    html`<a href="${hrefWith(here, viewQuery({ ...view, sort }))}#discussion"${view.sort === sort ? html` aria-current="true"` : ''}>${label}</a>`;
  // The forms on this page a refusal can come back to (their ids).
  const forms = new Set<string>(['comment']);
  for (const t of p.threads.items) {
    for (const c of [t, ...t.replies]) if (!c.deleted && !c.hidden && v?.authored.has(String(c.id))) forms.add(`edit-${c.id}`);
    if (!t.deleted && !t.hidden) forms.add(`reply-${t.id}`);
  }
  // A refusal whose form is not on this page (a reply to a reply, a thread on another page): the
  // text and the message come back in the comment box.
  const fallback = form && !forms.has(form.form);
  const main = fallback ? { ...form, form: 'comment' } : stateOf(form, 'comment');
  const commentForm = !p.session
    ? html`<p class="join"><a href="${withReturnTo('/sign-in', `${here}#discussion`)}">Sign in to join the discussion</a></p>`
    : !v?.verified
      ? html`<p class="notice">Confirm your email address to join the discussion: the link is in your inbox, and <a href="/account">your account page</a> sends a new one.</p>`
      : html`<form class="comment-form" id="comment-form" method="post" action="${here}/comments" aria-labelledby="comment-form-heading">
<h3 id="comment-form-heading">Add a comment</h3>
${csrfField(v.session)}${viewFields({ ...view, page: 1 })}
${textBox('comment', 'Your comment', main?.body ?? '', main?.message)}
${honeypot('comment')}
<button type="submit">Post comment</button>
</form>`;
  const threads = p.threads.items;
  return html`<section id="discussion" class="discussion" aria-labelledby="discussion-heading">
<h2 id="discussion-heading">Discussion <span class="muted">(${plural(p.count, 'comment')})</span></h2>
${p.count > 1 ? html`<nav class="comment-order" aria-label="Comment order"><span>Sort:</span> ${sortLink('top', 'Top')} ${sortLink('newest', 'Newest')}</nav>` : ''}
${commentForm}
${threads.length
  ? html`<ol class="threads">${threads.map(
      (t) => html`<li>${commentItem(t, { slug, view, viewer: v, form, topLevel: true })}
${t.replies.length ? html`<ol class="replies" aria-label="Replies">${t.replies.map((r) => html`<li>${commentItem(r, { slug, view, viewer: v, form, topLevel: false })}</li>`)}</ol>` : ''}
${t.replies_count > t.replies.length ? html`<p class="muted more-replies">${plural(t.replies_count - t.replies.length, 'more reply', 'more replies')} not shown.</p>` : ''}</li>`,
    )}</ol>`
  : html`<p class="empty">${view.page > 1 ? 'No comments on this page.' : 'No comments yet. Start the discussion.'}</p>`}
${threadPager(slug, view, p.threads.total, p.threads.per_page)}
</section>`;
}
