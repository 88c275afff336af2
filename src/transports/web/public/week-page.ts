import type { FastifyInstance } from 'fastify';
import { getLaunchWeek } from '../../../operations/launches/get-launch-week.ts';
import { addDays, addWeeks, localDate, weekOf } from '../../../domain/launches/weeks.ts';
import { FIRST_WEEK, WEEKS_AHEAD } from '../../../domain/launches/week-ref.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { cardList, listingHref, type Summary } from '../listing-card.ts';
import { logo } from '../logo.ts';
import { day, plural } from '../numbers.ts';
import { hrefWith, pager } from '../pager.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';
import { shareImage } from '../share-images.ts';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const weekHref = (monday: string) => `/launches/weeks/${monday}`;

/**
 * `/launches/weeks/{week}` (a date, or this, next, last): Monday to Sunday, the live launches
 * ranked by that week's votes, the launches scheduled for it, and the way to the weeks around it.
 */
export function registerWeekPage(app: FastifyInstance, web: Web) {
  app.get('/launches', SITE_ROUTE, async (_request, reply) => reply.redirect('/launches/weeks/this', 302));

  app.get('/launches/weeks/:week', SITE_ROUTE, async (request, reply) => {
    const { week: ref } = request.params as { week: string };
    const pageValue = (request.query as Record<string, unknown> | undefined)?.page;
    const w = await readOperation(web.services, request, getLaunchWeek, { week: ref, per_page: 50, page: typeof pageValue === 'string' ? pageValue : undefined });
    const { start, end, status, timezone } = w.week;
    const today = status === 'current' ? localDate(web.services.now(), timezone) : undefined;
    const live = w.items.filter((e) => e.listing.status === 'live');
    const scheduled = w.items.filter((e) => e.listing.status !== 'live');
    const places = new Map(w.awards.map((a) => [a.slug, a.place]));
    const path = hrefWith(weekHref(start), { page: w.page > 1 ? w.page : undefined });
    const previous = addWeeks(start, -1);
    const next = addWeeks(start, 1);
    const lastShown = addWeeks(weekOf(web.services.now(), timezone), WEEKS_AHEAD);
    const label = `${day(start)} to ${day(end)}`;
    const title = status === 'current' ? 'This week’s launches' : status === 'future' ? `Launches coming the week of ${day(start)}` : `Launches of the week of ${day(start)}`;
    const card = { session: request.siteSession, returnTo: path, heading: 3 as const };
    // Named by its dates (a shared "this week" stays that week); a closed week shows its winner, one still open its count.
    const winner = w.awards.find((a) => a.place === 1);
    const winnerName = winner && w.items.find((i) => i.listing.slug === winner.slug)?.listing.name;
    const share = await shareImage(
      web.services,
      {
        kind: 'week',
        title: `Launches of the week of ${day(start)}`,
        subtitle: `${label}, ranked by community votes`,
        figure: status === 'past' && winnerName ? `#1 ${winnerName}` : plural(w.total, 'launch', 'launches'),
        siteName: web.siteName,
      },
      request.log,
    );
    const entries = (list: typeof w.items) => list.map((e) => ({ listing: e.listing as Summary, card: { rank: e.rank, award: places.get(e.listing.slug) } }));
    return sendPublicPage(web, request, reply, [w], () => ({
      title,
      description: `${plural(w.total, 'launch', 'launches')} in the week of ${label}, ranked by community votes.`,
      path,
      shareImage: share,
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: `Week of ${day(start)}`, path: weekHref(start) }])],
      body: html`<h1>${title}</h1>
<p class="lede">${label} <span class="muted">(${timezone}; ${status === 'past' ? 'closed' : status === 'current' ? 'voting is open' : 'not started yet'})</span></p>
<nav class="week-nav" aria-label="Weeks">
${previous >= FIRST_WEEK ? html`<a rel="prev" href="${weekHref(previous)}">← Week of ${day(previous)}</a>` : html`<span></span>`}
${status !== 'current' ? html`<a href="/launches/weeks/this">This week</a>` : ''}
${next <= lastShown ? html`<a rel="next" href="${weekHref(next)}">Week of ${day(next)} →</a>` : ''}
</nav>
<ol class="days" aria-label="Days of the week">${DAYS.map((d, i) => {
        const date = addDays(start, i);
        return html`<li${date === today ? html` class="today" aria-current="date"` : ''}><time datetime="${date}">${d} ${Number(date.slice(8))}</time></li>`;
      })}</ol>
${w.awards.length
  ? html`<section aria-labelledby="awards-heading"><h2 id="awards-heading">Launch of the Week</h2><ol class="podium">${w.awards.map((a) => {
      const e = w.items.find((i) => i.listing.slug === a.slug);
      const name = e?.listing.name ?? a.slug;
      return html`<li><span class="mark">★ #${a.place}</span> ${logo(name, e?.listing.logo_url ?? null)}<a href="${listingHref(a.slug)}">${name}</a> <span class="muted">${plural(a.votes, 'vote')}</span></li>`;
    })}</ol></section>`
  : ''}
<section aria-labelledby="live-heading"><h2 id="live-heading">${status === 'future' ? 'Live launches' : 'Ranked by votes'}</h2>
${cardList(entries(live), card, status === 'future' ? 'Launches go live on Monday of their week.' : 'No launches went live this week.')}</section>
${scheduled.length || status === 'future'
  ? html`<section aria-labelledby="scheduled-heading"><h2 id="scheduled-heading">Scheduled for this week</h2>${cardList(entries(scheduled), card, html`Nothing is scheduled yet. <a href="/pricing">Launch your product</a>.`)}</section>`
  : ''}
${pager(w, weekHref(start), {}, 'Launch pages')}`,
    }));
  });
}
