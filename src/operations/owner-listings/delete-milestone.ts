import { z } from 'zod';
import { DeletedMilestone, IdParam, ListingIdParam } from '../../contract/owner-listing.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const deleteMilestone = defineOperation({
  id: 'delete_milestone',
  summary: 'Delete a milestone',
  description: "404 milestone_not_found when the listing has no milestone with this id (another listing's included).",
  tag: 'Owner',
  method: 'DELETE',
  path: '/me/listings/{listing_id}/milestones/{milestone_id}',
  scope: 'listings:write',
  idempotent: true,
  input: z.strictObject({ listing_id: ListingIdParam, milestone_id: IdParam('The milestone id (integer, at least 1).') }),
  output: DeletedMilestone,
  handle: ({ listing_id, milestone_id }, { actor, services }) => services.ownerListings.deleteMilestone(userIdOf(actor), listing_id, milestone_id),
});
