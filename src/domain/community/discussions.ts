import type { JobDispatcher } from '../../jobs/dispatch.ts';
import type { CommentOrder, CommentsStore, ThreadRow, CommentRow, CommentFacts } from '../../store/comments-store.ts';
import type { CacheFactory } from '../../store/shared-cache.ts';
import type { Actor } from '../actor.ts';
import { DomainError, notFound } from '../errors.ts';
import { pageOf } from '../pagination.ts';
import { COMMENT_BODY_MAX, readCommentText } from './comment-text.ts';
import type { Provenance } from './vote-trust.ts';
import { siteUser } from './community.ts';

/** The posting rules, as numbers /about and docs/decisions.md#discussions state. */
export const DISCUSSION_RULES = {
  editMinutes: 15,
  /** An account younger than this posts no links and at most newAccountPerHour comments an hour. */
  newAccountHours: 24,
  newAccountPerHour: 3,
  perMinute: 10,
  perHour: 30,
  /** The same link by this many accounts younger than linkRingAccountDays within an hour: held for review. */
  linkRingAccounts: 3,
  linkRingAccountDays: 7,
  /** A comment reported by this many distinct accounts older than reporterAccountDays is held. */
  reportsToHold: 3,
  reporterAccountDays: 7,
} as const;

/** Threads per page, on the listing page and by default in list_comments. */
export const COMMENTS_PER_PAGE = 20;

export const COMMENT_MAIL_JOB = 'comment-mail';
export const REPLY_MAIL_JOB = 'reply-mail';

const PUBLIC = new Set(['live', 'scheduled']);
const HOUR = 3_600_000;

export type CommentOut = ReturnType<typeof present>;

function present(c: CommentRow) {
  const deleted = c.status === 'deleted';
  // Held for review or hidden by a moderator: only a placeholder above its visible replies.
  const hidden = c.status === 'hidden' || c.status === 'held';
  return {
    id: Number(c.id),
    parent_id: c.parent_id === null ? null : Number(c.parent_id),
    author: deleted || hidden || !c.author ? null : { name: c.author, maker: c.maker },
    body: c.body,
    body_html: c.body_html,
    deleted,
    hidden,
    pinned: c.pinned,
    upvotes: c.upvotes,
    replies_count: c.replies_count,
    created_at: new Date(c.created_at).toISOString(),
    edited_at: c.edited_at ? new Date(c.edited_at).toISOString() : null,
  };
}

const presentThread = (t: ThreadRow) => ({ ...present(t), replies: t.replies.map(present) });
export type ThreadOut = ReturnType<typeof presentThread>;

/**
 * The discussion under each listing: comments with one level of replies, upvotes, the maker's
 * pinned first comment, and the rules against spam. Writing comes only from people signed in on
 * the site (like votes); reading is public (list_comments and the listing page).
 */
