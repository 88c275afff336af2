import { z } from 'zod';
import { ListingIdParam, OwnerListing } from '../../contract/owner-listing.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const getMyListing = defineOperation({
  id: 'get_my_listing',
  summary: 'One of your listings',
  description:
    'Status, plan, launch week, unlocked paid sections and everything public, with every paid section shown to you ' +
    '(sections_public says what visitors see), and the badge embed code the free plan checks for on your homepage. ' +
    '404 listing_not_found when you own no listing with this id.',
  tag: 'Owner',
  method: 'GET',
  path: '/me/listings/{listing_id}',
  scope: 'account:read',
  input: z.strictObject({ listing_id: ListingIdParam }),
  output: OwnerListing,
  handle: ({ listing_id }, { actor, services }) => services.ownerListings.get(userIdOf(actor), listing_id),
});
