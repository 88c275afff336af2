/**
 * The words of seed:scale's listing number `index` (0-based, in insertion order): its name, slug,
 * category and prose, drawn from its own seeded generator. seed:scale writes them; the search
 * bench's query sets are made from them without a database (scripts/bench/search-sets.ts), so the
 * two cannot disagree about what the seeded directory says.
 */
import { flattenCategories, type CategorySpec, type FlatCategory } from './category-tree.ts';
import { writeListingText, type ListingText } from './listing-text.ts';
import { productName, slugify } from './naming.ts';
import { createRandom, hashSeed, type Random } from './random.ts';

export interface ScaleListing {
  index: number;
  name: string;
  /** Unique without a lookup: the base-36 index, after an "s" that keeps it apart from demo slugs. */
  slug: string;
  category: FlatCategory;
  text: ListingText;
  /** Scheduled for a coming week (5 %) rather than live. */
  scheduled: boolean;
  /** The listing's generator after these draws: seed:scale takes the rest of the row from it. */
  rng: Random;
}

const flat = flattenCategories();
// Top-level categories are broad; subcategories are where most products say they belong.
const categoryWeights = flat.map((c) => [c, c.depth === 0 ? 1 : 3] as const);
/** Each category with its ancestors, nearest first: the vocabulary its listings are written from. */
const specsOf = new Map<string, CategorySpec[]>(flat.map((c) => [c.spec.slug, [...c.path].reverse().map((s) => flat.find((f) => f.spec.slug === s)!.spec)]));

export function scaleListing(index: number): ScaleListing {
  const rng = createRandom(hashSeed(`scale-listing-${index}`));
  const name = productName(rng);
  const slug = `${slugify(name)}-s${index.toString(36)}`;
  const category = rng.weighted(categoryWeights);
  const text = writeListingText(rng, name, specsOf.get(category.spec.slug)!);
  const scheduled = rng.chance(0.05);
  return { index, name, slug, category, text, scheduled, rng };
}

/** The index a seed:scale slug was made from, or undefined for any other slug. */
export function scaleListingIndex(slug: string): number | undefined {
  const m = /-s([0-9a-z]{1,8})$/.exec(slug);
  return m ? parseInt(m[1], 36) : undefined;
}
