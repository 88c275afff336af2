import { API_PREFIX } from './routes.ts';
import { weightingInWords } from '../../domain/community/vote-weighting.ts';

/** The document-level part of the OpenAPI 3.1 description; paths come from the operations. */
export function openApiInfo(opts: { publicUrl: string; siteName: string }) {
  return {
    openapi: '3.1.0',
    info: {
      title: `${opts.siteName} API`,
      version: '1.0.0',
      description:
        'A product directory with a weekly launch calendar and leaderboards. Every operation is also a tool ' +
        `of the MCP server at ${opts.publicUrl}/mcp, under the operationId as its name. Errors are ` +
        'application/problem+json (RFC 9457) with a stable code.\n\n' +
        weightingInWords(),
    },
    servers: [{ url: opts.publicUrl + API_PREFIX }],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http' as const,
          scheme: 'bearer',
          description: 'An API key from the account API keys area: Authorization: Bearer <API_KEY>.',
        },
        oauth2: {
          type: 'oauth2' as const,
          flows: {
            authorizationCode: {
              authorizationUrl: `${opts.publicUrl}/oauth/auth`,
              tokenUrl: `${opts.publicUrl}/oauth/token`,
              scopes: {
                'account:read': "Read one's own account, drafts, listings, claims and orders.",
                'listings:write': 'Create and edit drafts and listings; claim listings.',
                'orders:write': 'Quote orders and create checkouts.',
                'webhooks:write': 'Register, list and delete webhook endpoints; read their delivery log; send deliveries again.',
              },
            },
          },
        },
      },
    },
  };
}
