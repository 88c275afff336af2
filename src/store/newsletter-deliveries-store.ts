import { sql, type Kysely } from 'kysely';
import type { DB, NewsletterStatus } from './schema.ts';

export interface EditionToSend {
  id: string;
  status: 'draft' | 'sending' | 'sent';
  subject: string;
  html: string;
  text: string;
}

/** A delivery a run claimed, with what its subscriber is now (an address may have stopped being mailed since queueing). */
export interface ClaimedDelivery {
  subscriber_id: string;
  attempts: number;
  email: string;
  subscriber_status: NewsletterStatus;
  bounces: number;
}

export interface SendingProgress {
  sent: number;
  failed: number;
  remaining: number;
  total: number;
}

/** Which row a run may write: its own claim (claimed_by), in one of these states. */
interface Held {
  editionId: string;
  subscriberId: string;
  node: string;
}

/**
 * The newsletter's deliveries (migrations/0032): queueing an edition, the sender's claims with a
 * lease, and each delivery's outcome written as it happens, one row at a time. Every write after
 * the claim names the run that holds the row, so a run whose lease ran out and was claimed by
 * another can no longer mark anything: the other run's claim decides.
 */
export function newsletterDeliveriesStore(db: Kysely<DB>) {
  return {
    async edition(id: string): Promise<EditionToSend | undefined> {
      return (await sql<EditionToSend>`select id, status, subject, html, text from newsletter_editions where id = ${id}`.execute(db)).rows[0];
    },

    /**
     * draft → sending, and one queued delivery per confirmed subscriber, in one transaction: a
     * second start (or two at once: the row lock orders them) finds the edition no longer a draft
     * and queues nothing. One insert … select over the confirmed subscribers' index: measured at
     * 100,000 rows in docs/performance.md#newsletter, fast enough not to need chunks.
     */
    queue(editionId: string, at: Date): Promise<{ status: EditionToSend['status'] | undefined; moved: boolean; queued: number }> {
      return db.transaction().execute(async (trx) => {
        const moved = await sql<{ id: string }>`update newsletter_editions set status = 'sending', sending_at = ${at}
          where id = ${editionId} and status = 'draft' returning id`.execute(trx);
        if (!moved.rows.length) {
          const row = (await sql<{ status: EditionToSend['status'] }>`select status from newsletter_editions where id = ${editionId}`.execute(trx)).rows[0];
          return { status: row?.status, moved: false, queued: 0 };
        }
        const inserted = await sql`insert into newsletter_deliveries (edition_id, subscriber_id, next_attempt_at)
          select ${editionId}, id, ${at} from newsletter_subscribers where status = 'confirmed' order by id
          on conflict do nothing`.execute(trx);
        return { status: 'sending' as const, moved: true, queued: Number(inserted.numAffectedRows ?? 0n) };
      });
    },

    async progress(editionId: string): Promise<SendingProgress> {
      const r = await sql<SendingProgress>`select
          count(*) filter (where status = 'sent')::int as sent,
          count(*) filter (where status = 'failed')::int as failed,
          count(*) filter (where status in ('queued', 'sending'))::int as remaining,
          count(*)::int as total
        from newsletter_deliveries where edition_id = ${editionId}`.execute(db);
      return r.rows[0];
    },

    /**
     * Claims up to `limit` due deliveries (queued and due, or sending with a lapsed lease), earliest
     * first, skipping rows another run holds locked: status sending, an attempt counted, the lease
     * until `leaseUntil` (kept in next_attempt_at, so one index serves both kinds of due rows).
     */
    async claim(p: { editionId: string; node: string; limit: number; at: Date; leaseUntil: Date }): Promise<ClaimedDelivery[]> {
      const r = await sql<ClaimedDelivery>`with due as (
          select edition_id, subscriber_id from newsletter_deliveries
          where edition_id = ${p.editionId} and status in ('queued', 'sending') and next_attempt_at <= ${p.at}
          order by next_attempt_at
          limit ${p.limit}
          for update skip locked
        ), claimed as (
          update newsletter_deliveries d set status = 'sending', attempts = least(d.attempts + 1, 32767),
            claimed_at = ${p.at}, claimed_by = ${p.node}, next_attempt_at = ${p.leaseUntil}
          from due where d.edition_id = due.edition_id and d.subscriber_id = due.subscriber_id
          returning d.subscriber_id, d.attempts
        )
        select c.subscriber_id, c.attempts::int as attempts, s.email, s.status as subscriber_status, s.bounces::int as bounces
        from claimed c join newsletter_subscribers s on s.id = c.subscriber_id`.execute(db);
      return r.rows;
    },

    /** The unfinished rows and when the first of them is due (a queued retry, or a lease running out). */
    async unfinished(editionId: string): Promise<{ remaining: number; next_at: Date | null }> {
      const r = await sql<{ remaining: number; next_at: Date | null }>`select count(*)::int as remaining, min(next_attempt_at) as next_at
        from newsletter_deliveries where edition_id = ${editionId} and status in ('queued', 'sending')`.execute(db);
      return r.rows[0];
    },

    /**
     * The point of no return: the copy is recorded sent and its end written (`end`: SMTP's final
     * "."), together. On a connection of its own: the row is updated in a transaction, and only if
     * this run still holds the claim; then COMMIT is written to the database and, in the same turn
     * of the event loop, the end to the SMTP server, before either answers. A process killed
     * before both writes leaves neither (the open transaction rolls back when its connection
     * drops; the server discards a message without its end), after both, both (the database runs
     * a COMMIT it has received), and only the microseconds between the two writes, CPU time
     * with no I/O, split them. False, and no end: the claim is another run's (its lease lapsed),
     * and that run sends the copy.
     */
    handOver(h: Held & { at: Date; messageId: string }, end: () => void): Promise<boolean> {
      return db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        let committing: Promise<unknown> | undefined;
        try {
          const r = await sql`update newsletter_deliveries set status = 'sent', sent_at = ${h.at}, message_id = ${h.messageId}, last_error = null
            where edition_id = ${h.editionId} and subscriber_id = ${h.subscriberId} and status = 'sending' and claimed_by = ${h.node}`.execute(conn);
          if (Number(r.numAffectedRows ?? 0n) !== 1) {
            await sql`rollback`.execute(conn);
            return false;
          }
          // The driver writes COMMIT within this turn's microtasks; the end's write follows on the
          // next tick (a stream's end is emitted on process.nextTick), still before any I/O.
          committing = sql`commit`.execute(conn);
          end();
          await committing;
          return true;
        } catch (err) {
          if (!committing) await sql`rollback`.execute(conn).catch(() => {});
          throw err;
        }
      });
    },

    /** A temporary failure: queued again for `retryAt`, whether or not the message had been handed over (the server refused it after its end). */
    async retry(h: Held & { retryAt: Date; error: string }) {
      await sql`update newsletter_deliveries set status = 'queued', next_attempt_at = ${h.retryAt}, sent_at = null, last_error = ${bounded(h.error)}
        where edition_id = ${h.editionId} and subscriber_id = ${h.subscriberId} and status in ('sending', 'sent') and claimed_by = ${h.node}`.execute(db);
    },

    /**
     * Failed for good. `bounce`: a permanent refusal (5xx), counted against the address in the same
     * statement; at `bouncesToStop` in a row a confirmed address becomes bouncing and is mailed no more.
     */
    async fail(h: Held & { error: string; bounce: boolean; bouncesToStop: number }) {
      if (!h.bounce) {
        await sql`update newsletter_deliveries set status = 'failed', sent_at = null, last_error = ${bounded(h.error)}
          where edition_id = ${h.editionId} and subscriber_id = ${h.subscriberId} and status in ('sending', 'sent') and claimed_by = ${h.node}`.execute(db);
        return;
      }
      await sql`with failed as (
          update newsletter_deliveries set status = 'failed', sent_at = null, last_error = ${bounded(h.error)}
          where edition_id = ${h.editionId} and subscriber_id = ${h.subscriberId} and status in ('sending', 'sent') and claimed_by = ${h.node}
          returning subscriber_id
        )
        update newsletter_subscribers s set bounces = least(s.bounces + 1, 32767),
          status = case when s.status = 'confirmed' and s.bounces + 1 >= ${h.bouncesToStop} then 'bouncing' else s.status end
        from failed where s.id = failed.subscriber_id`.execute(db);
    },

    /** Claimed rows of subscribers no longer mailed (unsubscribed, bouncing…): failed with the reason, nothing sent. */
    async skip(p: { editionId: string; node: string; skipped: { subscriberId: string; reason: string }[] }) {
      if (!p.skipped.length) return;
      await sql`update newsletter_deliveries d set status = 'failed', last_error = s.reason
        from (select unnest(${p.skipped.map((x) => x.subscriberId)}::bigint[]) as subscriber_id, unnest(${p.skipped.map((x) => bounded(x.reason))}::text[]) as reason) s
        where d.edition_id = ${p.editionId} and d.subscriber_id = s.subscriber_id and d.status = 'sending' and d.claimed_by = ${p.node}`.execute(db);
    },

    /** Handed over, but the server's answer never came (the connection broke after the message's end): kept as sent, with why it is uncertain. */
    async noteUnconfirmed(h: Held & { error: string }) {
      await sql`update newsletter_deliveries set last_error = ${bounded(h.error)}
        where edition_id = ${h.editionId} and subscriber_id = ${h.subscriberId} and status = 'sent' and claimed_by = ${h.node}`.execute(db);
    },

    /** An accepted delivery ends a run of permanent refusals: they count in a row. */
    async clearBounces(subscriberId: string) {
      await sql`update newsletter_subscribers set bounces = 0 where id = ${subscriberId} and bounces > 0`.execute(db);
    },

    /** sending → sent once nothing is left to send; true for the call that made the change. */
    async finish(editionId: string, at: Date): Promise<boolean> {
      const r = await sql`update newsletter_editions set status = 'sent', sent_at = ${at}
        where id = ${editionId} and status = 'sending'
          and not exists (select 1 from newsletter_deliveries where edition_id = ${editionId} and status in ('queued', 'sending'))`.execute(db);
      return Number(r.numAffectedRows ?? 0n) === 1;
    },
  };
}
export type NewsletterDeliveriesStore = ReturnType<typeof newsletterDeliveriesStore>;

/** last_error is bounded (500 characters) and on one line. */
function bounded(error: string) {
  return error.replace(/[\r\n]+/g, ' ').slice(0, 500);
}
