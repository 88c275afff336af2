import type { FastifyInstance } from 'fastify';
import { SCOPES } from '../../domain/actor.ts';
import { API_PREFIX } from './routes.ts';

/**
 * RFC 9728 protected resource metadata for the two resources that accept tokens: the MCP server
 * and the REST API. Clients find it from a 401's WWW-Authenticate or at these well-known URLs.
 */
export function registerResourceMetadata(app: FastifyInstance, opts: { publicUrl: string; siteName: string }) {
  const resources = [
    { path: '/mcp', name: `${opts.siteName} MCP server`, docs: `${opts.publicUrl}/docs` },
    { path: API_PREFIX, name: `${opts.siteName} REST API`, docs: `${opts.publicUrl}/docs` },
  ];
  for (const r of resources) {
    app.get(`/.well-known/oauth-protected-resource${r.path}`, { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').send({
        resource: `${opts.publicUrl}${r.path}`,
        authorization_servers: [opts.publicUrl],
        scopes_supported: [...SCOPES],
        bearer_methods_supported: ['header'],
        resource_name: r.name,
        resource_documentation: r.docs,
      }),
    );
  }
}
