import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createCrawler } from './crawler.ts';
import { loopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';

const UA = 'LaunchyardBot/1.0 (+http://launchyard.test/bot)';
const HOME = '<html><body><h1>Hello</h1></body></html>';

let v4: LoopbackServer;
let v6: LoopbackServer;
let redirector: LoopbackServer;
before(async () => {
  v4 = await loopbackServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(HOME));
  v6 = await loopbackServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(HOME), '::1');
  // An "allowed" site that sends the crawler on to wherever ?to= says.
  redirector = await loopbackServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to) res.writeHead(302, { location: to }).end();
    else res.writeHead(404).end();
  });
});
after(async () => {
  await Promise.all([v4.close(), v6.close(), redirector.close()]);
});

test('with allowHosts empty, private and loopback addresses are refused at connect time: no request arrives', async () => {
  const crawler = createCrawler({ userAgent: UA, allowHosts: [], bounds: { timeMs: 3_000 } });
  try {
    const port = v4.port;
    const targets = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${v6.port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://10.0.0.1:${port}/`,
      `http://169.254.169.254/latest/meta-data/`,
    ];
    for (const url of targets) {
      const crawl = await crawler.crawlSite(url);
      assert.equal(crawl.ok, false, url);
      assert.equal(!crawl.ok && crawl.failure.code, 'blocked_address', url);
      assert.deepEqual(crawl.pages, []);
      const page = await crawler.fetchPage(url);
      assert.equal(!page.ok && page.failure.code, 'blocked_address', url);
    }
    assert.deepEqual(v4.requests, []);
    assert.deepEqual(v6.requests, []);
  } finally {
    await crawler.close();
  }
});

test('allowHosts opens exactly the hosts named, as written in a URL', async () => {
  const crawler = createCrawler({ userAgent: UA, allowHosts: ['127.0.0.1', '[::1]'] });
  try {
    const ok4 = await crawler.fetchPage(`${v4.origin}/`);
    assert.equal(ok4.ok, true);
    const ok6 = await crawler.fetchPage(`${v6.origin}/`);
    assert.equal(ok6.ok, true);
    const before = v4.requests.length;
    const other = await crawler.fetchPage(`http://localhost:${v4.port}/`);
    assert.equal(!other.ok && other.failure.code, 'blocked_address');
    assert.equal(v4.requests.length, before);
  } finally {
    await crawler.close();
  }
});

test('a redirect from an allowed host to a private host that is not allowed is refused on that hop', async () => {
  const crawler = createCrawler({ userAgent: UA, allowHosts: ['127.0.0.1'] });
  try {
    for (const target of [`http://localhost:${v4.port}/secret`, `http://127.0.0.2:${v4.port}/secret`, `http://[::1]:${v6.port}/secret`]) {
      const start = `${redirector.origin}/go?to=${encodeURIComponent(target)}`;
      const crawl = await crawler.crawlSite(start);
      assert.equal(!crawl.ok && crawl.failure.code, 'blocked_address', target);
      const page = await crawler.fetchPage(start);
      assert.equal(!page.ok && page.failure.code, 'blocked_address', target);
    }
    assert.ok(redirector.requests.some((r) => r.path.startsWith('/go')), 'the allowed host was asked');
    assert.deepEqual(v4.requests.filter((r) => r.path === '/secret'), []);
    assert.deepEqual(v6.requests.filter((r) => r.path === '/secret'), []);
  } finally {
    await crawler.close();
  }
});

test('only http and https are fetched, also as a redirect target', async () => {
  const crawler = createCrawler({ userAgent: UA, allowHosts: ['127.0.0.1'] });
  try {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'javascript:alert(1)', 'not a url', '']) {
      const crawl = await crawler.crawlSite(url);
      assert.equal(!crawl.ok && crawl.failure.code, 'invalid_url', url);
      const page = await crawler.fetchPage(url);
      assert.equal(!page.ok && page.failure.code, 'invalid_url', url);
    }
    const page = await crawler.fetchPage(`${redirector.origin}/go?to=${encodeURIComponent('file:///etc/passwd')}`);
    assert.equal(!page.ok && page.failure.code, 'invalid_url');
  } finally {
    await crawler.close();
  }
});
