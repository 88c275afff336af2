import type { AccountDeletionStore, AccountDeletionTx, DeletionSubject } from '../../store/account-deletion-store.ts';
import type { EmailTokensStore } from '../../store/email-tokens-store.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SignIn } from './sign-in.ts';
import { DomainError, notFound } from '../errors.ts';
import { mustBeAdmin, type AdminId } from '../admin/acting-admin.ts';
import { ACCOUNT_DELETION_GRACE_DAYS, INVOICE_RETENTION_YEARS } from '../privacy/retention.ts';
import { randomToken, sha256 } from './secrets.ts';
import { deletionLinkMail, deletionScheduledMail, erasureMoment } from './deletion-mails.ts';

export const DELETION_GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * 86_400_000;
/** The e-mailed confirmation of an account without a password works once, for an hour: it deletes an account. */
export const DELETION_LINK_LIFETIME_MS = 3_600_000;
/** At most one confirmation link a minute per account. */
export const DELETION_LINK_RESEND_MS = 60_000;
/** Accounts the erasure job takes per read of the due ones (each is erased in a transaction of its own). */
export const ERASURE_BATCH = 20;
/** A name this short is not searched for in other people's mails and the logs (it would match ordinary words). */
const NAME_MIN_LENGTH = 3;

/** The made-up address an erased account keeps: unique, unreadable as anyone's, never deliverable (RFC 2606). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;
export const ERASED_NAME = 'Deleted account';
const REDACTION = '[deleted account]';
const UNLISTED_REASON =
  'Its owner deleted their account. Restoring it puts it back in the directory without an owner; anyone can then claim it by proving control of its website.';

export type DeletionLinkFailure = 'token_unknown' | 'token_used' | 'token_expired';

export type PasswordRequestOutcome =
  | { ok: true; dueAt: Date }
  | { ok: false; reason: 'wrong_password' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

export interface DeletionDeps {
  store: AccountDeletionStore;
  tokens: EmailTokensStore;
  /** The password is checked by the sign-in rule, under its throttle: a guess here counts as a failed sign-in. */
  signIn: Pick<SignIn, 'attempt'>;
  mailer: Mailer;
  publicUrl: string;
  siteName: () => Promise<string>;
  now: () => Date;
  /** Drops this node's cached pages of a listing the erasure changed (its profile, its discussion). */
  forget: (slug: string) => void;
  /** Deletes the account's data exports, their files first (domain/privacy/data-exports.ts): a zip holds everything. */
  discardExports: (userId: string) => Promise<void>;
}

/**
 * "Delete my account" (GDPR art. 17; docs/decisions.md#account-deletion-issue-31). Asking (with the
 * password, or an e-mailed link for an account without one) ends every way into the account at
 * once and schedules its erasure ACCOUNT_DELETION_GRACE_DAYS later; signing in meanwhile cancels
 * it. The erasure job then erases each due account in one transaction. An administrator erases on
 * request, at once or after the same grace, with an entry in the action log.
 */
