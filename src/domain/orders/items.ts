import type { FieldError } from '../errors.ts';
import type { PaidSection, ProductKind } from '../../store/schema.ts';
import { isValidDate, mondayOf, weeksBetween, type IsoDate } from '../launches/weeks.ts';

/** An item as the body of quote_order / create_checkout has it (after the schema). */
export interface OrderItemInput {
  product: string;
  listing_id?: number;
  options?: { week?: string; categories?: string[]; amount_cents?: number };
}

export interface ProductFacts {
  id: string;
  code: string;
  name: string;
  kind: ProductKind;
  price_cents: number;
  options: Record<string, unknown>;
}

/** What an order needs to know of one of the caller's listings. */
export interface ListingFacts {
  id: string;
  name: string;
  status: string;
  plan: string;
  primaryCategoryId: string | null;
  extraCategoryIds: string[];
  unlockedSections: string[];
}

/** Everything items are checked against, read once (under the calendar lock for a checkout). */
export interface OrderFacts {
  /** Products on sale, by code. */
  products: Map<string, ProductFacts>;
  /** The caller's own listings among those named; another user's is simply absent. */
  listings: Map<string, ListingFacts>;
  categories: Map<string, { id: string; name: string }>;
  /** Paid launches already holding each week named (paid listings there, unexpired pending orders). */
  weekTaken: Map<IsoDate, number>;
  paidWeekCapacity: number;
  currentWeek: IsoDate;
}

export interface PricedLine {
  position: number;
  productId: string;
  productCode: string;
  productName: string;
  kind: Exclude<ProductKind, 'featured'>;
  listingId: string;
  options: Record<string, unknown>;
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  launchWeek: IsoDate | null;
}

/** The spec's bound: one primary category, paid listings up to 3 more. */
export const MAX_EXTRA_CATEGORIES = 3;
/** How far ahead a paid launch may be booked: the calendar's own horizon (week references). */
export const MAX_WEEKS_AHEAD = 52;
const SECTIONS: readonly PaidSection[] = ['story', 'milestones', 'media'];
/** Option keys each kind takes; any other key on an item is an error naming it. */
const OPTION_KEYS: Record<string, readonly string[]> = {
  paid_launch: ['week'],
  extra_category: ['categories'],
  section_unlock: [],
  billboard: ['amount_cents'],
};
const LAUNCHABLE = new Set(['draft', 'awaiting_badge']);

const sectionOf = (p: ProductFacts) => (SECTIONS as readonly string[]).includes(String(p.options.section)) ? (p.options.section as PaidSection) : undefined;
/** The billboard minimum: the product's options.minimum_cents, else its listed price. */
export const billboardMinimum = (p: ProductFacts) => (Number.isInteger(p.options.minimum_cents) ? Number(p.options.minimum_cents) : p.price_cents);
const capitalised = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * Prices the items of an order at the administrator's current prices, checking every option.
 * Returns the lines, or every problem found with the field it concerns (items.1.options.week):
 * a client fixes them all in one go. Checks that depend on earlier items of the same order
 * (a week's room, a listing's categories, a section bought twice) count those items too.
 */
