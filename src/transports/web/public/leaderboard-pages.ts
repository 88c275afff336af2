import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { getLeaderboard } from '../../../operations/launches/get-leaderboard.ts';
import { BOARDS } from '../../../domain/launches/calendar.ts';
import type { Metric } from '../../../contract/launch.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { cardList, listingHref } from '../listing-card.ts';
import { logo } from '../logo.ts';
import { day, plural, usd } from '../numbers.ts';
import { hrefWith, pager } from '../pager.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';
import { shareImage } from '../share-images.ts';

/** What each board ranks by, in a visitor's words. */
const ABOUT: Record<(typeof BOARDS)[number], string> = {
  'community-weekly': 'Votes cast by the community during one launch week.',
  'community-all-time': 'Every community vote a product has received.',
  billboard: 'Money contributed to the billboard. This ranking is paid and never mixed into community rankings.',
  'domain-rating': "The product website's Domain Rating, a third-party measure of its authority, with its trend.",
  revenue: 'Monthly recurring revenue the companies share, verified where marked.',
};

/** A ranked entry's metric as a visitor reads it beside the listing. */
export function metricText(m: z.output<typeof Metric>): string | undefined {
  if (m.value === null) return undefined;
  switch (m.name) {
    case 'week_votes':
      return `${plural(m.value, 'vote')} that week`;
    case 'day_votes':
      return `${plural(m.value, 'vote')} today`;
    case 'amount_cents':
      return `${usd(m.value)} contributed (paid)`;
    case 'domain_rating':
      return `Domain Rating ${m.value}${m.trend === 'up' ? ` ▲ ${m.change}` : m.trend === 'down' ? ` ▼ ${-(m.change ?? 0)}` : ''}`;
    case 'mrr_cents':
      return `${usd(m.value)} a month${m.verified ? ' (verified)' : ''}`;
    case 'views':
      return plural(m.value, 'view');
    case 'follows':
      return plural(m.value, 'follower');
    default:
      return undefined;
  }
}

const TAB_LABELS: Record<(typeof BOARDS)[number], string> = {
  'community-weekly': 'This week',
  'community-all-time': 'All time',
  billboard: 'Billboard (paid)',
  'domain-rating': 'Domain Rating',
  revenue: 'Revenue',
};

const boardHref = (board: string) => `/leaderboards/${board}`;

/** `/leaderboards` (the five boards) and `/leaderboards/{board}`; the billboard always says it is paid. */
export function registerLeaderboardPages(app: FastifyInstance, web: Web) {
  const tabs = (current?: string) =>
    html`<nav aria-label="Leaderboards"><ul class="tabs">${BOARDS.map((b) => html`<li><a href="${boardHref(b)}"${b === current ? html` aria-current="page"` : ''}>${TAB_LABELS[b]}</a></li>`)}</ul></nav>`;

  app.get('/leaderboards', SITE_ROUTE, async (request, reply) => {
    const boards = await Promise.all(BOARDS.map((board) => readOperation(web.services, request, getLeaderboard, { board, per_page: 5 })));
    const description = 'Products ranked by community votes (this week and all time), Domain Rating and revenue, and the paid billboard, labelled as such.';
    const share = await shareImage(web.services, { kind: 'leaderboard', title: 'Leaderboards', subtitle: description, siteName: web.siteName }, request.log);
    return sendPublicPage(web, request, reply, boards, () => ({
      title: 'Leaderboards',
      description,
      path: '/leaderboards',
      shareImage: share,
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Leaderboards', path: '/leaderboards' }])],
      body: html`<h1>Leaderboards</h1>
${tabs()}
<ul class="tiles">${boards.map(
        (b) => html`<li><h2><a href="${boardHref(b.board)}">${b.title}</a></h2>
${b.paid ? html`<p class="paid-label">${b.label}</p>` : html`<p class="muted">${ABOUT[b.board]}</p>`}
<ol class="board-top">${b.items.map((e) => html`<li>${logo(e.listing.name, e.listing.logo_url)}<a href="${listingHref(e.listing.slug)}">${e.listing.name}</a> <span class="muted">${metricText(e.metric) ?? ''}</span></li>`)}</ol>
${b.items.length ? '' : html`<p class="empty">No entries yet.</p>`}</li>`,
      )}</ul>`,
    }));
  });

  app.get('/leaderboards/:board', SITE_ROUTE, async (request, reply) => {
    const { board } = request.params as { board: string };
    const q = (request.query ?? {}) as Record<string, unknown>;
    const week = typeof q.week === 'string' && board === 'community-weekly' ? q.week : undefined;
    const page = typeof q.page === 'string' ? q.page : undefined;
    const b = await readOperation(web.services, request, getLeaderboard, { board, week, page, per_page: 25 });
    const query = { week: b.week ? b.week.start : undefined };
    const path = hrefWith(boardHref(b.board), { ...query, page: b.page > 1 ? b.page : undefined });
    const title = b.week ? `${b.title}: ${day(b.week.start)}` : b.title;
    const leader = b.items[0]?.rank === 1 ? b.items[0].listing.name : undefined;
    const share = await shareImage(
      web.services,
      { kind: 'leaderboard', title, subtitle: (b.paid ? b.label : null) ?? ABOUT[b.board], figure: leader ? `#1 ${leader}` : undefined, siteName: web.siteName },
      request.log,
    );
    return sendPublicPage(web, request, reply, [b], () => ({
      title,
      description: b.paid ? `${b.label}` : ABOUT[b.board],
      path,
      shareImage: share,
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Leaderboards', path: '/leaderboards' }, { name: b.title, path: boardHref(b.board) }])],
      body: html`<h1>${b.title}</h1>
${tabs(b.board)}
${b.paid ? html`<p class="paid-label" role="note">${b.label}</p>` : html`<p class="lede">${ABOUT[b.board]}</p>`}
${b.week
  ? html`<p>The week of ${day(b.week.start)} to ${day(b.week.end)}. <a href="${hrefWith(boardHref(b.board), { week: 'last' })}">Last week</a> · <a href="${boardHref(b.board)}">This week</a> · <a href="/launches/weeks/${b.week.start}">The whole week</a></p>`
  : ''}
${cardList(
  b.items.map((e) => ({ listing: e.listing, card: { rank: e.rank, metric: metricText(e.metric) } })),
  { session: request.siteSession, returnTo: path, heading: 2 },
  b.paid ? 'No product is on the billboard yet.' : 'No entries yet.',
)}
${pager(b, boardHref(b.board), query, 'Leaderboard pages')}`,
    }));
  });
}
