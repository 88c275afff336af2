import { z } from 'zod';
import { Faq, paginated } from './common.ts';
import { ListingSummary } from './listing.ts';

export interface CategoryNode {
  slug: string;
  name: string;
  description: string;
  live_listings: number;
  subcategories: CategoryNode[];
}

export const CategoryNode: z.ZodType<CategoryNode> = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    live_listings: z.number().int().describe('Live listings in this category and its subcategories.'),
    get subcategories() {
      return z.array(CategoryNode);
    },
  })
  .meta({ id: 'CategoryNode' });

export const CategoryTree = paginated(CategoryNode).describe(
  'Top-level categories with their subcategories nested; pages count top-level categories.',
);

export const CategoryDetail = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    faqs: z.array(Faq),
    parent: z.object({ slug: z.string(), name: z.string() }).nullable(),
    subcategories: z.array(
      z.object({ slug: z.string(), name: z.string(), live_listings: z.number().int() }),
    ),
    live_listings: z.number().int(),
    listings: paginated(ListingSummary).describe('Live listings here and in subcategories, most voted first.'),
  })
  .meta({ id: 'CategoryDetail' });
