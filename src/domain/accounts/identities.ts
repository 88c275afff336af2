import type { IdentitiesStore } from '../../store/identities-store.ts';
import type { SignInProvider } from '../../store/schema.ts';
import { DomainError } from '../errors.ts';

/** What a provider told us about the person at the end of a sign-in (nothing else is asked of it later). */
export interface ProviderProfile {
  provider: SignInProvider;
  /** The provider's stable id of the person: GitHub's numeric user id, Google's `sub`. */
  subject: string;
  email: string | null;
  /** The provider vouches that the person controls `email`. */
  emailVerified: boolean;
  name: string | null;
  /** When the provider says the identity was made (GitHub's created_at); null when it does not say. */
  createdAt: Date | null;
}

export const PROVIDER_LABELS: Record<SignInProvider, string> = { github: 'GitHub', google: 'Google' };

export type SignInOutcome =
  | { ok: true; userId: string; via: 'known' | 'linked' | 'created' }
  | {
      ok: false;
      /**
       * provider_email_unverified: the provider did not vouch for an address (or gave none);
       * account_email_unverified: an account here has the address but never confirmed it;
       * account_has_other: that account is linked to another identity at this provider;
       * disabled: the account is disabled by the administrators.
       */
      reason: 'provider_email_unverified' | 'account_email_unverified' | 'account_has_other' | 'disabled';
      email?: string;
    };

export type LinkOutcome =
  | { ok: true; already: boolean }
  | { ok: false; reason: 'provider_email_unverified' | 'identity_taken' | 'account_has_other' };

export type UnlinkOutcome = { ok: true } | { ok: false; reason: 'not_linked' | 'last_method' };

const EMAIL_MAX = 254;
const NAME_MAX = 100;

/**
 * Sign-in identities at GitHub and Google, and the rule that links them to accounts
 * (docs/decisions.md#social-sign-in): an identity seen before signs its account in; a new one
 * joins an existing account only when the provider vouches for the address and the account here
 * confirmed the same address, so neither side's word alone hands over an account; with no account
 * of that address, a new one is made, its address confirmed by the provider.
 */
export function createIdentities(deps: { store: IdentitiesStore; now: () => Date }) {
  const { store, now } = deps;
  const usableEmail = (p: ProviderProfile) => (p.email && p.emailVerified && p.email.length <= EMAIL_MAX ? p.email.trim() : undefined);
  const facts = (p: ProviderProfile) => ({ provider: p.provider, subject: p.subject, email: p.email?.slice(0, EMAIL_MAX) ?? null, emailVerified: p.emailVerified, providerCreatedAt: p.createdAt });

  return {
    /** The end of "Sign in with …" by someone not signed in: which account, or why none. */
    async signIn(p: ProviderProfile): Promise<SignInOutcome> {
      const at = now();
      const known = await store.bySubject(p.provider, p.subject);
      if (known) {
        if (known.disabled_at) return { ok: false, reason: 'disabled' };
        await store.touch(known.id, facts(p), at);
        return { ok: true, userId: known.user_id, via: 'known' };
      }
      const email = usableEmail(p);
      if (!email) return { ok: false, reason: 'provider_email_unverified' };
      return store.transaction(async (tx): Promise<SignInOutcome> => {
        const local = await tx.lockUserByEmail(email);
        if (local) {
          if (!local.email_verified_at) return { ok: false, reason: 'account_email_unverified', email };
          if (local.disabled_at) return { ok: false, reason: 'disabled' };
          if (await tx.insert(local.id, facts(p), at)) return { ok: true, userId: local.id, via: 'linked' };
          // The same identity linked a moment ago by a parallel sign-in, or another one of this provider.
          const again = await tx.bySubject(p.provider, p.subject);
          return again?.user_id === local.id ? { ok: true, userId: local.id, via: 'known' } : { ok: false, reason: 'account_has_other', email };
        }
        const name = p.name?.trim().slice(0, NAME_MAX) || email.split('@')[0].slice(0, NAME_MAX);
        const userId = await tx.createUser({ email, name, at });
        // Made by a parallel sign-up between the look and the insert: the transaction is undone.
        if (!userId || !(await tx.insert(userId, facts(p), at))) throw new DomainError('conflict', 'sign_in_raced', 'Another sign-in with this address happened at the same moment. Try again.');
        return { ok: true, userId, via: 'created' };
      });
    },

    /** Links an identity to the signed-in account (from its Sign-in methods page). */
    async link(userId: string, p: ProviderProfile): Promise<LinkOutcome> {
      if (!usableEmail(p)) return { ok: false, reason: 'provider_email_unverified' };
      const at = now();
      return store.transaction(async (tx): Promise<LinkOutcome> => {
        if (!(await tx.lockUser(userId))) throw new DomainError('not_found', 'user_not_found', 'No such account.');
        const known = await tx.bySubject(p.provider, p.subject);
        if (known) {
          if (known.user_id !== userId) return { ok: false, reason: 'identity_taken' };
          await tx.touch(known.id, facts(p), at);
          return { ok: true, already: true };
        }
        if (!(await tx.insert(userId, facts(p), at))) return { ok: false, reason: 'account_has_other' };
        return { ok: true, already: false };
      });
    },

    /** Unlinks a provider while another way to sign in remains (a password, or another identity). */
    async unlink(userId: string, provider: SignInProvider): Promise<UnlinkOutcome> {
      return store.transaction(async (tx): Promise<UnlinkOutcome> => {
        const user = await tx.lockUser(userId);
        if (!user) throw new DomainError('not_found', 'user_not_found', 'No such account.');
        const identities = await tx.listForUser(userId);
        if (!identities.some((i) => i.provider === provider)) return { ok: false, reason: 'not_linked' };
        const left = identities.length - 1 + (user.has_password ? 1 : 0);
        if (left === 0) return { ok: false, reason: 'last_method' };
        await tx.remove(userId, provider);
        return { ok: true };
      });
    },

    /** The ways an account can sign in: its password (if it has one) and its identities. */
    async methods(userId: string) {
      const [hasPassword, identities] = await Promise.all([store.hasPassword(userId), store.listForUser(userId)]);
      return { hasPassword, identities };
    },
  };
}
export type Identities = ReturnType<typeof createIdentities>;
