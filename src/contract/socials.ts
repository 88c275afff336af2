import { z } from 'zod';

/**
 * The twelve platform keys of spec 2.5 (social, code hosting, publishing), plus website and
 * custom. The spec leaves the names open; docs/decisions.md records this choice.
 */
export const SOCIAL_PLATFORMS = [
  'x',
  'linkedin',
  'facebook',
  'instagram',
  'youtube',
  'tiktok',
  'threads',
  'bluesky',
  'github',
  'gitlab',
  'medium',
  'substack',
] as const;
export const SOCIAL_KEYS = [...SOCIAL_PLATFORMS, 'website', 'custom'] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];

/** A socials object as accepted on writes: only known keys, links of at most 500 characters. */
export const SocialsInput = z.partialRecord(z.enum(SOCIAL_KEYS), z.string().max(500));
