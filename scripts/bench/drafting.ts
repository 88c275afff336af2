/**
 * The drafting row of `npm run bench`: N drafts of a 10-page product site (served on loopback by
 * this process) submitted at once to the running server, while its event-loop delay is read from
 * /metrics. What it shows: drafting runs off the event loop (the loop's p99 stays low) and a
 * draft is ready in seconds even when several run together.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loopDelay } from './metrics.ts';

export interface DraftingResult {
  drafts: number;
  pagesPerSite: number;
  ready: number;
  failed: string[];
  /** Seconds from submit to ready (or failed), per draft. */
  readyS: { p50: number; max: number };
  /** Worst event-loop delay window seen by the scrapes during the run (ms). */
  loop: { p99Ms: number; maxMs: number };
}

const TOPICS = ['about', 'pricing', 'features', 'faq', 'contact', 'team', 'integrations', 'security', 'imprint'] as const;

/** A product site of 10 pages of ordinary size (~40 kB of markup each), with the facts a site states. */
function pages(): Record<string, string> {
  const nav = `<nav>${TOPICS.map((t) => `<a href="/${t}">${t[0].toUpperCase()}${t.slice(1)}</a>`).join(' ')}</nav>`;
  const filler = (topic: string) =>
    Array.from({ length: 60 }, (_, i) => `<section><h3>${topic} detail ${i + 1}</h3><p>Ledgerline keeps ${topic} simple: item ${i + 1} explains how teams use it every week, with examples and a short checklist.</p><ul><li>Step one of ${i + 1}</li><li>Step two of ${i + 1}</li></ul></section>`).join('');
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${title} — Ledgerline</title><meta name="description" content="Ledgerline: bookkeeping for small agencies."><meta property="og:site_name" content="Ledgerline"></head><body><header>${nav}</header><main>${body}</main><footer><p>© 2026 Ledgerline Ltd.</p><a href="https://github.com/ledgerline">GitHub</a></footer></body></html>`;
  const site: Record<string, string> = {
    '/robots.txt': '',
    '/': page('Ledgerline', `<h1>Bookkeeping for small agencies</h1><p>Ledgerline closes your month in one afternoon.</p><h2>Features</h2><ul><li>Bank feeds</li><li>Invoice matching</li><li>VAT returns</li></ul>${filler('home')}`),
  };
  for (const t of TOPICS) site[`/${t}`] = page(t, `<h1>${t}</h1><p>Ledgerline was founded in 2019 and is based in Leeds, United Kingdom.</p>${filler(t)}`);
  return site;
}

export async function serveDraftSite(): Promise<{ origin: string; pages: number; close(): Promise<void> }> {
  const site = pages();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = site[path];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': path === '/robots.txt' ? 'text/plain' : 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pages: Object.keys(site).length - 1,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export async function measureDrafting(baseUrl: string, apiKey: string, siteOrigin: string, pagesPerSite: number, drafts: number): Promise<DraftingResult> {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const loop = { p99Ms: 0, maxMs: 0 };
  const scrape = async () => {
    const d = await loopDelay(baseUrl);
    loop.p99Ms = Math.max(loop.p99Ms, d.p99Ms);
    loop.maxMs = Math.max(loop.maxMs, d.maxMs);
  };
  let running = true;
  const scraping = (async () => {
    while (running) {
      await scrape();
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();

  const started = performance.now();
  const ids = await Promise.all(
    Array.from({ length: drafts }, async (_, i) => {
      // Each draft its own URL (a query), so no two share a singleton job.
      const res = await fetch(`${baseUrl}/api/v1/drafts`, { method: 'POST', headers, body: JSON.stringify({ url: `${siteOrigin}/?bench=${i}` }) });
      if (res.status !== 201) throw new Error(`submit_listing answered ${res.status}: ${await res.text()}`);
      return (await res.json()).id as string;
    }),
  );
  const took: number[] = [];
  const failed: string[] = [];
  await Promise.all(
    ids.map(async (id) => {
      for (;;) {
        const d = await (await fetch(`${baseUrl}/api/v1/drafts/${id}`, { headers })).json();
        if (d.status !== 'crawling' && d.status !== 'drafting') {
          took.push((performance.now() - started) / 1000);
          if (d.status !== 'ready') failed.push(`${d.status}: ${d.failure?.code ?? ''} ${d.failure?.reason ?? ''}`.trim());
          return;
        }
        if (performance.now() - started > 120_000) {
          failed.push('still running after 120 s');
          took.push(120);
          return;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }),
  );
  running = false;
  await scraping;
  await scrape();
  took.sort((a, b) => a - b);
  return {
    drafts,
    pagesPerSite,
    ready: drafts - failed.length,
    failed,
    readyS: { p50: took[Math.floor(took.length / 2)], max: took[took.length - 1] },
    loop,
  };
}
