import type { z } from 'zod';
import type { Actor } from '../actor.ts';
import { DomainError, notFound } from '../errors.ts';
import { randomToken, sha256 } from '../accounts/secrets.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DraftInvite, InviteeProfile } from '../../contract/invite.ts';
import type { DraftInviteRecord, DraftInviteStores, DraftInviteStoresIn } from '../../store/draft-invites-store.ts';
import type { DraftRecord, OwnerSection } from '../../store/drafts-store.ts';
import { listingFromDraft, slugify } from './listing-from-draft.ts';

/** Spec 8: up to 10 invites per draft. A renewed invite keeps its slot. */
export const INVITES_PER_DRAFT = 10;
/** Spec 4.2: at most 6 founders on a draft. */
export const FOUNDERS_PER_DRAFT = 6;
/** Long enough for a busy co-founder to find the mail, short enough that an old mailbox is no key. */
export const INVITE_LIFETIME_MS = 14 * 24 * 3_600_000;

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentInvite(i: DraftInviteRecord): z.input<typeof DraftInvite> {
  return { id: Number(i.id), email: i.email, status: i.accepted_at ? 'accepted' : 'pending', created_at: iso(i.created_at), expires_at: iso(i.expires_at) };
}

const draftNotFound = () => notFound('draft_not_found', 'No draft of yours has this id.');

const MESSAGES = {
  invite_not_found:
    'This invite link is not valid. Only the newest link sent to an address works, so it may have been replaced by a later invite, or it was not copied whole. Ask the person who invited you to send a new one.',
  invite_used: 'This invite link was already used: each invite adds one founder profile. Ask the person who invited you for a new invite if you need one.',
  invite_expired: 'This invite link has expired (links work for 14 days). Ask the person who invited you to send a new one.',
} as const;
const linkFailure = (code: keyof typeof MESSAGES) => new DomainError(code === 'invite_not_found' ? 'not_found' : 'conflict', code, MESSAGES[code]);

/** What the invite page shows before the invitee fills in the form. */
export interface InviteOpening {
  state: 'pending' | 'accepted_by_you';
  productName: string | null;
  inviterName: string;
  email: string;
  expiresAt: Date;
}

/**
 * Co-founder invites (invite_cofounder): the draft's owner sends a one-time link by email; the
 * person who opens it, signed in to the site, adds their own founder profile to the draft (never
 * as the primary founder). The link is the credential, as a password reset link is: whoever signs
 * in with it may accept, whatever address their account has.
 */
