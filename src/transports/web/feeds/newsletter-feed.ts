import type { FastifyInstance } from 'fastify';
import { Feed } from 'feed';
import { dayOf } from '../../../domain/newsletter/edition.ts';
import { getSiteInfo } from '../../../operations/site/get-site-info.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { ARCHIVE_PATH, editionHref, editionSummary, NEWSLETTER_FEED } from '../newsletter/archive-pages.ts';
import { esc } from '../html.ts';
import { readOperation } from '../read-operation.ts';
import { sendShared } from '../shared-response.ts';

/** Editions the feed carries: about five months of Mondays. */
const ITEMS = 20;

/**
 * `/feeds/newsletter.rss`: the newsletter's archive as RSS 2.0 (the `feed` library, as
 * feeds.ts), newest edition first, each item linking to its web version and saying its winners.
 */
export function registerNewsletterFeed(app: FastifyInstance, web: Web) {
  const url = (path: string) => web.publicUrl + path;
  app.get(NEWSLETTER_FEED, SITE_ROUTE, async (request, reply) => {
    const info = await readOperation(web.services, request, getSiteInfo, {});
    const { items } = await web.services.newsletterEditions.archive(ITEMS, 0);
    const feed = new Feed({
      id: url(ARCHIVE_PATH),
      title: `${info.name}: the weekly newsletter`,
      description: `Every Monday on ${info.name}: last week's Launch of the Week, the week's top launches, what launches next.`,
      link: url(ARCHIVE_PATH),
      language: 'en',
      updated: items[0]?.sent_at ? new Date(items[0].sent_at) : new Date(0),
      generator: info.name,
      feedLinks: { rss: url(NEWSLETTER_FEED) },
    });
    for (const e of items) {
      feed.addItem({
        title: e.subject,
        id: url(editionHref(e.week)),
        link: url(editionHref(e.week)),
        date: new Date(e.sent_at ?? e.built_at),
        // Readers show a description as HTML: the names in it are text.
        description: esc(`The week of ${dayOf(e.week)}. ${editionSummary(e)}`),
      });
    }
    return sendShared(request, reply.type('application/rss+xml; charset=utf-8').header('x-content-type-options', 'nosniff'), feed.rss2());
  });
}
