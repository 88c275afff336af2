import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailPreferencesStore } from '../../store/email-preferences-store.ts';
import type { EmailKind } from '../../store/schema.ts';
import { DomainError } from '../errors.ts';

/** The kinds of mail a person can switch off, with the words the preferences page and the mails use. */
export const EMAIL_KINDS: Record<EmailKind, { label: string; hint: string }> = {
  comments: { label: 'New comments on my listings', hint: 'At most one mail per listing every 15 minutes, listing the new comments.' },
  replies: { label: 'Replies to my comments', hint: 'One mail per reply.' },
  updates: { label: 'Updates from listings I follow', hint: 'When a listing you follow posts an update.' },
  followed_live: { label: 'Listings I follow going live', hint: 'On the Monday of their launch week: one mail naming every listing you follow that went live.' },
  followed_award: { label: 'Listings I follow winning an award', hint: 'When Launch of the Week is decided: one mail naming every listing you follow that won a place.' },
};
export const isEmailKind = (k: string): k is EmailKind => Object.hasOwn(EMAIL_KINDS, k);

/**
 * E-mail preferences and the unsubscribe link every non-transactional mail carries (RFC 8058).
 * The link's token is an HMAC of the person and the kind under an installation key: it works
 * without signing in, never expires, unsubscribes from that kind only, and is stored nowhere.
 */
export function createEmailPreferences(deps: { store: EmailPreferencesStore; key: () => Promise<string>; publicUrl: string; now: () => Date }) {
  const { store } = deps;
  const tokenOf = async (userId: string, kind: EmailKind) => createHmac('sha256', await deps.key()).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

  return {
    /** Every kind with its switch for the person (on unless they turned it off). */
    async of(userId: string) {
      const set = await store.of(userId);
      return (Object.keys(EMAIL_KINDS) as EmailKind[]).map((kind) => ({ kind, ...EMAIL_KINDS[kind], enabled: set.get(kind) ?? true }));
    },
    set: (userId: string, kind: EmailKind, enabled: boolean) => store.set(userId, kind, enabled, deps.now()),
    optedOut: (userIds: string[], kind: EmailKind) => store.optedOut(userIds, kind),

    /** The one-click link for a mail of this kind to this person. */
    async unsubscribeUrl(userId: string, kind: EmailKind) {
      return `${deps.publicUrl}/unsubscribe/${kind}/${userId}/${await tokenOf(userId, kind)}`;
    },

    /** The headers of RFC 8058: a mail client's "unsubscribe" button posts to the link. */
    async headers(userId: string, kind: EmailKind) {
      return { 'List-Unsubscribe': `<${await this.unsubscribeUrl(userId, kind)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    },

    /** Checks a link's token; refuses anything else with one code (no telling which part was wrong). */
    async check(kind: string, userId: string, token: string): Promise<{ userId: string; kind: EmailKind }> {
      const bad = new DomainError('not_found', 'unsubscribe_link_invalid', 'This unsubscribe link is not valid. Your account page has every e-mail switch.');
      if (!isEmailKind(kind) || !/^[1-9][0-9]{0,17}$/.test(userId) || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw bad;
      if (!timingSafeEqual(Buffer.from(await tokenOf(userId, kind)), Buffer.from(token)) || !(await store.exists(userId))) throw bad;
      return { userId, kind };
    },

    /** One click: the kind is off for the person, whatever it was. */
    async unsubscribe(kind: string, userId: string, token: string) {
      const ok = await this.check(kind, userId, token);
      await store.set(ok.userId, ok.kind, false, deps.now());
      return { kind: ok.kind, label: EMAIL_KINDS[ok.kind].label };
    },
  };
}
export type EmailPreferences = ReturnType<typeof createEmailPreferences>;
