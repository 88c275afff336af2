import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loopbackServer, type LoopbackServer } from '../crawler/loopback-server.ts';

/**
 * A corpus site served on 127.0.0.1 the way a static host (GitHub Pages, Netlify) serves it:
 * "/" and "/dir/" are index.html, "/about" is about.html or about/index.html. The files are sent
 * as stored, without a charset, so the crawler reads the encoding the page declares.
 */
export async function serveStaticSite(pagesDir: string, files: readonly string[]): Promise<LoopbackServer> {
  const known = new Set(files.map((f) => f.replace(/\\/g, '/')));
  const resolve = (urlPath: string): string | null => {
    let p = decodeURIComponent(urlPath).replace(/^\/+/, '');
    if (p === '' || p.endsWith('/')) p += 'index.html';
    for (const candidate of [p, `${p}.html`, `${p}/index.html`]) if (known.has(candidate)) return candidate;
    return null;
  };
  return loopbackServer((req, res) => {
    let file: string | null;
    try {
      file = resolve(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      file = null;
    }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    readFile(path.join(pagesDir, file)).then(
      (body) => res.writeHead(200, { 'content-type': 'text/html' }).end(body),
      () => res.writeHead(500).end(),
    );
  });
}
