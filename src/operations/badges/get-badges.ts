import { z } from 'zod';
import { Slug } from '../../contract/common.ts';
import { BadgeList, BadgeModeParam, BadgeShapeParam, BadgeSizeParam } from '../../contract/badge.ts';
import { defineOperation } from '../define.ts';

export const getBadges = defineOperation({
  id: 'get_badges',
  summary: "Get a listing's badges",
  description:
    'The badges a live or scheduled listing may show (listed, upcoming or launched, featured, verified, and one launch_of_the_week per award), ' +
    'each with SVG image URLs (requested mode, light, dark), its size in pixels, and HTML and Markdown embed code linking to the listing page. ' +
    'Images are served by this service under /badges/ and are public and cacheable.',
  tag: 'Badges',
  method: 'GET',
  path: '/listings/{slug}/badges',
  scope: 'public',
  input: z.strictObject({ slug: Slug, shape: BadgeShapeParam, mode: BadgeModeParam, size: BadgeSizeParam }),
  output: BadgeList,
  handle: ({ slug, ...style }, { services }) => services.badges.list(slug, style),
});
