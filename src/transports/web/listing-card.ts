import type { z } from 'zod';
import type { ListingSummary } from '../../contract/listing.ts';
import type { SiteSession } from '../../domain/accounts/sessions.ts';
import { awardLabel } from '../../domain/launches/awards.ts';
import { html, type Html } from './html.ts';
import { logo } from './logo.ts';
import { day, plural, votesWords } from './numbers.ts';
import { withReturnTo } from './return-to.ts';

export type Summary = z.output<typeof ListingSummary>;

export interface CardOptions {
  session: SiteSession | undefined;
  /** The page the card is on: a vote comes back here. */
  returnTo: string;
  /** The card's heading level under the section it sits in. */
  heading: 2 | 3;
  rank?: number | null;
  /** What the list ranks by, when it is not votes (a leaderboard's metric). */
  metric?: string;
  /** Launch of the Week place, when the listing won one in the week shown. */
  award?: number;
}

export const listingHref = (slug: string) => `/listings/${encodeURIComponent(slug)}`;
export const categoryHref = (slug: string) => `/categories/${encodeURIComponent(slug)}`;

/**
 * The vote control of a card: a form for a signed-in person (the same post as the listing
 * page's), a sign-in link for others, a plain count for launches not live yet.
 */
function vote(l: Summary, o: CardOptions): Html {
  const count = html`<span aria-hidden="true">▲</span> ${l.votes.toLocaleString('en-US')}<span class="visually-hidden"> ${l.votes === 1 ? 'vote' : 'votes'}</span>`;
  if (l.status !== 'live') return html`<span class="vote vote-static">${count}</span>`;
  if (!o.session) {
    return html`<a class="vote" href="${withReturnTo('/sign-in', listingHref(l.slug))}"><span class="visually-hidden">Sign in to upvote ${l.name}: </span>${count}</a>`;
  }
  return html`<form class="vote-form" method="post" action="${listingHref(l.slug)}/vote">
<input type="hidden" name="csrf" value="${o.session.csrf}"><input type="hidden" name="intent" value="add"><input type="hidden" name="return_to" value="${o.returnTo}">${o.session.pageToken ? html`<input type="hidden" name="page_token" value="${o.session.pageToken}">` : ''}
<button type="submit" class="vote"><span class="visually-hidden">Upvote ${l.name}: </span>${count}</button></form>`;
}

/** Where weights make the counted votes differ from the people who voted, both are said ("151 counted" beside ▲ 182). */
function counted(l: Summary): Html | '' {
  const w = votesWords(l.votes, l.counted_votes);
  return w.counted ? html`<a href="/about/ranking" title="How votes are counted"><span class="visually-hidden">${w.votes}, </span>${w.counted}</a>` : '';
}

/** One listing in a list: logo (or initials), name, tagline, category, marks, comments, and the vote control. */
export function listingCard(l: Summary, o: CardOptions): Html {
  const name = html`<a href="${listingHref(l.slug)}">${l.name}</a>`;
  const marks = [
    l.primary_category ? html`<a href="${categoryHref(l.primary_category.slug)}">${l.primary_category.name}</a>` : '',
    o.award ? html`<span class="mark">★ ${awardLabel(o.award)}</span>` : '',
    l.status === 'scheduled' && l.launch_week ? html`<span>Launches the week of ${day(l.launch_week)}</span>` : '',
    o.metric ? html`<span>${o.metric}</span>` : '',
    counted(l),
    l.comments > 0
      ? html`<a class="comment-count" href="${listingHref(l.slug)}#discussion"><span aria-hidden="true"><svg class="icon" width="14" height="14" viewBox="0 0 16 16" focusable="false"><path d="M2 3h12v8H6l-3 3v-3H2z" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/></svg> ${l.comments.toLocaleString('en-US')}</span><span class="visually-hidden">${plural(l.comments, 'comment')}</span></a>`
      : '',
  ].filter((m) => m !== '');
  return html`<li class="card">
${o.rank ? html`<span class="rank" title="Rank">${o.rank}</span>` : ''}
${logo(l.name, l.logo_url)}
<div class="card-body">
${o.heading === 2 ? html`<h2 class="card-title">${name}</h2>` : html`<h3 class="card-title">${name}</h3>`}
${l.tagline ? html`<p class="tagline">${l.tagline}</p>` : ''}
${marks.length ? html`<p class="meta">${marks.map((m, i) => html`${i ? html`<span aria-hidden="true"> · </span>` : ''}${m}`)}</p>` : ''}
</div>
${vote(l, o)}
</li>`;
}

/** A list of cards, or what to say when it is empty. */
export function cardList(items: { listing: Summary; card?: Partial<CardOptions> }[], o: CardOptions, empty: Html | string): Html {
  if (!items.length) return html`<p class="empty">${empty}</p>`;
  return html`<ol class="cards">${items.map((i) => listingCard(i.listing, { ...o, ...i.card }))}</ol>`;
}
