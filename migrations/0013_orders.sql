-- Orders (spec 4.5, 3.4): quote, checkout, payment and fulfilment of the administrator's products.
-- An order keeps the prices, VAT and options it was created with; a later price change never
-- touches it. Only the SHA-256 of the checkout link's token is kept.

-- Paid launches a week may hold (paid listings scheduled or live in it, plus unexpired pending
-- orders for it), beside the free queue's own capacity.
alter table site_settings add column paid_week_capacity integer not null default 10 check (paid_week_capacity >= 0);

-- LY-2026-000042: the year of the order and this number. A sequence never goes back, so numbers
-- are unique across years; a rolled-back checkout leaves a gap, which is harmless.
create sequence order_number_seq;

create table orders (
  id bigint generated always as identity primary key,
  number text not null unique check (number ~ '^LY-[0-9]{4}-[0-9]{6,}$'),
  -- Orders are accounting records: an account that has some cannot be deleted.
  user_id bigint not null references users (id) on delete restrict,
  status text not null default 'pending' check (status in ('pending', 'paid', 'expired', 'refunded')),
  currency text not null default 'USD' check (currency = 'USD'),
  subtotal_cents bigint not null check (subtotal_cents >= 0),
  -- 1900 = 19 %, 2550 = 25.5 %: basis points keep the rate exact.
  vat_rate_bp integer not null check (vat_rate_bp between 0 and 10000),
  vat_cents bigint not null check (vat_cents >= 0),
  total_cents bigint not null check (total_cents = subtotal_cents + vat_cents),
  vat_treatment text not null check (vat_treatment in ('domestic', 'eu_consumer', 'reverse_charge', 'outside_eu')),
  vat_note text not null,
  billing_country text not null check (billing_country ~ '^[A-Z]{2}$'),
  vat_number text,
  -- Why this rate: the table row (source, effective date), the seller's country, the number's check.
  vat_evidence jsonb not null,
  -- Name and address entered on the checkout page.
  billing jsonb,
  checkout_token_hash text not null,
  provider text not null check (provider in ('test', 'stripe')),
  provider_session_id text,
  provider_payment_id text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  paid_at timestamptz,
  expired_at timestamptz,
  refunded_at timestamptz
);
create index orders_user_idx on orders (user_id, created_at desc, id desc);
-- The expiry job: pending orders by their end.
create index orders_pending_expiry_idx on orders (expires_at) where status = 'pending';
create unique index orders_provider_session_idx on orders (provider, provider_session_id) where provider_session_id is not null;
create unique index orders_provider_payment_idx on orders (provider, provider_payment_id) where provider_payment_id is not null;

create table order_lines (
  id bigint generated always as identity primary key,
  order_id bigint not null references orders (id) on delete cascade,
  position smallint not null check (position >= 1),
  product_id bigint not null references products (id) on delete restrict,
  -- Copied at checkout: what was bought, as it was named and priced then.
  product_code text not null,
  product_name text not null,
  kind text not null check (kind in ('paid_launch', 'extra_category', 'section_unlock', 'billboard')),
  listing_id bigint references listings (id) on delete set null,
  -- The chosen options: week, categories (slugs and ids), amount_cents, section.
  options jsonb not null default '{}',
  description text not null,
  quantity integer not null check (quantity >= 1),
  unit_price_cents bigint not null check (unit_price_cents >= 0),
  amount_cents bigint not null check (amount_cents = unit_price_cents * quantity),
  -- A paid launch's week, as a column so week capacity counts it through an index.
  launch_week date check (launch_week is null or extract(isodow from launch_week) = 1),
  fulfilled_at timestamptz,
  -- What fulfilment did, in words ("scheduled for the week of 2026-12-07").
  fulfilment text,
  unique (order_id, position)
);
create index order_lines_listing_idx on order_lines (listing_id);
create index order_lines_product_idx on order_lines (product_id);
create index order_lines_launch_week_idx on order_lines (launch_week) where launch_week is not null;

-- A billboard contribution bought by an order line: at most one per line, whatever repeats.
alter table billboard_contributions add column order_line_id bigint references order_lines (id) on delete set null;
create unique index billboard_contributions_order_line_idx on billboard_contributions (order_line_id) where order_line_id is not null;

-- Every payment provider event handled, once: a repeated delivery finds its row and changes nothing.
create table payment_events (
  provider text not null check (provider in ('test', 'stripe')),
  event_id text not null,
  type text not null,
  order_id bigint references orders (id) on delete set null,
  outcome text not null,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);
create index payment_events_order_idx on payment_events (order_id);
