import { z } from 'zod';
import { FaqInput, ListingEditFields, ListingIdParam, OwnerListing, OwnerSocialsInput } from '../../contract/owner-listing.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';


export const updateMyListing = defineOperation({
  id: 'update_my_listing',
  summary: 'Edit one of your listings',
  description:
    'Send only what changes. fields: the profile fields of spec 4.3 (null or an empty string clears a text field); ' +
    'socials: replaces all links; faqs: replaces all, at most 10. Edits publish at once, are kept in the version ' +
    "history, and the site team sees a before and after copy. Returns the listing as get_my_listing does.",
  tag: 'Owner',
  method: 'PATCH',
  path: '/me/listings/{listing_id}',
  scope: 'listings:write',
  idempotent: true,
  input: z.strictObject({
    listing_id: ListingIdParam,
    fields: ListingEditFields.optional(),
    socials: OwnerSocialsInput.optional().describe('Platform key to an http(s) link (max 500); replaces all (a platform left out is removed).'),
    faqs: z.array(FaqInput).max(10).optional().describe('Replaces all FAQs; at most 10.'),
  }),
  output: OwnerListing,
  async handle({ listing_id, ...edit }, { actor, services }) {
    const userId = userIdOf(actor);
    await services.ownerListings.update(userId, listing_id, edit);
    return services.ownerListings.get(userId, listing_id);
  },
});
