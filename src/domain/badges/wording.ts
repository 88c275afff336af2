import { awardLabel } from '../launches/awards.ts';
import type { EarnedBadge } from './eligibility.ts';

/** The words of one badge. Plain text: every renderer escapes it for its own format. */
export interface BadgeWording {
  /** The small line: what was earned ("Launched on", "#1 Launch of the Week"). */
  eyebrow: string;
  /** One-line shapes (pill): the words before the site's name. */
  lead: string;
  /** The large line: the site's name, from site settings. */
  title: string;
  /** Shown beside the text where the shape has room (banner): the week, for dated badges. */
  caption: { eyebrow: string; value: string } | null;
  /** The badge as one sentence: "Launched on Launchyard". */
  label: string;
  /** Alternative text: names the listing and, for dated badges, the week. */
  alt: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03-02" → "Mar 2, 2026". Fixed English, so the image does not depend on the server's locale. */
export function formatWeek(week: string): string {
  const [y, m, d] = week.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

const PHRASES = {
  listed: 'Listed on',
  upcoming: 'Launching on',
  launched: 'Launched on',
  featured: 'Featured on',
  verified: 'Verified on',
} as const;

export function badgeWording(badge: EarnedBadge, siteName: string, listingName: string): BadgeWording {
  const eyebrow = badge.kind === 'launch_of_the_week' ? awardLabel(badge.place!) : PHRASES[badge.kind];
  const lead = badge.kind === 'launch_of_the_week' ? `${eyebrow} on` : eyebrow;
  const label = `${lead} ${siteName}`;
  const caption = badge.week ? { eyebrow: 'Week of', value: formatWeek(badge.week) } : null;
  return {
    eyebrow,
    lead,
    title: siteName,
    caption,
    label,
    alt: `${listingName}: ${label}${caption ? ` (week of ${caption.value})` : ''}`,
  };
}
