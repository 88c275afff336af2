import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createCrawler } from './crawler.ts';
import type { CrawlBounds, CrawlProgress } from './types.ts';
import { loopbackServer, pagesHandler } from './loopback-server.ts';
import type { Handler } from './loopback-server.ts';

const UA = 'LaunchyardBot/1.0 (+http://launchyard.test/bot)';
const NOW = new Date('2026-11-23T10:00:00Z');

async function withSite<T>(handler: Handler, bounds: Partial<CrawlBounds>, run: (origin: string, crawler: ReturnType<typeof createCrawler>) => Promise<T>) {
  const site = await loopbackServer(handler);
  const crawler = createCrawler({ userAgent: UA, allowHosts: ['127.0.0.1'], bounds: { timeMs: 3_000, ...bounds }, now: () => NOW });
  try {
    return await run(site.origin, crawler);
  } finally {
    await crawler.close();
    await site.close();
  }
}

test('a crawl reads the home page and the fact pages it links to, in order of promise, within the page bound', async () => {
  const home = `<html lang="en"><head><title>Acme</title></head><body>
    <nav><a href="/blog/2026/launch-day">Our launch day</a> <a href="/blog">Blog</a> <a href="/pricing">Pricing</a>
    <a href="/about-us">About us</a> <a href="/faq#top">FAQ</a> <a href="/careers">Careers</a> <a href="/login">Log in</a>
    <a href="https://elsewhere.example/about">Partner</a> <a href="/logo.png">Logo</a> <a href="mailto:hi@acme.test">Mail</a>
    <a href="/customers">Customers</a></nav><h1>Acme builds rockets</h1></body></html>`;
  const page = (t: string) => `<html><body><h1>${t}</h1></body></html>`;
  await withSite(
    pagesHandler({
      '/': home,
      '/pricing': page('Pricing: 9 EUR'),
      '/about-us': `<html><body><h1>About</h1><a href="/team">Team</a></body></html>`,
      '/faq': page('FAQ'),
      '/team': page('The team'),
      '/customers': page('Customers'),
      '/blog': page('Blog'),
      '/blog/2026/launch-day': page('Launch day'),
      '/careers': page('Careers'),
      '/login': page('Log in'),
    }),
    { maxPages: 4 },
    async (origin, crawler) => {
      const progress: CrawlProgress[] = [];
      const result = await crawler.crawlSite(`${origin}/`, { onProgress: (p) => void progress.push(p) });
      assert.equal(result.ok, true);
      assert.deepEqual(
        result.pages.map((p) => new URL(p.finalUrl).pathname),
        ['/', '/pricing', '/about-us', '/faq'],
      );
      assert.ok(progress.every((p) => p.pagesPlanned <= 4 && p.pagesFetched <= p.pagesPlanned));
      assert.deepEqual(progress.at(-1), { stage: 'fetching', pagesFetched: 4, pagesPlanned: 4 });

      // With room to spare, the team page found on the about page joins; blog, careers, login and
      // other sites never do.
      const roomy = createCrawler({ userAgent: UA, allowHosts: ['127.0.0.1'] });
      try {
        const all = await roomy.crawlSite(`${origin}/`);
        assert.ok(all.ok);
        assert.deepEqual(
          all.pages.map((p) => new URL(p.finalUrl).pathname),
          ['/', '/pricing', '/about-us', '/faq', '/team', '/customers'],
        );
      } finally {
        await roomy.close();
      }
    },
  );
});

test('a snapshot carries finalUrl, status, type, sha256 of the body, title, lang, text and links', async () => {
  const body = `<html lang="de-DE"><head><title> Acme GmbH </title><meta name="description" content="Werkzeuge für Teams."></head>
    <body><h1>Über uns</h1><p>Wir sind ein kleines Team aus München. Größe: 12 Personen.</p><a href="/impressum">Impressum</a></body></html>`;
  await withSite(
    pagesHandler({ '/': { status: 301, headers: { location: '/de/' } }, '/de/': body }),
    {},
    async (origin, crawler) => {
      const result = await crawler.crawlSite(`${origin}/`);
      assert.equal(result.ok, true);
      const [home] = result.pages;
      assert.equal(home.url, `${origin}/`);
      assert.equal(home.finalUrl, `${origin}/de/`);
      assert.equal(home.status, 200);
      assert.equal(home.contentType, 'text/html; charset=utf-8');
      assert.equal(home.hash, createHash('sha256').update(Buffer.from(body, 'utf8')).digest('hex'));
      assert.deepEqual(home.fetchedAt, NOW);
      assert.equal(home.title, 'Acme GmbH');
      assert.equal(home.lang, 'de');
      assert.equal(home.html, body);
      assert.equal(
        home.text,
        'Über uns\nWir sind ein kleines Team aus München. Größe: 12 Personen.\nImpressum\ntitle: Acme GmbH\ndescription: Werkzeuge für Teams.',
      );
      assert.deepEqual(home.links, [{ url: `${origin}/impressum`, text: 'Impressum', kind: 'a' }]);
    },
  );
});

