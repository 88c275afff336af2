import { z } from 'zod';
import { CountryCode, Pagination, paginated, Slug } from '../../contract/common.ts';
import { ListingSummary } from '../../contract/listing.ts';
import { defineOperation } from '../define.ts';

export const searchListings = defineOperation({
  id: 'search_listings',
  summary: 'Search listings',
  description:
    'Typo-tolerant full-text search over name, tagline, description and keywords, with filters. An empty q browses. ' +
    'Paid billboard money never influences the order. Relevance (words, no filters): a listing whose name is the query ' +
    'first, then the words standing together in a tagline, then in a description, then rarer words and better fields, then ' +
    'votes; every word must match (as itself or a likely correction), and when fewer than 10 listings do, those matching ' +
    'all but the last word follow. total is exact for such searches and when browsing or filtering by category; with ' +
    'words and other filters or sorts it is exact up to 1,000 matches and past that an estimate, with total_is_estimate ' +
    'true. Trending is refreshed every few minutes and after votes; lists may be up to 5 s old.',
  tag: 'Listings',
  method: 'GET',
  path: '/listings',
  scope: 'public',
  input: z.strictObject({
    q: z.string().max(200).optional().describe('Search text, at most 200 characters; misspellings are tolerated. Empty browses.'),
    category: Slug.optional().describe('Category slug; includes its subcategories.'),
    stage: Slug.optional().describe('Stage slug: idea, prototype, beta, launched, growing or mature.'),
    country: CountryCode.optional(),
    pricing_model: z.string().max(40).optional().describe('Pricing model, e.g. free, freemium, subscription (case-insensitive).'),
    domain: z.string().max(253).optional().describe('Website domain; matches the domain and its subdomains.'),
    status: z.enum(['live', 'upcoming']).default('live').describe('live (default) or upcoming (scheduled for a future week).'),
    sort: z
      .enum(['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'])
      .default('relevance')
      .describe('relevance (default; with an empty q the votes order), newest, votes, trending (time-decayed votes), most_viewed, most_followed.'),
    ...Pagination,
  }),
  output: paginated(ListingSummary),
  handle: (input, { services }) => services.listings.search(input),
});
