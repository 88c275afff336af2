import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../../domain/actor.ts';
import { DomainError } from '../../../domain/errors.ts';
import { STATUS_BY_KIND } from '../../rest/problem.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { listingHref } from '../listing-card.ts';
import { hrefWith } from '../pager.ts';
import { viewQuery, type DiscussionForm, type DiscussionView } from './listing-discussion.ts';

/** The listing page drawn again after a refusal (listing-pages.ts). */
type RenderListing = (request: FastifyRequest, reply: FastifyReply, slug: string, o: { view: DiscussionView; form?: DiscussionForm; status?: number }) => Promise<unknown>;

/** What a discussion post did: where the answer lands, and what it says there. */
interface Done {
  id: number;
  slug: string;
  notice: string;
  /** The element the answer scrolls to: the comment, or the discussion when the comment is not shown. */
  anchor: string;
  held?: boolean;
}

/** The order and page of threads asked for, in a query or a form; anything else is the first page by top. */
export function discussionView(values: unknown): DiscussionView {
  const o = (values && typeof values === 'object' ? values : {}) as Record<string, unknown>;
  const page = typeof o.comments_page === 'string' && /^\d{1,4}$/.test(o.comments_page) ? Number(o.comments_page) : 1;
  return { sort: o.comments === 'newest' ? 'newest' : 'top', page: Math.min(Math.max(page, 1), 1000) };
}

/** discussion.js asks for JSON (Accept: application/json); a plain form post gets a redirect. */
const wantsJson = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('application/json');

/** A comment id from the path or a form: digits, or NaN, which the domain finds nowhere (404). */
const idOf = (value: string) => (/^\d{1,18}$/.test(value) ? Number(value) : NaN);

const sentence = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}${s.endsWith('.') ? '' : '.'}`;

/**
 * Refusals a person can act on are shown beside the text they typed (the text kept): a rule on a
 * field, the pace, a repeat, a closed edit window, the honeypot. Not found, not allowed and not
 * signed in go to the site's error page.
 */
const besideTheText = (err: DomainError) =>
  err.kind === 'rate_limited' || err.kind === 'invalid' || err.kind === 'conflict' || Boolean(err.fields?.length) || err.code === 'comment_refused';

const statusOf = (err: DomainError) => (err.kind === 'rate_limited' ? 429 : err.kind === 'forbidden' ? 403 : 400);

/**
 * The discussion's form posts: comment or reply, edit, delete, upvote, pin. Each is the site
 * session's own (CSRF-checked by actorOf), answers with a redirect to the comment (post/redirect/
 * get) or, for discussion.js, with JSON { ok, id, location } or { ok: false, error, fields }.
 */
export function registerDiscussionPosts(app: FastifyInstance, web: Web, deps: { actorOf: (request: FastifyRequest) => Actor; renderListing: RenderListing }) {
  const { discussions } = web.services;

  /**
   * Runs one post and answers it. `form` names the text form it came from and `slug` the listing
   * to show again when a refusal goes beside that text; without them a refusal is an error page.
   */
  async function answer(request: FastifyRequest, reply: FastifyReply, act: () => Promise<Done>, text?: { form: string; slug: string }) {
    const view = discussionView(request.body);
    const json = wantsJson(request);
    try {
      const done = await act();
      const location = `${hrefWith(listingHref(done.slug), { ...viewQuery(view), notice: done.notice })}#${done.anchor}`;
      return json ? reply.code(200).send({ ok: true, id: done.id, held: done.held ?? false, location }) : reply.redirect(location, 303);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const beside = text !== undefined && besideTheText(err);
      const status = beside ? statusOf(err) : STATUS_BY_KIND[err.kind];
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      const message = err.kind !== 'rate_limited' && err.fields?.length ? sentence(err.fields[0].message) : err.message;
      if (json) {
        const fields: Record<string, string> = {};
        for (const f of err.fields ?? []) fields[f.field] ??= sentence(f.message);
        return reply.code(status).send({ ok: false, code: err.code, error: message, fields });
      }
      if (!beside || !text.slug) throw err;
      // The text comes back as typed; a NUL cannot be shown, so it shows as the replacement mark.
      const body = field(request, 'body').replaceAll('\0', '\uFFFD').toWellFormed();
      return deps.renderListing(request, reply, text.slug, { view, status, form: { form: text.form, body, message } });
    }
  }

  app.post('/listings/:slug/comments', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const rawParent = field(request, 'parent_id');
    const parentId = rawParent === '' ? undefined : idOf(rawParent);
    const form = parentId === undefined ? 'comment' : `reply-${rawParent}`;
    return answer(
      request,
      reply,
      async () => {
        const actor = deps.actorOf(request);
        if (Number.isNaN(parentId)) throw new DomainError('invalid', 'validation_failed', 'parent_id is not a comment id.', [{ field: 'parent_id', message: 'the comment you reply to is not there' }]);
        const r = await discussions.post(actor, slug, { body: field(request, 'body'), parent_id: parentId, honeypot: field(request, 'website') });
        const notice = r.held ? 'comment-held' : parentId === undefined ? 'commented' : 'replied';
        return { id: r.id, slug: r.slug, notice, anchor: r.held ? 'discussion' : `comment-${r.id}`, held: r.held };
      },
      { form, slug },
    );
  });

  app.post('/comments/:id/edit', SITE_ROUTE, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id);
    return answer(
      request,
      reply,
      async () => {
        const r = await discussions.edit(deps.actorOf(request), id, field(request, 'body'));
        return { id, slug: r.slug, notice: 'comment-edited', anchor: `comment-${id}` };
      },
      // The edit form names its listing, so a refusal shows that page again; its comment decides the rest.
      { form: `edit-${id}`, slug: field(request, 'slug') },
    );
  });

  app.post('/comments/:id/delete', SITE_ROUTE, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id);
    return answer(request, reply, async () => {
      const r = await discussions.remove(deps.actorOf(request), id);
      return { id, slug: r.slug, notice: 'comment-deleted', anchor: 'discussion' };
    });
  });

  /** add or remove, as the upvote and pin buttons send it. */
  const intentOf = (request: FastifyRequest) => {
    const v = field(request, 'intent');
    if (v !== 'add' && v !== 'remove') throw new DomainError('invalid', 'validation_failed', 'intent must be "add" or "remove".', [{ field: 'intent', message: 'add or remove' }]);
    return v === 'add';
  };

  app.post('/comments/:id/upvote', SITE_ROUTE, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id);
    return answer(request, reply, async () => {
      const actor = deps.actorOf(request);
      const add = intentOf(request);
      const r = await discussions.upvote(actor, id, add, add ? await web.services.voteTrust.provenance(actor, request.headers['user-agent'] ?? null) : undefined);
      return { id, slug: r.slug, notice: add ? 'comment-upvoted' : 'comment-unvoted', anchor: `comment-${id}` };
    });
  });

  app.post('/comments/:id/pin', SITE_ROUTE, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id);
    return answer(request, reply, async () => {
      const actor = deps.actorOf(request);
      const pin = intentOf(request);
      const r = await discussions.pin(actor, id, pin);
      return { id, slug: r.slug, notice: pin ? 'comment-pinned' : 'comment-unpinned', anchor: `comment-${id}` };
    });
  });
}
