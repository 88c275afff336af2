import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import type { FollowedEvent, FollowMailKind } from '../domain/community/follow-mails.ts';

/** A follower to mail about some of the pending events, with their address. */
export interface FollowMailRecipient {
  id: string;
  email: string;
  name: string;
  event_ids: string[];
}

/**
 * The follow mails' events (written with the week-start change that made them) and the
 * (event, follower) claims that make each mail go once (migrations/0030_follow_mails.sql).
 */
export function followMailStore(db: Kysely<DB>) {
  return {
    /** Listings that just went live: an event each, in the caller's transaction (a repeat is ignored). */
    async recordLive(listingIds: string[], at: Date) {
      if (!listingIds.length) return;
      await sql`insert into follow_mail_events (kind, listing_id, week, happened_at)
        select 'followed_live', id, launch_week, ${at} from listings where id = any(${listingIds}::bigint[]) and launch_week is not null
        on conflict (kind, listing_id, week) do nothing`.execute(db);
    },

    /** A week's awards just decided: an event per place, in the caller's transaction. */
    async recordAwards(week: string, at: Date) {
      await sql`insert into follow_mail_events (kind, listing_id, week, place, happened_at)
        select 'followed_award', listing_id, week, place, ${at} from awards where week = ${week}::date
        on conflict (kind, listing_id, week) do nothing`.execute(db);
    },

    /** The kinds with events whose mails are not all decided yet. */
    async pendingKinds(): Promise<FollowMailKind[]> {
      const r = await sql<{ kind: FollowMailKind }>`select distinct kind from follow_mail_events where mailed_at is null order by kind`.execute(db);
      return r.rows.map((x) => x.kind);
    },

    /** Pending events of a kind, oldest first. */
    async pending(kind: FollowMailKind, limit: number) {
      const r = await sql<{ id: string }>`select id from follow_mail_events where kind = ${kind} and mailed_at is null order by id limit ${limit}`.execute(db);
      return r.rows.map((x) => x.id);
    },

    /**
     * The people to mail about these events, each with the events that are theirs: followers from
     * before the event (someone who follows a listing after seeing it live is not told it went
     * live), with a confirmed address and an account not disabled, who have not switched the kind
     * off and were not already claimed for the event; only while the listing is live (a hidden one
     * is not announced). Everything that stops a mail is in here, so a run always makes progress.
     */
    async recipients(kind: FollowMailKind, eventIds: string[], limit: number): Promise<FollowMailRecipient[]> {
      const r = await sql<FollowMailRecipient>`
        select u.id, u.email, u.name, array_agg(e.id::text order by e.id) as event_ids
        from follow_mail_events e
        join listings l on l.id = e.listing_id and l.status = 'live'
        join follows f on f.listing_id = e.listing_id and f.created_at <= e.happened_at
        join users u on u.id = f.user_id and u.disabled_at is null and u.email_verified_at is not null
        where e.id = any(${eventIds}::bigint[])
          and not exists (select 1 from follow_mail_deliveries d where d.event_id = e.id and d.user_id = f.user_id)
          and not exists (select 1 from email_preferences p where p.user_id = f.user_id and p.kind = ${kind} and not p.enabled)
        group by u.id, u.email, u.name
        order by u.id
        limit ${limit}`.execute(db);
      return r.rows;
    },

    /** Claims the person's mail about these events; returns the events now theirs to mail (none: someone else has them). */
    async claim(userId: string, eventIds: string[], at: Date) {
      const r = await sql<{ event_id: string }>`insert into follow_mail_deliveries (event_id, user_id, claimed_at)
        select unnest(${eventIds}::bigint[]), ${userId}, ${at}
        on conflict (event_id, user_id) do nothing
        returning event_id::text`.execute(db);
      return r.rows.map((x) => x.event_id);
    },

    /** Gives claims back (the mail was never stored: the mailer threw before writing its outbox row). */
    async release(userId: string, eventIds: string[]) {
      await sql`delete from follow_mail_deliveries where user_id = ${userId} and event_id = any(${eventIds}::bigint[]) and outbox_id is null`.execute(db);
    },

    /** The mail that told the person: its outbox row. */
    async noteSent(userId: string, eventIds: string[], outboxId: string) {
      await sql`update follow_mail_deliveries set outbox_id = ${outboxId} where user_id = ${userId} and event_id = any(${eventIds}::bigint[])`.execute(db);
    },

    /** Every follower's mail about these events is decided. */
    async markMailed(eventIds: string[], at: Date) {
      await sql`update follow_mail_events set mailed_at = ${at} where id = any(${eventIds}::bigint[]) and mailed_at is null`.execute(db);
    },

    /** What the mail says about each event. */
    async events(eventIds: string[]): Promise<FollowedEvent[]> {
      const r = await sql<FollowedEvent>`select l.slug, l.name, l.tagline, e.week, e.place from follow_mail_events e
        join listings l on l.id = e.listing_id where e.id = any(${eventIds}::bigint[]) order by e.id`.execute(db);
      return r.rows.map((x) => ({ ...x, week: String(x.week), place: x.place === null ? null : Number(x.place) }));
    },

    async siteName() {
      return (await sql<{ name: string }>`select name from site_settings limit 1`.execute(db)).rows[0]?.name ?? 'Launchyard';
    },
  };
}
export type FollowMailStore = ReturnType<typeof followMailStore>;
