import type { FastifyInstance } from 'fastify';
import { getSiteInfo } from '../../../operations/site/get-site-info.ts';
import { operations } from '../../../operations/index.ts';
import { plural } from '../numbers.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { readOperation } from '../read-operation.ts';
import { sendShared } from '../shared-response.ts';

/**
 * `/llms.txt` (llmstxt.org): the site, its REST API and its MCP server described for language
 * models and agents, in Markdown. The tool list is the operation registry itself.
 */
export function registerLlmsTxt(app: FastifyInstance, web: Web) {
  const tools = (scope: 'public' | 'signed-in') =>
    operations
      .filter((op) => (scope === 'public') === (op.scope === 'public'))
      .map((op) => `- \`${op.id}\` (${op.method} /api/v1${op.path}${op.scope === 'public' ? '' : `, scope ${op.scope}`}): ${op.summary}.`)
      .join('\n');

  app.get('/llms.txt', SITE_ROUTE, async (request, reply) => {
    const info = await readOperation(web.services, request, getSiteInfo, {});
    const u = info.urls;
    const body = `# ${info.name}

> ${info.purpose} ${plural(info.counts.live_listings, 'live product')}, ${plural(info.counts.upcoming_listings, 'upcoming launch', 'upcoming launches')}, ${plural(info.counts.categories, 'category', 'categories')}. Launch weeks run Monday to Sunday (${info.timezone}); live launches are ranked by community votes, and a paid billboard is ranked separately and always labelled as paid.

Everything a visitor sees on the site is also available as JSON from the REST API and as tools of an MCP server: the same operations, with the same arguments. Public reads need no sign-in. Votes, follows, reviews, comments and reports come only from people on the site, never through the API or MCP (discussions are read with list_comments). Facts a company's own website does not state are left blank, never invented.

## API

- [OpenAPI 3.1 document](${u.openapi}): every operation, its inputs and outputs.
- [API reference](${u.docs}): the same, for people.
- [Problem codes](${u.problems}): errors are RFC 9457 problem+json with a stable \`code\`.
- Base URL: ${u.api}. Lists are \`{ items, page, per_page, total, total_is_estimate }\`, page 1 to 1000, per_page 1 to 100.
- Signed-in operations take an API key (created at ${u.site}/account/api-keys) or an OAuth 2.1 access token as \`Authorization: Bearer …\`.

## MCP

- Server: ${u.mcp} (Streamable HTTP; protocol versions ${info.mcp_protocol_versions.join(', ')}). Each tool is named as the operation below.
- Sign-in for the tools that need it follows the MCP authorization specification (OAuth 2.1 with PKCE; metadata at ${u.site}/.well-known/oauth-protected-resource/mcp).

### Public tools

${tools('public')}

### Tools for signed-in users

${tools('signed-in')}

## Site

- [This week's launches](${u.site}/launches/weeks/this)
- [Search](${u.site}/search): typo-tolerant, with filters.
- [Categories](${u.site}/categories)
- [Leaderboards](${u.site}/leaderboards)
- [Launch of the Week awards](${u.site}/awards)
- [Founders](${u.site}/founders)
- [Blog](${u.site}/blog)
- [Plans and prices](${u.site}/pricing): prices are set by the administrator; read them from \`list_products\`, never hard-code them.

## Optional

- [Launches feed (RSS)](${u.site}/feeds/launches.rss), [Atom](${u.site}/feeds/launches.atom)
- [Blog feed (RSS)](${u.site}/feeds/blog.rss), [Atom](${u.site}/feeds/blog.atom)
- [Sitemap](${u.site}/sitemap.xml)
`;
    return sendShared(request, reply.type('text/plain; charset=utf-8'), body);
  });
}
