import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SitePage {
  status?: number;
  type?: string;
  /** Text, or bytes (a picture). */
  body: string | Uint8Array;
  headers?: Record<string, string>;
  /** Answer this late, e.g. so a browser test sees a crawl in progress. */
  delayMs?: number;
}

/**
 * A small website on 127.0.0.1 for crawler and pipeline tests: pages by path, editable while the
 * server runs (e.g. put the badge on the homepage), and a log of what was requested.
 */
export async function loopbackSite(pages: Record<string, SitePage | string>) {
  const requests: { path: string; userAgent: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push({ path, userAgent: req.headers['user-agent'] });
    const page = site.pages[path];
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    const p: SitePage = typeof page === 'string' ? { body: page } : page;
    const answer = () => res.writeHead(p.status ?? 200, { 'content-type': p.type ?? 'text/html; charset=utf-8', ...p.headers }).end(p.body);
    if (p.delayMs) setTimeout(answer, p.delayMs);
    else answer();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const site = {
    origin,
    pages,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return site;
}
