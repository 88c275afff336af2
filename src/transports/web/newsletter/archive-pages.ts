import type { FastifyInstance } from 'fastify';
import { dayOf, type EditionContent } from '../../../domain/newsletter/edition.ts';
import { isValidDate } from '../../../domain/launches/weeks.ts';
import type { EditionListRow } from '../../../store/newsletter-editions-store.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { hrefWith, pager } from '../pager.ts';
import { sendPublicPage } from '../public-page.ts';
import { sendShared } from '../shared-response.ts';
import { editionDocumentHeaders } from './edition-document.ts';
import { SUBSCRIBE_PATH } from './subscribe-page.ts';

export const ARCHIVE_PATH = '/newsletter';
export const editionHref = (week: string) => `${ARCHIVE_PATH}/${week}`;
export const NEWSLETTER_FEED = '/feeds/newsletter.rss';
const PER_PAGE = 20;
const WEEK = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** An edition in a sentence: its winners, or its week's top launch. */
export function editionSummary(e: Pick<EditionListRow, 'content'>): string {
  const c = e.content as unknown as EditionContent;
  if (c.awards?.length) return `Launch of the Week: ${c.awards.map((a) => `#${a.place} ${a.name}`).join(', ')}.`;
  if (c.top?.length) return `Top of the week: ${c.top.slice(0, 3).map((l) => l.name).join(', ')}.`;
  return c.current?.items.length ? `Launching: ${c.current.items.slice(0, 3).map((l) => l.name).join(', ')}.` : 'The week on the site.';
}

/**
 * The public archive: `/newsletter` lists the editions sent, newest first, and
 * `/newsletter/{week}` is an edition's web version: the mail's own markup as its own document
 * (under a policy of its own: inline styles only, no script, pictures from this site), without
 * the unsubscribe link, with the way back to the archive. Drafts and editions still going out are
 * not public: 404.
 */
export function registerNewsletterArchive(app: FastifyInstance, web: Web) {
  const editions = web.services.newsletterEditions;

  app.get(ARCHIVE_PATH, SITE_ROUTE, async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).page;
    const page = typeof raw === 'string' && /^[1-9][0-9]{0,3}$/.test(raw) ? Number(raw) : raw === undefined ? 1 : 0;
    if (!page) return reply.callNotFound();
    const list = await editions.archive(PER_PAGE, (page - 1) * PER_PAGE);
    if (page > 1 && !list.items.length) return reply.callNotFound();
    const path = hrefWith(ARCHIVE_PATH, { page: page > 1 ? page : undefined });
    return sendPublicPage(web, request, reply, [list], () => ({
      title: 'The weekly newsletter: past editions',
      description: `Every edition of the ${web.siteName} weekly newsletter: last week's Launch of the Week, the week's top launches, what launches next.`,
      path,
      feeds: [{ title: `${web.siteName}: the weekly newsletter`, href: NEWSLETTER_FEED, type: 'rss' }],
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Newsletter', path: ARCHIVE_PATH }])],
      body: html`<h1>The weekly newsletter</h1>
<p class="lede">Every Monday: last week's Launch of the Week, the week's top 10, this week's launches, what launches next and new blog posts. <a href="${SUBSCRIBE_PATH}">Subscribe</a> or follow the <a href="${NEWSLETTER_FEED}">RSS feed</a>.</p>
<section aria-labelledby="editions-heading">
<h2 id="editions-heading">Past editions</h2>
${list.items.length
  ? html`<ol class="editions">${list.items.map(
      (e) => html`<li><a href="${editionHref(e.week)}">The week of ${dayOf(e.week)}</a> <span class="muted">sent ${time(e.sent_at)}</span><br>${editionSummary(e)}</li>`,
    )}</ol>`
  : html`<p class="empty">No edition has gone out yet. The first one comes on a Monday.</p>`}
</section>
${pager({ page, per_page: PER_PAGE, total: list.total }, ARCHIVE_PATH, {}, 'Pages of past editions')}`,
    }));
  });

  app.get(`${ARCHIVE_PATH}/:week`, SITE_ROUTE, async (request, reply) => {
    const { week } = request.params as { week: string };
    const edition = WEEK.test(week) && isValidDate(week) ? await editions.sentEdition(week) : undefined;
    if (!edition) return reply.callNotFound();
    // Sent editions never change: shared, with a strong ETag.
    return sendShared(request, editionDocumentHeaders(reply, { publicUrl: web.publicUrl }), editions.webVersion(edition).html);
  });
}
