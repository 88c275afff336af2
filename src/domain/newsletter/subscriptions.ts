import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Mailer, MailLog } from '../../mail/mailer.ts';
import type { NewsletterSubscribersStore, SubscriberRow } from '../../store/newsletter-subscribers-store.ts';
import { randomToken, sha256 } from '../accounts/secrets.ts';
import { networkOf } from '../community/vote-provenance.ts';
import type { InstallationSecrets } from '../community/vote-trust.ts';
import { DomainError } from '../errors.ts';
import { NEWSLETTER_ATTEMPTS_KEPT_HOURS } from '../privacy/retention.ts';
import { readAddress } from './address.ts';
import { confirmationMail } from './confirmation-mail.ts';

/** The subscription rules, as numbers docs/decisions.md#newsletter states. */
export const NEWSLETTER_RULES = {
  /** A confirmation link works this long. */
  linkHours: 48,
  /** A pending address gets a fresh link at most this often (the per-address budget bounds the rest). */
  resendMinutes: 10,
  /** Requests per address and per network (/24, /48) within an hour; beyond: 429. */
  addressPerHour: 3,
  networkPerHour: 20,
} as const;

const HOUR = 3_600_000;

/** What the person agreed to: the page the form was on and the exact words it showed. */
export interface ConsentShown {
  page: string;
  text: string;
}

export type LinkFailure = 'newsletter_link_unknown' | 'newsletter_link_used' | 'newsletter_link_expired' | 'newsletter_link_void';
const LINK_MESSAGES: Record<LinkFailure, string> = {
  newsletter_link_unknown: 'This confirmation link is not valid. Check that you copied all of it; if you asked for a new link since, use the newest mail.',
  newsletter_link_used: 'This confirmation link was already used: links work once. To subscribe again, use the form for a new one.',
  newsletter_link_expired: `This confirmation link has expired (links work for ${NEWSLETTER_RULES.linkHours} hours). Subscribe again to get a new one.`,
  newsletter_link_void: 'This confirmation link no longer works: the subscription was cancelled after it was sent. Subscribe again to get a new one.',
};
const linkFailure = (code: LinkFailure) => new DomainError('invalid', code, LINK_MESSAGES[code]);

export const UNSUBSCRIBE_INVALID = 'newsletter_unsubscribe_invalid';
const badUnsubscribe = () => new DomainError('not_found', UNSUBSCRIBE_INVALID, 'This unsubscribe link is not valid. Nothing was changed.');

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const ID = /^[1-9][0-9]{0,17}$/;

/**
 * Subscriptions to the weekly newsletter with double opt-in. The answer to "subscribe" is the same
 * whether the address is new, pending, confirmed or unsubscribed, and it does not wait for the
 * mail (a confirmed address, which gets none, would answer faster). The confirmation link's token
 * is stored as its SHA-256; the unsubscribe link's is an HMAC of the subscriber under the
 * installation's unsubscribe key (like email-preferences.ts's), stored nowhere and never expiring.
 */
