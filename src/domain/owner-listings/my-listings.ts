import type { z } from 'zod';
import type { OwnerListing, OwnerListingSummary } from '../../contract/owner-listing.ts';
import type { OwnedSummaryRow, OwnerExtrasRow } from '../../store/owner-listings-store.ts';
import type { ProfileRow } from '../../store/listings-store.ts';
import type { Actor } from '../actor.ts';
import { DomainError, notFound } from '../errors.ts';
import { listingLinks, toProfile } from '../listings/present.ts';
import { badgeImageUrl, embedHtml } from '../badges/embed.ts';
import { renderBadge } from '../badges/render.ts';
import { badgeWording } from '../badges/wording.ts';
import type { PaidSection } from '../../store/schema.ts';

const PAID_SECTIONS: PaidSection[] = ['story', 'milestones', 'media'];
/** The badge a free listing places on its homepage: "listed", in the default style. */
const HOMEPAGE_BADGE = { kind: 'listed' as const };
const HOMEPAGE_STYLE = { shape: 'standard' as const, mode: 'auto' as const, size: 'm' as const };

/** The signed-in user behind an operation (authorize() has already refused anyone else). */
export function userIdOf(actor: Actor): string {
  if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'unauthenticated', 'Sign in to manage your listings.');
  return actor.userId;
}

/** Another user's listing answers exactly like an unknown one: nothing leaks. */
export const listingNotFound = (listingId: number | string) =>
  notFound('listing_not_found', `You have no listing with id ${listingId}.`);

export const isPublicStatus = (status: string) => status === 'live' || status === 'scheduled';

/** Where the owner's API view of a listing lives. */
export const ownerListingUrl = (publicUrl: string, id: number | string) => `${publicUrl}/api/v1/me/listings/${id}`;

/** The embed code of the badge a free listing must show on its homepage. */
export function homepageBadge(publicUrl: string, p: { slug: string; name: string; siteName: string }) {
  const pageUrl = listingLinks(publicUrl, p.slug).page;
  const imageUrl = badgeImageUrl(publicUrl, p.slug, HOMEPAGE_BADGE, HOMEPAGE_STYLE);
  const wording = badgeWording(HOMEPAGE_BADGE, p.siteName, p.name);
  const { width, height } = renderBadge({ badge: HOMEPAGE_BADGE, wording, style: HOMEPAGE_STYLE, pageUrl });
  return { listing_url: pageUrl, image_url: imageUrl, embed_html: embedHtml(pageUrl, imageUrl, wording.alt, width, height) };
}

/**
 * The owner's view: the public presenter with every paid section shown (the owner edits them
 * before they are unlocked), plus what only the owner sees.
 */
export function toOwnerListing(row: ProfileRow, extras: OwnerExtrasRow, publicUrl: string): OwnerListing {
  const profile = toProfile({ ...row, unlocked_sections: PAID_SECTIONS }, publicUrl);
  const visible = isPublicStatus(extras.status);
  const unlocked = new Set(row.unlocked_sections);
  return {
    ...profile,
    status: extras.status,
    public: visible,
    unlocked_sections: row.unlocked_sections,
    headline: extras.headline,
    summary: extras.summary,
    seo_title: extras.seo_title,
    seo_description: extras.seo_description,
    story: profile.story!,
    milestones: profile.milestones ?? [],
    media: profile.media ?? [],
    sections_public: {
      story: visible && unlocked.has('story'),
      milestones: visible && unlocked.has('milestones'),
      media: visible && unlocked.has('media'),
    },
    badge: {
      ...homepageBadge(publicUrl, { slug: row.slug, name: row.name, siteName: extras.site_name }),
      homepage: row.url,
      last_check: extras.last_check
        ? { ...extras.last_check, checked_at: new Date(extras.last_check.checked_at).toISOString() }
        : null,
    },
    created_at: new Date(extras.created_at).toISOString(),
    updated_at: new Date(extras.updated_at).toISOString(),
  };
}

export function toOwnerSummary(row: OwnedSummaryRow, publicUrl: string): z.input<typeof OwnerListingSummary> {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    url: row.url,
    tagline: row.tagline,
    logo_url: row.logo_url,
    status: row.status,
    plan: row.plan,
    launch_week: row.launch_week,
    unlocked_sections: row.unlocked_sections,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    links: { page: listingLinks(publicUrl, row.slug).page, api: ownerListingUrl(publicUrl, row.id) },
  };
}
