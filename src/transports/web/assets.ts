import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

const read = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');

interface Asset {
  path: string;
  type: string;
  body: string;
  etag: string;
}

/**
 * A static file under a name that carries a hash of its content: a new release is a new URL, so
 * browsers and proxies may keep each one for a year without ever asking again.
 */
function fingerprinted(name: string, ext: string, type: string, body: string): Asset {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12).replace(/[-_]/g, '0');
  return { path: `/assets/${name}.${hash}.${ext}`, type, body, etag: `"${hash}"` };
}

// One stylesheet: the account pages' base (site.css) and the directory's components (directory.css).
const css = fingerprinted('site', 'css', 'text/css; charset=utf-8', read('site.css') + read('directory.css'));
const js = fingerprinted('enhance', 'js', 'text/javascript; charset=utf-8', read('enhance.js'));
// The draft pages' own few lines (live progress, character counts), loaded only there.
const draftJs = fingerprinted('draft', 'js', 'text/javascript; charset=utf-8', read('draft.js'));
// The listing page's discussion (replies inline, posts without a reload), loaded only there.
const discussionJs = fingerprinted('discussion', 'js', 'text/javascript; charset=utf-8', read('discussion.js'));
// The pictures page's drop zones with a preview, loaded only there.
const uploadJs = fingerprinted('upload', 'js', 'text/javascript; charset=utf-8', read('upload.js'));
const icon = fingerprinted('icon', 'svg', 'image/svg+xml', read('icon.svg'));

/** The URLs the layout links to. */
export const ASSET_URLS = { css: css.path, js: js.path, draftJs: draftJs.path, discussionJs: discussionJs.path, uploadJs: uploadJs.path, icon: icon.path };

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function registerAssetRoutes(app: FastifyInstance) {
  for (const asset of [css, js, draftJs, discussionJs, uploadJs, icon]) {
    app.get(asset.path, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      reply.header('cache-control', IMMUTABLE).header('etag', asset.etag).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
      return reply.type(asset.type).send(asset.body);
    });
  }
}
