import { sql, type Kysely } from 'kysely';
import type { DB, OrderStatus, PaymentProviderName, ProductKind, VatTreatment } from './schema.ts';
import { transactional } from './transactional.ts';
import { orderFulfilmentStore, type OrderLineRow } from './order-fulfilment-store.ts';

export type { OrderLineRow };
import type { ListingFacts, PricedLine, ProductFacts } from '../domain/orders/items.ts';

export interface OrderRow {
  id: string;
  number: string;
  user_id: string;
  status: OrderStatus;
  subtotal_cents: string;
  vat_rate_bp: number;
  vat_cents: string;
  total_cents: string;
  vat_treatment: VatTreatment;
  vat_note: string;
  billing_country: string;
  vat_number: string | null;
  billing: Record<string, string> | null;
  checkout_token_hash: string;
  provider: PaymentProviderName;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  refunded_at: Date | null;
}

export interface OrderSummaryRow {
  number: string;
  status: OrderStatus;
  total_cents: string;
  lines: number;
  lines_fulfilled: number;
  created_at: Date;
  paid_at: Date | null;
  total: number;
}

export interface NewOrder {
  number: string;
  userId: string;
  subtotalCents: number;
  vatRateBp: number;
  vatCents: number;
  totalCents: number;
  vatTreatment: VatTreatment;
  vatNote: string;
  billingCountry: string;
  vatNumber: string | null;
  vatEvidence: Record<string, unknown>;
  checkoutTokenHash: string;
  provider: PaymentProviderName;
  createdAt: Date;
  expiresAt: Date;
}

const ORDER_COLUMNS = sql`id, number, user_id, status, subtotal_cents, vat_rate_bp, vat_cents, total_cents, vat_treatment, vat_note,
  billing_country, vat_number, billing, checkout_token_hash, provider, provider_session_id, provider_payment_id,
  created_at, expires_at, paid_at, refunded_at`;

/**
 * Orders, their lines and payment events. Every write runs inside one transaction
 * (`transaction` hands the callback this store bound to it); reads of one's own orders filter on
 * user_id, so another user's order is never returned.
 */
export function ordersStore(db: Kysely<DB>) {
  return transactional(db, queries);
}
export type OrdersStore = ReturnType<typeof ordersStore>;
export type OrdersTx = ReturnType<typeof queries>;