export function createDraftInvites(deps: {
  stores: DraftInviteStores;
  mailer: Mailer;
  publicUrl: string;
  siteName: () => Promise<string>;
  now: () => Date;
  forgetListing?: (slug: string) => void;
}) {
  const { stores, mailer, publicUrl, now } = deps;

  /** A live invite by its link's token, or the reason the link does not work. */
  async function live(token: string) {
    if (!token || token.length > 200) throw linkFailure('invite_not_found');
    const invite = await stores.invites.byHash(sha256(token));
    if (!invite) throw linkFailure('invite_not_found');
    return invite;
  }

  /** The submitted listing follows its draft: the same mapping and founder write as update_draft's. */
  async function foundersReachListing(s: DraftInviteStoresIn, d: DraftRecord): Promise<string | undefined> {
    if (d.status !== 'submitted' || !d.listing_id) return undefined;
    const slug = await s.invites.listingSlug(d.listing_id, d.owner_id);
    if (!slug) return undefined; // deleted or no longer the owner's: nothing to follow
    await s.listings.replaceFounders(d.listing_id, listingFromDraft(d).founders, (name) => slugify(name) || 'founder');
    return slug;
  }

  return {
    /**
     * Invites an address to a draft of the caller's. Inviting an address with an open invite again
     * sends a fresh link, revokes the old one and uses no new slot. The mail leaves after commit.
     */
    async invite(actor: Actor, draftId: string, email: string) {
      if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'unauthenticated', 'Sign in to invite co-founders.');
      const userId = actor.userId;
      const token = randomToken(32);
      const expiresAt = new Date(now().getTime() + INVITE_LIFETIME_MS);
      const { invite, productName } = await stores.transaction(async (s) => {
        // The draft's row lock serialises invites of one draft, so two at once cannot both take the last slot.
        const d = await s.drafts.get(draftId, { forUpdate: true });
        if (!d || d.owner_id !== userId) throw draftNotFound();
        const open = await s.invites.pendingFor(draftId, email);
        const change = { email, tokenHash: sha256(token), invitedBy: userId, expiresAt };
        if (open) return { invite: await s.invites.renew(open.id, change), productName: nameOf(d) };
        if ((await s.invites.count(draftId)) >= INVITES_PER_DRAFT) {
          throw new DomainError(
            'conflict',
            'invite_limit_reached',
            `A draft takes at most ${INVITES_PER_DRAFT} invites, and this one has them all. Inviting an address already invited (and not yet accepted) sends it a fresh link.`,
          );
        }
        return { invite: await s.invites.create({ ...change, draftId, at: now() }), productName: nameOf(d) };
      });

      const site = await deps.siteName();
      const inviter = (await stores.invites.userName(userId)) ?? 'A founder';
      const product = productName ?? 'their product';
      const link = `${publicUrl}/invites/${token}`;
      await mailer.send({
        to: email,
        subject: `${inviter} invited you to add your founder profile to ${product} on ${site}`,
        text:
          `Hello,\n\n${inviter} is listing ${product} on ${site} and invited you to add yourself as a co-founder.\n\n` +
          `Open this link, sign in (or create an account) and fill in your name, title and a short bio:\n\n${link}\n\n` +
          `The link works once and expires in 14 days. If you do not know ${inviter} or ${product}, ignore this mail.\n`,
        secrets: [token],
      });
      return presentInvite(invite);
    },

    /** The invites of a draft of the caller's, oldest first, each pending or accepted (the draft editor's list). */
    async list(actor: Actor, draftId: string) {
      if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'unauthenticated', 'Sign in to see your invites.');
      const d = await stores.drafts.get(draftId);
      if (!d || d.owner_id !== actor.userId) throw draftNotFound();
      return (await stores.invites.forDraft(draftId)).map(presentInvite);
    },

    /** What the invite page shows. The link's own acceptor still sees it (as the thank-you); anyone else gets the reason it does not work. */
    async open(token: string, userId?: string): Promise<InviteOpening> {
      const invite = await live(token);
      const opening = { productName: invite.product_name, inviterName: invite.inviter_name, email: invite.email, expiresAt: new Date(invite.expires_at) };
      if (invite.accepted_at) {
        if (userId && invite.accepted_by === userId) return { state: 'accepted_by_you', ...opening };
        throw linkFailure('invite_used');
      }
      if (new Date(invite.expires_at) <= now()) throw linkFailure('invite_expired');
      return { state: 'pending', ...opening };
    },

    /**
     * Adds the signed-in person's founder profile to the invite's draft, after the founders there
     * (never as primary), and marks the invite accepted by them. Once submitted, the listing gets it too.
     */
    async accept(actor: Actor, token: string, profile: InviteeProfile) {
      if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'sign_in_required', 'Sign in first.');
      const found = await live(token);
      const slug = await stores.transaction(async (s) => {
        // Lock order as in invite(): the draft first, then its invites.
        const d = await s.drafts.get(found.draft_id, { forUpdate: true });
        const invite = await s.invites.byHash(found.token_hash);
        if (!d || !invite) throw linkFailure('invite_not_found');
        if (invite.accepted_at) throw linkFailure('invite_used');
        if (new Date(invite.expires_at) <= now()) throw linkFailure('invite_expired');
        if (d.status === 'crawling' || d.status === 'drafting') {
          throw new DomainError('conflict', 'draft_busy', 'The product profile is still being drafted from its website. Open the link again in a minute or two.');
        }
        if (d.founders.length === 0) {
          throw new DomainError(
            'conflict',
            'primary_founder_missing',
            `The draft has no primary founder yet, and an invited co-founder never becomes the primary one. Ask ${invite.inviter_name} to add themselves to the draft first; your link keeps working.`,
          );
        }
        if (d.founders.length >= FOUNDERS_PER_DRAFT) {
          throw new DomainError('conflict', 'founder_limit_reached', `The draft already has ${FOUNDERS_PER_DRAFT} founders, the most it takes. Ask ${invite.inviter_name} to make room.`);
        }
        const founder = { name: profile.name, title: profile.title || null, bio: profile.bio || null, evidence: [] };
        // The founders are now people's own words: a re-run of the pipeline keeps them.
        const owned: OwnerSection[] = d.owner_sections.includes('founders') ? d.owner_sections : [...d.owner_sections, 'founders'];
        const next = await s.drafts.update(d.id, { founders: [...d.founders, founder], owner_sections: owned }, now());
        await s.invites.markAccepted(invite.id, actor.userId, now());
        return foundersReachListing(s, next);
      });
      if (slug) deps.forgetListing?.(slug);
      return { productName: found.product_name };
    },
  };
}
export type DraftInvites = ReturnType<typeof createDraftInvites>;

function nameOf(d: DraftRecord): string | null {
  const v = d.fields.name?.value;
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}