test('a windows-1252 page (charset in the header or in a meta tag) decodes correctly', async () => {
  // Bytes as a latin-1/windows-1252 server sends them: é=E9, ö=F6, ß=DF, ï=EF, en dash=96, €=80.
  const bytes = (...parts: (string | number)[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'number' ? Buffer.from([p]) : Buffer.from(p, 'latin1'))));
  await withSite(
    pagesHandler({
      '/': { type: 'text/html; charset=ISO-8859-1', body: bytes('<html><body><p>Caf', 0xe9, ' Gr', 0xf6, 0xdf, 'e ', 0x96, ' na', 0xef, 've</p></body></html>') },
      '/meta': { type: 'text/html', body: bytes('<html><head><meta charset="windows-1252"></head><body><p>Prix : 9 ', 0x80, '</p></body></html>') },
      '/utf8': { type: 'text/html', body: Buffer.from('<html><body><p>Größe 9 €</p></body></html>', 'utf8') },
    }),
    {},
    async (origin, crawler) => {
      const header = await crawler.fetchPage(`${origin}/`);
      assert.equal(header.ok && header.page.text, 'Café Größe – naïve');
      const meta = await crawler.fetchPage(`${origin}/meta`);
      assert.equal(meta.ok && meta.page.text, 'Prix : 9 €');
      const utf8 = await crawler.fetchPage(`${origin}/utf8`);
      assert.equal(utf8.ok && utf8.page.text, 'Größe 9 €');
    },
  );
});

test('failures: not_html, http_error with its status, unreachable', async () => {
  await withSite(
    pagesHandler({
      '/': { type: 'application/pdf', body: '%PDF-1.4' },
      '/gone/': { status: 410, body: 'gone' },
      '/forbidden': { status: 403, body: '<html>no</html>' },
      '/json': { type: 'application/json', body: '{}' },
    }),
    {},
    async (origin, crawler) => {
      const pdf = await crawler.crawlSite(`${origin}/`);
      assert.equal(!pdf.ok && pdf.failure.code, 'not_html');
      assert.match(!pdf.ok ? pdf.failure.reason : '', /application\/pdf/);

      const gone = await crawler.crawlSite(`${origin}/gone/`);
      assert.equal(!gone.ok && gone.failure.code, 'http_error');
      assert.match(!gone.ok ? gone.failure.reason : '', /HTTP 410/);

      // fetchPage returns the status even when the page is not readable, so callers can say "unverifiable".
      const forbidden = await crawler.fetchPage(`${origin}/forbidden`);
      assert.deepEqual(forbidden.ok ? null : [forbidden.failure.code, forbidden.status], ['http_error', 403]);
      const json = await crawler.fetchPage(`${origin}/json`);
      assert.deepEqual(json.ok ? null : [json.failure.code, json.status], ['not_html', 200]);
    },
  );

  const closed = await loopbackServer(() => {});
  const port = closed.port;
  await closed.close();
  const crawler = createCrawler({ userAgent: UA, allowHosts: ['127.0.0.1'] });
  try {
    const refused = await crawler.crawlSite(`http://127.0.0.1:${port}/`);
    assert.equal(!refused.ok && refused.failure.code, 'unreachable');
    assert.match(!refused.ok ? refused.failure.reason : '', /refused/);
  } finally {
    await crawler.close();
  }
});

test('redirects are bounded', async () => {
  await withSite(
    (req, res) => {
      const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('n') ?? 0);
      if (req.url === '/robots.txt') res.writeHead(404).end();
      else res.writeHead(302, { location: `/?n=${n + 1}` }).end();
    },
    { maxRedirects: 3 },
    async (origin, crawler) => {
      const result = await crawler.crawlSite(`${origin}/`);
      assert.equal(!result.ok && result.failure.code, 'too_many_redirects');
    },
  );
  await withSite(
    pagesHandler({ '/': { status: 302, headers: { location: '/a' } }, '/a': { status: 301, headers: { location: '/b' } }, '/b': '<p>here</p>' }),
    { maxRedirects: 2 },
    async (origin, crawler) => {
      const result = await crawler.crawlSite(`${origin}/`);
      assert.ok(result.ok);
      assert.equal(result.pages[0].finalUrl, `${origin}/b`);
    },
  );
});

