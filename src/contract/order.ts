import { z } from 'zod';
import { CountryCode, Slug, Timestamp } from './common.ts';

const PRODUCT_CODE = /^[a-z0-9][a-z0-9-]{0,59}$/;

export const OrderItemOptions = z
  .strictObject({
    week: z
      .string()
      .max(10)
      .optional()
      .describe('paid_launch: the Monday (YYYY-MM-DD, site timezone) of the launch week: this week (live at once when paid) or up to 52 weeks ahead, with room.'),
    categories: z
      .array(Slug)
      .min(1)
      .max(3)
      .optional()
      .describe('extra_category: category slugs to add beside the primary category; a listing has at most 3 extra categories in all. Priced per category.'),
    amount_cents: z
      .number()
      .int()
      .min(1)
      .max(100_000_000)
      .optional()
      .describe("billboard: USD cents to contribute, at least the product's options.minimum_cents (list_products). This is the line's price."),
  })
  .describe('Options of the product; only the ones of its kind are allowed.');

export const OrderItem = z
  .strictObject({
    product: z.string().regex(PRODUCT_CODE, 'must be a product code, e.g. paid-launch').describe('Product code from list_products.'),
    listing_id: z
      .number()
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .optional()
      .describe('One of your listings (list_my_listings); required for every product that needs_listing.'),
    options: OrderItemOptions.optional(),
  })
  // No component id: input schemas stay inline, so REST, OpenAPI and MCP show the same object.
  .meta({
    examples: [
      { product: 'paid-launch', listing_id: 12, options: { week: '2026-12-07' } },
      { product: 'extra-category', listing_id: 12, options: { categories: ['analytics', 'crm'] } },
      { product: 'unlock-story', listing_id: 12 },
      { product: 'billboard', listing_id: 12, options: { amount_cents: 2500 } },
    ],
  });

/** quote_order and create_checkout take the same body. */
export const OrderRequest = {
  items: z.array(OrderItem).min(1).max(20).describe('What to buy, 1 to 20 items. Errors name the item and key, e.g. items.1.options.week.'),
  billing_country: CountryCode.describe('ISO 3166-1 alpha-2 country the buyer is billed in; VAT depends on it.'),
  vat_number: z
    .string()
    .min(1)
    .max(20)
    .optional()
    .describe('EU businesses: the VAT number (with or without its country prefix, e.g. FR40303265045). A valid one from another member state than the seller gives reverse charge.'),
};

export const OrderStatus = z.enum(['pending', 'paid', 'expired', 'refunded']);

export const OrderLine = z
  .object({
    position: z.number().int().min(1),
    product: z.string().describe('Product code.'),
    name: z.string().describe('The product name at the time of the quote or order.'),
    kind: z.enum(['paid_launch', 'extra_category', 'section_unlock', 'billboard']),
    listing_id: z.number().int().nullable(),
    options: z.object({
      week: z.string().optional(),
      categories: z.array(z.string()).optional(),
      amount_cents: z.number().int().optional(),
      section: z.enum(['story', 'milestones', 'media']).optional(),
    }),
    description: z.string(),
    quantity: z.number().int().min(1),
    unit_price_cents: z.number().int().min(0),
    amount_cents: z.number().int().min(0),
  })
  .meta({ id: 'OrderLine' });

export const Vat = z
  .object({
    treatment: z
      .enum(['domestic', 'eu_consumer', 'reverse_charge', 'outside_eu'])
      .describe("domestic: seller's own country; eu_consumer: the buyer's member-state rate; reverse_charge: EU business, 0 %; outside_eu: 0 %."),
    rate_percent: z.number().min(0).max(100),
    amount_cents: z.number().int().min(0),
    billing_country: z.string(),
    vat_number: z.string().nullable(),
    note: z.string().describe('The treatment in words, with the legal note for reverse charge.'),
  })
  .meta({ id: 'Vat' });

const Totals = {
  currency: z.literal('USD'),
  subtotal_cents: z.number().int().min(0).describe('Sum of the lines, excluding VAT.'),
  vat: Vat,
  total_cents: z.number().int().min(0).describe('subtotal_cents + vat.amount_cents: what the buyer pays.'),
};

export const Quote = z
  .object({
    lines: z.array(OrderLine),
    ...Totals,
    quoted_at: Timestamp.describe('Prices are the administrator\'s at this moment; nothing is saved or charged.'),
  })
  .meta({ id: 'Quote' });

const FulfilledLine = OrderLine.extend({
  fulfilled: z.boolean(),
  fulfilled_at: Timestamp.nullable(),
  fulfilment: z.string().nullable().describe('What fulfilment did, in words.'),
}).meta({ id: 'OrderLineWithFulfilment' });

export const Order = z
  .object({
    number: z.string().describe('Human-readable order number, e.g. LY-2026-000042.'),
    status: OrderStatus,
    lines: z.array(FulfilledLine),
    ...Totals,
    payment: z.enum(['test', 'stripe']).describe('test: test mode, no money moves; stripe: paid through Stripe.'),
    created_at: Timestamp,
    expires_at: Timestamp.describe('An order still pending then expires, and its launch week room is released.'),
    paid_at: Timestamp.nullable(),
    refunded_at: Timestamp.nullable(),
  })
  .meta({ id: 'Order' });

export const CreatedOrder = Order.extend({
  checkout_url: z.string().describe('The page where the person reviews, enters billing details and pays. Hand it to them; it is shown only here.'),
}).meta({ id: 'CreatedOrder' });

export const OrderSummary = z
  .object({
    number: z.string(),
    status: OrderStatus,
    currency: z.literal('USD'),
    total_cents: z.number().int().min(0),
    lines: z.number().int().min(1).describe('Number of lines.'),
    lines_fulfilled: z.number().int().min(0),
    created_at: Timestamp,
    paid_at: Timestamp.nullable(),
  })
  .meta({ id: 'OrderSummary' });

export const OrderNumberParam = z
  .string()
  .max(40)
  .regex(/^LY-\d{4}-\d{6,}$/, 'must be an order number such as LY-2026-000042')
  .describe('The order number, e.g. LY-2026-000042.');

/** The checkout page's billing form. */
export const BillingDetails = z.object({
  name: z.string().trim().min(1, 'Enter the name to bill.').max(200, 'At most 200 characters.'),
  address: z.string().trim().min(1, 'Enter the billing address.').max(500, 'At most 500 characters.'),
  postal_code: z.string().trim().max(20, 'At most 20 characters.'),
  city: z.string().trim().min(1, 'Enter the city.').max(120, 'At most 120 characters.'),
});
export type BillingDetails = z.infer<typeof BillingDetails>;
