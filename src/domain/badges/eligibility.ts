import type { BadgeKind } from '../../contract/badge.ts';
import type { IsoDate } from '../launches/weeks.ts';

/** What decides a listing's badges. Only public (live or scheduled) listings get this far. */
export interface BadgeSubject {
  status: 'live' | 'scheduled';
  plan: 'free' | 'paid';
  /** Monday of the launch week in the site timezone, or null. */
  launch_week: IsoDate | null;
  verified: boolean;
  /** Launch of the Week awards, any order. */
  awards: { week: IsoDate; place: number }[];
}

export interface EarnedBadge {
  kind: BadgeKind;
  place?: number;
  week?: IsoDate;
}

/** Launched: live, and its launch week (if it has one) has begun. */
export const hasLaunched = (s: BadgeSubject, currentWeek: IsoDate) =>
  s.status === 'live' && (s.launch_week === null || s.launch_week <= currentWeek);

/**
 * The badges a listing may show, strongest claim first: its awards (best place first, then newest
 * week: a #1 outranks a later #3), then
 * launched or upcoming (never both), featured, verified, and listed, which every public listing has.
 */
export function earnedBadges(s: BadgeSubject, currentWeek: IsoDate): EarnedBadge[] {
  const out: EarnedBadge[] = [...s.awards]
    .sort((a, b) => (a.place !== b.place ? a.place - b.place : a.week < b.week ? 1 : a.week > b.week ? -1 : 0))
    .map((a) => ({ kind: 'launch_of_the_week' as const, place: a.place, week: a.week }));
  const weekOf = s.launch_week === null ? {} : { week: s.launch_week };
  if (hasLaunched(s, currentWeek)) out.push({ kind: 'launched', ...weekOf });
  // Scheduled, or live ahead of a launch week the buyer picked: it has a date to announce.
  else if (s.launch_week !== null) out.push({ kind: 'upcoming', week: s.launch_week });
  if (s.plan === 'paid') out.push({ kind: 'featured' });
  if (s.verified) out.push({ kind: 'verified' });
  out.push({ kind: 'listed' });
  return out;
}

/**
 * The badge an image URL may show, or undefined (404): nobody can display a badge they did not
 * earn. One exception keeps old embeds working: an "upcoming" image placed on a homepage before
 * the launch turns into the "launched" badge once the listing has launched, instead of breaking.
 */
export function badgeForImage(
  earned: EarnedBadge[],
  kind: BadgeKind,
  week: IsoDate | undefined,
): EarnedBadge | undefined {
  if (kind === 'launch_of_the_week') return earned.find((b) => b.kind === kind && b.week === week);
  return earned.find((b) => b.kind === kind) ?? (kind === 'upcoming' ? earned.find((b) => b.kind === 'launched') : undefined);
}
