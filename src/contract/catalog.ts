import { z } from 'zod';
import { Timestamp } from './common.ts';

export const Product = z
  .object({
    code: z.string().describe('Product identifier used in order items, e.g. paid-launch.'),
    name: z.string(),
    description: z.string(),
    kind: z.enum(['paid_launch', 'extra_category', 'section_unlock', 'billboard', 'featured']),
    price_cents: z.number().int().min(0).describe('Current price in USD cents, excluding VAT.'),
    currency: z.literal('USD'),
    vat_included: z.literal(false),
    needs_listing: z.boolean().describe('Bought for one of the buyer\'s listings (the order item names listing_id).'),
    options: z.record(z.string(), z.unknown()).describe('Product-specific limits, e.g. the billboard minimum.'),
    price_updated_at: Timestamp,
  })
  .meta({ id: 'Product' });

export const InterviewQuestion = z
  .object({ id: z.number().int().min(1), question: z.string(), position: z.number().int() })
  .meta({ id: 'InterviewQuestion' });
