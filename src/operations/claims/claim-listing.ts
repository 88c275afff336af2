import { z } from 'zod';
import { Claim, ClaimBody } from '../../contract/claim.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const claimListing = defineOperation({
  id: 'claim_listing',
  summary: 'Claim a listing as your company\'s',
  description:
    'Starts a claim of a live or scheduled listing and answers 201 with what to publish: a TXT record (dns), a meta tag for the <head> ' +
    'of its homepage (meta), a file under /.well-known/ (file), or, for email, the address a link was sent to. Then call verify_claim ' +
    '(for email: open the link signed in as yourself). A verified claim makes you the listing\'s owner; verified is not paid. Claiming ' +
    'again by the same method answers your pending claim (email: with a fresh link) instead of a second one. 400 unknown_listing, ' +
    'email_not_at_listing_domain; 409 already_owner, claim_method_unavailable, listing_has_owner (email cannot take an owned listing); ' +
    '429 claim_mail_throttled.',
  tag: 'Claims',
  method: 'POST',
  path: '/claims',
  scope: 'listings:write',
  status: 201,
  idempotent: true,
  input: z.strictObject(ClaimBody),
  output: Claim,
  handle: (input, { actor, services }) => services.claims.claim(userIdOf(actor), input),
});
