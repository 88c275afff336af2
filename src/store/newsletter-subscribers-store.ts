import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, NewsletterStatus } from './schema.ts';

export interface SubscriberRow {
  id: string;
  email: string;
  status: NewsletterStatus;
  user_id: string | null;
  token_sent_at: Date | null;
  token_expires_at: Date | null;
  token_used_at: Date | null;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}
export interface Consent {
  at: Date;
  page: string;
  text: string;
}
export interface NewLink {
  tokenHash: string;
  sentAt: Date;
  expiresAt: Date;
}

const COLUMNS = sql`id, email, status, user_id, token_sent_at, token_expires_at, token_used_at, confirmed_at, unsubscribed_at`;

/** One address's row under its lock, and the writes the subscription rules choose between. */
function addressTx(trx: Transaction<DB>, email: string, row: SubscriberRow | undefined) {
  return {
    row,
    /** A new pending subscription with its first link. */
    async createPending(p: { userId: string | null; consent: Consent; link: NewLink }) {
      const r = await sql<{ id: string }>`insert into newsletter_subscribers
        (email, status, user_id, consented_at, consent_page, consent_text, token_hash, token_sent_at, token_expires_at)
        values (${email}, 'pending', ${p.userId}, ${p.consent.at}, ${p.consent.page}, ${p.consent.text}, ${p.link.tokenHash}, ${p.link.sentAt}, ${p.link.expiresAt})
        returning id`.execute(trx);
      return r.rows[0].id;
    },
    /** Pending again with a fresh link (the previous link stops working) and the consent given for it. */
    async renewLink(p: { id: string; userId: string | null; consent: Consent; link: NewLink }) {
      await sql`update newsletter_subscribers set status = 'pending', user_id = coalesce(${p.userId}, user_id),
        consented_at = ${p.consent.at}, consent_page = ${p.consent.page}, consent_text = ${p.consent.text},
        token_hash = ${p.link.tokenHash}, token_sent_at = ${p.link.sentAt}, token_expires_at = ${p.link.expiresAt}, token_used_at = null
        where id = ${p.id}`.execute(trx);
    },
    /** Confirmed at once (a signed-in person whose address is verified), any pending link spent. */
    async confirmNow(p: { userId: string; consent: Consent }) {
      await sql`insert into newsletter_subscribers (email, status, user_id, consented_at, consent_page, consent_text, confirmed_at)
        values (${email}, 'confirmed', ${p.userId}, ${p.consent.at}, ${p.consent.page}, ${p.consent.text}, ${p.consent.at})
        on conflict (email) do update set status = 'confirmed', user_id = excluded.user_id, consented_at = excluded.consented_at,
          consent_page = excluded.consent_page, consent_text = excluded.consent_text, confirmed_at = excluded.confirmed_at,
          token_used_at = case when newsletter_subscribers.token_hash is null then null else coalesce(newsletter_subscribers.token_used_at, excluded.confirmed_at) end`.execute(trx);
    },
  };
}
export type AddressTx = ReturnType<typeof addressTx>;

/** The newsletter's subscribers and the throttles' attempt log. */
export function newsletterSubscribersStore(db: Kysely<DB>) {
  return {
    /**
     * Runs `fn` with the address's row in one transaction, under a lock on the address (held even
     * when there is no row yet): two requests for one address decide one after the other.
     */
    atAddress<T>(email: string, fn: (tx: AddressTx) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`newsletter:${email}`}, 0))`.execute(trx);
        const row = (await sql<SubscriberRow>`select ${COLUMNS} from newsletter_subscribers where email = ${email} for update`.execute(trx)).rows[0];
        return fn(addressTx(trx, email, row));
      });
    },

    async byEmail(email: string): Promise<SubscriberRow | undefined> {
      return (await sql<SubscriberRow>`select ${COLUMNS} from newsletter_subscribers where email = ${email}`.execute(db)).rows[0];
    },
    async byId(id: string): Promise<SubscriberRow | undefined> {
      return (await sql<SubscriberRow>`select ${COLUMNS} from newsletter_subscribers where id = ${id}`.execute(db)).rows[0];
    },
    async byTokenHash(tokenHash: string): Promise<SubscriberRow | undefined> {
      return (await sql<SubscriberRow>`select ${COLUMNS} from newsletter_subscribers where token_hash = ${tokenHash}`.execute(db)).rows[0];
    },

    /** Uses a live link in one statement (two clicks racing confirm once); undefined when it is not live. */
    async confirmByToken(tokenHash: string, at: Date): Promise<SubscriberRow | undefined> {
      const r = await sql<SubscriberRow>`update newsletter_subscribers set status = 'confirmed', confirmed_at = ${at}, token_used_at = ${at}
        where token_hash = ${tokenHash} and status = 'pending' and token_used_at is null and token_expires_at > ${at}
        returning ${COLUMNS}`.execute(db);
      return r.rows[0];
    },

    /** Unsubscribed from now, whatever the status was (a second unsubscribe keeps the first time). */
    async unsubscribe(id: string, at: Date) {
      await sql`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = ${at}
        where id = ${id} and status <> 'unsubscribed'`.execute(db);
    },

    /** How many attempts an address and a network made since `since`, and the oldest of each (for Retry-After). */
    async attempts(p: { addressHash: string; networkHash: string | null; since: Date }) {
      const r = await sql<{ address: number; address_oldest: Date | null; network: number; network_oldest: Date | null }>`select
        (select count(*)::int from newsletter_attempts where address_hash = ${p.addressHash} and at > ${p.since}) as address,
        (select min(at) from newsletter_attempts where address_hash = ${p.addressHash} and at > ${p.since}) as address_oldest,
        (select count(*)::int from newsletter_attempts where network_hash = ${p.networkHash} and at > ${p.since}) as network,
        (select min(at) from newsletter_attempts where network_hash = ${p.networkHash} and at > ${p.since}) as network_oldest`.execute(db);
      return r.rows[0];
    },

    /** Notes an attempt, and deletes those older than the window: the log never holds more than an hour. */
    async noteAttempt(p: { addressHash: string; networkHash: string | null; at: Date; forgetBefore: Date }) {
      await sql`insert into newsletter_attempts (address_hash, network_hash, at) values (${p.addressHash}, ${p.networkHash}, ${p.at})`.execute(db);
      await sql`delete from newsletter_attempts where at < ${p.forgetBefore}`.execute(db);
    },
  };
}
export type NewsletterSubscribersStore = ReturnType<typeof newsletterSubscribersStore>;
