import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { listAwards } from '../../../operations/launches/list-awards.ts';
import type { Award } from '../../../contract/launch.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { listingCard } from '../listing-card.ts';
import { day, plural } from '../numbers.ts';
import { hrefWith, pager } from '../pager.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';
import { weekHref } from './week-page.ts';

/** `/awards`: Launch of the Week places, newest week first, grouped by week. */
export function registerAwardsPage(app: FastifyInstance, web: Web) {
  app.get('/awards', SITE_ROUTE, async (request, reply) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const page = typeof q.page === 'string' ? q.page : undefined;
    const awards = await readOperation(web.services, request, listAwards, { page, per_page: 30 });
    const weeks = new Map<string, z.output<typeof Award>[]>();
    for (const a of awards.items) weeks.set(a.week, [...(weeks.get(a.week) ?? []), a]);
    const path = hrefWith('/awards', { page: awards.page > 1 ? awards.page : undefined });
    return sendPublicPage(web, request, reply, [awards], () => ({
      title: 'Launch of the Week awards',
      description: 'The three most voted launches of every week. Awards follow community votes only; money never buys one.',
      path,
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Awards', path: '/awards' }])],
      body: html`<h1>Launch of the Week awards</h1>
<p class="lede">Every closed week, its three most voted launches win places 1 to 3. Awards follow community votes only.</p>
${weeks.size
  ? [...weeks].map(
      ([week, list]) => html`<section aria-labelledby="week-${week}"><h2 id="week-${week}"><a href="${weekHref(week)}">Week of ${day(week)}</a></h2>
<ol class="cards">${list.map((a) => listingCard(a.listing, { session: request.siteSession, returnTo: path, heading: 3, rank: a.place, award: a.place, metric: `${plural(a.votes, 'vote')} that week` }))}</ol></section>`,
    )
  : html`<p class="empty">No week has closed with votes yet.</p>`}
${pager(awards, '/awards', {}, 'Award pages')}`,
    }));
  });
}
