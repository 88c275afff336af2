import type { z } from 'zod';
import type { Claim, ClaimInstructions } from '../../contract/claim.ts';
import type { ClaimView } from '../../store/claims-store.ts';
import type { ClaimStatus } from '../../store/schema.ts';
import { dnsRecordName, fileUrl, metaTag } from './proof.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A pending claim past its time is expired, whether or not that was written yet. */
export function statusAt(c: { status: ClaimStatus; expires_at: Date | string }, now: Date): ClaimStatus {
  return c.status === 'pending' && new Date(c.expires_at) <= now ? 'expired' : c.status;
}

/** What the claimant must publish (or open), with the words to say it; after the outcome, what it means. */
export function instructionsFor(c: ClaimView, status: ClaimStatus, publicUrl: string): z.input<typeof ClaimInstructions> {
  const token = c.token ?? '';
  const proof = ((): Omit<z.input<typeof ClaimInstructions>, 'text'> & { todo: string; remove: string } => {
    switch (c.method) {
      case 'dns': {
        const name = dnsRecordName(c.domain ?? '');
        return {
          dns_record: { type: 'TXT', name, value: token },
          todo: `Add a TXT record named ${name} with the value ${token} at your DNS provider, then call verify_claim. A new record can take a while to be seen everywhere: if it is not found yet, verify again later.`,
          remove: 'You may remove the TXT record now.',
        };
      }
      case 'meta':
        return {
          meta_tag: metaTag(token),
          page_url: c.homepage,
          todo: `Paste ${metaTag(token)} into the <head> of ${c.homepage} (the listing's homepage), publish it, then call verify_claim.`,
          remove: 'You may remove the meta tag now.',
        };
      case 'file': {
        const url = fileUrl(c.homepage);
        return {
          file: { url, content: token },
          todo: `Publish a file at ${url} containing the line ${token}, then call verify_claim.`,
          remove: 'You may remove the file now.',
        };
      }
      case 'email':
        return {
          email_sent_to: c.email ?? '',
          todo: `We sent a link to ${c.email}. Open it while signed in at ${publicUrl} with this account; it works until ${iso(c.expires_at)}. To get a new link, call claim_listing again.`,
          remove: '',
        };
    }
  })();
  const { todo, remove, ...published } = proof;
  const text =
    status === 'pending'
      ? todo
      : status === 'verified'
        ? `Verified: you own this listing (list_my_listings, /me/listings/${c.listing_id}). ${remove}`.trim()
        : status === 'expired'
          ? 'This claim expired before it was proven. Call claim_listing again to start a new one.'
          : `This claim failed: ${c.failure_reason} Call claim_listing again to start a new one.`;
  return { text, ...published };
}

export function presentClaim(c: ClaimView, now: Date, publicUrl: string): z.input<typeof Claim> {
  const status = statusAt(c, now);
  return {
    id: Number(c.id),
    slug: c.slug,
    listing_id: Number(c.listing_id),
    listing_name: c.listing_name,
    method: c.method,
    status,
    instructions: instructionsFor(c, status, publicUrl),
    last_check: c.last_result && c.checked_at ? { result: c.last_result, detail: c.last_detail ?? '', checked_at: iso(c.checked_at) } : null,
    failure_reason: c.failure_reason,
    created_at: iso(c.created_at),
    expires_at: iso(c.expires_at),
    verified_at: c.verified_at ? iso(c.verified_at) : null,
  };
}
