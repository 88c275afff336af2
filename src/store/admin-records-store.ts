import { sql, type Kysely } from 'kysely';
import type { BadgeCheckOutcome, ClaimCheckResult, ClaimMethod, ClaimStatus, DB, OrderStatus } from './schema.ts';

/** A claim of any account, as the claims page lists it. */
export interface AdminClaimRow {
  id: string;
  method: ClaimMethod;
  status: ClaimStatus;
  email: string | null;
  last_result: ClaimCheckResult | null;
  last_detail: string | null;
  checked_at: Date | null;
  failure_reason: string | null;
  created_at: Date;
  expires_at: Date;
  verified_at: Date | null;
  slug: string;
  listing_name: string;
  claimant_email: string;
}

export interface AdminOrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  buyer_email: string;
  total_cents: number;
  vat_cents: number;
  vat_treatment: string;
  billing_country: string;
  provider: string;
  created_at: Date;
  paid_at: Date | null;
  lines: { position: number; product_code: string; description: string; amount_cents: number; fulfilled: boolean }[];
}

export interface AdminBadgeCheckRow {
  id: string;
  checked_at: Date;
  outcome: BadgeCheckOutcome;
  url: string;
  detail: string;
  listing_id: string;
  slug: string;
  name: string;
  status: string;
}

const page = <T>(rows: T[], n: number) => ({ items: rows, total: n });

/** What the admin pages read across every account: claims, orders, badge checks, and the dashboard's counts. */
export function adminRecordsStore(db: Kysely<DB>) {
  return {
    /** Claims, newest first; `pending` means still open at `now` (a pending claim past its time reads as expired). */
    async claims(p: { status?: ClaimStatus; now: Date; limit: number; offset: number }) {
      const where =
        p.status === 'pending'
          ? sql`where c.status = 'pending' and c.expires_at > ${p.now}`
          : p.status === 'expired'
            ? sql`where c.status = 'expired' or (c.status = 'pending' and c.expires_at <= ${p.now})`
            : p.status
              ? sql`where c.status = ${p.status}`
              : sql``;
      const [rows, total] = await Promise.all([
        sql<AdminClaimRow>`
          select c.id, c.method, c.status, c.email, c.last_result, c.last_detail, c.checked_at, c.failure_reason,
            c.created_at, c.expires_at, c.verified_at, l.slug, l.name as listing_name, u.email as claimant_email
          from listing_claims c join listings l on l.id = c.listing_id join users u on u.id = c.user_id
          ${where}
          order by c.created_at desc, c.id desc limit ${p.limit} offset ${p.offset}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from listing_claims c ${where}`.execute(db),
      ]);
      return page(rows.rows, total.rows[0].n);
    },

    /** Orders with their lines, newest first. */
    async orders(p: { status?: OrderStatus; limit: number; offset: number }) {
      const where = p.status ? sql`where o.status = ${p.status}` : sql``;
      const [rows, total] = await Promise.all([
        sql<AdminOrderRow>`
          select o.id, o.number, o.status, u.email as buyer_email, o.total_cents::int as total_cents, o.vat_cents::int as vat_cents,
            o.vat_treatment, o.billing_country, o.provider, o.created_at, o.paid_at,
            coalesce((select json_agg(json_build_object('position', ol.position, 'product_code', ol.product_code, 'description', ol.description,
                'amount_cents', ol.amount_cents::int, 'fulfilled', ol.fulfilled_at is not null) order by ol.position)
              from order_lines ol where ol.order_id = o.id), '[]') as lines
          from orders o join users u on u.id = o.user_id
          ${where}
          order by o.created_at desc, o.id desc limit ${p.limit} offset ${p.offset}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from orders o ${where}`.execute(db),
      ]);
      return page(rows.rows, total.rows[0].n);
    },

    /** The free plan's homepage checks, newest first. */
    async badgeChecks(p: { outcome?: BadgeCheckOutcome; limit: number; offset: number }) {
      const where = p.outcome ? sql`where b.outcome = ${p.outcome}` : sql``;
      const [rows, total] = await Promise.all([
        sql<AdminBadgeCheckRow>`
          select b.id, b.checked_at, b.outcome, b.url, b.detail, l.id as listing_id, l.slug, l.name, l.status
          from badge_checks b join listings l on l.id = b.listing_id
          ${where}
          order by b.checked_at desc, b.id desc limit ${p.limit} offset ${p.offset}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from badge_checks b ${where}`.execute(db),
      ]);
      return page(rows.rows, total.rows[0].n);
    },

    /** The dashboard's counts: what is waiting for an administrator, and the size of things. */
    async counts(now: Date) {
      const r = await sql<{
        unreviewed_edits: number;
        pending_claims: number;
        users: number;
        disabled_users: number;
        pending_orders: number;
        paid_orders: number;
        mails: number;
        actions: number;
      }>`select
          (select count(*)::int from listing_versions v where not exists (select 1 from listing_version_reviews r where r.version_id = v.id)) as unreviewed_edits,
          (select count(*)::int from listing_claims where status = 'pending' and expires_at > ${now}) as pending_claims,
          (select count(*)::int from users) as users,
          (select count(*)::int from users where disabled_at is not null) as disabled_users,
          (select count(*)::int from orders where status = 'pending') as pending_orders,
          (select count(*)::int from orders where status = 'paid') as paid_orders,
          (select count(*)::int from outbox_emails) as mails,
          (select count(*)::int from admin_actions) as actions`.execute(db);
      return r.rows[0];
    },
  };
}
export type AdminRecordsStore = ReturnType<typeof adminRecordsStore>;
