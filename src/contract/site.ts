import { z } from 'zod';

export const SiteInfo = z
  .object({
    name: z.string(),
    purpose: z.string(),
    timezone: z.string().describe('IANA timezone in which launch weeks run Monday to Sunday.'),
    urls: z.object({
      site: z.string(),
      api: z.string().describe('Base URL of the REST API (ends in /api/v1).'),
      docs: z.string().describe('Human-readable API reference.'),
      openapi: z.string().describe('OpenAPI 3.1 document.'),
      mcp: z.string().describe('MCP server (Streamable HTTP).'),
      problems: z.string().describe('Catalogue of error codes.'),
    }),
    counts: z.object({
      live_listings: z.number().int(),
      categories: z.number().int(),
      upcoming_listings: z.number().int(),
    }),
    free_launch_queue_weeks: z
      .object({ min: z.number().int(), max: z.number().int() })
      .describe('How far ahead a free listing is queued, in weeks.'),
    mcp_protocol_versions: z.array(z.string()),
  })
  .meta({ id: 'SiteInfo' });
export type SiteInfo = z.infer<typeof SiteInfo>;
