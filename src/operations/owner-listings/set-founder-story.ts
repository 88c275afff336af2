import { z } from 'zod';
import { ListingIdParam, OwnerListing, StoryInput } from '../../contract/owner-listing.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const setFounderStory = defineOperation({
  id: 'set_founder_story',
  summary: 'Set the founder story',
  description:
    'Replaces the whole story: title (max 200) and eight sections (max 8000 each), all optional; a section left out is cleared. ' +
    'Published with the listing when the story section is unlocked; kept in the version history. Returns the listing.',
  tag: 'Owner',
  method: 'PUT',
  path: '/me/listings/{listing_id}/story',
  scope: 'listings:write',
  idempotent: true,
  input: z.strictObject({ listing_id: ListingIdParam, ...StoryInput }),
  output: OwnerListing,
  async handle({ listing_id, ...story }, { actor, services }) {
    const userId = userIdOf(actor);
    await services.ownerListings.setStory(userId, listing_id, story);
    return services.ownerListings.get(userId, listing_id);
  },
});
