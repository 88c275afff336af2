import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema.ts';

/**
 * The webhooks' outbox (migrations/0037_webhooks.sql): each method writes the events of one change
 * with the caller's handle, so inside the caller's transaction, beside the change itself; the
 * database NOTIFYs at commit and the fan-out job turns them into deliveries. An event is written
 * only when some active endpoint asks for it (an owner's for owner events), so a directory without
 * webhooks writes next to nothing; the two weekly public events are written always (one row a
 * week each), since their key also says "already announced" to the hourly runs after. The data is what the event says at that moment (each attempt, and
 * "send again", send the same).
 */
export function webhookEventsStore(db: Kysely<DB>) {
  /** Some active endpoint of `owner` (or of anyone, for a public event) asks for `type`. */
  const wanted = (type: string, owner?: RawBuilder<unknown>) =>
    owner
      ? sql`exists (select 1 from webhook_endpoints w where w.user_id = ${owner} and w.disabled_at is null and ${type} = any (w.events))`
      : sql`exists (select 1 from webhook_endpoints w where w.disabled_at is null and ${type} = any (w.events))`;

  const LISTING = (l: string) => sql.raw(`jsonb_build_object('id', ${l}.id, 'slug', ${l}.slug, 'name', ${l}.name, 'url', ${l}.url, 'status', ${l}.status, 'launch_week', ${l}.launch_week)`);
  const CATEGORY_SLUGS = (l: string) =>
    sql.raw(`coalesce((select array_agg(c.slug order by lc.is_primary desc, lc.position, c.slug) from listing_categories lc join categories c on c.id = lc.category_id where lc.listing_id = ${l}.id), '{}')`);

  return {
    /** A draft finished drafting (status ready). */
    async draftReady(draftId: string, at: Date) {
      await sql`insert into webhook_events (type, user_id, data, occurred_at)
        select 'draft.ready', d.owner_id, jsonb_build_object('draft', jsonb_build_object('id', d.id, 'url', d.url, 'fields_drafted', d.fields_drafted)), ${at}
        from drafts d where d.id = ${draftId} and ${wanted('draft.ready', sql`d.owner_id`)}`.execute(db);
    },

    /** Listings that just went live: listing.live for their owners, category.listing_live for everyone. */
    async listingsLive(listingIds: string[], at: Date) {
      if (!listingIds.length) return;
      await sql`insert into webhook_events (type, user_id, data, occurred_at)
        select 'listing.live', l.owner_id, jsonb_build_object('listing', ${LISTING('l')}), ${at}
        from listings l where l.id = any(${listingIds}::bigint[]) and l.owner_id is not null and ${wanted('listing.live', sql`l.owner_id`)}
        order by l.id`.execute(db);
      await sql`insert into webhook_events (type, categories, data, occurred_at)
        select 'category.listing_live', ${CATEGORY_SLUGS('l')}, jsonb_build_object('listing', ${LISTING('l')}, 'categories', to_jsonb(${CATEGORY_SLUGS('l')})), ${at}
        from listings l where l.id = any(${listingIds}::bigint[]) and ${wanted('category.listing_live')}
        order by l.id`.execute(db);
    },

    async updatePosted(updateId: string, at: Date) {
      await sql`insert into webhook_events (type, user_id, data, occurred_at)
        select 'listing.update_posted', l.owner_id,
          jsonb_build_object('listing', ${LISTING('l')}, 'update', jsonb_build_object('id', u.id, 'title', u.title, 'body', u.body, 'created_at', u.created_at)), ${at}
        from listing_updates u join listings l on l.id = u.listing_id
        where u.id = ${updateId} and l.owner_id is not null and ${wanted('listing.update_posted', sql`l.owner_id`)}`.execute(db);
    },

    /** A week's awards just decided: awards.decided for everyone, award.won for each winner's owner. */
    async awardsDecided(week: string, at: Date) {
      await sql`insert into webhook_events (type, data, occurred_at, dedupe_key)
        select 'awards.decided', jsonb_build_object('week', ${week}::date, 'places',
          coalesce((select jsonb_agg(jsonb_build_object('place', a.place, 'votes', a.votes, 'listing', ${LISTING('l')}) order by a.place, l.id)
            from awards a join listings l on l.id = a.listing_id where a.week = ${week}::date), '[]'::jsonb)), ${at}, ${`awards.decided:${week}`}
        on conflict (dedupe_key) do nothing`.execute(db);
      await sql`insert into webhook_events (type, user_id, data, occurred_at, dedupe_key)
        select 'award.won', l.owner_id, jsonb_build_object('week', a.week, 'place', a.place, 'votes', a.votes, 'listing', ${LISTING('l')}), ${at},
          'award.won:' || a.week || ':' || l.id
        from awards a join listings l on l.id = a.listing_id
        where a.week = ${week}::date and l.owner_id is not null and ${wanted('award.won', sql`l.owner_id`)}
        order by a.place, l.id
        on conflict (dedupe_key) do nothing`.execute(db);
    },

    /** A launch week ended (written by the first week-start run of the next week; repeats are ignored). */
    async launchWeekClosed(week: string, at: Date) {
      await sql`insert into webhook_events (type, data, occurred_at, dedupe_key)
        select 'launch_week.closed', jsonb_build_object('week', ${week}::date,
          'launches', (select count(*)::int from listings l where l.launch_week = ${week}::date and l.status = 'live')), ${at}, ${`launch_week.closed:${week}`}
        on conflict (dedupe_key) do nothing`.execute(db);
    },

    async claimVerified(claimId: string, at: Date) {
      await sql`insert into webhook_events (type, user_id, data, occurred_at)
        select 'claim.verified', c.user_id, jsonb_build_object('claim', jsonb_build_object('id', c.id, 'method', c.method), 'listing', ${LISTING('l')}), ${at}
        from listing_claims c join listings l on l.id = c.listing_id
        where c.id = ${claimId} and ${wanted('claim.verified', sql`c.user_id`)}`.execute(db);
    },

    async orderPaid(orderId: string, at: Date) {
      await sql`insert into webhook_events (type, user_id, data, occurred_at)
        select 'order.paid', o.user_id, jsonb_build_object('order', jsonb_build_object('number', o.number, 'total_cents', o.total_cents, 'currency', o.currency, 'paid_at', o.paid_at)), ${at}
        from orders o where o.id = ${orderId} and ${wanted('order.paid', sql`o.user_id`)}`.execute(db);
    },

    /** A visible comment was posted (a held one is announced by nothing). The author's name is left out: it is theirs. */
    async commentPosted(commentId: string, at: Date) {
      await sql`insert into webhook_events (type, user_id, data, occurred_at)
        select 'comment.posted', l.owner_id,
          jsonb_build_object('listing', ${LISTING('l')}, 'comment', jsonb_build_object('id', c.id, 'parent_id', c.parent_id, 'body', c.body, 'created_at', c.created_at, 'by_owner', c.user_id = l.owner_id)), ${at}
        from comments c join listings l on l.id = c.listing_id
        where c.id = ${commentId} and c.status = 'visible' and l.owner_id is not null and ${wanted('comment.posted', sql`l.owner_id`)}`.execute(db);
    },
  };
}
export type WebhookEventsStore = ReturnType<typeof webhookEventsStore>;
