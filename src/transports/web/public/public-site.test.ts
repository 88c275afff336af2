import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { createTestApp } from '../../../testing/harness.ts';
import { loadDemoData } from '../../../demo/load.ts';
import { operations } from '../../../operations/index.ts';
import { ASSET_URLS } from '../assets.ts';

// The public site on the demo dataset, through Fastify inject: what each page says, where it
// links, how it caches, and the files beside it (feeds, sitemap, robots.txt, llms.txt). The
// same pages in a real browser: browser.test.ts.
const NOW = new Date('2026-11-25T12:00:00Z'); // a Wednesday: this week is open, last week is awarded
const t = await createTestApp({ now: () => NOW });
await loadDemoData(t.db, { now: NOW });
const anon = t.siteBrowser();

const api = async (path: string) => (await t.get(`/api/v1${path}`)).body;
const thisWeek = await api('/launches?section=this-week&per_page=3');
const top = thisWeek.items[0].listing;
const categories = (await api('/categories?include_empty=false&per_page=100')).items;
const parent = categories.find((c: { subcategories: unknown[] }) => c.subcategories.length);
const founder = (await api('/founders?per_page=1')).items[0];
const post = (await api('/blog?per_page=1')).items[0];

const page = async (path: string, expectStatus = 200) => {
  const res = await anon.get(path);
  assert.equal(res.status, expectStatus, `${path} → ${res.status}: ${res.body.slice(0, 300)}`);
  return { res, $: cheerio.load(res.body) };
};

/** The pages a visitor browses, with something each must say. */
const PAGES: [string, RegExp][] = [
  ['/', /This week, by votes/],
  ['/search', /Browse products/],
  [`/search?q=invoicng&category=finance`, /invoic/i],
  [`/listings/${top.slug}`, new RegExp(top.name)],
  [`/listings/${top.slug}/badges`, /Embed|no badge/],
  [`/compare?a=${top.slug}&b=${thisWeek.items[1].listing.slug}`, /An empty cell means/],
  ['/categories', /Categories/],
  [`/categories/${parent.slug}`, new RegExp(parent.name)],
  ['/launches/weeks/this', /This week’s launches/],
  ['/launches/weeks/last', /Launch of the Week/],
  ['/launches/weeks/next', /Scheduled for this week/],
  ['/leaderboards', /Leaderboards/],
  ['/leaderboards/billboard', /Paid placement/],
  ['/awards', /Launch of the Week awards/],
  ['/founders', /Founders/],
  [`/founders/${founder.slug}`, new RegExp(founder.name)],
  ['/blog', /Blog/],
  [`/blog/${post.slug}`, new RegExp(post.title)],
  ['/pricing', /How to submit/],
  ['/interview', /founder interview/i],
];

test('every page: a real title, one h1 and one main, canonical URL, OpenGraph, landmarks and labelled controls', async () => {
  for (const [path, says] of PAGES) {
    const { res, $ } = await page(path);
    assert.match(res.body, says, path);
    assert.match(String(res.headers['content-type']), /^text\/html/, path);
    const title = $('title').text();
    assert.ok(title.length > 12 && title.endsWith(' · Launchyard'), `${path}: title "${title}"`);
    assert.equal($('h1').length, 1, `${path}: one h1`);
    assert.equal($('main').length, 1, `${path}: one main`);
    assert.equal($('header').length, 1, path);
    assert.equal($('footer').length, 1, path);
    assert.ok($('nav[aria-label]').length >= 2, `${path}: labelled navigation`);
    const canonical = $('link[rel=canonical]').attr('href') ?? '';
    assert.ok(canonical.startsWith('http://localhost:3000/'), `${path}: canonical ${canonical}`);
    assert.equal($('meta[property="og:url"]').attr('content'), canonical, path);
    assert.ok($('meta[property="og:title"]').attr('content'), `${path}: og:title`);
    assert.equal($('meta[property="og:site_name"]').attr('content'), 'Launchyard', path);
    assert.ok(($('meta[name=description]').attr('content') ?? '').length > 20, `${path}: description`);
    $('input:not([type=hidden]), select, textarea').each((_, el) => {
      const id = $(el).attr('id');
      assert.ok(id && $(`label[for="${id}"]`).length === 1, `${path}: ${$.html(el)} has a label`);
    });
    $('img').each((_, el) => assert.notEqual($(el).attr('alt'), undefined, `${path}: ${$.html(el)} has alt`));
    $('form[method=post]').each((_, el) => assert.fail(`${path}: a visitor who is not signed in sees no post form (${$(el).attr('action')})`));
    // Headings go down one level at a time.
    let level = 0;
    $('h1, h2, h3, h4, h5, h6').each((_, el) => {
      const n = Number(el.tagName[1]);
      assert.ok(n <= level + 1, `${path}: <${el.tagName}> "${$(el).text().trim()}" after h${level}`);
      level = n;
    });
  }
});

