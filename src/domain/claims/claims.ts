import type { ClaimsStore, ClaimsTx, ClaimRecord, ClaimTarget } from '../../store/claims-store.ts';
import type { ClaimMethod } from '../../store/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { DomainError, invalid, notFound } from '../errors.ts';
import { randomToken, sha256 } from '../accounts/secrets.ts';
import { limitOffset, pageOf, totalOf, type PageRequest } from '../pagination.ts';
import { checkProof, type CheckOutcome, type ProofReaders } from './checks.ts';
import { emailAtDomain, listingDomain } from './registrable-domain.ts';
import { presentClaim, statusAt } from './present.ts';
import { assertMailAllowed, CLAIM_MAIL_POLICY } from './mail-throttle.ts';
import { claimLinkMail, ownerReplacedMail } from './mails.ts';

export interface ClaimsDeps {
  store: ClaimsStore;
  readers: ProofReaders;
  mailer: Mailer;
  publicUrl: string;
  siteName: () => Promise<string>;
  now: () => Date;
  /** How long a claim stays pending (CLAIM_PENDING_DAYS). */
  pendingMs: number;
  /** Drops this node's cached public profile of a listing whose owner or badge changed. */
  forget: (slug: string) => void;
}

export interface ClaimRequest {
  slug: string;
  method: ClaimMethod;
  email?: string;
}

/** Another user's claim answers exactly like an unknown id. */
const claimNotFound = (id: number | string) => notFound('claim_not_found', `You have no claim with id ${id}.`);
const LINK_NOT_FOUND = 'This claim link is not valid: it is unknown, was cut short, was replaced by a newer link, or belongs to another account\'s claim.';
const isPublic = (l: ClaimTarget) => l.status === 'live' || l.status === 'scheduled';

/** Why a pending claim can no longer succeed, or null while it still can. */
function hopeless(c: ClaimRecord, listing: ClaimTarget | undefined, userId: string): string | null {
  if (!listing || !isPublic(listing)) return 'The listing is no longer public in the directory.';
  if (listing.url !== c.homepage) return `The listing's website changed from ${c.homepage} to ${listing.url} after the claim was made, so its proof is about another site.`;
  if (c.method === 'email' && listing.owner_id !== null && listing.owner_id !== userId) {
    return 'The listing has an owner now, and an e-mail address shows membership of a company, not control of its website: prove control with dns, meta or file.';
  }
  return null;
}

/**
 * Claims (spec 4.4): "this listing is my company's". A claim asks for one proof; once it is
 * found, the claimant becomes the listing's owner (the one before, if any, is told by mail and
 * loses it) and the listing is verified. Verified is not paid: plan, launch week and unlocked
 * sections stay as they were.
 */
