import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SCOPES } from '../../domain/actor.ts';
import { resourceMetadataUrl } from '../authenticate.ts';

/** The MCP registry's published server.json schema this entry follows (vendored in test/fixtures/mcp-registry/). */
export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
/** Where the running service serves its own entry, beside the OAuth metadata (docs/decisions.md#mcp-registry-entry). */
export const SERVER_JSON_PATH = '/.well-known/mcp/server.json';
/** The registry name of the software's own entry (the committed server.json). */
export const SERVER_JSON_NAME = 'io.github.launchyard/launchyard';
// The registry allows 100 characters.
const DESCRIPTION = 'Product directory and weekly launch calendar: search, listings, launches, submissions, orders.';

interface Entry {
  name: string;
  title?: string;
  version: string;
  /** The installation's origin, or the template's https://{host}. */
  origin: string;
  websiteUrl?: string;
  variables?: Record<string, { description: string; isRequired: boolean }>;
}

function serverJson(e: Entry) {
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: e.name,
    ...(e.title && { title: e.title }),
    description: DESCRIPTION,
    version: e.version,
    ...(e.websiteUrl && { websiteUrl: e.websiteUrl }),
    remotes: [
      {
        type: 'streamable-http',
        url: `${e.origin}/mcp`,
        // Public tools need no credential; MCP clients that sign in with OAuth find the server from
        // the 401's WWW-Authenticate (RFC 9728), so the header is for API keys and is optional.
        headers: [
          {
            name: 'Authorization',
            description: `Optional. "Bearer <API key>" with a key from ${e.origin}/account/api-keys, or an OAuth access token issued for ${e.origin}/mcp. Public tools work without it.`,
            isRequired: false,
            isSecret: true,
          },
        ],
        ...(e.variables && { variables: e.variables }),
      },
    ],
    _meta: {
      'io.modelcontextprotocol.registry/publisher-provided': {
        authorization: {
          oauth2: {
            protectedResourceMetadata: resourceMetadataUrl(e.origin, '/mcp'),
            authorizationServer: e.origin,
            scopes: [...SCOPES],
          },
          apiKey: { header: 'Authorization', scheme: 'Bearer', issuedAt: `${e.origin}/account/api-keys` },
        },
        openapi: `${e.origin}/api/v1/openapi.json`,
      },
    },
  };
}

/**
 * The committed server.json: the software's entry, its remote a template on the host of an
 * installation (the registry's schema takes a URL starting https://, with {variables} inside).
 */
export function serverJsonTemplate(version: string) {
  return serverJson({
    name: SERVER_JSON_NAME,
    version,
    origin: 'https://{host}',
    variables: { host: { description: 'The host (and port, if any) of the launchyard installation: its PUBLIC_URL without https://.', isRequired: true } },
  });
}

/**
 * A registry name in the installation's own namespace (its host, reversed), which its operator can
 * publish under after proving the domain; an address literal has no namespace and gets a local one.
 */
export function installationName(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const literal = host.startsWith('[') || isIP(host) !== 0;
  return `${literal ? 'local.launchyard' : host.split('.').reverse().join('.')}/launchyard`;
}

/** The installation's entry: the remote is PUBLIC_URL/mcp, the name is in PUBLIC_URL's namespace. */
export function installationServerJson(opts: { publicUrl: string; siteName: string; version: string }) {
  return serverJson({
    name: installationName(opts.publicUrl),
    title: opts.siteName.slice(0, 100) || undefined,
    version: opts.version,
    origin: opts.publicUrl,
    websiteUrl: opts.publicUrl,
  });
}

/** GET /.well-known/mcp/server.json: this installation's MCP registry entry. */
export function registerMcpRegistryEntry(app: FastifyInstance, opts: { publicUrl: string; siteName: string; version: string }) {
  const body = JSON.stringify(installationServerJson(opts));
  app.get(SERVER_JSON_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/json; charset=utf-8').send(body),
  );
}
