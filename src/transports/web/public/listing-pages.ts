import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BadgeList } from '../../../contract/badge.ts';
import { pageOf } from '../../../domain/pagination.ts';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import { COMMENTS_PER_PAGE } from '../../../domain/community/discussions.ts';
import { siteUser, type Intent } from '../../../domain/community/community.ts';
import { DomainError } from '../../../domain/errors.ts';
import { checkSessionCsrf } from '../csrf.ts';
import { field, sessionActor, SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { safeReturnTo } from '../return-to.ts';
import { getListing } from '../../../operations/listings/get-listing.ts';
import { getAlternatives } from '../../../operations/listings/get-alternatives.ts';
import { awardLabel } from '../../../domain/launches/awards.ts';
import { getBadges } from '../../../operations/badges/get-badges.ts';
import { listComments } from '../../../operations/discussions/list-comments.ts';
import { readOperation } from '../read-operation.ts';
import { ASSET_URLS } from '../assets.ts';
import { sendPublicPage } from '../public-page.ts';
import { categoryHref, listingHref } from '../listing-card.ts';
import { communityActions, reviewsSection } from './listing-community.ts';
import { alternativesSection, badgesSection, profileHeader, profileSections } from './listing-profile.ts';
import { discussionSection, type DiscussionForm, type DiscussionView, type Viewer } from './listing-discussion.ts';
import { discussionView, registerDiscussionPosts } from './discussion-posts.ts';
import { claimInvite } from '../claims/flow-pages.ts';
import { breadcrumbs, faqPage, softwareApplication } from '../json-ld.ts';
import { listingShareCard, shareImageOnRequest } from '../share-images.ts';
import { listingShareCardPath, registerListingShareCard } from './listing-share-card.ts';

/** The reviews of a listing that has none: one object, so pages built from it are found again (render-memo.ts). */
const NO_REVIEWS: Awaited<ReturnType<Web['services']['community']['reviews']>> = [];
Object.freeze(NO_REVIEWS);
/** The first page of a discussion without comments, in either order: what list_comments answers for it. */
const NO_THREADS: z.output<typeof listComments.output> = pageOf([], { page: 1, per_page: COMMENTS_PER_PAGE }, 0);
Object.freeze(NO_THREADS.items);
Object.freeze(NO_THREADS);

/**
 * The Launch of the Week awards the page's head shows, as list_awards lists a listing's (a live
 * listing's, newest week first, ten at most): read from its badges, which hold every award, so a
 * first view makes one statement fewer.
 */
function awardMarks(status: string, badges: BadgeList): { week: string; label: string }[] {
  if (status !== 'live') return [];
  return badges.badges
    .flatMap((b) => (b.kind === 'launch_of_the_week' && b.week && b.place ? [{ week: b.week, place: b.place }] : []))
    .sort((a, b) => (a.week !== b.week ? (a.week < b.week ? 1 : -1) : a.place - b.place))
    .slice(0, 10)
    .map((a) => ({ week: a.week, label: awardLabel(a.place) }));
}

/**
 * The listing page (every section of the profile, from get_listing and its neighbours' operations,
 * and its discussion from list_comments) and the site's side of votes, follows and reviews: the
 * form posts (the discussion's are in discussion-posts.ts). Those exist only here, behind
 * a site session and its CSRF token; no API operation or MCP tool can vote, follow or review.
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

  /**
   * The listing page, for a GET and again for a refused discussion post: then with the form's
   * state (the text as typed, the message beside it) and the refusal's status.
   */
  async function renderListing(request: FastifyRequest, reply: FastifyReply, slug: string, o: { view: DiscussionView; form?: DiscussionForm; status?: number }) {
    const s = request.siteSession;
    // The profile first: an unknown slug is a 404 before anything else is asked.
    const profile = await readOperation(services, request, getListing, { slug });
    // The card is named, not drawn: its own route draws it when a preview asks (listing-share-card.ts).
    const share = shareImageOnRequest(services, `${web.publicUrl}${listingShareCardPath(profile.slug)}`, listingShareCard(profile, web.siteName));
    const [alternatives, badges, reviews, standing, threads] = await Promise.all([
      readOperation(services, request, getAlternatives, { slug, per_page: 6 }),
      readOperation(services, request, getBadges, { slug }),
      // The profile's rating counts the same genuine reviews the list shows: none counted, none to read.
      profile.community_rating.count ? services.community.reviews(slug) : NO_REVIEWS,
      s ? services.community.standing(slug, sessionActor(request, s)) : undefined,
      // Every thread holds a visible comment (migration 0024's counts): none counted, none to list.
      profile.comments === 0 && o.view.page === 1 ? NO_THREADS : readOperation(services, request, listComments, { slug, sort: o.view.sort, page: o.view.page, per_page: COMMENTS_PER_PAGE }),
    ]);
    const viewer = s && standing ? await viewerOf(s, standing, threads.items) : undefined;
    const path = listingHref(profile.slug);
    const live = profile.status === 'live';
    // The vote form says this page was open (vote-provenance.ts); only a vote still to cast needs it.
    const pageToken = s && standing && live && !standing.my_vote_week ? await services.voteTrust.pageToken(s.userId, standing.id, 'listing') : undefined;
    const primary = profile.categories[0];
    return sendPublicPage(web, request, reply, [profile, alternatives, badges, reviews, threads], () => ({
      title: profile.tagline ? `${profile.name}: ${profile.tagline}` : profile.name,
      description: profile.short_description ?? profile.tagline ?? `${profile.name} on ${web.siteName}.`,
      path,
      status: o.status,
      type: 'product',
      image: profile.logo_url?.startsWith('https://') ? profile.logo_url : null,
      shareImage: share,
      script: true,
      connect: true,
      videos: profile.media?.some((m) => m.kind === 'video') ?? false,
      head: html`<script src="${ASSET_URLS.discussionJs}" defer></script>`,
      jsonLd: [
        softwareApplication(web.publicUrl, profile, path),
        breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, ...(primary ? [{ name: primary.name, path: categoryHref(primary.slug) }] : []), { name: profile.name, path }]),
        ...(profile.faqs.length ? [faqPage(profile.faqs)] : []),
      ],
      body: html`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li>${primary ? html`<li><a href="${categoryHref(primary.slug)}">${primary.name}</a></li>` : ''}<li aria-current="page">${profile.name}</li></ol></nav>
<article class="profile">
${profileHeader(profile, awardMarks(profile.status, badges), communityActions({ id: profile.id, slug: profile.slug, name: profile.name, live, session: s, standing, pageToken }))}
<div class="profile-body">
<div class="profile-main">
${profileSections(profile)}
${reviewsSection({ slug: profile.slug, live, rating: profile.community_rating, reviews, session: s, standing })}
${discussionSection({ slug: profile.slug, count: profile.comments, threads, view: o.view, session: s, viewer, form: o.form })}
</div>
<aside class="profile-side" aria-label="More about ${profile.name}">
${alternativesSection(profile, alternatives.items)}
${badgesSection(profile, badges)}
${claimInvite({ slug: profile.slug, name: profile.name, isTeam: standing?.is_team ?? false })}
</aside>
</div>
</article>`,
    }));
  }

  /** What the signed-in person may do in the discussion: their comments, their upvotes, pinning. */
  async function viewerOf(s: SiteSession, standing: { id: string; verified: boolean }, threads: { id: number; replies: { id: number }[] }[]): Promise<Viewer> {
    const ids = threads.flatMap((t) => [t.id, ...t.replies.map((r) => r.id)]);
    const mine = await services.discussions.viewer(standing.id, s.userId, ids);
    return { session: s, verified: standing.verified, ...mine, now: services.now() };
  }

  app.get('/listings/:slug', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    return renderListing(request, reply, slug, { view: discussionView(request.query) });
  });

  registerDiscussionPosts(app, web, { actorOf, renderListing });
  registerListingShareCard(app, web);

  app.post('/listings/:slug/vote', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const actor = actorOf(request);
    const intent = intentOf(request);
    const r = await services.community.vote(actor, slug, intent, { userAgent: request.headers['user-agent'] ?? null, pageToken: field(request, 'page_token') || null });
    return reply.redirect(back(request, slug, r.voted ? 'voted' : 'unvoted'), 303);
  });

  app.post('/listings/:slug/follow', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const actor = actorOf(request);
    const r = await services.community.follow(actor, slug, intentOf(request), { userAgent: request.headers['user-agent'] ?? null });
    return reply.redirect(back(request, slug, r.following ? 'followed' : 'unfollowed'), 303);
  });

  app.post('/listings/:slug/reviews', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const actor = actorOf(request);
    const rawRating = field(request, 'rating');
    const rating = /^\d{1,2}$/.test(rawRating) ? Number(rawRating) : NaN;
    await services.community.review(actor, slug, { rating, body: field(request, 'body') }, { userAgent: request.headers['user-agent'] ?? null });
    return reply.redirect(back(request, slug, 'reviewed'), 303);
  });
}