export function createClaims(deps: ClaimsDeps) {
  const { store, now, publicUrl } = deps;
  const show = async (claimId: string) => presentClaim((await store.byId(claimId))!, now(), publicUrl);

  /**
   * Inside the claim's transaction, with the claim and listing locked and the proof found: the
   * claimant owns the listing from now on. Returns the owner it replaced, if anyone else.
   */
  async function complete(tx: ClaimsTx, c: ClaimRecord, listing: ClaimTarget, at: Date): Promise<string | null> {
    const previous = listing.owner_id !== c.user_id ? listing.owner_id : null;
    if (listing.owner_id === c.user_id) await tx.reverify(listing.id, at);
    else await tx.transferOwnership({ listingId: listing.id, from: listing.owner_id, to: c.user_id, at });
    await tx.markVerified(c.id, { at, previousOwnerId: previous });
    await tx.webhookEvents.claimVerified(c.id, at);
    return previous;
  }

  /** After commit: the public profile shows the Verified badge at once here, and a replaced owner is told. */
  async function afterVerified(c: ClaimRecord, listing: ClaimTarget, previous: string | null) {
    deps.forget(listing.slug);
    if (!previous) return;
    const [earlier, claimant] = await Promise.all([store.contact(previous), store.contact(c.user_id)]);
    if (!earlier) return;
    await deps.mailer.send(
      ownerReplacedMail({
        to: earlier.email,
        siteName: await deps.siteName(),
        publicUrl,
        listing,
        claimantName: claimant?.name ?? 'Someone',
        method: c.method,
        domain: c.domain,
      }),
    );
  }

  /** The claim mail's link, sent after the claim and its mail record have committed. */
  async function sendLink(p: { to: string; token: string; listing: ClaimTarget; userId: string; expiresAt: Date }) {
    const claimant = (await store.contact(p.userId)) ?? { name: 'Someone', email: 'an account' };
    await deps.mailer.send(
      claimLinkMail({ to: p.to, token: p.token, publicUrl, siteName: await deps.siteName(), listingName: p.listing.name, claimant, expiresAt: p.expiresAt }),
    );
  }

  return {
    /**
     * claim_listing. Claiming again by the same person, listing and method answers the pending
     * claim (for e-mail with a fresh link, to the address now given) instead of a second one.
     */
    async claim(userId: string, req: ClaimRequest) {
      if (req.method === 'email' && !req.email) throw invalid('validation_failed', 'method email needs email: an address at the listing\'s domain.', [{ field: 'email', message: 'required for method email' }]);
      if (req.method !== 'email' && req.email !== undefined) throw invalid('validation_failed', 'email is only for method email.', [{ field: 'email', message: 'only for method email' }]);
      const at = now();
      const expiresAt = new Date(at.getTime() + deps.pendingMs);
      const linkToken = req.method === 'email' ? randomToken(32) : undefined;

      const result = await store.transaction(async (tx) => {
        const listing = await tx.lockPublicListing(req.slug);
        if (!listing) throw invalid('unknown_listing', `No public listing has the slug ${req.slug}.`, [{ field: 'slug', message: 'no live or scheduled listing has this slug' }]);
        if (listing.owner_id === userId) throw new DomainError('conflict', 'already_owner', `You already own ${listing.name}: manage it under /me/listings/${listing.id}.`);
        const domain = listingDomain(listing.url);
        if ((req.method === 'dns' || req.method === 'email') && !domain) {
          throw new DomainError('conflict', 'claim_method_unavailable', `${listing.url} has no domain name, so it cannot be proven by ${req.method}: use meta or file.`);
        }
        if (req.method === 'email') {
          if (!emailAtDomain(req.email!, domain!)) {
            throw invalid('email_not_at_listing_domain', `The address must be at ${domain}, the listing's own domain.`, [{ field: 'email', message: `must be an address at ${domain}` }]);
          }
          if (listing.owner_id !== null) {
            throw new DomainError(
              'conflict',
              'listing_has_owner',
              `${listing.name} already has an owner. An e-mail address shows membership of a company, not control of its website: prove control with dns, meta or file.`,
            );
          }
        }

        let pending = await tx.pending(userId, listing.id, req.method);
        if (pending && statusAt(pending, at) === 'expired') {
          await tx.expire(pending.id);
          pending = undefined;
        } else if (pending && pending.homepage !== listing.url) {
          await tx.fail(pending.id, hopeless(pending, listing, userId)!);
          pending = undefined;
        }
        if (req.method !== 'email') {
          const claim = pending ?? (await tx.create({ listingId: listing.id, userId, method: req.method, homepage: listing.url, domain, token: randomToken(32), at, expiresAt }));
          return { claimId: claim.id };
        }

        await tx.lockUser(userId);
        assertMailAllowed(await tx.mailsSince(userId, listing.id, new Date(at.getTime() - CLAIM_MAIL_POLICY.windowMs)), at);
        const link = { email: req.email!, tokenHash: sha256(linkToken!), expiresAt };
        let claimId: string;
        if (pending) {
          await tx.renewLink(pending.id, link);
          claimId = pending.id;
        } else {
          claimId = (await tx.create({ listingId: listing.id, userId, method: 'email', homepage: listing.url, domain, ...link, at, expiresAt })).id;
        }
        await tx.recordMail({ claimId, userId, listingId: listing.id, email: req.email!, at });
        return { claimId, mail: { to: req.email!, token: linkToken!, listing, expiresAt } };
      });

      if (result.mail) await sendLink({ ...result.mail, userId });
      return show(result.claimId);
    },

    /**
     * verify_claim: looks for the proof now (outside any transaction: DNS and web reads take
     * seconds), then records what it saw. Found: the claim is verified and the claimant owns the
     * listing. Not found or could not check: it stays pending, with the reason in last_check.
     */
    async verify(userId: string, claimId: number) {
      const c = await store.mine(String(claimId), userId);
      if (!c) throw claimNotFound(claimId);
      const status = statusAt(c, now());
      if (status === 'verified') return presentClaim(c, now(), publicUrl);
      if (status === 'expired') {
        await store.expire(c.id);
        throw new DomainError('conflict', 'claim_expired', `Claim ${claimId} expired on ${new Date(c.expires_at).toISOString()} before it was proven. Call claim_listing again for a new one.`);
      }
      if (status === 'failed') throw new DomainError('conflict', 'claim_failed', `Claim ${claimId} failed: ${c.failure_reason} Call claim_listing again for a new one.`);
      if (c.method === 'email') {
        throw new DomainError('conflict', 'claim_needs_link', `An e-mail claim is verified by opening the link sent to ${c.email} while signed in; call claim_listing again to send a new link.`);
      }

      const listingNow = await store.target(c.listing_id);
      const doomed = hopeless(c, listingNow, userId);
      const outcome: CheckOutcome | null = doomed
        ? null
        : await checkProof(deps.readers, { method: c.method, homepage: c.homepage, domain: c.domain, token: c.token! });

      const at = now();
      const verified = await store.transaction(async (tx) => {
        const locked = await tx.lock(c.id);
        const listing = await tx.lockListing(c.listing_id);
        // Another request settled it while this one was looking: its answer stands.
        if (!locked || locked.status !== 'pending') return null;
        const reason = hopeless(locked, listing, userId);
        if (reason) {
          await tx.fail(locked.id, reason);
          return null;
        }
        // Hopeless a moment ago and not now (the listing changed back): nothing was checked, nothing to record.
        if (!outcome) return null;
        await tx.recordCheck(locked.id, { result: outcome.result, detail: outcome.detail, at });
        if (outcome.result !== 'found') return null;
        return { claim: locked, listing: listing!, previous: await complete(tx, locked, listing!, at) };
      });
      if (verified) await afterVerified(verified.claim, verified.listing, verified.previous);
      return show(c.id);
    },

    /** One of the person's claims, as list_my_claims shows it (the site's claim page); another's is claim_not_found. */
    async one(userId: string, claimId: number) {
      const c = await store.mine(String(claimId), userId);
      if (!c) throw claimNotFound(claimId);
      return presentClaim(c, now(), publicUrl);
    },

    async list(userId: string, page: PageRequest) {
      const { limit, offset } = limitOffset(page);
      const rows = await store.list(userId, limit, offset);
      const at = now();
      return pageOf(rows.map((r) => presentClaim(r, at, publicUrl)), page, await totalOf(rows, page, () => store.count(userId)));
    },

    /** The link page, before anyone is asked to sign in: a dead link says so at once. */
    async openLink(token: string) {
      const c = token && token.length <= 200 ? await store.byTokenHash(sha256(token)) : undefined;
      if (!c) throw notFound('claim_link_not_found', LINK_NOT_FOUND);
      return { listingName: c.listing_name };
    },

    /**
     * The e-mailed link opened by its claimant, signed in: the address is proven, the claim
     * verified. Anyone else signed in gets the same answer as for an unknown link.
     */
    async confirmLink(userId: string, token: string) {
      const c = token && token.length <= 200 ? await store.byTokenHash(sha256(token)) : undefined;
      if (!c || c.user_id !== userId) throw notFound('claim_link_not_found', LINK_NOT_FOUND);
      const status = statusAt(c, now());
      if (status === 'expired') {
        await store.expire(c.id);
        throw new DomainError('conflict', 'claim_expired', 'This claim link has expired. Claim the listing again for a new link.');
      }
      if (status === 'failed') throw new DomainError('conflict', 'claim_failed', `This claim failed: ${c.failure_reason}`);
      if (status === 'verified') return presentClaim(c, now(), publicUrl);

      const at = now();
      const verified = await store.transaction(async (tx) => {
        const locked = await tx.lock(c.id);
        const listing = await tx.lockListing(c.listing_id);
        if (!locked || locked.status !== 'pending' || locked.token_hash !== c.token_hash) return null;
        const reason = hopeless(locked, listing, userId);
        if (reason) {
          await tx.fail(locked.id, reason);
          return null;
        }
        await tx.recordCheck(locked.id, { result: 'found', detail: `The link sent to ${locked.email} was opened by the claimant.`, at });
        return { claim: locked, listing: listing!, previous: await complete(tx, locked, listing!, at) };
      });
      if (verified) await afterVerified(verified.claim, verified.listing, verified.previous);
      const after = await show(c.id);
      if (after.status === 'failed') throw new DomainError('conflict', 'claim_failed', `This claim failed: ${after.failure_reason}`);
      return after;
    },
  };
}
export type Claims = ReturnType<typeof createClaims>;
