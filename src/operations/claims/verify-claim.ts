import { z } from 'zod';
import { Claim, ClaimIdParam } from '../../contract/claim.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const verifyClaim = defineOperation({
  id: 'verify_claim',
  summary: 'Check a claim\'s proof now',
  description:
    'Looks for the DNS record, meta tag or file of a pending claim at this moment. Found: the claim is verified and you own the listing ' +
    '(list_my_listings). Not found, or could not check (a DNS timeout or failure, an unreachable page: never counted as absent): it stays ' +
    'pending and last_check says what was seen; call again once it is published. A verified claim is answered as it is. 404 claim_not_found ' +
    'for an unknown id or another user\'s claim; 409 claim_expired, claim_failed, claim_needs_link (email claims verify by their link).',
  tag: 'Claims',
  method: 'POST',
  path: '/claims/{claim_id}/verify',
  scope: 'listings:write',
  idempotent: true,
  input: z.strictObject({ claim_id: ClaimIdParam }),
  output: Claim,
  handle: ({ claim_id }, { actor, services }) => services.claims.verify(userIdOf(actor), claim_id),
});
