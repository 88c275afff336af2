import { z } from 'zod';
import { Slug } from '../../contract/common.ts';
import { ListingProfile } from '../../contract/listing.ts';
import { defineOperation } from '../define.ts';

export const getListing = defineOperation({
  id: 'get_listing',
  summary: 'Get a listing',
  description:
    'The full public profile of a live or scheduled listing. Paid-only sections (story, milestones, media) appear only when unlocked. ' +
    'not_found_on_website lists facts the company site did not state.',
  tag: 'Listings',
  method: 'GET',
  path: '/listings/{slug}',
  scope: 'public',
  input: z.strictObject({ slug: Slug }),
  output: ListingProfile,
  handle: (input, { services }) => services.listings.profile(input.slug),
});
