import type { OutgoingMail } from '../../mail/mailer.ts';

/** Where an e-mail claim's link leads: a site page that verifies the claim for its signed-in claimant. */
export const claimLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/claims/confirm/${token}`;

/**
 * The link to an address at the company's domain. It says who asked, since the mailbox may not
 * be the claimant's own: a colleague who did not expect it just ignores it.
 */
export function claimLinkMail(p: {
  to: string;
  token: string;
  publicUrl: string;
  siteName: string;
  listingName: string;
  claimant: { name: string; email: string };
  expiresAt: Date;
}): OutgoingMail {
  const link = claimLinkUrl(p.publicUrl, p.token);
  return {
    to: p.to,
    subject: `Confirm that ${p.listingName} on ${p.siteName} is yours`,
    text:
      `Hello,\n\n${p.claimant.name} (${p.claimant.email}) asked ${p.siteName} to make their account the owner of the listing ${p.listingName}, ` +
      `and gave this address as proof that they belong to the company.\n\n` +
      `If that is you, open this link while signed in to ${p.siteName} as ${p.claimant.email}:\n\n${link}\n\n` +
      `It works until ${p.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. If you did not ask for this, ignore this mail: nothing changes.\n`,
    secrets: [p.token],
  };
}

/** To the owner a verified claim replaced: what happened, on what proof, and that the listing is no longer theirs to edit. */
export function ownerReplacedMail(p: {
  to: string;
  siteName: string;
  publicUrl: string;
  listing: { name: string; slug: string };
  claimantName: string;
  method: string;
  domain: string | null;
}): OutgoingMail {
  const proof = { dns: 'a DNS record', meta: 'a meta tag on its homepage', file: 'a file on its website', email: 'an e-mail address' }[p.method] ?? p.method;
  return {
    to: p.to,
    subject: `${p.listing.name} on ${p.siteName} has a new owner`,
    text:
      `Hello,\n\n${p.claimantName} proved control of ${p.domain ?? 'the website'} of ${p.listing.name} with ${proof}, ` +
      `so their account now owns the listing ${p.publicUrl}/listings/${p.listing.slug} in place of yours. ` +
      `You can no longer edit it; its plan, launch week and paid sections are unchanged, and your drafts of it stay yours.\n\n` +
      `If this is wrong, you can claim it back the same way (dns, meta or file), or write to the team of ${p.siteName}.\n`,
  };
}