export function createDiscussions(deps: { store: CommentsStore; now: () => Date; jobs?: JobDispatcher; cache?: CacheFactory; cacheMs?: number }) {
  const { store, now } = deps;
  const pages = deps.cache?.<Awaited<ReturnType<typeof load>>>('comments', deps.cacheMs ?? 5000, 10_000);

  async function publicListing(slug: string) {
    const l = await store.listing(slug);
    if (!l || !PUBLIC.has(l.status)) throw notFound('listing_not_found', `No public listing has the slug ${slug}.`);
    return l;
  }

  async function load(slug: string, order: CommentOrder, page: number, perPage: number) {
    const l = await publicListing(slug);
    const { limit, offset } = { limit: perPage, offset: (page - 1) * perPage };
    const rows = offset < l.comment_threads_count ? await store.threads({ listingId: l.id, order, limit, offset }) : [];
    return pageOf(rows.map(presentThread), { page, per_page: perPage }, l.comment_threads_count);
  }

  /** The comment the person acts on, on a public listing; hidden, held and others' deleted ones are not found. */
  async function comment(id: number): Promise<CommentFacts> {
    const c = Number.isSafeInteger(id) && id > 0 ? await store.facts(String(id)) : undefined;
    if (!c || !PUBLIC.has(c.listing_status) || (c.status !== 'visible' && c.status !== 'deleted')) {
      throw notFound('comment_not_found', 'No comment has this id on a public listing.');
    }
    return c;
  }

  /** This node's first pages of the listing's discussion show a change at once; the rest within the cache's time. */
  const forget = (slug: string) => {
    for (const sort of ['top', 'newest']) pages?.delete(`${slug}:${sort}:1:${COMMENTS_PER_PAGE}`);
  };

  function bodyOf(input: string, field = 'body') {
    if (input.includes('\0') || !input.isWellFormed()) throw fieldError(field, 'contains a character that cannot be stored (NUL or a lone surrogate)');
    const text = readCommentText(input);
    if (!text.body) throw fieldError(field, 'write something first');
    if ([...text.body].length > COMMENT_BODY_MAX) throw fieldError(field, `at most ${COMMENT_BODY_MAX.toLocaleString('en')} characters`);
    return text;
  }

  return {
    /** One page of a listing's threads, each with its replies (list_comments). */
    async list(slug: string, q: { sort: CommentOrder; page: number; per_page: number }) {
      const key = `${slug}:${q.sort}:${q.page}:${q.per_page}`;
      return pages ? pages.through(key, () => load(slug, q.sort, q.page, q.per_page)) : load(slug, q.sort, q.page, q.per_page);
    },

    /**
     * Posts a comment or a reply. Refusals say why beside the form; a comment caught by the link
     * rule is kept but held for review (its author is told).
     */
    async post(actor: Actor, slug: string, input: { body: string; parent_id?: number | null; honeypot?: string }) {
      const user = siteUser(actor);
      const text = bodyOf(input.body);
      const l = await publicListing(slug);
      if (l.status !== 'live' && l.status !== 'scheduled') throw notFound('listing_not_found', `No public listing has the slug ${slug}.`);
      let parentId: string | null = null;
      if (input.parent_id !== undefined && input.parent_id !== null) {
        const parent = await comment(input.parent_id).catch(() => {
          throw fieldError('parent_id', 'the comment you reply to is no longer there');
        });
        if (parent.listing_id !== l.id) throw fieldError('parent_id', 'the comment you reply to is on another listing');
        if (parent.status !== 'visible') throw fieldError('parent_id', 'the comment you reply to was deleted');
        if (parent.parent_id !== null) throw fieldError('parent_id', 'replies go one level deep: reply to the comment above it');
        parentId = parent.id;
      }
      const at = now();
      const poster = await store.poster(user.userId, { hash: text.hash, now: at });
      if (!poster || poster.disabled) throw new DomainError('forbidden', 'account_disabled', 'This account is disabled.');
      if (!poster.verified) throw new DomainError('forbidden', 'email_unverified', 'Confirm your email address first: comments come only from confirmed accounts. The link is in your inbox; your account page sends a new one.');
      // A honeypot only a script fills: refused like spam, saying no more than that.
      if (input.honeypot) throw new DomainError('forbidden', 'comment_refused', 'This comment was refused.');
      const isNew = at.getTime() - new Date(poster.created_at).getTime() < DISCUSSION_RULES.newAccountHours * HOUR;
      if (poster.last_minute >= DISCUSSION_RULES.perMinute) throw await tooMany(user.userId, 60_000, `at most ${DISCUSSION_RULES.perMinute} comments a minute`);
      const hourBudget = isNew ? DISCUSSION_RULES.newAccountPerHour : DISCUSSION_RULES.perHour;
      if (poster.last_hour >= hourBudget) {
        throw await tooMany(user.userId, HOUR, isNew ? `new accounts post at most ${hourBudget} comments an hour during their first day` : `at most ${hourBudget} comments an hour`);
      }
      if (poster.same_text_last_hour) throw new DomainError('conflict', 'duplicate_comment', 'You posted the same text within the hour.', [{ field: 'body', message: 'you posted the same text within the hour' }]);
      if (isNew && text.links.length) throw fieldError('body', `accounts younger than ${DISCUSSION_RULES.newAccountHours} hours cannot post links yet`, 'links_not_allowed');
      let held: string | null = null;
      for (const link of text.links) {
        const accounts = await store.newAccountsWithLink(link, {
          since: new Date(at.getTime() - HOUR),
          accountsBornAfter: new Date(at.getTime() - DISCUSSION_RULES.linkRingAccountDays * 24 * HOUR),
        });
        const young = at.getTime() - new Date(poster.created_at).getTime() < DISCUSSION_RULES.linkRingAccountDays * 24 * HOUR;
        if (young && accounts + 1 >= DISCUSSION_RULES.linkRingAccounts) held = `the same link was posted by ${accounts + 1} new accounts within an hour`;
      }
      const id = await store.insert({
        listingId: l.id, parentId, userId: user.userId, body: text.body, html: text.html, hash: text.hash, links: text.links,
        status: held ? 'held' : 'visible', reason: held, at,
      });
      if (!held) {
        forget(l.slug);
        await deps.jobs?.send(COMMENT_MAIL_JOB, { listingId: l.id }, { singletonKey: `comments:${l.id}` });
        if (parentId) await deps.jobs?.send(REPLY_MAIL_JOB, { commentId: id });
      }
      return { id: Number(id), held: held !== null, slug: l.slug };
    },

    /** The author edits their visible comment within 15 minutes of posting it; it is marked edited. */
    async edit(actor: Actor, commentId: number, body: string) {
      const user = siteUser(actor);
      const text = bodyOf(body);
      const c = await comment(commentId);
      if (c.user_id !== user.userId) throw new DomainError('forbidden', 'not_your_comment', 'Only its author can edit a comment.');
      if (c.status !== 'visible') throw notFound('comment_not_found', 'No comment has this id on a public listing.');
      if (now().getTime() - new Date(c.created_at).getTime() > DISCUSSION_RULES.editMinutes * 60_000) {
        throw new DomainError('conflict', 'edit_window_closed', `Comments can be edited for ${DISCUSSION_RULES.editMinutes} minutes after posting.`);
      }
      const isNew = await this.isNewAccount(user.userId);
      if (isNew && text.links.length) throw fieldError('body', `accounts younger than ${DISCUSSION_RULES.newAccountHours} hours cannot post links yet`, 'links_not_allowed');
      if (!(await store.edit({ id: c.id, body: text.body, html: text.html, hash: text.hash, links: text.links, userId: user.userId, at: now() }))) {
        throw notFound('comment_not_found', 'No comment has this id on a public listing.');
      }
      forget(c.listing_slug);
      return { id: commentId, slug: c.listing_slug };
    },

    async isNewAccount(userId: string) {
      const p = await store.poster(userId, { hash: '', now: now() });
      return !p || now().getTime() - new Date(p.created_at).getTime() < DISCUSSION_RULES.newAccountHours * HOUR;
    },

    /** The author deletes their comment: "deleted" while it has replies, gone otherwise. */
    async remove(actor: Actor, commentId: number) {
      const user = siteUser(actor);
      const c = await comment(commentId);
      if (c.status === 'deleted') throw notFound('comment_not_found', 'No comment has this id on a public listing.');
      if (c.user_id !== user.userId) throw new DomainError('forbidden', 'not_your_comment', 'Only its author can delete a comment.');
      await store.remove(c.id);
      forget(c.listing_slug);
      return { id: commentId, slug: c.listing_slug };
    },

    /** The listing's owner pins one maker's top-level comment (the maker's first comment), or unpins. */
    async pin(actor: Actor, commentId: number, pin: boolean) {
      const user = siteUser(actor);
      const c = await comment(commentId);
      if (c.listing_owner_id !== user.userId) throw new DomainError('forbidden', 'not_listing_owner', 'Only the listing\'s owner can pin a comment.');
      if (pin) {
        if (c.status !== 'visible') throw notFound('comment_not_found', 'No comment has this id on a public listing.');
        if (c.parent_id !== null) throw new DomainError('conflict', 'comment_not_pinnable', 'Only a comment, not a reply, can be pinned.');
        if (!c.author_is_maker) throw new DomainError('conflict', 'comment_not_pinnable', 'Only a maker\'s comment can be pinned as the maker\'s first comment.');
      }
      await store.pin(c.listing_id, pin ? c.id : null, now());
      forget(c.listing_slug);
      return { id: commentId, pinned: pin, slug: c.listing_slug };
    },

    /** One upvote per person, never on your own comment; a second is refused, removing one works. Stored with its provenance (vote-trust.ts). */
    async upvote(actor: Actor, commentId: number, add: boolean, provenance?: Provenance) {
      const user = siteUser(actor);
      const c = await comment(commentId);
      if (c.status !== 'visible') throw notFound('comment_not_found', 'No comment has this id on a public listing.');
      if (c.user_id === user.userId) throw new DomainError('forbidden', 'own_comment', 'You cannot upvote your own comment.');
      const poster = await store.poster(user.userId, { hash: '', now: now() });
      if (!poster?.verified) throw new DomainError('forbidden', 'email_unverified', 'Confirm your email address first: upvotes count only from confirmed accounts.');
      const changed = await store.upvote({ commentId: c.id, userId: user.userId, add, provenance, at: now() });
      if (add && !changed) throw new DomainError('conflict', 'already_upvoted', 'You have already upvoted this comment.');
      forget(c.listing_slug);
      return { id: commentId, upvoted: add, changed, slug: c.listing_slug };
    },

    /** What the page's buttons need about one person: their comments, their upvotes, whether they own the listing. */
    viewer: (listingId: string, userId: string, ids: number[]) => store.viewer(listingId, userId, ids.map(String)),


    forget,
  };

  async function tooMany(userId: string, windowMs: number, rule: string) {
    const since = new Date(now().getTime() - windowMs);
    const oldest = await store.oldestSince(userId, since);
    const retry = oldest ? Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMs - now().getTime()) / 1000)) : Math.ceil(windowMs / 1000);
    const e = new DomainError('rate_limited', 'comment_rate_limited', `Slow down: ${rule}. You can post again in ${retry >= 120 ? `${Math.ceil(retry / 60)} minutes` : `${retry} seconds`}.`, [{ field: 'body', message: rule }]);
    e.retryAfterSeconds = retry;
    return e;
  }
}
export type Discussions = ReturnType<typeof createDiscussions>;

function fieldError(field: string, message: string, code = 'validation_failed') {
  return new DomainError('invalid', code, `The comment breaks a rule: ${field}: ${message}.`, [{ field, message }]);
}
