import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loopbackServer, type LoopbackServer } from '../crawler/loopback-server.ts';

/**
 * A corpus site served on 127.0.0.1 the way a static host (GitHub Pages, Netlify) serves it:
 * "/" and "/dir/" are index.html, "/about" is about.html or about/index.html. The files are sent
 * as stored, without a charset, so the crawler reads the encoding the page declares. A site copied
 * from a folder of its repository (`root`, e.g. "ja") is also served under that folder, as its
 * host served it: its pages link each other as "/ja/about.html".
 */
export async function serveStaticSite(pagesDir: string, files: readonly string[], root = '.'): Promise<LoopbackServer> {
  const known = new Set(files.map((f) => f.replace(/\\/g, '/')));
  const prefix = root === '.' ? '' : `${root.split('/').filter(Boolean).join('/')}/`;
  const resolve = (urlPath: string): string | null => {
    let p = decodeURIComponent(urlPath).replace(/^\/+/, '');
    if (prefix && (p === prefix.slice(0, -1) || p.startsWith(prefix))) p = p.slice(prefix.length);
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
