import { z } from 'zod';
import { Pagination, paginated } from '../../contract/common.ts';
import { Claim } from '../../contract/claim.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const listMyClaims = defineOperation({
  id: 'list_my_claims',
  summary: 'Your claims',
  description: 'Your claims, newest first, each with its status (pending, verified, failed, expired), its instructions and its last check.',
  tag: 'Claims',
  method: 'GET',
  path: '/claims',
  scope: 'account:read',
  input: z.strictObject({ ...Pagination }),
  output: paginated(Claim),
  handle: ({ page, per_page }, { actor, services }) => services.claims.list(userIdOf(actor), { page, per_page }),
});
