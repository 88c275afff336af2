import { z } from 'zod';
import { SiteInfo } from '../../contract/site.ts';
import { defineOperation } from '../define.ts';

export const getSiteInfo = defineOperation({
  id: 'get_site_info',
  summary: 'Site information',
  description:
    'The site name and purpose, its public URLs, the number of live listings and categories, and where the API docs, the OpenAPI file and the MCP server are.',
  tag: 'Site',
  method: 'GET',
  path: '/site',
  scope: 'public',
  input: z.strictObject({}),
  output: SiteInfo,
  handle: (_input, { services }) => services.site.info(),
});
