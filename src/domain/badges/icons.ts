import type { EarnedBadge } from './eligibility.ts';

/**
 * The glyph drawn inside a badge's round mark, on a 24×24 grid centred on (12, 12). Strokes are
 * round-capped 2.5 units wide so they stay legible down to a 14 px mark. Static strings only: no
 * listing-provided text ever reaches an icon.
 */
export type Glyph = { stroke: string } | { fill: string } | { digit: string };

const GLYPHS: Record<Exclude<EarnedBadge['kind'], 'launch_of_the_week'>, Glyph> = {
  // A short list: the listing is in the directory.
  listed: { stroke: 'M8 8h8M8 12h8M8 16h5' },
  // A clock: a launch week is booked.
  upcoming: { stroke: 'M12 7v5l3 2' },
  // An arrow taking off.
  launched: { stroke: 'M12 17V7M8 11l4-4 4 4' },
  featured: { fill: 'M12 5.5L13.8 10.1L18.7 10.3L14.9 13.4L16.1 18.2L12 15.5L7.9 18.2L9.1 13.4L5.3 10.3L10.2 10.1Z' },
  verified: { stroke: 'M7 12l3 3 7-7' },
};

export function glyphFor(badge: EarnedBadge): Glyph {
  return badge.kind === 'launch_of_the_week' ? { digit: String(badge.place) } : GLYPHS[badge.kind];
}
