import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listFounders } from '../../../operations/founders/list-founders.ts';
import { listCategories } from '../../../operations/categories/list-categories.ts';
import { listBlogPosts } from '../../../operations/blog/list-blog-posts.ts';
import { getLaunchWeek } from '../../../operations/launches/get-launch-week.ts';
import { BOARDS } from '../../../domain/launches/calendar.ts';
import { addWeeks } from '../../../domain/launches/weeks.ts';
import type { CategoryNode } from '../../../contract/category.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { esc } from '../html.ts';
import { postHref } from '../public/blog-pages.ts';
import { categoryHref, listingHref } from '../listing-card.ts';
import { readOperation } from '../read-operation.ts';
import { sendShared } from '../shared-response.ts';

/**
 * Founders per sitemap file: ten pages of the list operation. The sitemap protocol allows 50,000;
 * a smaller file is quick to build on demand and the index pages it.
 */
const PER_FILE = 1000;
const PER_CALL = 100;
/** The list operations serve pages 1 to 1000: this many files reach every record they can list. */
const MAX_FILES = (1000 * PER_CALL) / PER_FILE;
/**
 * Listing ids per listing file (one primary-key range each, domain/listings/directory.ts): 200
 * files at 1,000,000 listings; a file is at most 5,000 URLs (about 400 KB). The protocol allows
 * 50,000 files in an index: 250 million ids.
 */
const IDS_PER_FILE = 5000;
const MAX_LISTING_FILES = 50_000;
/** Launch weeks in the sitemap: the coming one and this many before it. */
const RECENT_WEEKS = 12;
/** Newsletter editions in the sitemap: the newest (the archive pages the rest). */
const RECENT_EDITIONS = 100;
/** Search engines fetch sitemaps rarely; an hour keeps a large directory from being rebuilt per fetch. */
const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';

const XML = 'application/xml; charset=utf-8';
const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `<url><loc>${esc(u)}</loc></url>`).join('\n')}\n</urlset>\n`;

const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...flatten(n.subcategories)]);

/** `/sitemap.xml` (an index) and the files it lists: the site's pages, listings by id range, founders in files of PER_FILE. */
export function registerSitemap(app: FastifyInstance, web: Web) {
  const url = (path: string) => web.publicUrl + path;
  const send = (request: FastifyRequest, reply: FastifyReply, xml: string) =>
    sendShared(request, reply.type(XML).header('x-content-type-options', 'nosniff'), xml, SITEMAP_CACHE_CONTROL);
  const files = (total: number) => Math.min(MAX_FILES, Math.ceil(total / PER_FILE));
  const listingFiles = async () => Math.min(MAX_LISTING_FILES, await web.services.listings.sitemap.files(IDS_PER_FILE));

  /** Every record of a paged list operation within one sitemap file. */
  async function slice<T>(file: number, load: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
    const out: T[] = [];
    const calls = PER_FILE / PER_CALL;
    for (let i = 0; i < calls; i++) {
      const page = await load((file - 1) * calls + i + 1);
      out.push(...page.items);
      if (page.items.length < PER_CALL) break;
    }
    return out;
  }

  app.get('/sitemap.xml', SITE_ROUTE, async (request, reply) => {
    const founders = await readOperation(web.services, request, listFounders, { per_page: 1 });
    const names = [
      'pages',
      ...Array.from({ length: await listingFiles() }, (_, i) => `listings-${i + 1}`),
      ...Array.from({ length: files(founders.total) }, (_, i) => `founders-${i + 1}`),
    ];
    return send(
      request,
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${names.map((n) => `<sitemap><loc>${esc(url(`/sitemaps/${n}.xml`))}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get('/sitemaps/pages.xml', SITE_ROUTE, async (request, reply) => {
    const tree = await readOperation(web.services, request, listCategories, { include_empty: false, per_page: 100 });
    const posts = await slice(1, (page) => readOperation(web.services, request, listBlogPosts, { page, per_page: PER_CALL }));
    const week = await readOperation(web.services, request, getLaunchWeek, { week: 'this', per_page: 1 });
    const editions = await web.services.newsletterEditions.archive(RECENT_EDITIONS, 0);
    const weeks = Array.from({ length: RECENT_WEEKS + 2 }, (_, i) => addWeeks(week.week.start, 1 - i));
    const paths = [
      '/',
      '/categories',
      ...flatten(tree.items).map((c) => categoryHref(c.slug)),
      ...weeks.map((w) => `/launches/weeks/${w}`),
      '/leaderboards',
      ...BOARDS.map((b) => `/leaderboards/${b}`),
      '/awards',
      '/founders',
      '/blog',
      ...posts.map((p) => postHref(p.slug)),
      '/pricing',
      '/about/ranking',
      '/privacy',
      '/interview',
      '/newsletter',
      ...editions.items.map((e) => `/newsletter/${e.week}`),
    ];
    return send(request, reply, urlset(paths.map(url)));
  });

  app.get('/sitemaps/:file', SITE_ROUTE, async (request, reply) => {
    const { file } = request.params as { file: string };
    const [, kind, n] = /^(listings|founders)-(\d{1,5})\.xml$/.exec(file) ?? [];
    const number = Number(n);
    if (!kind || number < 1) return reply.callNotFound();
    if (kind === 'listings') {
      if (number > MAX_LISTING_FILES) return reply.callNotFound();
      const slugs = await web.services.listings.sitemap.slugs(number, IDS_PER_FILE);
      // A range whose listings are all gone is an empty file while later ranges exist (the index
      // lists it); only then is the last id read.
      if (!slugs.length && number > 1 && number > (await listingFiles())) return reply.callNotFound();
      return send(request, reply, urlset(slugs.map((slug) => url(listingHref(slug)))));
    }
    if (number > MAX_FILES) return reply.callNotFound();
    const paths = (await slice(number, (page) => readOperation(web.services, request, listFounders, { page, per_page: PER_CALL }))).map((f) => `/founders/${f.slug}`);
    if (!paths.length && number > 1) return reply.callNotFound();
    return send(request, reply, urlset(paths.map(url)));
  });
}
