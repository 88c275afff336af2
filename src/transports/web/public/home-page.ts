import type { FastifyInstance } from 'fastify';
import { getSiteInfo } from '../../../operations/site/get-site-info.ts';
import { listLaunches } from '../../../operations/launches/list-launches.ts';
import { getLaunchWeek } from '../../../operations/launches/get-launch-week.ts';
import type { Section } from '../../../domain/launches/calendar.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { cardList, listingHref, type CardOptions, type Summary } from '../listing-card.ts';
import { logo } from '../logo.ts';
import { plural } from '../numbers.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';
import { homeTeaser } from '../newsletter/teaser.ts';

/** The launch feed's sections as the home page shows them: how many, and where "see all" goes. */
const SECTIONS: { section: Section; title: string; size: number; more: string; moreLabel: string; empty: string }[] = [
  { section: 'today', title: 'Launching today', size: 5, more: '/launches/weeks/this', moreLabel: 'This week', empty: 'No votes cast today yet: be the first.' },
  { section: 'this-week', title: 'This week, by votes', size: 10, more: '/launches/weeks/this', moreLabel: 'All of this week', empty: 'No launches are live this week yet.' },
  { section: 'trending', title: 'Trending', size: 6, more: '/search?sort=trending', moreLabel: 'More trending', empty: 'Nothing is trending right now.' },
  { section: 'upcoming', title: 'Upcoming', size: 6, more: '/search?status=upcoming', moreLabel: 'All upcoming', empty: 'No launches are scheduled yet.' },
  { section: 'recent', title: 'Recently launched', size: 6, more: '/search?sort=newest', moreLabel: 'More new products', empty: 'No products yet.' },
  { section: 'most-viewed', title: 'Most viewed', size: 5, more: '/search?sort=most_viewed', moreLabel: 'More', empty: 'No products yet.' },
  { section: 'most-followed', title: 'Most followed', size: 5, more: '/search?sort=most_followed', moreLabel: 'More', empty: 'No products yet.' },
];

/** The reads of every home page, frozen so readOperation parses each once. */
const SITE_INPUT = Object.freeze({});
const LAST_WEEK_INPUT = Object.freeze({ week: 'last', per_page: 3 });
const SECTION_INPUTS = SECTIONS.map((s) => Object.freeze({ section: s.section, per_page: s.size }));

/** `/`: the launch feed in a layout a visitor scans in seconds, and the way to submit a product. */
export function registerHomePage(app: FastifyInstance, web: Web) {
  app.get('/', SITE_ROUTE, async (request, reply) => {
    const [info, lastWeek, sections] = await Promise.all([
      readOperation(web.services, request, getSiteInfo, SITE_INPUT),
      readOperation(web.services, request, getLaunchWeek, LAST_WEEK_INPUT),
      Promise.all(SECTION_INPUTS.map((input) => readOperation(web.services, request, listLaunches, input))),
    ]);
    const places = new Map(lastWeek.awards.map((a) => [a.slug, a.place]));
    const card: CardOptions = { session: request.siteSession, returnTo: '/', heading: 3 };
    const section = (i: number) => {
      const s = SECTIONS[i];
      const feed = sections[i];
      const items = feed.items.map((e): { listing: Summary; card: Partial<CardOptions> } => ({
        listing: e.listing,
        card: {
          rank: s.section === 'this-week' || s.section === 'today' ? e.rank : undefined,
          award: places.get(e.listing.slug),
          metric: s.section === 'most-viewed' ? plural(e.listing.views, 'view') : s.section === 'most-followed' ? plural(e.listing.follows, 'follower') : undefined,
        },
      }));
      const id = `section-${s.section}`;
      return html`<section class="feed" aria-labelledby="${id}">
<div class="section-head"><h2 id="${id}">${s.title}</h2><a href="${s.more}">${s.moreLabel}<span class="visually-hidden"> (${s.title})</span></a></div>
${cardList(items, card, s.empty)}
</section>`;
    };
    const winners = () =>
      lastWeek.awards.length
        ? html`<section class="feed winners" aria-labelledby="section-winners">
<div class="section-head"><h2 id="section-winners">Last week's Launch of the Week</h2><a href="/awards">All awards</a></div>
<ol class="podium">${lastWeek.awards.map((a) => {
          const entry = lastWeek.items.find((e) => e.listing.slug === a.slug);
          const name = entry?.listing.name ?? a.slug;
          return html`<li><span class="mark">★ #${a.place}</span> ${logo(name, entry?.listing.logo_url ?? null)}<a href="${listingHref(a.slug)}">${name}</a> <span class="muted">${plural(a.votes, 'vote')}</span></li>`;
        })}</ol>
</section>`
        : '';
    return sendPublicPage(web, request, reply, [info, lastWeek, ...sections], () => ({
      title: 'Launches of the week',
      description: `${info.purpose} ${plural(info.counts.live_listings, 'live product')} in ${plural(info.counts.categories, 'category', 'categories')}.`,
      path: '/',
      feeds: [
        { title: `${info.name}: launches`, href: '/feeds/launches.rss', type: 'rss' },
        { title: `${info.name}: launches`, href: '/feeds/launches.atom', type: 'atom' },
      ],
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: info.name,
          description: info.purpose,
          url: `${web.publicUrl}/`,
          potentialAction: { '@type': 'SearchAction', target: `${web.publicUrl}/search?q={query}`, 'query-input': 'required name=query' },
        },
      ],
      body: html`<div class="hero">
<div><h1>${info.name}</h1>
<p class="lede">${info.purpose}</p>
<p class="muted">${plural(info.counts.live_listings, 'product')} live, ${plural(info.counts.upcoming_listings, 'launch', 'launches')} coming up, in ${plural(info.counts.categories, 'category', 'categories')}.</p></div>
<p class="cta"><a class="button" href="/submit">Submit your product</a> <a href="/pricing">Plans and prices</a></p>
</div>
<div class="home-grid">
<div class="home-main">${section(1)}${section(0)}</div>
<div class="home-side">${winners()}${section(2)}${section(3)}${homeTeaser}</div>
</div>
<div class="home-more">${section(4)}${section(5)}${section(6)}</div>`,
    }));
  });
}
