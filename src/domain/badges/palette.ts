import type { EarnedBadge } from './eligibility.ts';

/** The colour roles a badge layout uses; the palette of a mode gives each a colour. */
export type Role = 'bg' | 'border' | 'text' | 'muted' | 'accent' | 'onAccent';
export type Palette = Record<Role, string>;

/**
 * Accent per badge, as [on light backgrounds, on dark backgrounds]. Light accents are dark enough
 * for white text (WCAG AA for bold text); dark accents are light enough for near-black text.
 * Awards use medal colours: gold, silver, bronze.
 */
const ACCENTS: Record<string, [string, string]> = {
  listed: ['#4338CA', '#A5B4FC'],
  upcoming: ['#0369A1', '#7DD3FC'],
  launched: ['#C2410C', '#FDBA74'],
  featured: ['#B45309', '#FCD34D'],
  verified: ['#15803D', '#86EFAC'],
  place1: ['#A16207', '#FACC15'],
  place2: ['#64748B', '#CBD5E1'],
  place3: ['#9C5221', '#E8A46F'],
};

const NEUTRAL = {
  light: { bg: '#FFFFFF', border: '#D1D5DB', text: '#111827', muted: '#4B5563', onAccent: '#FFFFFF' },
  dark: { bg: '#111827', border: '#4B5563', text: '#F9FAFB', muted: '#D1D5DB', onAccent: '#111827' },
};

export function palette(badge: EarnedBadge, scheme: 'light' | 'dark'): Palette {
  const key = badge.kind === 'launch_of_the_week' ? `place${badge.place}` : badge.kind;
  const [light, dark] = ACCENTS[key] ?? ACCENTS.listed;
  return { ...NEUTRAL[scheme], accent: scheme === 'light' ? light : dark };
}
