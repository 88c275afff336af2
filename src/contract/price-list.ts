import { z } from 'zod';

/** The largest price the price list takes: one million dollars, in cents. */
const MAX_CENTS = 100_000_000;
/** The spec's bound on extra categories (items.ts has the same for orders). */
const MAX_EXTRA = 3;

/** A price as the operator types it: whole USD cents, excluding VAT. */
export const PriceCents = z.coerce
  .number({ error: 'must be a whole number of USD cents' })
  .int('must be a whole number of USD cents')
  .min(0, 'must be 0 or more')
  .max(MAX_CENTS, `must be at most ${MAX_CENTS}`);

/** A new product, as the CLI and the admin page take it. Each kind carries the options its orders need. */
export const NewProduct = z
  .object({
    code: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'must be lowercase letters, digits and hyphens (at most 60), e.g. paid-launch'),
    name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    description: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
    // Featured placement has no fulfilment yet, so it is not sold (docs/decisions.md).
    kind: z.enum(['paid_launch', 'extra_category', 'section_unlock', 'billboard'], { error: 'must be paid_launch, extra_category, section_unlock or billboard' }),
    price_cents: PriceCents,
    section: z.enum(['story', 'milestones', 'media'], { error: 'must be story, milestones or media' }).optional(),
    minimum_cents: z.coerce.number().int().min(1).max(MAX_CENTS).optional(),
    max_per_listing: z.coerce.number().int().min(1).max(MAX_EXTRA).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'section_unlock' && !p.section) ctx.addIssue({ code: 'custom', path: ['section'], message: 'is required for section_unlock (story, milestones or media)' });
    if (p.kind !== 'section_unlock' && p.section) ctx.addIssue({ code: 'custom', path: ['section'], message: 'belongs to section_unlock products only' });
    if (p.kind !== 'billboard' && p.minimum_cents !== undefined) ctx.addIssue({ code: 'custom', path: ['minimum_cents'], message: 'belongs to billboard products only' });
    if (p.kind !== 'extra_category' && p.max_per_listing !== undefined) ctx.addIssue({ code: 'custom', path: ['max_per_listing'], message: 'belongs to extra_category products only' });
  });
export type NewProduct = z.output<typeof NewProduct>;
