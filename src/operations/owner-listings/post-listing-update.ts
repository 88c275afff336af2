import { z } from 'zod';
import { ListingIdParam, PostedUpdate } from '../../contract/owner-listing.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const postListingUpdate = defineOperation({
  id: 'post_listing_update',
  summary: 'Post an update',
  description:
    "News about the product, shown in the listing's latest updates. The followers of a public (live or scheduled) " +
    'listing are told by email, in the background.',
  tag: 'Owner',
  method: 'POST',
  path: '/me/listings/{listing_id}/updates',
  scope: 'listings:write',
  status: 201,
  idempotent: true,
  input: z.strictObject({
    listing_id: ListingIdParam,
    title: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(5000).describe('Plain text.'),
  }),
  output: PostedUpdate,
  handle: ({ listing_id, title, body }, { actor, services }) => services.ownerListings.postUpdate(userIdOf(actor), listing_id, { title, body }),
});
