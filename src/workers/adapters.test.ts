import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createWorkPool } from './pool.ts';
import { poolBadgeFinder, poolMetaFinder, poolPageReader } from './adapters.ts';
import { createCrawler } from '../crawler/crawler.ts';
import { loopbackSite } from '../testing/loopback-site.ts';

// The crawler and the badge check with the pool as the service wires them: a page too heavy to
// read within its budget is skipped (crawl) or unverifiable (badge), never a stalled process.
const pool = createWorkPool({ size: 1 });
after(() => pool.close());

/** ~1.9 MB of markup (under the crawler's 2 MB page bound): hundreds of ms to parse. */
const HEAVY = `<html><body>${'<div><span>a</span><b>b</b></div>'.repeat(56_000)}</body></html>`;

const site = await loopbackSite({
  '/robots.txt': { type: 'text/plain', body: '' },
  '/': '<html><head><title>Acme</title></head><body><h1>Acme</h1><a href="/about">About</a> <a href="/features">Features</a></body></html>',
  '/about': '<html><body><p>Acme is made in Berlin.</p></body></html>',
  '/features': HEAVY,
});
after(() => site.close());

test('a crawl skips a page that takes too long to read, and names it', async () => {
  const crawler = createCrawler({ userAgent: 'LaunchyardBot/1.0', allowHosts: ['127.0.0.1'], readPage: poolPageReader(pool, 150) });
  after(() => crawler.close());
  const result = await crawler.crawlSite(`${site.origin}/`);
  assert.equal(result.ok, true);
  assert.deepEqual(result.pages.map((p) => new URL(p.finalUrl).pathname).sort(), ['/', '/about']);
  assert.deepEqual(result.skipped, [{ url: `${site.origin}/features`, reason: 'took too long' }]);
});

test('a home page that takes too long to read fails the crawl with took_too_long', async () => {
  const crawler = createCrawler({ userAgent: 'LaunchyardBot/1.0', allowHosts: ['127.0.0.1'], readPage: poolPageReader(pool, 150) });
  after(() => crawler.close());
  const result = await crawler.crawlSite(`${site.origin}/features`);
  assert.equal(result.ok, false);
  assert.equal(!result.ok && result.failure.code, 'took_too_long');
});

test('a homepage too heavy for the badge detector is unverifiable, to be checked again', async () => {
  const find = poolBadgeFinder(pool, 100);
  const r = await find(HEAVY, 'https://acme.example/', 'https://launchyard.example', 'acme');
  assert.deepEqual(r, { outcome: 'unverifiable', detail: 'https://acme.example/ took too long to read.' });
  const light = await find('<a href="https://launchyard.example/listings/acme"><img src="https://launchyard.example/badges/acme/listed.svg"></a>', 'https://acme.example/', 'https://launchyard.example', 'acme');
  assert.equal(light.outcome, 'verified');
});

test('a homepage too heavy for the meta claim check could not be checked (never "not found"); a light one is read in the pool', async () => {
  const find = poolMetaFinder(pool, 100);
  assert.deepEqual(await find(HEAVY, 'https://acme.example/', 'tok'), { result: 'could_not_check', detail: 'https://acme.example/ took too long to read.' });
  const light = await find('<html><head><meta name="launchyard-verification" content="tok"></head><body></body></html>', 'https://acme.example/', 'tok');
  assert.deepEqual(light, { found: true, detail: 'Found the launchyard-verification meta tag with this claim\'s token in the <head> of https://acme.example/.' });
});
