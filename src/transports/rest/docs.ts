import type { FastifyInstance } from 'fastify';
import { PROBLEM_CODES } from '../../domain/problem-codes.ts';
import { API_PREFIX } from './routes.ts';
import { operations } from '../../operations/index.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}code{background:#f3f3f3;padding:0 .2em}dt{font-weight:600;margin-top:1em}</style></head><body>${body}</body></html>`;
}

/** The API reference: the OpenAPI file, a readable index of it, and the problem codes. */
export function registerDocsRoutes(app: FastifyInstance, opts: { publicUrl: string; siteName: string }) {
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => openApiDocument(app));

  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => {
    const doc = openApiDocument(app) as { paths: Record<string, Record<string, { operationId: string; summary: string; 'x-launchyard-extension'?: boolean }>> };
    const rows = Object.entries(doc.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(
          ([method, op]) =>
            `<dt><code>${esc(op.operationId)}</code></dt><dd><code>${method.toUpperCase()} ${API_PREFIX}${esc(path)}</code>: ${esc(op.summary)}${op['x-launchyard-extension'] ? ' <em>(extension beyond the interface spec)</em>' : ''}</dd>`,
        ),
      )
      .join('');
    return reply.type('text/html').send(
      page(
        `${opts.siteName} API reference`,
        `<h1>${esc(opts.siteName)} API reference</h1><p>Machine-readable: <a href="${API_PREFIX}/openapi.json">OpenAPI 3.1</a>. MCP server: <code>${esc(opts.publicUrl)}/mcp</code> (every operation below is a tool of the same name). Errors: <a href="/docs/problems">problem codes</a>.</p><dl>${rows}</dl>`,
      ),
    );
  });

  app.get('/docs/problems', { schema: { hide: true } }, async (_request, reply) => {
    const rows = Object.entries(PROBLEM_CODES)
      .map(([code, text]) => `<dt id="${code}"><code>${code}</code></dt><dd>${esc(text)}</dd>`)
      .join('');
    return reply
      .type('text/html')
      .send(page('Problem codes', `<h1>Problem codes</h1><p>Every error is <code>application/problem+json</code> with one of these codes.</p><dl>${rows}</dl>`));
  });
}

export function openApiDocument(app: FastifyInstance) {
  // @fastify/swagger already states paths relative to servers[0] (which ends in /api/v1).
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
  // Operations beyond the interface spec say so, where a generated client or a reader looks.
  for (const op of operations) {
    const entry = op.extension ? doc.paths[op.path]?.[op.method.toLowerCase()] : undefined;
    if (entry) entry['x-launchyard-extension'] = true;
  }
  return doc;
}
