import { z } from 'zod';
import { CalendarDate } from './common.ts';

/** The badges a listing can earn; see "Badges" in docs/decisions.md for who earns which. */
export const BADGE_KINDS = ['listed', 'upcoming', 'launched', 'featured', 'verified', 'launch_of_the_week'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export const BADGE_SHAPES = ['standard', 'outline', 'pill', 'banner', 'square'] as const;
export const BADGE_MODES = ['light', 'dark', 'auto'] as const;
export const BADGE_SIZES = ['s', 'm', 'l'] as const;
export type BadgeShape = (typeof BADGE_SHAPES)[number];
export type BadgeMode = (typeof BADGE_MODES)[number];
export type BadgeSize = (typeof BADGE_SIZES)[number];

export const BadgeShapeParam = z
  .enum(BADGE_SHAPES)
  .default('standard')
  .describe('standard (card), outline (transparent with a coloured border), pill (one line), banner (wide, with a colour block and the week), square.');
export const BadgeModeParam = z
  .enum(BADGE_MODES)
  .default('auto')
  .describe("light, dark, or auto: follows the viewer's colour scheme (prefers-color-scheme).");
export const BadgeSizeParam = z.enum(BADGE_SIZES).default('m').describe('s, m or l: the height (and for square, the width).');

/** The shape, mode and size of a rendered badge, with their defaults applied. */
export interface BadgeStyle {
  shape: BadgeShape;
  mode: BadgeMode;
  size: BadgeSize;
}

export const Badge = z
  .object({
    kind: z.enum(BADGE_KINDS),
    label: z.string().describe('What the badge says, e.g. "Launched on Launchyard" or "#1 Launch of the Week on Launchyard".'),
    place: z.number().int().min(1).max(3).optional().describe('launch_of_the_week: the place, 1 to 3.'),
    week: CalendarDate.optional().describe(
      'launch_of_the_week: the award week; upcoming and launched: the launch week. The Monday, in the site timezone.',
    ),
    image_url: z.string().describe('SVG image in the requested mode.'),
    light_url: z.string().describe('SVG image for light backgrounds.'),
    dark_url: z.string().describe('SVG image for dark backgrounds.'),
    width: z.number().int().describe('Image width in CSS pixels.'),
    height: z.number().int().describe('Image height in CSS pixels.'),
    html: z.string().describe('Embed code: the image wrapped in a link to the listing page.'),
    markdown: z.string().describe('The same for Markdown (README files).'),
  })
  .meta({ id: 'Badge' });

export const BadgeList = z
  .object({
    slug: z.string(),
    page_url: z.string().describe('The listing page every badge links to.'),
    shape: z.enum(BADGE_SHAPES),
    mode: z.enum(BADGE_MODES),
    size: z.enum(BADGE_SIZES),
    badges: z.array(Badge).describe('Strongest first: awards (best place, then newest week), then launched or upcoming, featured, verified, listed.'),
  })
  .meta({ id: 'BadgeList' });
export type BadgeList = z.infer<typeof BadgeList>;