function queries(db: Kysely<DB>) {
  return {
    /** What paid lines do to listings, bound to the same transaction. */
    fulfilment: orderFulfilmentStore(db),

    // ---- what an order is checked against ----

    /** Products on sale among these codes. */
    async products(codes: string[]): Promise<Map<string, ProductFacts>> {
      if (!codes.length) return new Map();
      const r = await sql<ProductFacts>`
        select id, code, name, kind, price_cents, options from products
        where active and code = any(${codes}::text[])`.execute(db);
      return new Map(r.rows.map((p) => [p.code, p]));
    },

    /**
     * The caller's listings among these ids (another user's are left out). Not locked: fulfilment
     * re-reads each listing under its own lock, and locking here after site_settings would take
     * the two locks in the opposite order from choose_free_listing.
     */
    async ownedListings(userId: string, ids: string[]): Promise<Map<string, ListingFacts>> {
      if (!ids.length) return new Map();
      const r = await sql<{ id: string; name: string; status: string; plan: string; primary_category_id: string | null; unlocked_sections: string[]; extras: string[] }>`
        select l.id, l.name, l.status, l.plan, l.primary_category_id, l.unlocked_sections,
          array(select c.category_id::text from listing_categories c
                where c.listing_id = l.id and not c.is_primary and c.category_id is distinct from l.primary_category_id
                order by c.category_id) as extras
        from listings l
        where l.owner_id = ${userId} and l.id = any(${ids}::bigint[])
        order by l.id`.execute(db);
      return new Map(
        r.rows.map((l) => [
          l.id,
          { id: l.id, name: l.name, status: l.status, plan: l.plan, primaryCategoryId: l.primary_category_id, unlockedSections: l.unlocked_sections, extraCategoryIds: l.extras },
        ]),
      );
    },

    async categories(slugs: string[]): Promise<Map<string, { id: string; name: string }>> {
      if (!slugs.length) return new Map();
      const r = await sql<{ id: string; slug: string; name: string }>`select id, slug, name from categories where slug = any(${slugs}::text[])`.execute(db);
      return new Map(r.rows.map((c) => [c.slug, { id: c.id, name: c.name }]));
    },

    /**
     * The launch calendar's settings. With `lock`, site_settings' one row stays locked until the
     * transaction ends: every taker of launch-week room (free queue, paid checkout) passes here,
     * so two of them cannot both take a week's last place.
     */
    async calendar(lock: boolean) {
      const r = await sql<{ timezone: string; paid_week_capacity: number }>`
        select timezone, paid_week_capacity from site_settings where id = 1 ${lock ? sql`for update` : sql``}`.execute(db);
      return r.rows[0];
    },

    /** Paid launches holding each week: paid listings scheduled or live in it, and unexpired pending orders for it. */
    async paidWeekCounts(weeks: string[], now: Date): Promise<Map<string, number>> {
      if (!weeks.length) return new Map();
      const r = await sql<{ week: string; n: number }>`
        select week, count(*)::int as n from (
          select launch_week as week from listings
          where plan = 'paid' and status in ('scheduled', 'live') and launch_week = any(${weeks}::date[])
          union all
          select l.launch_week from order_lines l join orders o on o.id = l.order_id
          where l.launch_week = any(${weeks}::date[]) and l.kind = 'paid_launch'
            and o.status = 'pending' and o.expires_at > ${now}
        ) held group by week`.execute(db);
      return new Map(r.rows.map((row) => [row.week, row.n]));
    },

    // ---- writing an order ----

    async nextNumber(): Promise<string> {
      const r = await sql<{ n: string }>`select nextval('order_number_seq')::text as n`.execute(db);
      return r.rows[0].n;
    },

    async insert(o: NewOrder, lines: PricedLine[]): Promise<string> {
      const row = await db
        .insertInto('orders')
        .values({
          number: o.number,
          user_id: o.userId,
          subtotal_cents: o.subtotalCents,
          vat_rate_bp: o.vatRateBp,
          vat_cents: o.vatCents,
          total_cents: o.totalCents,
          vat_treatment: o.vatTreatment,
          vat_note: o.vatNote,
          billing_country: o.billingCountry,
          vat_number: o.vatNumber,
          vat_evidence: JSON.stringify(o.vatEvidence),
          checkout_token_hash: o.checkoutTokenHash,
          provider: o.provider,
          created_at: o.createdAt,
          expires_at: o.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_lines')
        .values(
          lines.map((l) => ({
            order_id: row.id,
            position: l.position,
            product_id: l.productId,
            product_code: l.productCode,
            product_name: l.productName,
            kind: l.kind,
            listing_id: l.listingId,
            options: JSON.stringify(l.options),
            description: l.description,
            quantity: l.quantity,
            unit_price_cents: l.unitPriceCents,
            amount_cents: l.amountCents,
            launch_week: l.launchWeek,
          })),
        )
        .execute();
      return row.id;
    },

    // ---- reading orders ----

    async list(userId: string, limit: number, offset: number) {
      const r = await sql<OrderSummaryRow>`
        select o.number, o.status, o.total_cents, o.created_at, o.paid_at,
          (select count(*)::int from order_lines l where l.order_id = o.id) as lines,
          (select count(*)::int from order_lines l where l.order_id = o.id and l.fulfilled_at is not null) as lines_fulfilled,
          count(*) over ()::int as total
        from orders o where o.user_id = ${userId}
        order by o.created_at desc, o.id desc
        limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    async count(userId: string) {
      const r = await sql<{ n: number }>`select count(*)::int as n from orders where user_id = ${userId}`.execute(db);
      return r.rows[0].n;
    },

    /** An order by number: the caller's own (userId), or any (the checkout page checks its token instead). */
    async byNumber(number: string, userId?: string): Promise<OrderRow | undefined> {
      const r = await sql<OrderRow>`select ${ORDER_COLUMNS} from orders
        where number = ${number} ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}`.execute(db);
      return r.rows[0];
    },

    async lines(orderId: string): Promise<OrderLineRow[]> {
      const r = await sql<OrderLineRow>`
        select id, order_id, position, product_code, product_name, kind, listing_id, options, description, quantity,
          unit_price_cents, amount_cents, launch_week, fulfilled_at, fulfilment
        from order_lines where order_id = ${orderId} order by position`.execute(db);
      return r.rows;
    },

    // ---- payment ----

    /** The order row-locked until the transaction ends: payments, expiry and refunds of one order queue here. */
    async lock(where: { number: string } | { provider: PaymentProviderName; sessionId: string } | { provider: PaymentProviderName; paymentId: string }): Promise<OrderRow | undefined> {
      const condition =
        'number' in where
          ? sql`number = ${where.number}`
          : 'sessionId' in where
            ? sql`provider = ${where.provider} and provider_session_id = ${where.sessionId}`
            : sql`provider = ${where.provider} and provider_payment_id = ${where.paymentId}`;
      const r = await sql<OrderRow>`select ${ORDER_COLUMNS} from orders where ${condition} for update`.execute(db);
      return r.rows[0];
    },

    async setBilling(orderId: string, billing: Record<string, string>) {
      await db.updateTable('orders').set({ billing: JSON.stringify(billing) }).where('id', '=', orderId).execute();
    },

    async setProviderRefs(orderId: string, refs: { sessionId?: string; paymentId?: string }) {
      if (!refs.sessionId && !refs.paymentId) return;
      await db
        .updateTable('orders')
        .set({
          ...(refs.sessionId ? { provider_session_id: refs.sessionId } : {}),
          ...(refs.paymentId ? { provider_payment_id: refs.paymentId } : {}),
        })
        .where('id', '=', orderId)
        .execute();
    },

    async markPaid(orderId: string, at: Date) {
      await db.updateTable('orders').set({ status: 'paid', paid_at: at }).where('id', '=', orderId).where('status', 'in', ['pending', 'expired']).execute();
    },

    async markRefunded(orderId: string, at: Date) {
      await db.updateTable('orders').set({ status: 'refunded', refunded_at: at }).where('id', '=', orderId).where('status', '=', 'paid').execute();
    },

    /**
     * Records a provider event once. False when it was recorded before: a repeated delivery. Run
     * in the transaction that acts on the event, so a failed attempt leaves no record behind.
     */
    async recordEvent(e: { provider: PaymentProviderName; eventId: string; type: string; orderId: string | null; outcome: string; at: Date }) {
      const r = await sql`
        insert into payment_events (provider, event_id, type, order_id, outcome, received_at)
        values (${e.provider}, ${e.eventId}, ${e.type}, ${e.orderId}, ${e.outcome}, ${e.at})
        on conflict (provider, event_id) do nothing returning event_id`.execute(db);
      return r.rows.length === 1;
    },

    /** Pending orders past their end become expired; their week room is released with them. */
    async expireDue(now: Date, limit: number) {
      const r = await sql<{ number: string }>`
        update orders set status = 'expired', expired_at = ${now}
        where id in (select id from orders where status = 'pending' and expires_at <= ${now}
                     order by expires_at limit ${limit} for update skip locked)
        returning number`.execute(db);
      return r.rows.map((row) => row.number);
    },
  };
}
