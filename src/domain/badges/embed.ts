import type { BadgeKind, BadgeMode, BadgeStyle } from '../../contract/badge.ts';
import type { EarnedBadge } from './eligibility.ts';
import { escapeXml } from './xml.ts';

/**
 * Where a badge image lives: served by this service (transports/rest/badge-images.ts). Every
 * parameter is written out, defaults included, so a URL names exactly one image and caches
 * never mix variants. launch_of_the_week carries its week: one image per award.
 */
export function badgeImageUrl(publicUrl: string, slug: string, badge: EarnedBadge, style: BadgeStyle, mode: BadgeMode = style.mode): string {
  const query = new URLSearchParams({ shape: style.shape, mode, size: style.size });
  if (badge.kind === 'launch_of_the_week') query.set('week', badge.week!);
  return `${publicUrl}/badges/${slug}/${badge.kind satisfies BadgeKind}.svg?${query}`;
}

/**
 * The HTML embed: the image inside a link to the listing page (the link is what the free plan's
 * homepage check and the listing's visitors follow). width and height avoid layout shift.
 */
export function embedHtml(pageUrl: string, imageUrl: string, alt: string, width: number, height: number): string {
  return (
    `<a href="${escapeXml(pageUrl)}" target="_blank" rel="noopener">` +
    `<img src="${escapeXml(imageUrl)}" alt="${escapeXml(alt)}" width="${width}" height="${height}"></a>`
  );
}

/** Markdown has no escaping of its own for HTML: a backslash before each punctuation mark makes it literal. */
const markdownText = (s: string) => s.replace(/[\\`*_{}[\]()<>#!|&"~]/g, '\\$&');

export function embedMarkdown(pageUrl: string, imageUrl: string, alt: string): string {
  return `[![${markdownText(alt)}](${imageUrl})](${pageUrl})`;
}