test('the home page: site name and purpose from get_site_info, the feed sections, marks of last week’s winners, a way to submit', async () => {
  const { $ } = await page('/');
  const info = await api('/site');
  assert.equal($('h1').text(), info.name);
  assert.match($('.hero').text(), new RegExp(info.purpose));
  for (const heading of ['Launching today', 'This week, by votes', 'Trending', 'Upcoming', 'Recently launched', 'Most viewed', 'Most followed']) {
    assert.equal($(`h2:contains("${heading}")`).length, 1, heading);
  }
  const week = $('#section-this-week').closest('section');
  assert.deepEqual(
    week.find('.card-title a').map((_, a) => $(a).attr('href')).get().slice(0, 3),
    thisWeek.items.map((e: { listing: { slug: string } }) => `/listings/${e.listing.slug}`),
    'this week ranked by votes, as list_launches ranks it',
  );
  const last = await api('/launches/weeks/last');
  assert.equal(last.awards.length, 3);
  assert.match($('#section-winners').closest('section').text(), /#1/);
  assert.equal($('a.button[href="/submit"]').text(), 'Submit your product');
  assert.equal($('a.vote[href^="/sign-in?return_to="]').length > 0, true, 'a visitor’s vote button asks them to sign in');
  assert.equal($('link[rel=alternate][type="application/rss+xml"]').attr('href'), '/feeds/launches.rss');
  const site = JSON.parse($('script[type="application/ld+json"]').first().text());
  assert.equal(site['@type'], 'WebSite');
});

test('search: a typo and a filter find the product; results are counted and paged with the filters kept; nothing found says so', async () => {
  const { $ } = await page('/search?q=invoicng&category=finance');
  const direct = await api('/listings?q=invoicng&category=finance');
  assert.ok(direct.total > 0);
  assert.match($('.count').text(), new RegExp(`${direct.total} product`));
  assert.deepEqual(
    $('.card-title a').map((_, a) => $(a).attr('href')).get(),
    direct.items.map((l: { slug: string }) => `/listings/${l.slug}`),
  );
  assert.equal($('#category option[selected]').attr('value'), 'finance', 'the chosen category stays selected');

  const browse = await page('/search?sort=newest&stage=launched');
  const next = browse.$('.pager a[rel=next]').attr('href');
  assert.equal(next, '/search?stage=launched&sort=newest&page=2', 'paging keeps the filters');
  const second = await page(next);
  assert.match(second.$('.count').text(), /page 2/);
  assert.equal(second.$('.pager a[rel=prev]').attr('href'), '/search?stage=launched&sort=newest');

  const none = await page('/search?q=zzqqxxnothing');
  assert.match(none.$('.empty').text(), /Nothing matches/);
  assert.equal(none.$('.empty a[href="/categories"]').length, 1, 'suggests browsing categories');

  const bad = await page('/search?country=Germany', 400);
  assert.match(bad.$('[role=alert]').text(), /country/);
  assert.equal(bad.$('#country').attr('value'), 'Germany', 'the form keeps what was typed');
});

test('listing page: every stated section, no "unknown" clutter, JSON-LD from genuine reviews only, breadcrumbs and FAQs', async () => {
  await t.fx.category({ slug: 'page-tests' });
  const owner = await t.fx.user({ name: 'Olive Owner' });
  const id = await t.fx.listing({
    slug: 'sparse-thing',
    name: 'Sparse Thing',
    category: 'page-tests',
    tagline: null,
    description: 'Only a description.',
    owner_id: owner,
    faqs: [{ question: 'Is it <b>real</b>?', answer: 'Yes & no.' }],
    not_found_on_website: ['pricing_model', 'country', 'founded_year'],
  } as never);
  await t.fx.review(id, owner, 5); // the owner's own review: never counted
  let { $, res } = await page('/listings/sparse-thing');
  const ld = () => $('script[type="application/ld+json"]').map((_, s) => JSON.parse($(s).text())).get() as Record<string, any>[];
  const app = ld().find((d) => d['@type'] === 'SoftwareApplication')!;
  assert.equal(app.name, 'Sparse Thing');
  assert.equal(app.aggregateRating, undefined, 'no rating without genuine reviews');
  assert.deepEqual(ld().find((d) => d['@type'] === 'BreadcrumbList')!.itemListElement.map((i: { name: string }) => i.name), ['Launchyard', 'page tests', 'Sparse Thing']);
  assert.equal(ld().find((d) => d['@type'] === 'FAQPage')!.mainEntity[0].name, 'Is it <b>real</b>?');
  assert.doesNotMatch(res.body, /<b>real<\/b>/, 'outside text is escaped, in the page and in JSON-LD');
  assert.doesNotMatch($('main').text(), /unknown|not found|n\/a/i, 'facts the website did not state are simply absent');
  for (const absent of ['#pricing', '#features', '#founders', '#story', '#milestones', '#media']) assert.equal($(absent).length, 0, absent);
  assert.match($('#reviews-heading').parent().text(), /No reviews yet/);

  const reviewer = await t.fx.user({ name: 'Rita Reviewer' });
  await t.fx.review(id, reviewer, 4);
  ({ $, res } = await page('/listings/sparse-thing'));
  assert.deepEqual(ld().find((d) => d['@type'] === 'SoftwareApplication')!.aggregateRating, { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
  assert.match($('.reviews').text(), /Rita R\./, 'reviewers by first name and initial');
  assert.doesNotMatch($('.reviews').text(), /Olive/, "the owner's review is not shown");

  const { $: full } = await page(`/listings/${top.slug}`);
  for (const section of ['#about', '#facts', '#links', '#reviews-heading']) assert.equal(full(section).length, 1, section);
  assert.ok(full('.alternatives a.compare').first().attr('href')?.startsWith(`/compare?a=${top.slug}&b=`), 'alternatives link to compare');
  assert.equal(full(`a[href="/listings/${top.slug}/badges"]`).length, 1);
});

test('paid-only sections appear only when unlocked', async () => {
  const locked = await t.fx.listing({ slug: 'story-locked', name: 'Locked', story: { title: 'Our story', story: 'Once upon a time.' } } as never);
  await t.fx.milestone(locked, '2026-01-01', 'Founded');
  const open = await t.fx.listing({ slug: 'story-open', name: 'Open', unlocked_sections: ['story', 'milestones'], story: { title: 'Our story', story: 'Once upon a time.' } } as never);
  await t.fx.milestone(open, '2026-01-01', 'Founded');
  const a = (await page('/listings/story-locked')).$;
  assert.equal(a('#story').length + a('#milestones').length, 0);
  const b = (await page('/listings/story-open')).$;
  assert.match(b('#story').parent().text(), /Once upon a time/);
  assert.match(b('#milestones').parent().text(), /Founded/);
});

test('blog post: Markdown rendered with raw HTML off and script links refused; FAQs as FAQPage', async () => {
  await t.fx.blogPost({
    slug: 'markdown-safety',
    title: 'Markdown safety',
    body: '# Heading\n\nSome **bold** text.\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3)) and [ours](/categories)',
    faqs: [{ question: 'Safe?', answer: 'Yes.' }],
  });
  const { $, res } = await page('/blog/markdown-safety');
  const article = $('article');
  assert.equal(article.find('strong').text(), 'bold');
  assert.equal(article.find('h2').first().text(), 'Heading', 'a # heading in the text sits under the page h1');
  assert.equal(article.find('script, img').length, 0);
  assert.match(article.text(), /<script>alert\(1\)<\/script>/, 'raw HTML shows as text');
  assert.equal(article.find('a[href^="javascript"]').length, 0);
  assert.equal(article.find('a[href="/categories"]').length, 1);
  assert.doesNotMatch(res.body, /<img src="?x/);
  assert.ok($('script[type="application/ld+json"]').map((_, s) => JSON.parse($(s).text())['@type']).get().includes('FAQPage'));
});

test('leaderboards: each board answers; the billboard is always labelled as paid', async () => {
  for (const board of ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue']) {
    const { $ } = await page(`/leaderboards/${board}`);
    assert.equal($(`.tabs a[aria-current=page]`).attr('href'), `/leaderboards/${board}`);
    if (board === 'billboard') {
      assert.match($('.paid-label').text(), /Paid placement/);
      assert.ok($('.card .meta').first().text().includes('(paid)'), 'each paid place says so');
    }
  }
  const { $ } = await page('/leaderboards');
  assert.match($('h2:contains("Billboard")').closest('li').find('.paid-label').text(), /Paid/);
});

test('launch calendar: Monday to Sunday, ranked, previous and next week links; a bad week is the HTML 404', async () => {
  const { $ } = await page('/launches/weeks/2026-11-25');
  assert.equal($('link[rel=canonical]').attr('href'), 'http://localhost:3000/launches/weeks/2026-11-23', 'any day snaps to its Monday');
  assert.deepEqual($('.days li').map((_, d) => $(d).text().trim()).get(), ['Mon 23', 'Tue 24', 'Wed 25', 'Thu 26', 'Fri 27', 'Sat 28', 'Sun 29']);
  assert.equal($('.days li[aria-current=date]').text().trim(), 'Wed 25');
  assert.equal($('.week-nav a[rel=prev]').attr('href'), '/launches/weeks/2026-11-16');
  assert.equal($('.week-nav a[rel=next]').attr('href'), '/launches/weeks/2026-11-30');
  const ranks = $('#live-heading').parent().find('.rank').map((_, r) => Number($(r).text())).get();
  assert.deepEqual(ranks, ranks.map((_, i) => i + 1));
  const missing = await page('/launches/weeks/2026-02-30', 404);
  assert.match(missing.$('h1').text(), /Not found/);
});

test('HTML 404 and error pages on site URLs; /api keeps problem+json', async () => {
  for (const path of ['/no-such-page', '/listings/no-such-listing', '/founders/nobody-here', '/blog/no-post', '/categories/no-category']) {
    const res = await anon.get(path);
    assert.equal(res.status, 404, path);
    assert.match(String(res.headers['content-type']), /^text\/html/, path);
    assert.match(res.body, /<h1>(Page not found|Not found)<\/h1>/, path);
    assert.match(res.body, /<meta name="robots" content="noindex">/, path);
    assert.equal(res.headers.etag, undefined, path);
  }
  const apiMissing = await t.get('/api/v1/no-such-thing');
  assert.equal(apiMissing.status, 404);
  assert.match(apiMissing.type, /^application\/problem\+json/);
  assert.equal((await t.get('/api/v1/listings/no-such-listing')).body.code, 'listing_not_found');
  const badPage = await anon.get('/categories?page=0');
  assert.equal(badPage.status, 400);
  assert.match(String(badPage.headers['content-type']), /^text\/html/);
});

test('public pages carry a strong ETag and Cache-Control (304 on a match); signed-in pages are never stored', async () => {
  const first = await anon.get('/categories');
  assert.match(String(first.headers.etag), /^"[\w-]{32}"$/);
  assert.equal(first.headers['cache-control'], 'public, max-age=5, stale-while-revalidate=30');
  assert.equal(first.headers.vary, 'cookie, accept-encoding');
  const again = await anon.get('/categories', { 'if-none-match': String(first.headers.etag) });
  assert.equal(again.status, 304);
  assert.equal(again.body, '');
  const s = await t.signIn();
  const mine = await s.browser.get('/categories');
  assert.equal(mine.status, 200);
  assert.equal(mine.headers['cache-control'], 'no-store');
  assert.equal(mine.headers.etag, undefined);
  assert.match(mine.body, /Sign out/);
  // Every picture is the site's own: no page loads another site's image.
  assert.match(String(first.headers['content-security-policy']), /default-src 'none'.*img-src 'self'(;| blob:;)/);
  assert.doesNotMatch(String(first.headers['content-security-policy']), /https:(;| )/);

});

test('static assets are fingerprinted and cached for a year; pages link the current ones', async () => {
  const { $ } = await page('/');
  assert.equal($('link[rel=stylesheet]').attr('href'), ASSET_URLS.css);
  assert.match(ASSET_URLS.css, /^\/assets\/site\.[\w]{12}\.css$/);
  for (const url of [ASSET_URLS.css, ASSET_URLS.js, ASSET_URLS.icon]) {
    const res = await anon.get(url);
    assert.equal(res.status, 200, url);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable', url);
    assert.equal((await anon.get(url, { 'if-none-match': String(res.headers.etag) })).status, 304, url);
  }
  const js = await anon.get(ASSET_URLS.js);
  assert.ok(Buffer.byteLength(js.body) < 3000, `a few KB of JavaScript at most (${Buffer.byteLength(js.body)} bytes)`);
  assert.equal((await page('/search')).$(`script[src="${ASSET_URLS.js}"]`).length, 1, 'enhancement only where a page uses it');
  assert.equal($(`script[src]`).length, 0, 'the home page needs no script');
});

test('feeds: launches and blog in RSS and Atom, linking the pages', async () => {
  for (const [path, root, item] of [
    ['/feeds/launches.rss', 'rss', 'item'],
    ['/feeds/launches.atom', 'feed', 'entry'],
    ['/feeds/blog.rss', 'rss', 'item'],
    ['/feeds/blog.atom', 'feed', 'entry'],
  ] as const) {
    const res = await anon.get(path);
    assert.equal(res.status, 200, path);
    assert.match(String(res.headers['content-type']), root === 'rss' ? /^application\/rss\+xml/ : /^application\/atom\+xml/, path);
    assert.ok(res.headers.etag, path);
    const $ = cheerio.load(res.body, { xml: true });
    assert.equal(($.root().children()[0] as { name: string }).name, root, path);
    assert.ok($(item).length > 0, `${path} has entries`);
  }
  const rss = cheerio.load((await anon.get('/feeds/launches.rss')).body, { xml: true });
  assert.ok(rss('item link').map((_, l) => rss(l).text()).get().includes(`http://localhost:3000/listings/${top.slug}`));
  const blog = cheerio.load((await anon.get('/feeds/blog.atom')).body, { xml: true });
  assert.ok(blog('entry link').map((_, l) => blog(l).attr('href')).get().includes(`http://localhost:3000/blog/${post.slug}`));
});

test('sitemap index, its files, robots.txt and llms.txt', async () => {
  const index = cheerio.load((await anon.get('/sitemap.xml')).body, { xml: true });
  const files = index('sitemap loc').map((_, l) => index(l).text()).get();
  assert.deepEqual(files.map((f) => f.replace('http://localhost:3000', '')).sort(), ['/sitemaps/founders-1.xml', '/sitemaps/listings-1.xml', '/sitemaps/pages.xml']);
  const urls: string[] = [];
  for (const f of files) {
    const res = await anon.get(f.replace('http://localhost:3000', ''));
    assert.equal(res.status, 200, f);
    const $ = cheerio.load(res.body, { xml: true });
    urls.push(...$('url loc').map((_, l) => $(l).text()).get());
  }
  const site = await api('/site');
  assert.ok(urls.length > site.counts.live_listings + site.counts.upcoming_listings, `${urls.length} URLs`);
  assert.ok(urls.includes(`http://localhost:3000/listings/${top.slug}`));
  assert.ok(urls.includes(`http://localhost:3000/founders/${founder.slug}`));
  assert.ok(urls.includes(`http://localhost:3000/blog/${post.slug}`));
  for (const u of urls.filter((u) => !u.includes('/listings/') && !u.includes('/founders/'))) {
    assert.equal((await anon.get(u.replace('http://localhost:3000', ''))).status, 200, u);
  }
  assert.equal((await anon.get('/sitemaps/listings-9.xml')).status, 404);
  assert.equal((await anon.get('/sitemaps/other.xml')).status, 404);

  const robots = (await anon.get('/robots.txt')).body;
  assert.match(robots, /^User-agent: \*$/m);
  assert.match(robots, /^Disallow: \/account$/m);
  assert.match(robots, /^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);

  const llms = (await anon.get('/llms.txt')).body;
  assert.match(llms, /^# Launchyard\n\n> /);
  assert.match(llms, /http:\/\/localhost:3000\/mcp/);
  assert.match(llms, /http:\/\/localhost:3000\/api\/v1\/openapi\.json/);
  for (const op of operations) assert.ok(llms.includes(`\`${op.id}\``), `llms.txt names ${op.id}`);
});

test("a listing page's award marks are exactly what list_awards lists for it, in its order", async () => {
  // The page reads them from get_badges (one statement fewer), so the two must not drift apart.
  const awarded = new Set<string>((await api('/awards?per_page=100')).items.map((a: { listing: { slug: string } }) => a.listing.slug));
  assert.ok(awarded.size >= 2, `the demo awards some listings (${awarded.size})`);
  // One listing with awards in several weeks, an older one placed better: the newest week comes first all the same.
  const [many] = awarded;
  const id = (await t.db.selectFrom('listings').select('id').where('slug', '=', many).executeTakeFirstOrThrow()).id;
  await t.db.insertInto('awards').values([{ week: '2025-01-06', place: 1, listing_id: id, votes: 5 }, { week: '2025-01-13', place: 3, listing_id: id, votes: 3 }]).execute();
  for (const slug of [...awarded, top.slug]) {
    const listed = (await api(`/awards?listing=${slug}&per_page=10`)).items.map((a: { label: string; week: string }) => `★ ${a.label} ${a.week}`);
    const { $ } = await page(`/listings/${slug}`);
    const marks = $('.profile-head .mark').toArray().map((m) => `${$(m).text().replace(/, week of .*/, '')} ${m.attribs.href.split('/').pop()}`);
    assert.deepEqual(marks, listed, slug);
    if (slug === many) assert.ok(marks.length >= 3, `${slug}: ${marks.length} marks`);
  }
});
