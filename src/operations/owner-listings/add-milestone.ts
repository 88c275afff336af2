import { z } from 'zod';
import { Milestone } from '../../contract/listing.ts';
import { ListingIdParam, MilestoneInput } from '../../contract/owner-listing.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const addMilestone = defineOperation({
  id: 'add_milestone',
  summary: 'Add a milestone',
  description:
    'A dated milestone (at most 50 per listing). Shown publicly when the milestones section is unlocked for the listing; ' +
    'get_my_listing always shows it to you.',
  tag: 'Owner',
  method: 'POST',
  path: '/me/listings/{listing_id}/milestones',
  scope: 'listings:write',
  status: 201,
  idempotent: true,
  input: z.strictObject({ listing_id: ListingIdParam, ...MilestoneInput }),
  output: Milestone,
  handle: ({ listing_id, ...milestone }, { actor, services }) => services.ownerListings.addMilestone(userIdOf(actor), listing_id, milestone),
});
