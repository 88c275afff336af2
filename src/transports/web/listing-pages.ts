import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REVIEW_BODY_MAX, siteUser, type Intent } from '../../domain/community/community.ts';
import { DomainError } from '../../domain/errors.ts';
import { checkSessionCsrf } from './csrf.ts';
import { field, sessionActor, SITE_ROUTE, type Web } from './context.ts';
import { html } from './html.ts';
import { safeReturnTo, withReturnTo } from './return-to.ts';

/**
 * The site's side of votes, follows and reviews: a minimal listing page carrying the forms, and
 * the form posts. These exist only here, behind a site session and its CSRF token; no API
 * operation or MCP tool can vote, follow or review.
 */
export function registerListingPages(app: FastifyInstance, web: Web) {
  const { services } = web;

  /** The actor of a community post: the site session (after its CSRF check), else whoever called. */
  function actorOf(request: FastifyRequest) {
    const s = request.siteSession;
    if (!s) {
      siteUser(request.actor); // anonymous → 401; an API key or OAuth token → 403
      throw new DomainError('unauthenticated', 'sign_in_required', 'Sign in on the site first.');
    }
    checkSessionCsrf(request, s, web.publicUrl);
    return sessionActor(request, s);
  }

  const intentOf = (request: FastifyRequest): Intent => {
    const v = field(request, 'intent');
    if (v !== 'add' && v !== 'remove') {
      throw new DomainError('invalid', 'validation_failed', 'intent must be "add" or "remove".', [{ field: 'intent', message: 'add or remove' }]);
    }
    return v;
  };

  const back = (request: FastifyRequest, slug: string, notice: string) =>
    safeReturnTo(field(request, 'return_to')) ?? `/listings/${encodeURIComponent(slug)}?notice=${notice}`;

  app.get('/listings/:slug', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const s = request.siteSession;
    const t = await services.community.standing(slug, s ? sessionActor(request, s) : request.actor);
    const live = t.status === 'live';
    const csrf = s ? html`<input type="hidden" name="csrf" value="${s.csrf}">` : '';
    const action = (what: string) => `/listings/${encodeURIComponent(t.slug)}/${what}`;
    const here = `/listings/${t.slug}`;
    return web.page(request, reply, {
      title: t.name,
      body: html`<h1>${t.name}</h1>
${t.tagline ? html`<p>${t.tagline}</p>` : ''}
<p><a href="${t.url}" rel="noopener nofollow ugc">${t.url}</a></p>
<p class="counts"><span>${t.votes_count} vote${t.votes_count === 1 ? '' : 's'}</span><span>${t.follows_count} follower${t.follows_count === 1 ? '' : 's'}</span>${live ? '' : html`<span>Upcoming launch</span>`}</p>
${!s
  ? html`<p><a href="${withReturnTo('/sign-in', here)}">Sign in</a> to vote, follow or review.</p>`
  : html`
${live && !t.verified ? html`<p class="notice">Confirm your email address to vote and write reviews: the link is in your inbox, and <a href="/account">your account page</a> sends a new one.</p>` : ''}
${live && t.verified
  ? t.my_vote_week
    ? t.vote_withdrawable
      ? html`<form method="post" action="${action('vote')}">${csrf}<input type="hidden" name="intent" value="remove"><button type="submit" class="secondary">Withdraw my vote</button></form>`
      : html`<p>You voted for ${t.name} in the week of ${t.my_vote_week}.</p>`
    : html`<form method="post" action="${action('vote')}">${csrf}<input type="hidden" name="intent" value="add"><button type="submit">Vote for ${t.name}</button></form>`
  : ''}
<form method="post" action="${action('follow')}">${csrf}<input type="hidden" name="intent" value="${t.following ? 'remove' : 'add'}"><button type="submit" class="secondary">${t.following ? 'Unfollow' : 'Follow'}</button></form>
${live && t.verified && !t.is_team
  ? html`<h2 id="review-heading">${t.my_review ? 'Your review' : 'Write a review'}</h2>
<form method="post" action="${action('reviews')}" aria-labelledby="review-heading">${csrf}
<fieldset><legend>Rating</legend>
${[5, 4, 3, 2, 1].map((n) => html`<label><input type="radio" name="rating" value="${n}" required${t.my_review?.rating === n ? html` checked` : ''}> ${n} star${n === 1 ? '' : 's'}</label>`)}
</fieldset>
<label for="review-body">Review <span class="muted">(optional)</span></label>
<textarea id="review-body" name="body" maxlength="${REVIEW_BODY_MAX}" aria-describedby="review-hint">${t.my_review?.body ?? ''}</textarea>
<p class="hint" id="review-hint">At most ${REVIEW_BODY_MAX} characters.</p>
<button type="submit">${t.my_review ? 'Update review' : 'Publish review'}</button>
</form>`
  : t.is_team
    ? html`<p class="muted">You are on this listing's team, so you cannot review it.</p>`
    : ''}`}`,
    });
  });

  app.post('/listings/:slug/vote', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const actor = actorOf(request);
    const intent = intentOf(request);
    const r = await services.community.vote(actor, slug, intent, { userAgent: request.headers['user-agent'] ?? null });
    return reply.redirect(back(request, slug, r.voted ? 'voted' : 'unvoted'), 303);
  });

  app.post('/listings/:slug/follow', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const actor = actorOf(request);
    const r = await services.community.follow(actor, slug, intentOf(request));
    return reply.redirect(back(request, slug, r.following ? 'followed' : 'unfollowed'), 303);
  });

  app.post('/listings/:slug/reviews', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const actor = actorOf(request);
    const rawRating = field(request, 'rating');
    const rating = /^\d{1,2}$/.test(rawRating) ? Number(rawRating) : NaN;
    await services.community.review(actor, slug, { rating, body: field(request, 'body') });
    return reply.redirect(back(request, slug, 'reviewed'), 303);
  });
}