export function createNewsletterSubscriptions(deps: {
  store: NewsletterSubscribersStore;
  mailer: Mailer;
  secrets: InstallationSecrets;
  publicUrl: string;
  siteName: () => Promise<string>;
  now: () => Date;
  log?: MailLog;
}) {
  const { store, now } = deps;
  const log: MailLog = deps.log ?? (() => {});
  const memo = (name: string) => {
    let value: Promise<string> | undefined;
    return () =>
      (value ??= deps.secrets.getOrCreate(name, () => randomToken(32)).catch((err: unknown) => {
        value = undefined;
        throw err;
      }));
  };
  const throttleKey = memo('newsletter_throttle_key');
  const unsubscribeKey = memo('unsubscribe_token_key');
  const hashOf = (key: string, kind: 'address' | 'network', value: string) => createHmac('sha256', key).update(`newsletter-${kind}:${value}`).digest('hex').slice(0, 32);
  const unsubscribeToken = async (id: string) => createHmac('sha256', await unsubscribeKey()).update(`newsletter:${id}`).digest('base64url');

  const sending = new Set<Promise<void>>();
  function sendLink(to: string, token: string) {
    const job: Promise<void> = (async () => {
      const siteName = await deps.siteName();
      await deps.mailer.send(confirmationMail({ to, token, publicUrl: deps.publicUrl, siteName, linkHours: NEWSLETTER_RULES.linkHours }));
    })()
      .catch((err: unknown) => log('warn', { error: err instanceof Error ? err.message : String(err) }, 'newsletter confirmation mail not sent'))
      .finally(() => sending.delete(job));
    sending.add(job);
  }

  /** Counts this request against the address's and the network's hourly budgets, or refuses it (429). */
  async function spend(email: string, ip: string | null, at: Date) {
    const key = await throttleKey();
    const addressHash = hashOf(key, 'address', email);
    const network = networkOf(ip);
    const networkHash = network ? hashOf(key, 'network', network) : null;
    const since = new Date(at.getTime() - HOUR);
    const seen = await store.attempts({ addressHash, networkHash, since });
    if (networkHash && seen.network >= NEWSLETTER_RULES.networkPerHour) throw tooMany(seen.network_oldest, at, `at most ${NEWSLETTER_RULES.networkPerHour} subscription requests an hour from one network`);
    if (seen.address >= NEWSLETTER_RULES.addressPerHour) throw tooMany(seen.address_oldest, at, `at most ${NEWSLETTER_RULES.addressPerHour} requests an hour for one address`);
    // Kept no longer than the throttles look back (never less: they would count too few).
    await store.noteAttempt({ addressHash, networkHash, at, forgetBefore: new Date(at.getTime() - Math.max(1, NEWSLETTER_ATTEMPTS_KEPT_HOURS) * HOUR) });
  }

  /** The row a confirmation link names, or why the link does not work. */
  async function liveLink(token: string): Promise<SubscriberRow> {
    const row = TOKEN.test(token) ? await store.byTokenHash(sha256(token)) : undefined;
    if (!row) throw linkFailure('newsletter_link_unknown');
    if (row.token_used_at) throw linkFailure('newsletter_link_used');
    if (row.status !== 'pending') throw linkFailure('newsletter_link_void');
    if (!row.token_expires_at || new Date(row.token_expires_at) <= now()) throw linkFailure('newsletter_link_expired');
    return row;
  }

  const api = {
    /**
     * The public form (and an account whose address is not verified): throttles, then under the
     * address's lock: confirmed → nothing; pending with a link sent within resendMinutes → nothing;
     * otherwise a fresh link (new, pending again, or pending again after unsubscribing or bouncing).
     * The caller answers the same.
     */
    async subscribe(p: { email: string; consent: ConsentShown; ip: string | null; honeypot?: string; userId?: string | null }): Promise<void> {
      // A field only a script fills (the form hides it from people and screen readers).
      if (p.honeypot) throw new DomainError('invalid', 'newsletter_refused', 'This request was refused as automated: a field meant to stay empty was filled in. If you are a person, clear it and try again.');
      const email = readAddress(p.email);
      const consent = readConsent(p.consent);
      const at = now();
      await spend(email, p.ip, at);
      const token = await store.atAddress(email, async (tx) => {
        const row = tx.row;
        if (row?.status === 'confirmed') return undefined;
        if (row?.status === 'pending' && row.token_sent_at && at.getTime() - new Date(row.token_sent_at).getTime() < NEWSLETTER_RULES.resendMinutes * 60_000) return undefined;
        const fresh = randomToken(32);
        const link = { tokenHash: sha256(fresh), sentAt: at, expiresAt: new Date(at.getTime() + NEWSLETTER_RULES.linkHours * HOUR) };
        const given = { at, ...consent };
        if (row) await tx.renewLink({ id: row.id, userId: p.userId ?? null, consent: given, link });
        else await tx.createPending({ userId: p.userId ?? null, consent: given, link });
        return fresh;
      });
      if (token) sendLink(email, token);
    },

    /**
     * The switch on /account/email. A verified account's address is confirmed at once: the person
     * proved they read that inbox and is signed in, which is what the confirmation mail would
     * prove. An unverified one goes through the public path (a confirmation mail, the throttles).
     */
    async subscribeAccount(p: { userId: string; email: string; verified: boolean; consent: ConsentShown; ip: string | null }): Promise<{ confirmed: boolean }> {
      if (!p.verified) {
        await api.subscribe({ email: p.email, consent: p.consent, ip: p.ip, userId: p.userId });
        return { confirmed: false };
      }
      const email = readAddress(p.email);
      const consent = readConsent(p.consent);
      await store.atAddress(email, async (tx) => {
        if (tx.row?.status !== 'confirmed') await tx.confirmNow({ userId: p.userId, consent: { at: now(), ...consent } });
      });
      return { confirmed: true };
    },

    /** The switch's state for an address: on, waiting for its link to be opened, or off. */
    async stateOf(email: string): Promise<'confirmed' | 'pending' | 'off'> {
      const row = await store.byEmail(email.trim().toLowerCase());
      if (row?.status === 'confirmed') return 'confirmed';
      if (row?.status === 'pending' && row.token_expires_at && new Date(row.token_expires_at) > now()) return 'pending';
      return 'off';
    },

    /** The switch turned off: unsubscribed (a pending link stops working too). */
    async unsubscribeAddress(email: string) {
      const row = await store.byEmail(email.trim().toLowerCase());
      if (row && row.status !== 'unsubscribed') await store.unsubscribe(row.id, now());
    },

    /** For the confirmation page's GET: the address a live link would confirm (nothing changes). */
    async checkLink(token: string) {
      const row = await liveLink(token);
      return { email: row.email };
    },

    /** The confirmation page's POST: the link is used and the address confirmed. */
    async confirm(token: string) {
      const done = TOKEN.test(token) ? await store.confirmByToken(sha256(token), now()) : undefined;
      if (done) return { id: done.id, email: done.email };
      await liveLink(token);
      throw linkFailure('newsletter_link_unknown');
    },

    /** The one-click link a newsletter mail carries for its subscriber. */
    async unsubscribeUrl(subscriberId: string) {
      return `${deps.publicUrl}/newsletter/unsubscribe/${subscriberId}/${await unsubscribeToken(subscriberId)}`;
    },

    /** RFC 8058's headers: a mail client's "unsubscribe" button posts to the link. */
    async headers(subscriberId: string) {
      return { 'List-Unsubscribe': `<${await api.unsubscribeUrl(subscriberId)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    },

    /** Checks an unsubscribe link; one refusal for every way it can be wrong (another subscriber's token included). */
    async checkUnsubscribe(subscriberId: string, token: string) {
      if (!ID.test(subscriberId) || !TOKEN.test(token)) throw badUnsubscribe();
      if (!timingSafeEqual(Buffer.from(await unsubscribeToken(subscriberId)), Buffer.from(token))) throw badUnsubscribe();
      const row = await store.byId(subscriberId);
      if (!row) throw badUnsubscribe();
      return { id: row.id, email: row.email, unsubscribed: row.status === 'unsubscribed' };
    },

    /** One click: unsubscribed at once, whatever the status was. */
    async unsubscribe(subscriberId: string, token: string) {
      const row = await api.checkUnsubscribe(subscriberId, token);
      await store.unsubscribe(row.id, now());
      return { email: row.email };
    },

    /** Resolves when every confirmation mail handed off so far has been sent (tests, shutdown). */
    async idle() {
      while (sending.size) await Promise.all([...sending]);
    },
  };
  return api;
}
export type NewsletterSubscriptions = ReturnType<typeof createNewsletterSubscriptions>;

function readConsent(c: ConsentShown): ConsentShown {
  const page = c.page;
  const ok = page.startsWith('/') && page.length <= 200 && !page.includes('\r') && !page.includes('\n') && c.text.length > 0 && c.text.length <= 2000;
  if (!ok) throw new DomainError('invalid', 'newsletter_consent_invalid', 'The consent of this form cannot be recorded. Reload the page and try again.');
  return { page, text: c.text };
}

function tooMany(oldest: Date | null, at: Date, rule: string) {
  const retry = oldest ? Math.max(1, Math.ceil((new Date(oldest).getTime() + HOUR - at.getTime()) / 1000)) : HOUR / 1000;
  const e = new DomainError('rate_limited', 'newsletter_rate_limited', `Too many requests: ${rule}. Try again in ${retry >= 120 ? `${Math.ceil(retry / 60)} minutes` : `${retry} seconds`}.`);
  e.retryAfterSeconds = retry;
  return e;
}