export function createAccountDeletion(deps: DeletionDeps) {
  const { store, now } = deps;

  /** In the caller's transaction: the access ended and the request recorded (one pending already keeps its date). */
  async function schedule(tx: AccountDeletionTx, user: DeletionSubject, at: Date): Promise<Date> {
    await tx.revokeAccess(user.id, at);
    if (user.deletion_due_at) return new Date(user.deletion_due_at);
    const dueAt = new Date(at.getTime() + DELETION_GRACE_MS);
    await tx.schedule(user.id, at, dueAt);
    return dueAt;
  }

  async function checkLink(token: string): Promise<DeletionLinkFailure | 'live'> {
    if (!token || token.length > 200) return 'token_unknown';
    const row = await deps.tokens.byHash(sha256(token));
    if (!row || row.purpose !== 'delete_account') return 'token_unknown';
    if (row.used_at) return 'token_used';
    if (new Date(row.expires_at) <= now()) return 'token_expired';
    return 'live';
  }

  async function tell(user: DeletionSubject, dueAt: Date, byAdministrator: boolean) {
    await deps.mailer.send(deletionScheduledMail({ to: user.email, name: user.name, siteName: await deps.siteName(), publicUrl: deps.publicUrl, dueAt, byAdministrator }));
  }

  /** Requests the deletion of the signed-in account; the mail goes after the commit. */
  async function requestFor(userId: string): Promise<Date> {
    const at = now();
    const done = await store.transaction(async (tx) => {
      const user = await tx.lock({ id: userId });
      if (!user || user.erased_at) throw notFound('user_not_found', 'This account no longer exists.');
      return { user, dueAt: await schedule(tx, user, at) };
    });
    await tell(done.user, done.dueAt, false);
    return done.dueAt;
  }

  /** Erases one account in its own transaction; undefined when there was nothing to do (erased already, or not due). */
  async function erase(userId: string, p: { dueOnly: boolean; admin?: { id: AdminId; note: string } }) {
    const at = now();
    const due = (u: DeletionSubject | undefined): u is DeletionSubject =>
      u !== undefined && !u.erased_at && (!p.dueOnly || (u.deletion_due_at !== null && new Date(u.deletion_due_at) <= at));
    // Its exports' files live in the media storage, outside any transaction: they go first (a
    // failure after leaves the account due, and the next run erases it).
    if (!due(await store.subject(userId))) return undefined;
    await deps.discardExports(userId);
    const result = await store.transaction(async (tx) => {
      if (p.admin) await mustBeAdmin(tx, p.admin.id);
      const user = await tx.lock({ id: userId });
      if (!due(user)) return undefined;
      const erased = await tx.erase({
        userId,
        at,
        placeholderEmail: erasedEmail(userId),
        placeholderName: ERASED_NAME,
        unlistedReason: UNLISTED_REASON,
        redaction: REDACTION,
        nameMinLength: NAME_MIN_LENGTH,
      });
      if (p.admin) {
        // Written after the erasure: the entry names the account by its id alone, and keeps.
        await tx.record({
          adminId: p.admin.id,
          action: 'user_erased',
          subjectType: 'user',
          subjectId: userId,
          summary: `Erased account #${userId} at its owner's request${p.admin.note ? `: ${p.admin.note}` : ''}`,
          details: { requested_at: user.deletion_requested_at, note: p.admin.note || null },
          at,
        });
      }
      return erased;
    });
    if (result) for (const slug of result.slugs) deps.forget(slug);
    return result;
  }

  return {
    /** The account as a deletion sees it (the administrators' confirmation page). */
    subject: (userId: string) => store.subject(userId),

    /** Whether the account confirms with its password (true) or by an e-mailed link (an account that signs in with GitHub or Google only). */
    async confirmsByPassword(userId: string): Promise<boolean> {
      return (await store.subject(userId))?.has_password === true;
    },

    /** The signed-in person's request, confirmed by their current password. A wrong one changes nothing. */
    async requestWithPassword(userId: string, password: string, ip: string): Promise<PasswordRequestOutcome> {
      const user = await store.subject(userId);
      if (!user || user.erased_at) throw notFound('user_not_found', 'This account no longer exists.');
      if (!user.has_password) throw new DomainError('conflict', 'no_password', 'This account has no password: confirm by the e-mailed link instead.');
      const check = await deps.signIn.attempt({ email: user.email, password, ip });
      if (!check.ok && check.reason === 'locked') return { ok: false, reason: 'locked', retryAfterSeconds: check.retryAfterSeconds };
      if (!check.ok && check.reason === 'invalid') return { ok: false, reason: 'wrong_password' };
      // The right password ('disabled' too: an account disabled since its page was shown may still ask).
      return { ok: true, dueAt: await requestFor(userId) };
    },

    /** Mails the confirmation link to an account without a password. At most one a minute. */
    async sendConfirmationLink(userId: string) {
      const user = await store.subject(userId);
      if (!user || user.erased_at) throw notFound('user_not_found', 'This account no longer exists.');
      if (user.has_password) throw new DomainError('conflict', 'has_password', 'This account has a password: confirm with it instead.');
      const last = await deps.tokens.lastCreatedAt(userId, 'delete_account');
      if (last && now().getTime() - new Date(last).getTime() < DELETION_LINK_RESEND_MS) {
        throw new DomainError('rate_limited', 'deletion_link_recently_sent', 'A link was sent less than a minute ago: check your inbox, or try again in a minute.');
      }
      const token = randomToken(32);
      await deps.tokens.create({
        userId,
        purpose: 'delete_account',
        tokenHash: sha256(token),
        email: user.email,
        at: now(),
        expiresAt: new Date(now().getTime() + DELETION_LINK_LIFETIME_MS),
      });
      const link = `${deps.publicUrl}/account/delete/confirm?token=${encodeURIComponent(token)}`;
      await deps.mailer.send(deletionLinkMail({ to: user.email, name: user.name, siteName: await deps.siteName(), link, token, linkMinutes: DELETION_LINK_LIFETIME_MS / 60_000 }));
    },

    /** Whether a confirmation link still works, without using it (the page that shows the last button). */
    checkLink,

    /** Uses a confirmation link: the deletion is requested. Throws a DomainError whose code says why a link does not work. */
    async confirmByLink(token: string): Promise<{ userId: string; dueAt: Date }> {
      const state = await checkLink(token);
      if (state !== 'live') throw linkFailure(state);
      const userId = await deps.tokens.consumeDeletion(sha256(token), now());
      if (!userId) throw linkFailure('token_unknown');
      return { userId, dueAt: await requestFor(userId) };
    },

    /** A sign-in (password or provider) during the grace cancels the request; true when there was one. */
    async cancelOnSignIn(userId: string): Promise<boolean> {
      return (await store.cancel(userId)) !== undefined;
    },

    /** The erasure job: every account whose grace is over, one transaction each; then kept orders past their retention. */
    async eraseDue() {
      let erased = 0;
      const counts: Record<string, number> = {};
      // An account whose erasure fails (its transaction rolled back whole) is passed over for the
      // rest of this run, so it holds up no one behind it; the run then fails and is retried.
      const failed = new Map<string, unknown>();
      for (;;) {
        const due = (await store.due(now(), ERASURE_BATCH + failed.size)).filter((id) => !failed.has(id));
        for (const id of due) {
          const r = await erase(id, { dueOnly: true }).catch((err: unknown) => void failed.set(id, err));
          if (!r) continue;
          erased++;
          for (const [k, n] of Object.entries(r.counts)) counts[k] = (counts[k] ?? 0) + n;
        }
        if (due.length < ERASURE_BATCH) break;
      }
      if (failed.size) {
        const [id, err] = [...failed][0];
        throw new Error(`${erased} account(s) erased; ${failed.size} could not be, first #${id}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      const cutoff = new Date(now());
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - INVOICE_RETENTION_YEARS);
      const ordersPurged = await store.purgeKeptOrders(cutoff);
      return { erased, counts, ordersPurged };
    },

    /**
     * An administrator's erasure on the person's request (the users page, or the operator's CLI
     * with adminId null): at once, or after the grace like the person's own request (with the same
     * mail), each with its entry in the action log. Nobody erases their own account this way.
     */
    async adminErase(adminId: AdminId, ref: { id: string } | { email: string }, when: 'now' | 'after_grace', rawNote = '') {
      const note = rawNote.trim().slice(0, 500);
      const user = await store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const u = await tx.lock(ref);
        if (!u || u.erased_at) throw notFound('user_not_found', 'id' in ref ? `No account has the id ${ref.id}.` : `No account has the address ${ref.email}.`);
        if (u.id === adminId) throw new DomainError('conflict', 'cannot_erase_self', 'You cannot erase your own account here: use "Delete my account" on your account page.');
        if (when === 'now') return { user: u, dueAt: undefined };
        const at = now();
        const dueAt = await schedule(tx, u, at);
        await tx.record({
          adminId,
          action: 'user_deletion_scheduled',
          subjectType: 'user',
          subjectId: u.id,
          summary: `Scheduled the erasure of account #${u.id} for ${erasureMoment(dueAt)}, at its owner's request${note ? `: ${note}` : ''}`,
          details: { due_at: dueAt.toISOString(), note: note || null },
          at,
        });
        return { user: u, dueAt };
      });
      if (user.dueAt) {
        await tell(user.user, user.dueAt, true);
        return { erased: false as const, userId: user.user.id, dueAt: user.dueAt };
      }
      await erase(user.user.id, { dueOnly: false, admin: { id: adminId, note } });
      return { erased: true as const, userId: user.user.id, dueAt: null };
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;

const LINK_MESSAGES: Record<DeletionLinkFailure, string> = {
  token_unknown: 'This link is not valid: check that you copied all of it, or sign in and ask for a new one on "Delete my account".',
  token_used: 'This link was already used. Links work once.',
  token_expired: 'This link has expired (links work for an hour). Sign in and ask for a new one on "Delete my account"; signing in keeps your account.',
};

/** Why a confirmation link does not work, in words. */
export const deletionLinkMessage = (code: DeletionLinkFailure) => LINK_MESSAGES[code];
const linkFailure = (code: DeletionLinkFailure) => new DomainError('invalid', code, LINK_MESSAGES[code]);
