import type { OrderFulfilmentStore } from '../../store/order-fulfilment-store.ts';
import type { OrderLineRow } from '../../store/orders-store.ts';
import type { PaidSection } from '../../store/schema.ts';
import { weekOf } from '../launches/weeks.ts';
import { MAX_EXTRA_CATEGORIES } from './items.ts';

/**
 * Delivers what a paid order bought, line by line, inside the transaction that marked it paid.
 * Only lines not fulfilled yet are taken, row-locked, and each is marked in the same transaction:
 * a repeated webhook, a second node or the test button after Stripe finds nothing left to do.
 * Returns the slugs of listings whose public profile changed (caches to drop after commit).
 */
export async function fulfilOrder(store: OrderFulfilmentStore, orderId: string, at: Date): Promise<string[]> {
  const lines = await store.unfulfilledLines(orderId);
  if (!lines.length) return [];
  const currentWeek = weekOf(at, await store.timezone());
  const changed = new Set<string>();
  for (const line of lines) {
    const listing = line.listing_id ? await store.lockListing(line.listing_id) : undefined;
    let fulfilment: string;
    if (!listing) fulfilment = 'The listing no longer exists: nothing to deliver.';
    else {
      fulfilment = await deliver(store, line, listing, currentWeek, at);
      changed.add(listing.slug);
    }
    await store.markFulfilled(line.id, at, fulfilment);
  }
  return [...changed];
}

async function deliver(
  store: OrderFulfilmentStore,
  line: OrderLineRow,
  listing: { id: string; status: string },
  currentWeek: string,
  at: Date,
): Promise<string> {
  switch (line.kind) {
    case 'paid_launch': {
      if (listing.status === 'live') {
        await store.setPaidPlan(listing.id, at);
        return 'The listing was already live: it is now on the paid plan.';
      }
      if (listing.status === 'archived') return 'The listing is archived: not launched.';
      // Paid after its week began (or ended): it launches at once, in the current week.
      const week = line.launch_week! < currentWeek ? currentWeek : line.launch_week!;
      const live = week === currentWeek;
      await store.launchPaid(listing.id, { week, live, at });
      if (live) await store.webhookEvents.listingsLive([listing.id], at);
      return live ? `Live now, in the launch week of ${week}.` : `Scheduled for the launch week of ${week}; it goes live that Monday.`;
    }
    case 'extra_category': {
      const wanted = (line.options.category_ids as string[] | undefined) ?? [];
      const added = await store.attachCategories(listing.id, wanted, MAX_EXTRA_CATEGORIES);
      const slugs = (line.options.categories as string[] | undefined) ?? [];
      if (added.length === wanted.length) return `Added to ${slugs.join(', ')}.`;
      return `Added ${added.length} of ${wanted.length} categories (${slugs.join(', ')}): the listing had the others already, or ${MAX_EXTRA_CATEGORIES} extra categories.`;
    }
    case 'section_unlock': {
      const section = line.options.section as PaidSection;
      await store.unlockSection(listing.id, section, at);
      return `The ${section} section is unlocked.`;
    }
    case 'billboard': {
      const cents = Number(line.amount_cents);
      await store.addBillboard(listing.id, cents, line.id, at);
      return `${cents} cents added to the billboard ranking (paid placement).`;
    }
  }
}

/**
 * What a refund undoes: the billboard money leaves the ranking (it ranks money kept), and a paid
 * launch that has not gone live yet goes back to a submitted listing. A launch that has happened,
 * extra categories and unlocked sections stay: delivered services the site team may take back by
 * hand. Returns the slugs whose public profile changed.
 */
export async function undoForRefund(store: OrderFulfilmentStore, orderId: string, lines: OrderLineRow[], at: Date): Promise<string[]> {
  await store.removeBillboard(orderId);
  const changed: string[] = [];
  for (const line of lines) {
    if (line.kind !== 'paid_launch' || !line.fulfilled_at || !line.listing_id) continue;
    const listing = await store.lockListing(line.listing_id);
    if (listing && (await store.unschedule(listing.id, at))) changed.push(listing.slug);
  }
  return changed;
}
