import { keptLogoHash } from '../../media/variants.ts';
import { oneLine } from '../community/follow-mails.ts';
import { addWeeks } from '../launches/weeks.ts';

/** A listing as an edition names it: enough for a line of the mail, kept as it was that week. */
export interface EditionListing {
  slug: string;
  name: string;
  tagline: string | null;
  /** The folder of the logo the site keeps (/media/{logo}/…), or null: no picture from anywhere else. */
  logo: string | null;
  /** People who voted for it during the week in question (null for launches not live yet). */
  votes: number | null;
}

/**
 * What an edition says, kept as built (newsletter_editions.content): the mail, its web version and
 * the archive's feed are rendered from it. `week` is the closed launch week the edition is about;
 * `current` is the week after it (the week the edition goes out in), `upcoming` the one after that.
 */
export interface EditionContent {
  version: 1;
  site: string;
  week: string;
  /** The week is closed and its awards are decided: an edition that may be sent. False: a preview. */
  decided: boolean;
  awards: (EditionListing & { place: number })[];
  top: (EditionListing & { rank: number })[];
  /** Live launches of the edition's week: "see all N". */
  topTotal: number;
  current: { week: string; items: EditionListing[]; total: number };
  upcoming: { week: string; items: EditionListing[]; total: number };
  posts: { slug: string; title: string; excerpt: string; published_at: string }[];
}

/** A listing as the reads hand it over (a ListingSummary has these fields). */
export interface ListingBrief {
  slug: string;
  name: string;
  tagline: string | null;
  logo_url: string | null;
}

/**
 * What an edition is built from: the week board's reads (the calendar of get_launch_week: live
 * launches by counted votes, then scheduled ones), the week's awards, the blog's newest posts.
 */
export interface EditionSources {
  siteName(): Promise<string>;
  /** Launch of the Week places 1–3 of a closed week (empty until decided). */
  awards(week: string): Promise<{ place: number; votes: number; listing: ListingBrief }[]>;
  /** A week's launches as its page ranks them: live by counted votes (rank), then scheduled (rank null). */
  week(week: string, limit: number): Promise<{ items: { rank: number | null; votes: number | null; live: boolean; listing: ListingBrief }[]; total: number }>;
  /** Published posts, newest first. */
  posts(limit: number): Promise<{ slug: string; title: string; excerpt: string; published_at: string }[]>;
  /** The closed week's awards exist (or there was nothing to award). */
  decided(week: string): Promise<boolean>;
  /** When the newest edition before this week's started going out (new posts are the ones since). */
  lastSentAt(week: string): Promise<Date | null>;
}

/** How many of each an edition lists. */
export const EDITION_SIZES = { top: 10, current: 10, upcoming: 10, posts: 5 } as const;

const brief = (l: ListingBrief, votes: number | null): EditionListing => ({
  slug: l.slug,
  name: l.name,
  tagline: l.tagline,
  logo: keptLogoHash(l.logo_url),
  votes,
});

/**
 * The edition about `week` as the reads say it now. `closed`: the week is over (else a preview of
 * an edition still to come, which can never be decided). New posts: published since the previous
 * edition went out, or within the week when there was none.
 */
export async function composeEdition(sources: EditionSources, p: { week: string; closed: boolean; now: Date }): Promise<EditionContent> {
  const current = addWeeks(p.week, 1);
  const upcoming = addWeeks(p.week, 2);
  const [site, decided, awards, board, thisWeek, nextWeek, posts, since] = await Promise.all([
    sources.siteName(),
    p.closed ? sources.decided(p.week) : false,
    sources.awards(p.week),
    sources.week(p.week, EDITION_SIZES.top),
    sources.week(current, EDITION_SIZES.current),
    sources.week(upcoming, EDITION_SIZES.upcoming),
    sources.posts(20),
    sources.lastSentAt(p.week),
  ]);
  const from = since ?? new Date(Date.parse(`${p.week}T00:00:00Z`));
  const live = board.items.filter((i) => i.live && i.rank !== null);
  return {
    version: 1,
    site,
    week: p.week,
    decided,
    awards: (decided ? awards : []).map((a) => ({ ...brief(a.listing, a.votes), place: a.place })),
    top: live.map((i) => ({ ...brief(i.listing, i.votes), rank: i.rank! })),
    topTotal: board.items.every((i) => i.live) ? board.total : live.length,
    // This week's votes so far, once there are some (a Monday morning's "0 votes" says nothing).
    current: { week: current, items: thisWeek.items.map((i) => brief(i.listing, i.live && i.votes ? i.votes : null)), total: thisWeek.total },
    upcoming: { week: upcoming, items: nextWeek.items.map((i) => brief(i.listing, null)), total: nextWeek.total },
    posts: posts.filter((x) => Date.parse(x.published_at) > from.getTime() && Date.parse(x.published_at) <= p.now.getTime()).slice(0, EDITION_SIZES.posts),
  };
}

/** Nothing at all to tell: no edition is built for such a week. */
export const isEmptyEdition = (c: EditionContent) => !c.awards.length && !c.top.length && !c.current.items.length && !c.upcoming.items.length && !c.posts.length;

/** "23 Nov 2026", as the site writes dates. */
export const dayOf = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const shortName = (name: string) => {
  const one = oneLine(name);
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
};

/**
 * The subject: one line (a name's line breaks would start a header of their own), at most 200
 * characters, naming the winner when there is one. No "{{" from a name reaches it either.
 */
export function editionSubject(c: EditionContent): string {
  const site = shortName(c.site);
  const winner = c.awards.find((a) => a.place === 1);
  const subject = winner ? `${site} weekly: ${shortName(winner.name)} is Launch of the Week (week of ${dayOf(c.week)})` : `${site} weekly: the week of ${dayOf(c.week)}`;
  return subject.replace(/\{(?=\{)/g, '{ ').slice(0, 200);
}
