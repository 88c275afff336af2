import { sql, type Kysely } from 'kysely';
import type { DB, PaidSection, ProductKind } from './schema.ts';
import { webhookEventsStore } from './webhook-events-store.ts';

/** One line of an order as stored (the fulfilment works line by line). */
export interface OrderLineRow {
  id: string;
  order_id: string;
  position: number;
  product_code: string;
  product_name: string;
  kind: Exclude<ProductKind, 'featured'>;
  listing_id: string | null;
  options: Record<string, unknown>;
  description: string;
  quantity: number;
  unit_price_cents: string;
  amount_cents: string;
  launch_week: string | null;
  fulfilled_at: Date | null;
  fulfilment: string | null;
}

export interface FulfilmentListing {
  id: string;
  slug: string;
  status: string;
  plan: string;
  launch_week: string | null;
}

/**
 * What a paid order line does to a listing, inside the payment's transaction. Each write is safe
 * to meet twice: lines are taken with `fulfilled_at is null` under a row lock, categories and
 * billboard money have unique keys, sections are a set.
 */
export function orderFulfilmentStore(db: Kysely<DB>) {
  return {
    /** The webhooks' events of what a paid line does (a listing live now), in the same transaction. */
    webhookEvents: webhookEventsStore(db),

    /** The order's lines not fulfilled yet, row-locked: a second payment path waits, then finds none. */
    async unfulfilledLines(orderId: string): Promise<OrderLineRow[]> {
      const r = await sql<OrderLineRow>`
        select id, order_id, position, product_code, product_name, kind, listing_id, options, description, quantity,
          unit_price_cents, amount_cents, launch_week, fulfilled_at, fulfilment
        from order_lines where order_id = ${orderId} and fulfilled_at is null
        order by position for update`.execute(db);
      return r.rows;
    },

    async markFulfilled(lineId: string, at: Date, fulfilment: string) {
      await db.updateTable('order_lines').set({ fulfilled_at: at, fulfilment }).where('id', '=', lineId).where('fulfilled_at', 'is', null).execute();
    },

    async lockListing(listingId: string): Promise<FulfilmentListing | undefined> {
      const r = await sql<FulfilmentListing>`select id, slug, status, plan, launch_week from listings where id = ${listingId} for update`.execute(db);
      return r.rows[0];
    },

    async timezone(): Promise<string> {
      const r = await sql<{ timezone: string }>`select timezone from site_settings where id = 1`.execute(db);
      return r.rows[0].timezone;
    },

    /** The paid plan in a week: scheduled for it, or live now (the week has begun). Leaves the free queue. */
    async launchPaid(listingId: string, p: { week: string; live: boolean; at: Date }) {
      await db
        .updateTable('listings')
        .set({
          plan: 'paid',
          status: p.live ? 'live' : 'scheduled',
          launch_week: p.week,
          free_queued_at: null,
          updated_at: p.at,
          ...(p.live ? { published_at: sql<Date>`coalesce(published_at, ${p.at})` } : {}),
        })
        .where('id', '=', listingId)
        .execute();
    },

    async setPaidPlan(listingId: string, at: Date) {
      await db.updateTable('listings').set({ plan: 'paid', updated_at: at }).where('id', '=', listingId).execute();
    },

    /** Adds extra categories after the listing's others, up to `limit` extras in all; the ids actually added. */
    async attachCategories(listingId: string, categoryIds: string[], limit: number): Promise<string[]> {
      const r = await sql<{ category_id: string }>`
        with have as (
          select count(*)::int as n, coalesce(max(position), 0) as last from listing_categories c
          join listings l on l.id = c.listing_id
          where c.listing_id = ${listingId} and not c.is_primary and c.category_id is distinct from l.primary_category_id
        ), wanted as (
          select w.id, row_number() over (order by w.ord) as ord from unnest(${categoryIds}::bigint[]) with ordinality as w (id, ord)
          where not exists (select 1 from listing_categories c where c.listing_id = ${listingId} and c.category_id = w.id)
        )
        insert into listing_categories (listing_id, category_id, is_primary, position)
        select ${listingId}, wanted.id, false, have.last + wanted.ord from wanted, have
        where wanted.ord <= ${limit} - have.n
        on conflict (listing_id, category_id) do nothing
        returning category_id`.execute(db);
      return r.rows.map((row) => row.category_id);
    },

    async unlockSection(listingId: string, section: PaidSection, at: Date) {
      await sql`update listings set unlocked_sections = array_append(unlocked_sections, ${section}::text), updated_at = ${at}
        where id = ${listingId} and not (${section}::text = any(unlocked_sections))`.execute(db);
    },

    /** Billboard money of an order line, at most once per line. */
    async addBillboard(listingId: string, amountCents: number, lineId: string, at: Date) {
      await sql`insert into billboard_contributions (listing_id, amount_cents, order_line_id, created_at)
        values (${listingId}, ${amountCents}, ${lineId}, ${at})
        on conflict (order_line_id) where order_line_id is not null do nothing`.execute(db);
    },

    // ---- refunds ----

    /** Takes an order's billboard money back out of the ranking; the amount removed. */
    async removeBillboard(orderId: string): Promise<number> {
      const r = await sql<{ cents: string | null }>`
        with gone as (
          delete from billboard_contributions b using order_lines l
          where b.order_line_id = l.id and l.order_id = ${orderId}
          returning b.amount_cents
        ) select sum(amount_cents)::text as cents from gone`.execute(db);
      return Number(r.rows[0]?.cents ?? 0);
    },

    /** A paid launch that has not gone live goes back to a submitted listing (draft, free plan, no week). */
    async unschedule(listingId: string, at: Date): Promise<boolean> {
      const r = await db
        .updateTable('listings')
        .set({ status: 'draft', plan: 'free', launch_week: null, updated_at: at })
        .where('id', '=', listingId)
        .where('status', '=', 'scheduled')
        .where('plan', '=', 'paid')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
export type OrderFulfilmentStore = ReturnType<typeof orderFulfilmentStore>;
