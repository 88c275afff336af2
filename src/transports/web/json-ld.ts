import type { z } from 'zod';
import type { ListingProfile } from '../../contract/listing.ts';

/**
 * Schema.org data of the pages (JSON-LD), read by search engines and agents. Built from the same
 * operation output the page shows, never from anything the page does not state.
 */
type Profile = z.output<typeof ListingProfile>;

export function breadcrumbs(publicUrl: string, trail: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: publicUrl + t.path })),
  };
}

export function faqPage(faqs: { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
  };
}

/**
 * A listing as a SoftwareApplication. aggregateRating only when genuine reviews exist (the
 * profile's community rating counts nothing else): no rating is ever made up or defaulted.
 */
export function softwareApplication(publicUrl: string, p: Profile, path: string) {
  const rating = p.community_rating;
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: p.name,
    url: p.url,
    mainEntityOfPage: publicUrl + path,
    ...(p.tagline || p.short_description ? { description: p.short_description ?? p.tagline } : {}),
    ...(p.logo_url?.startsWith('https://') ? { image: p.logo_url } : {}),
    ...(p.categories[0] ? { applicationCategory: p.categories[0].name } : {}),
    ...(p.founded_year ? { dateCreated: String(p.founded_year) } : {}),
    ...(p.published_at ? { datePublished: p.published_at } : {}),
    ...(p.features.length ? { featureList: p.features } : {}),
    ...(p.founders.length ? { author: p.founders.map((f) => ({ '@type': 'Person', name: f.name, url: `${publicUrl}/founders/${f.slug}` })) } : {}),
    ...(rating.count > 0 && rating.average !== null
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}
