import { z } from 'zod';
import { Slug, Timestamp } from './common.ts';
import { IdParam } from './owner-listing.ts';

export const CLAIM_METHODS = ['dns', 'meta', 'file', 'email'] as const;
export const CLAIM_STATUSES = ['pending', 'verified', 'failed', 'expired'] as const;

export const ClaimIdParam = IdParam('The id of one of your claims (integer, at least 1).');

/** Body of POST /claims (spec 4.4). */
export const ClaimBody = {
  slug: Slug.describe('The listing to claim: its slug (a live or scheduled listing).'),
  method: z
    .enum(CLAIM_METHODS)
    .describe('How you prove the listing is yours: dns (a TXT record), meta (a tag in the <head> of its homepage), file (a file under /.well-known/), email (a link mailed to an address at its domain).'),
  email: z
    .email()
    .max(254)
    .optional()
    .describe('For method email only, and required there: an address at the listing\'s own domain (its registrable domain, e.g. jane@acme.com for www.acme.com).'),
};

export const ClaimInstructions = z
  .object({
    text: z.string().describe('What to do next, in words a person can follow.'),
    dns_record: z
      .object({ type: z.literal('TXT'), name: z.string(), value: z.string() })
      .optional()
      .describe('dns: the TXT record to add at the domain\'s DNS provider.'),
    meta_tag: z.string().optional().describe('meta: the tag to paste into the <head> of page_url.'),
    page_url: z.string().optional().describe('meta: the page that must carry the tag (the listing\'s homepage).'),
    file: z
      .object({ url: z.string(), content: z.string() })
      .optional()
      .describe('file: where the file must be served, and its content (one line).'),
    email_sent_to: z.string().optional().describe('email: the address the link was sent to.'),
  })
  .meta({ id: 'ClaimInstructions' });

export const ClaimCheck = z
  .object({
    result: z
      .enum(['found', 'not_found', 'could_not_check'])
      .describe('found: the proof is there; not_found: it was read and the token is not there; could_not_check: no answer (DNS timeout or failure, page unreachable), which never counts against the claim.'),
    detail: z.string(),
    checked_at: Timestamp,
  })
  .meta({ id: 'ClaimCheck' });

export const Claim = z
  .object({
    id: z.number().int().min(1),
    slug: z.string().describe('The claimed listing\'s slug.'),
    listing_id: z.number().int().min(1).describe('The listing\'s id: once verified, the id of your listing under /me/listings.'),
    listing_name: z.string(),
    method: z.enum(CLAIM_METHODS),
    status: z
      .enum(CLAIM_STATUSES)
      .describe('pending: waiting for the proof; verified: proven, you own the listing; failed: can no longer succeed (failure_reason says why); expired: not proven in time.'),
    instructions: ClaimInstructions,
    last_check: ClaimCheck.nullable().describe('The last look verify_claim took, or null.'),
    failure_reason: z.string().nullable(),
    created_at: Timestamp,
    expires_at: Timestamp.describe('A pending claim not proven by then expires; claim again for a new one.'),
    verified_at: Timestamp.nullable(),
  })
  .meta({ id: 'Claim' });
