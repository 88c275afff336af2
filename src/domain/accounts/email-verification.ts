import type { EmailTokensStore } from '../../store/email-tokens-store.ts';
import type { UsersStore } from '../../store/users-store.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { DomainError } from '../errors.ts';
import { randomToken, sha256 } from './secrets.ts';

/** A verification link works once, for a day. */
export const VERIFY_LINK_LIFETIME_MS = 24 * 3_600_000;
/** At most one new link a minute per account. */
export const VERIFY_RESEND_INTERVAL_MS = 60_000;

export type VerificationFailure = 'token_unknown' | 'token_used' | 'token_expired';

/**
 * Email address verification by link: the mail carries a random token, the database its SHA-256.
 * Opening the link (signed in or not, on any device) marks the address verified.
 */
export function createEmailVerification(deps: {
  tokens: EmailTokensStore;
  users: UsersStore;
  mailer: Mailer;
  publicUrl: string;
  siteName: () => Promise<string>;
  now: () => Date;
}) {
  const { tokens, users, mailer, publicUrl, now } = deps;
  return {
    /** Mails a new link to the user's address. Refused when one was sent less than a minute ago. */
    async send(userId: string, opts: { throttle?: boolean } = {}) {
      const user = await users.byId(userId);
      if (!user) throw new DomainError('not_found', 'user_not_found', 'No such account.');
      if (user.email_verified_at) return { sent: false as const, reason: 'already_verified' as const };
      if (opts.throttle !== false) {
        const last = await tokens.lastCreatedAt(userId, 'verify_email');
        if (last && now().getTime() - new Date(last).getTime() < VERIFY_RESEND_INTERVAL_MS) {
          throw new DomainError('rate_limited', 'verification_recently_sent', 'A link was sent less than a minute ago; check your inbox, or try again in a minute.');
        }
      }
      const token = randomToken(32);
      await tokens.create({
        userId,
        purpose: 'verify_email',
        tokenHash: sha256(token),
        email: user.email,
        at: now(),
        expiresAt: new Date(now().getTime() + VERIFY_LINK_LIFETIME_MS),
      });
      const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
      const site = await deps.siteName();
      const mail = await mailer.send({
        to: user.email,
        subject: `Confirm your email address for ${site}`,
        text:
          `Hello ${user.name},\n\n` +
          `please confirm that ${user.email} is your address by opening this link:\n\n${link}\n\n` +
          `The link works once and expires in 24 hours. If you did not create an account at ${site}, ignore this mail.\n`,
        secrets: [token, encodeURIComponent(token)],
      });
      return { sent: true as const, mail };
    },

    /** Uses a link's token. Throws a DomainError whose code says why a link does not work. */
    async confirm(token: string): Promise<{ userId: string; email: string }> {
      if (!token || token.length > 200) throw failure('token_unknown');
      const hash = sha256(token);
      const verified = await tokens.consumeVerification(hash, now());
      if (verified) return { userId: verified.id, email: verified.email };
      const row = await tokens.byHash(hash);
      if (!row || row.purpose !== 'verify_email') throw failure('token_unknown');
      if (row.used_at) throw failure('token_used');
      if (new Date(row.expires_at) <= now()) throw failure('token_expired');
      throw failure('token_unknown'); // the account's address changed since the link was sent
    },
  };
}
export type EmailVerification = ReturnType<typeof createEmailVerification>;

const MESSAGES: Record<VerificationFailure, string> = {
  token_unknown: 'This confirmation link is not valid. Check that you copied all of it, or ask for a new one from your account page.',
  token_used: 'This confirmation link was already used. Links work once; if your address is not confirmed yet, ask for a new one from your account page.',
  token_expired: 'This confirmation link has expired (links work for 24 hours). Ask for a new one from your account page.',
};

const failure = (code: VerificationFailure) => new DomainError('invalid', code, MESSAGES[code]);
