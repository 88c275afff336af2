import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCrawler } from './crawler.ts';
import { loopbackServer, pagesHandler } from './loopback-server.ts';

const UA = 'LaunchyardBot/1.0 (+http://launchyard.test/bot)';
const HOME = '<html><body><h1>Acme</h1><a href="/pricing">Pricing</a> <a href="/about">About</a></body></html>';
const PAGE = (title: string) => `<html><body><h1>${title}</h1></body></html>`;

async function crawlWith(robots: string | { status: number; body?: string } | undefined, extra: Record<string, string> = {}) {
  const site = await loopbackServer(
    pagesHandler({
      ...(robots === undefined ? {} : { '/robots.txt': typeof robots === 'string' ? { type: 'text/plain', body: robots } : { type: 'text/plain', ...robots } }),
      '/': HOME,
      '/pricing': PAGE('Pricing'),
      '/about': PAGE('About'),
      ...extra,
    }),
  );
  const crawler = createCrawler({ userAgent: UA, allowHosts: ['127.0.0.1'], bounds: { timeMs: 3_000 } });
  try {
    const progress: string[] = [];
    const result = await crawler.crawlSite(`${site.origin}/`, { onProgress: (p) => void progress.push(p.stage) });
    return { result, paths: site.requests.map((r) => r.path), progress, site };
  } finally {
    await crawler.close();
    await site.close();
  }
}

test('robots.txt is read first, with our user agent', async () => {
  const { result, site, progress } = await crawlWith('User-agent: *\nAllow: /\n');
  assert.equal(result.ok, true);
  assert.equal(site.requests[0].path, '/robots.txt');
  assert.ok(site.requests.every((r) => r.userAgent === UA));
  assert.equal(progress[0], 'robots');
  assert.ok(progress.slice(1).every((s) => s === 'fetching'));
});

test('a disallowed home page fails the crawl with robots_disallowed and nothing else is fetched', async () => {
  const { result, paths } = await crawlWith('User-agent: LaunchyardBot\nDisallow: /\n');
  assert.equal(result.ok, false);
  assert.equal(!result.ok && result.failure.code, 'robots_disallowed');
  assert.match(!result.ok ? result.failure.reason : '', /robots\.txt disallows LaunchyardBot on \//);
  assert.deepEqual(paths, ['/robots.txt']);
});

test('a disallowed subpage is skipped, the rest of the site is read', async () => {
  const { result, paths } = await crawlWith('User-agent: LaunchyardBot\nDisallow: /pricing\n');
  assert.equal(result.ok, true);
  assert.deepEqual(result.pages.map((p) => new URL(p.finalUrl).pathname).sort(), ['/', '/about']);
  assert.ok(!paths.includes('/pricing'));
});

test("another bot's group does not apply to us, and our own group overrides '*'", async () => {
  const other = await crawlWith('User-agent: OtherBot\nDisallow: /\n');
  assert.equal(other.result.ok, true);
  assert.equal(other.result.pages.length, 3);

  const ours = await crawlWith('User-agent: *\nDisallow: /\n\nUser-agent: LaunchyardBot\nAllow: /\n');
  assert.equal(ours.result.ok, true);
  assert.equal(ours.result.pages.length, 3);

  const star = await crawlWith('User-agent: *\nDisallow: /\n');
  assert.equal(!star.result.ok && star.result.failure.code, 'robots_disallowed');
});

test('no robots.txt (404) allows everything', async () => {
  const { result, paths } = await crawlWith(undefined);
  assert.equal(result.ok, true);
  assert.equal(result.pages.length, 3);
  assert.equal(paths[0], '/robots.txt');
});

test('a robots.txt that answers 5xx closes the site for now: the crawl fails with a reason and fetches nothing', async () => {
  const { result, paths } = await crawlWith({ status: 503, body: 'busy' });
  assert.equal(!result.ok && result.failure.code, 'robots_disallowed');
  assert.match(!result.ok ? result.failure.reason : '', /HTTP 503/);
  assert.deepEqual(paths, ['/robots.txt']);
});

test('fetchPage obeys robots.txt too and reports the refusal', async () => {
  const site = await loopbackServer(pagesHandler({ '/robots.txt': { type: 'text/plain', body: 'User-agent: LaunchyardBot\nDisallow: /private\n' }, '/private': PAGE('x'), '/': HOME }));
  const crawler = createCrawler({ userAgent: UA, allowHosts: ['127.0.0.1'] });
  try {
    const refused = await crawler.fetchPage(`${site.origin}/private`);
    assert.equal(!refused.ok && refused.failure.code, 'robots_disallowed');
    const fine = await crawler.fetchPage(`${site.origin}/`);
    assert.equal(fine.ok, true);
    // robots.txt is reused between fetchPage calls instead of being read before every page.
    assert.deepEqual(site.requests.map((r) => r.path), ['/robots.txt', '/']);
  } finally {
    await crawler.close();
    await site.close();
  }
});

test("the site's Crawl-delay for our group is kept between page requests", async () => {
  const { result, site } = await crawlWith('User-agent: LaunchyardBot\nCrawl-delay: 0.2\nAllow: /\n');
  assert.equal(result.ok, true);
  const pages = site.requests.filter((r) => r.path !== '/robots.txt');
  assert.equal(pages.length, 3);
  for (let i = 1; i < pages.length; i++) assert.ok(pages[i].at - pages[i - 1].at >= 190, `gap ${pages[i].at - pages[i - 1].at} ms`);
});