test('the byte bound cuts a huge page and a never-ending one, and what came is still read', async () => {
  const maxBytesPerPage = 64 * 1024;
  await withSite(
    (req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html' });
      if (req.url === '/huge') return void res.end(`<html><body><p>start</p>${'x'.repeat(3 * 1024 * 1024)}</body></html>`);
      // Endless: a chunk every few milliseconds until the client goes away.
      res.write('<html><body><p>endless</p>');
      const timer = setInterval(() => res.write('y'.repeat(16 * 1024)), 2);
      res.on('close', () => clearInterval(timer));
    },
    { maxBytesPerPage },
    async (origin, crawler) => {
      const started = Date.now();
      for (const path of ['/huge', '/endless']) {
        const result = await crawler.fetchPage(`${origin}${path}`);
        assert.ok(result.ok, path);
        assert.equal(Buffer.byteLength(result.page.html), maxBytesPerPage, path);
        assert.match(result.page.text, /^(start|endless)\n/);
      }
      assert.ok(Date.now() - started < 2_000);
    },
  );
});

test('a server that never answers ends in timeout within the bound', async () => {
  const hang: Handler = () => {};
  for (const stage of ['robots', 'home', 'body'] as const) {
    await withSite(
      stage === 'robots'
        ? hang
        : (req, res) => {
            if (req.url === '/robots.txt') return void res.writeHead(404).end();
            // 'home': no answer at all; 'body': headers, then silence.
            if (stage === 'body') res.writeHead(200, { 'content-type': 'text/html' }).write('<html><body>');
          },
      { timeMs: 150 },
      async (origin, crawler) => {
        const started = Date.now();
        const result = await crawler.crawlSite(`${origin}/`);
        const took = Date.now() - started;
        assert.equal(!result.ok && result.failure.code, 'timeout', stage);
        assert.ok(took < 1_000, `${stage} took ${took} ms`);
        const page = await crawler.fetchPage(`${origin}/`);
        assert.equal(!page.ok && page.failure.code, 'timeout', stage);
      },
    );
  }
});

test('when time runs out after the home page, the crawl keeps what it read', async () => {
  await withSite(
    (req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="/pricing">Pricing</a>');
    },
    { timeMs: 300 },
    async (origin, crawler) => {
      const result = await crawler.crawlSite(`${origin}/`);
      assert.equal(result.ok, true);
      assert.deepEqual(result.pages.map((p) => new URL(p.finalUrl).pathname), ['/']);
    },
  );
});

test("the caller's abort signal stops the crawl by throwing its reason", async () => {
  await withSite(
    () => {},
    {},
    async (origin, crawler) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('cancelled by test')), 50);
      await assert.rejects(crawler.crawlSite(`${origin}/`, { signal: controller.signal }), /cancelled by test/);
    },
  );
});

test('fetchText reads a small text file of any type after a redirect, cut at maxBytes; robots.txt and HTTP errors refuse it', async () => {
  await withSite(
    pagesHandler({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: LaunchyardBot\nDisallow: /private/\n' },
      '/.well-known/old.txt': { status: 301, headers: { location: '/.well-known/proof.txt' } },
      '/.well-known/proof.txt': { type: 'application/octet-stream', body: 'token-123\nsecond line' },
      '/private/proof.txt': { type: 'text/plain', body: 'token-123' },
    }),
    {},
    async (origin, crawler) => {
      const read = await crawler.fetchText(`${origin}/.well-known/old.txt`, { maxBytes: 1024 });
      assert.deepEqual(read, { ok: true, finalUrl: `${origin}/.well-known/proof.txt`, status: 200, text: 'token-123\nsecond line' });
      const cut = await crawler.fetchText(`${origin}/.well-known/proof.txt`, { maxBytes: 5 });
      assert.equal(cut.ok && cut.text, 'token');
      const disallowed = await crawler.fetchText(`${origin}/private/proof.txt`, { maxBytes: 1024 });
      assert.equal(!disallowed.ok && disallowed.failure.code, 'robots_disallowed');
      const missing = await crawler.fetchText(`${origin}/.well-known/none.txt`, { maxBytes: 1024 });
      assert.deepEqual(!missing.ok && [missing.status, missing.failure.code], [404, 'http_error']);
      assert.equal((await crawler.fetchText('ftp://example.com/x', { maxBytes: 10 })).ok, false);
    },
  );
});
