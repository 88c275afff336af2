import type { TestApp } from '../../testing/harness.ts';

/**
 * The price list the order tests buy from, set as an administrator would (fixtures, not code:
 * nothing in the service hard-codes a price). Categories for extra-category items.
 */
export async function stockShop(t: TestApp, prefix = '') {
  const p = (code: string) => `${prefix}${code}`;
  await t.fx.product({ code: p('paid-launch'), price_cents: 4900, kind: 'paid_launch', position: 1 });
  await t.fx.product({ code: p('extra-category'), price_cents: 1900, kind: 'extra_category', position: 2, options: { max_per_listing: 3 } });
  await t.fx.product({ code: p('unlock-story'), price_cents: 2900, kind: 'section_unlock', position: 3, options: { section: 'story' } });
  await t.fx.product({ code: p('billboard'), price_cents: 1000, kind: 'billboard', position: 4, options: { minimum_cents: 1000 } });
  await t.fx.product({ code: p('featured'), price_cents: 9900, kind: 'featured', position: 5 });
  await t.fx.product({ code: p('retired-thing'), price_cents: 500, kind: 'section_unlock', active: false, options: { section: 'media' } });
  for (const slug of ['invoicing', 'analytics', 'crm', 'payments', 'tax']) await t.fx.category({ slug: `${prefix}${slug}` });
  return { code: p, category: p };
}

/** A submitted listing (status draft, free plan) of this owner, in a primary category. */
export const submittedListing = (t: TestApp, ownerId: string, p: { name?: string; category?: string; status?: 'draft' | 'awaiting_badge' | 'scheduled' | 'live' | 'archived'; plan?: 'free' | 'paid'; launch_week?: string } = {}) =>
  t.fx.listing({ owner_id: ownerId, status: p.status ?? 'draft', plan: p.plan ?? 'free', name: p.name ?? 'Acme Invoicing', category: p.category, launch_week: p.launch_week });

/** The hidden csrf field and the form action of the checkout page at `url`. */
export async function checkoutForm(browser: ReturnType<TestApp['siteBrowser']>, url: string) {
  const page = await browser.get(url);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  return { page, csrf: csrf!, action: action!, token: token! };
}

export const BILLING = { name: 'Acme GmbH', address: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin' };