export function priceItems(items: OrderItemInput[], facts: OrderFacts): { lines: PricedLine[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const lines: PricedLine[] = [];
  const weekInOrder = new Map<IsoDate, number>();
  const extrasInOrder = new Map<string, Set<string>>();
  const seen = new Map<string, number>();
  const launchedInOrder = new Set(
    items.filter((i) => facts.products.get(i.product)?.kind === 'paid_launch' && i.listing_id !== undefined).map((i) => String(i.listing_id)),
  );

  items.forEach((item, i) => {
    const at = `items.${i}`;
    const fail = (field: string, message: string) => void errors.push({ field: `${at}${field ? `.${field}` : ''}`, message });
    const product = facts.products.get(item.product);
    if (!product) return fail('product', `no product with code ${item.product} is on sale (list_products lists them)`);
    if (product.kind === 'featured') return fail('product', `${product.code} (featured placement) cannot be bought through an order yet`);
    const kind = product.kind;
    for (const key of Object.keys(item.options ?? {})) {
      if (!OPTION_KEYS[kind].includes(key)) fail(`options.${key}`, `not an option of ${product.code} (${kind}${OPTION_KEYS[kind].length ? `: ${OPTION_KEYS[kind].join(', ')}` : ' takes no options'})`);
    }
    if (item.listing_id === undefined) return fail('listing_id', `${product.code} is bought for one of your listings: give its listing_id`);
    const listingId = String(item.listing_id);
    const listing = facts.listings.get(listingId);
    if (!listing) return fail('listing_id', `you have no listing with id ${item.listing_id}`);
    if (listing.status === 'archived') return fail('listing_id', `listing ${item.listing_id} is archived`);

    // A launch, or a section, is bought once per listing; categories and billboard money may repeat.
    if (kind === 'paid_launch' || kind === 'section_unlock') {
      const once = `${kind}:${listingId}:${kind === 'section_unlock' ? sectionOf(product) : ''}`;
      if (seen.has(once)) return fail('product', `items.${seen.get(once)} already buys ${product.code} for listing ${item.listing_id}`);
      seen.set(once, i);
    }
    const base = { position: i + 1, productId: product.id, productCode: product.code, productName: product.name, kind, listingId, quantity: 1, launchWeek: null };

    if (kind === 'paid_launch') {
      if (listing.plan === 'paid') return fail('listing_id', `listing ${item.listing_id} is already on the paid plan`);
      if (!LAUNCHABLE.has(listing.status)) return fail('listing_id', `listing ${item.listing_id} is ${listing.status}: a paid launch is for a submitted listing not launched yet (draft or awaiting_badge)`);
      const week = item.options?.week;
      if (week === undefined) return fail('options.week', 'required: the Monday (YYYY-MM-DD) of the launch week');
      const problem = weekProblem(week, facts, weekInOrder.get(week) ?? 0);
      if (problem) return fail('options.week', problem);
      weekInOrder.set(week, (weekInOrder.get(week) ?? 0) + 1);
      const live = week === facts.currentWeek ? ' (this week: live as soon as it is paid)' : '';
      lines.push({ ...base, launchWeek: week, options: { week }, description: `Paid launch of ${listing.name} in the week of ${week}${live}`, unitPriceCents: product.price_cents, amountCents: product.price_cents });
      return;
    }

    if (kind === 'extra_category') {
      if (listing.plan !== 'paid' && !launchedInOrder.has(listingId)) {
        return fail('listing_id', `extra categories are for paid listings: launch listing ${item.listing_id} on the paid plan first, or add a paid launch for it to this order`);
      }
      const slugs = item.options?.categories;
      if (!slugs) return fail('options.categories', 'required: the slugs of the categories to add');
      const inOrder = extrasInOrder.get(listingId) ?? new Set<string>();
      const ids: string[] = [];
      const names: string[] = [];
      for (const [j, slug] of slugs.entries()) {
        const category = facts.categories.get(slug);
        const where = `options.categories.${j}`;
        if (!category) fail(where, `no category has the slug ${slug}`);
        else if (slugs.indexOf(slug) !== j) fail(where, `${slug} is named twice`);
        else if (category.id === listing.primaryCategoryId) fail(where, `${slug} is already the listing's primary category`);
        else if (listing.extraCategoryIds.includes(category.id) || inOrder.has(category.id)) fail(where, `the listing already has (or this order already adds) the category ${slug}`);
        else {
          ids.push(category.id);
          names.push(category.name);
        }
      }
      if (ids.length !== slugs.length) return;
      const limit = Math.min(MAX_EXTRA_CATEGORIES, Number.isInteger(product.options.max_per_listing) ? Number(product.options.max_per_listing) : MAX_EXTRA_CATEGORIES);
      const total = listing.extraCategoryIds.length + inOrder.size + ids.length;
      if (total > limit) {
        return fail('options.categories', `the listing would have ${total} extra categories; at most ${limit} beyond the primary (it has ${listing.extraCategoryIds.length}${inOrder.size ? `, this order adds ${inOrder.size} more` : ''})`);
      }
      for (const id of ids) inOrder.add(id);
      extrasInOrder.set(listingId, inOrder);
      lines.push({
        ...base,
        quantity: ids.length,
        options: { categories: slugs, category_ids: ids },
        description: `${ids.length} extra ${ids.length === 1 ? 'category' : 'categories'} for ${listing.name}: ${names.join(', ')}`,
        unitPriceCents: product.price_cents,
        amountCents: product.price_cents * ids.length,
      });
      return;
    }

    if (kind === 'section_unlock') {
      const section = sectionOf(product);
      if (!section) return fail('product', `${product.code} names no section to unlock (story, milestones or media): ask the site's administrator`);
      if (listing.unlockedSections.includes(section)) return fail('product', `the ${section} section of listing ${item.listing_id} is already unlocked`);
      lines.push({ ...base, options: { section }, description: `${capitalised(section)} section of ${listing.name}`, unitPriceCents: product.price_cents, amountCents: product.price_cents });
      return;
    }

    const amount = item.options?.amount_cents;
    const minimum = billboardMinimum(product);
    if (amount === undefined) return fail('options.amount_cents', `required: the amount in USD cents, at least ${minimum}`);
    if (amount < minimum) return fail('options.amount_cents', `at least ${minimum} cents (the billboard minimum); got ${amount}`);
    lines.push({ ...base, options: { amount_cents: amount }, description: `Billboard contribution for ${listing.name} (paid placement)`, unitPriceCents: amount, amountCents: amount });
  });
  return { lines: errors.length ? [] : lines, errors };
}

/** Why a paid launch cannot take this week, or undefined when it can. */
function weekProblem(week: string, facts: OrderFacts, earlierInOrder: number): string | undefined {
  if (!isValidDate(week)) return `${week} is not a date YYYY-MM-DD`;
  if (mondayOf(week) !== week) return `${week} is not a Monday: launch weeks are named by their Monday (${mondayOf(week)} here)`;
  if (week < facts.currentWeek) return `the week of ${week} is over; the earliest is this week, ${facts.currentWeek}`;
  if (weeksBetween(facts.currentWeek, week) > MAX_WEEKS_AHEAD) return `the week of ${week} is more than ${MAX_WEEKS_AHEAD} weeks ahead`;
  const taken = (facts.weekTaken.get(week) ?? 0) + earlierInOrder;
  if (taken >= facts.paidWeekCapacity) return `the week of ${week} is full (${facts.paidWeekCapacity} paid launches a week); choose another`;
  return undefined;
}

/** The weeks an order's items name, to count their room in one query. */
export const weeksNamed = (items: OrderItemInput[]) =>
  [...new Set(items.map((i) => i.options?.week).filter((w): w is string => typeof w === 'string' && isValidDate(w)))];
