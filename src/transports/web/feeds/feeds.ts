import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Feed } from 'feed';
import { getLaunchWeek } from '../../../operations/launches/get-launch-week.ts';
import { listBlogPosts } from '../../../operations/blog/list-blog-posts.ts';
import { getSiteInfo } from '../../../operations/site/get-site-info.ts';
import { addWeeks } from '../../../domain/launches/weeks.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { postHref } from '../public/blog-pages.ts';
import { listingHref } from '../listing-card.ts';
import { day, votesWords } from '../numbers.ts';
import { readOperation } from '../read-operation.ts';
import { sendShared } from '../shared-response.ts';
import { logoEnclosures } from './logo-enclosure.ts';

/** Weeks of launches a feed carries: this one and the three before. */
const WEEKS = 4;
const TYPES = { rss: 'application/rss+xml; charset=utf-8', atom: 'application/atom+xml; charset=utf-8' } as const;

/**
 * RSS 2.0 and Atom feeds of the launches (the live launches of the last four weeks, newest first,
 * each with its logo as enclosure when the site keeps one) and of the blog, written by the `feed`
 * library from the same operations as the pages.
 */
export function registerFeeds(app: FastifyInstance, web: Web) {
  const url = (path: string) => web.publicUrl + path;
  const logoEnclosure = logoEnclosures(web.services.mediaStorage, web.publicUrl);
  const send = (request: FastifyRequest, reply: FastifyReply, feed: Feed, format: 'rss' | 'atom') =>
    sendShared(request, reply.type(TYPES[format]).header('x-content-type-options', 'nosniff'), format === 'rss' ? feed.rss2() : feed.atom1());

  /** "182 votes (151 counted)" where the published weights make them differ (/about/ranking). */
  const countedWords = (people: number, counted: number) => {
    const w = votesWords(people, counted);
    return w.counted ? `${w.votes} (${w.counted})` : w.votes;
  };

  async function launchesFeed(request: FastifyRequest) {
    const info = await readOperation(web.services, request, getSiteInfo, {});
    const current = await readOperation(web.services, request, getLaunchWeek, { week: 'this', per_page: 100 });
    const earlier = await Promise.all(
      Array.from({ length: WEEKS - 1 }, (_, i) => readOperation(web.services, request, getLaunchWeek, { week: addWeeks(current.week.start, -(i + 1)), per_page: 100 })),
    );
    const launches = [current, ...earlier]
      .flatMap((w) => w.items.filter((e) => e.listing.status === 'live' && e.listing.published_at).map((e) => ({ ...e, week: w.week.start })))
      .sort((a, b) => b.listing.published_at!.localeCompare(a.listing.published_at!));
    const feed = new Feed({
      id: url('/'),
      title: `${info.name}: launches`,
      description: `New launches on ${info.name}, week by week. ${info.purpose}`,
      link: url('/launches/weeks/this'),
      language: 'en',
      updated: launches[0] ? new Date(launches[0].listing.published_at!) : new Date(0),
      generator: info.name,
      feedLinks: { rss: url('/feeds/launches.rss'), atom: url('/feeds/launches.atom') },
    });
    const logos = await Promise.all(launches.map((e) => logoEnclosure(e.listing.logo_url)));
    for (const [i, e] of launches.entries()) {
      const l = e.listing;
      feed.addItem({
        title: l.tagline ? `${l.name}: ${l.tagline}` : l.name,
        id: url(listingHref(l.slug)),
        link: url(listingHref(l.slug)),
        date: new Date(l.published_at!),
        description: `${l.tagline ? `${l.tagline}. ` : ''}Launched the week of ${day(e.week)}${l.primary_category ? ` in ${l.primary_category.name}` : ''}; ${countedWords(l.votes, l.counted_votes)} so far.`,
        ...(l.primary_category ? { category: [{ name: l.primary_category.name, term: l.primary_category.slug }] } : {}),
        // `image`: an enclosure whose type the library says as image/…, in RSS and in Atom.
        ...(logos[i] ? { image: logos[i] } : {}),
      });
    }
    return feed;
  }

  async function blogFeed(request: FastifyRequest) {
    const info = await readOperation(web.services, request, getSiteInfo, {});
    const posts = await readOperation(web.services, request, listBlogPosts, { per_page: 30 });
    const feed = new Feed({
      id: url('/blog'),
      title: `${info.name}: blog`,
      description: `Guides and stories from ${info.name}.`,
      link: url('/blog'),
      language: 'en',
      updated: posts.items[0] ? new Date(posts.items[0].published_at) : new Date(0),
      generator: info.name,
      feedLinks: { rss: url('/feeds/blog.rss'), atom: url('/feeds/blog.atom') },
    });
    for (const p of posts.items) {
      feed.addItem({
        title: p.title,
        id: url(postHref(p.slug)),
        link: url(postHref(p.slug)),
        date: new Date(p.published_at),
        description: p.excerpt,
        author: [{ name: p.author }],
        category: p.tags.map((t) => ({ name: t })),
      });
    }
    return feed;
  }

  for (const format of ['rss', 'atom'] as const) {
    app.get(`/feeds/launches.${format}`, SITE_ROUTE, async (request, reply) => send(request, reply, await launchesFeed(request), format));
    app.get(`/feeds/blog.${format}`, SITE_ROUTE, async (request, reply) => send(request, reply, await blogFeed(request), format));
  }
}
