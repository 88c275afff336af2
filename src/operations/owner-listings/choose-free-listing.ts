import { z } from 'zod';
import { ListingIdParam, OwnerListing } from '../../contract/owner-listing.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const chooseFreeListing = defineOperation({
  id: 'choose_free_listing',
  summary: 'Launch on the free plan',
  description:
    'Queues a submitted listing (status draft, free plan) for the earliest launch week with room 6 to 8 weeks ahead ' +
    '(site settings); its status becomes awaiting_badge. Place badge.embed_html on your homepage: once a check finds it, ' +
    'the listing is scheduled and goes live in its week. Asking again answers the same week. 409 free_weeks_full when ' +
    'every week of the window is full; 409 listing_not_queueable for a paid, live or archived listing.',
  tag: 'Owner',
  method: 'POST',
  path: '/me/listings/{listing_id}/free',
  scope: 'listings:write',
  idempotent: true,
  input: z.strictObject({ listing_id: ListingIdParam }),
  output: OwnerListing,
  handle: ({ listing_id }, { actor, services }) => services.ownerListings.chooseFree(userIdOf(actor), listing_id),
});
