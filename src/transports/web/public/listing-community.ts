import { REVIEW_BODY_MAX, type Community } from '../../../domain/community/community.ts';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import { html, type Html } from '../html.ts';
import { listingHref } from '../listing-card.ts';
import { day, plural } from '../numbers.ts';
import { withReturnTo } from '../return-to.ts';
import { reportLink } from './report-page.ts';

type Standing = Awaited<ReturnType<Community['standing']>>;
type Review = Awaited<ReturnType<Community['reviews']>>[number];

const stars = (n: number) => html`<span class="stars" aria-hidden="true">${'★'.repeat(n)}${'☆'.repeat(5 - n)}</span><span class="visually-hidden">${n} out of 5</span>`;

/**
 * Vote and follow: forms for a signed-in person (their standing decides which), a sign-in link for
 * others. The posts are the site's own (listing-pages.ts), behind the session's CSRF token.
 */
export function communityActions(p: { id: number | string; slug: string; name: string; live: boolean; session: SiteSession | undefined; standing: Standing | undefined; pageToken?: string }): Html {
  const here = listingHref(p.slug);
  const t = p.standing;
  // Reporting needs a sign-in too: the report page sends a signed-out visitor there and back.
  const report = reportLink('listing', p.id, p.name);
  if (!p.session || !t) return html`<p class="actions"><span><a class="button" href="${withReturnTo('/sign-in', here)}">Sign in</a> to vote, follow or review.</span> ${report}</p>`;
  const csrf = html`<input type="hidden" name="csrf" value="${p.session.csrf}">`;
  const action = (what: string) => `${here}/${what}`;
  return html`<div class="actions">
${p.live && !t.verified ? html`<p class="notice">Confirm your email address to vote and write reviews: the link is in your inbox, and <a href="/account">your account page</a> sends a new one.</p>` : ''}
${p.live && t.verified
  ? t.my_vote_week
    ? t.vote_withdrawable
      ? html`<form method="post" action="${action('vote')}">${csrf}<input type="hidden" name="intent" value="remove"><button type="submit" class="secondary">Withdraw my vote</button></form>`
      : html`<p>You voted for ${p.name} in the week of ${t.my_vote_week}.</p>`
    : html`<form method="post" action="${action('vote')}">${csrf}<input type="hidden" name="intent" value="add">${p.pageToken ? html`<input type="hidden" name="page_token" value="${p.pageToken}">` : ''}<button type="submit">Vote for ${p.name}</button></form>`
  : ''}
<form method="post" action="${action('follow')}">${csrf}<input type="hidden" name="intent" value="${t.following ? 'remove' : 'add'}"><button type="submit" class="secondary">${t.following ? 'Unfollow' : 'Follow'}</button></form>
${report}
</div>`;
}

/** The community rating (genuine reviews only), the newest reviews, and the person's own review form. */
export function reviewsSection(p: {
  slug: string;
  live: boolean;
  rating: { average: number | null; count: number };
  reviews: Review[];
  session: SiteSession | undefined;
  standing: Standing | undefined;
}): Html {
  const t = p.standing;
  const csrf = p.session ? html`<input type="hidden" name="csrf" value="${p.session.csrf}">` : '';
  const form =
    p.session && t && p.live && t.verified && !t.is_team
      ? html`<h3 id="review-heading">${t.my_review ? 'Your review' : 'Write a review'}</h3>
<form method="post" action="${listingHref(p.slug)}/reviews" aria-labelledby="review-heading">${csrf}
<fieldset><legend>Rating</legend>
${[5, 4, 3, 2, 1].map((n) => html`<label><input type="radio" name="rating" value="${n}" required${t.my_review?.rating === n ? html` checked` : ''}> ${n} star${n === 1 ? '' : 's'}</label>`)}
</fieldset>
<label for="review-body">Review <span class="muted">(optional)</span></label>
<textarea id="review-body" name="body" maxlength="${REVIEW_BODY_MAX}" aria-describedby="review-hint">${t.my_review?.body ?? ''}</textarea>
<p class="hint" id="review-hint">At most ${REVIEW_BODY_MAX} characters.</p>
<button type="submit">${t.my_review ? 'Update review' : 'Publish review'}</button>
</form>`
      : t?.is_team
        ? html`<p class="muted">You are on this listing's team, so you cannot review it.</p>`
        : '';
  return html`<section aria-labelledby="reviews-heading">
<h2 id="reviews-heading">Community rating</h2>
${p.rating.count && p.rating.average !== null
  ? html`<p class="rating"><strong>${p.rating.average.toFixed(1)}</strong> out of 5 ${stars(Math.round(p.rating.average))} from ${plural(p.rating.count, 'review')}. Reviews by the team do not count.</p>`
  : html`<p class="muted">No reviews yet.</p>`}
${p.reviews.length
  ? html`<ul class="reviews">${p.reviews.map((r) => html`<li><p>${stars(r.rating)} <strong>${r.author}</strong> <span class="muted">· ${day(r.created_at)}</span></p>${r.body ? html`<p>${r.body}</p>` : ''}<p class="review-foot">${reportLink('review', r.id, `the review by ${r.author}`)}</p></li>`)}</ul>`
  : ''}
${form}
</section>`;
}
