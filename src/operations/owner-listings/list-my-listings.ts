import { z } from 'zod';
import { Pagination, paginated } from '../../contract/common.ts';
import { OwnerListingSummary } from '../../contract/owner-listing.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const listMyListings = defineOperation({
  id: 'list_my_listings',
  summary: 'Your listings',
  description: 'Every listing you own, in any status (draft, awaiting_badge, scheduled, live, archived), newest first.',
  tag: 'Owner',
  method: 'GET',
  path: '/me/listings',
  scope: 'account:read',
  input: z.strictObject({ ...Pagination }),
  output: paginated(OwnerListingSummary),
  handle: ({ page, per_page }, { actor, services }) => services.ownerListings.list(userIdOf(actor), { page, per_page }),
});
