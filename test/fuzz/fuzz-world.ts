import fc from 'fast-check';
import { sql } from 'kysely';
import { loadDemoData } from '../../src/demo/load.ts';
import { SCOPES, type Scope } from '../../src/domain/actor.ts';
import { aiField, insertDraft } from '../../src/operations/drafts/drafts-testing.ts';
import type { TestApp } from '../../src/testing/harness.ts';
import type { Hints } from './schema-arbitrary.ts';
import { endpointWithDelivery } from '../../src/domain/webhooks/webhooks-testing.ts';

/**
 * Who the fuzz calls as: nobody; the owner of a set of objects; another user, who has objects
 * of their own but aims at the owner's (and a bystander's); the owner through a read-only key.
 */
export const ACTORS = ['anonymous', 'owner', 'other', 'reader'] as const;
export type ActorName = (typeof ACTORS)[number];

/** What one person owns; the pools grow as their calls create drafts, orders, claims and milestones. */
export interface Holdings {
  userId: string;
  email: string;
  draftIds: string[];
  listingIds: number[];
  /** Slugs of listings nobody else may see (submitted, not launched). */
  privateSlugs: string[];
  milestoneIds: number[];
  claimIds: number[];
  orderNumbers: string[];
  /** Webhook endpoints, and deliveries of them ("send again" takes both). */
  webhookIds: number[];
  deliveryIds: number[];
  /**
   * Text that must never reach anyone else: ids of private objects, claim tokens, checkout links,
   * the account's e-mail and keys, and (for the bystander, whose objects nobody edits or
   * publishes) a word in every one of them. An id the caller sent itself may come back (a 404
   * names it); the check allows text the request carried.
   */
  secrets: Set<string>;
}

export interface World {
  people: { owner: Holdings; other: Holdings; bystander: Holdings };
  auth: Record<ActorName, Record<string, string>>;
  publicSlugs: string[];
  publicListingIds: number[];
  categorySlugs: string[];
  categoryNames: string[];
  founderSlugs: string[];
  blogSlugs: string[];
  productCodes: string[];
  questionIds: number[];
  claimDomains: string[];
}

/** The word in every object of the bystander's: it may appear in no answer at all. */
export const BYSTANDER_MARK = 'Zqbystandermark';

async function person(t: TestApp, name: string, mark: string | undefined, publicSlugFree: string): Promise<{ h: Holdings; keys: Record<string, string>[] }> {
  const email = `${name}-fuzz@fuzz.test`;
  const userId = await t.app.services.accounts.createUser({ email, name: `${name} Fuzz`, password: null });
  await t.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).execute();
  const keyOf = async (scopes: Scope[]) => (await t.app.services.accounts.createApiKey(userId, { name: `${name} ${scopes.join(' ')}`, scopes: [...scopes] })).key;
  const full = await keyOf([...SCOPES]);
  const reader = await keyOf(['account:read']);
  const text = (what: string) => (mark ? `${mark} ${what}` : `${name} ${what}`);
  const h: Holdings = { userId, email, draftIds: [], listingIds: [], privateSlugs: [], milestoneIds: [], claimIds: [], orderNumbers: [], webhookIds: [], deliveryIds: [], secrets: new Set([email, full, reader]) };

  for (let i = 0; i < 2; i++) {
    const id = await insertDraft(t, userId, {
      url: `https://${name}-draft-${i}.invalid/`,
      fields: { name: aiField(text(`Draft ${i}`)), tagline: aiField(text('tagline')), description: aiField(text('description of the product')) },
      founders: [{ name: text('Founder'), title: 'CEO', bio: text('bio'), evidence: [] }],
    });
    h.draftIds.push(id);
  }
  for (let i = 0; i < 2; i++) {
    const slug = `${name}-private-listing-${i}`;
    const id = Number(await t.fx.listing({ slug, name: text(`Listing ${i}`), tagline: text('tagline'), owner_id: userId, status: 'draft', url: `https://${slug}.invalid/`, domain: `${slug}.invalid` }));
    await t.fx.milestone(String(id), '2026-01-01', text('milestone'));
    const m = await t.db.selectFrom('milestones').select('id').where('listing_id', '=', String(id)).executeTakeFirstOrThrow();
    h.listingIds.push(id);
    h.privateSlugs.push(slug);
    h.milestoneIds.push(Number(m.id));
  }
  const claim = await t.app.services.claims.claim(userId, { slug: publicSlugFree, method: 'meta' });
  h.claimIds.push(claim.id);
  const order = await t.app.services.orders.createCheckout(userId, { items: [{ product: 'unlock-story', listing_id: h.listingIds[0] }], billing_country: 'US' });
  h.orderNumbers.push(order.number);
  const hook = await endpointWithDelivery(t.app.services, t.db, userId);
  h.webhookIds.push(hook.endpointId);
  h.deliveryIds.push(hook.deliveryId);
  h.secrets.add(hook.secret);
  await learnSecrets(t, h);
  if (mark) for (const s of [...h.privateSlugs]) h.secrets.add(s);
  if (mark) h.secrets.add(mark);
  return { h, keys: [{ authorization: `Bearer ${full}` }, { authorization: `Bearer ${reader}` }] };
}

/** Reads the person's private identifiers from the database into their secrets. */
export async function learnSecrets(t: TestApp, h: Holdings) {
  const claims = await t.db.selectFrom('listing_claims').select(['token']).where('user_id', '=', h.userId).execute();
  for (const c of claims) if (c.token) h.secrets.add(c.token);
  for (const d of h.draftIds) h.secrets.add(d);
  for (const o of h.orderNumbers) h.secrets.add(o);
}

/** The demo directory (300 listings, categories, products, questions) and three people in it. */
export async function buildWorld(t: TestApp): Promise<World> {
  await loadDemoData(t.db, { now: new Date() });
  const live = await t.db.selectFrom('listings').select(['id', 'slug', 'owner_id', 'status']).where('status', 'in', ['live', 'scheduled']).orderBy('id').execute();
  const unowned = live.filter((l) => l.owner_id === null && l.status === 'live').map((l) => l.slug);
  const owner = await person(t, 'owner', undefined, unowned[0]);
  const other = await person(t, 'other', undefined, unowned[1]);
  const bystander = await person(t, 'bystander', BYSTANDER_MARK, unowned[2]);
  // The owner also owns a live listing (claiming one's own listing is a conflict, not a claim).
  await t.db.updateTable('listings').set({ owner_id: owner.h.userId }).where('slug', '=', unowned[3]).execute();
  const ownLive = await t.db.selectFrom('listings').select('id').where('slug', '=', unowned[3]).executeTakeFirstOrThrow();
  owner.h.listingIds.push(Number(ownLive.id));

  const categories = await t.db.selectFrom('categories').select(['slug', 'name']).execute();
  const founders = await t.db.selectFrom('founders').select('slug').limit(20).execute();
  const posts = await t.db.selectFrom('blog_posts').select('slug').execute();
  const products = await t.db.selectFrom('products').select('code').execute();
  const questions = await t.db.selectFrom('interview_questions').select('id').execute();
  const sample = live.filter((_, i) => i % 10 === 0);
  return {
    people: { owner: owner.h, other: other.h, bystander: bystander.h },
    auth: { anonymous: {}, owner: owner.keys[0], other: other.keys[0], reader: owner.keys[1] },
    publicSlugs: sample.map((l) => l.slug),
    publicListingIds: sample.map((l) => Number(l.id)),
    categorySlugs: categories.map((c) => c.slug),
    categoryNames: categories.map((c) => c.name),
    founderSlugs: founders.map((f) => f.slug),
    blogSlugs: posts.map((p) => p.slug),
    productCodes: products.map((p) => p.code),
    questionIds: questions.map((q) => Number(q.id)),
    claimDomains: sample.map((l) => `${l.slug}.example`),
  };
}

/** Whose objects an actor holds, and whose it aims at. */
export function sides(world: World, actor: ActorName) {
  const { owner, other, bystander } = world.people;
  if (actor === 'owner' || actor === 'reader') return { own: [owner], foreign: [other, bystander] };
  if (actor === 'other') return { own: [other], foreign: [owner, bystander] };
  return { own: [], foreign: [owner, other, bystander] };
}

/** An element of a list that may grow while the fuzz runs (read at draw time). */
function fromPool<T>(pool: () => T[]): fc.Arbitrary<T> | undefined {
  if (pool().length === 0) return undefined;
  return fc.nat({ max: 10_000 }).map((i) => {
    const p = pool();
    return p[i % p.length];
  });
}

function weighted(...options: [number, fc.Arbitrary<unknown> | undefined][]): fc.Arbitrary<unknown> | undefined {
  const present = options.filter((o): o is [number, fc.Arbitrary<unknown>] => o[1] !== undefined);
  return present.length ? fc.oneof(...present.map(([weight, arbitrary]) => ({ weight, arbitrary }))) : undefined;
}

const monday = (weeks: number) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + weeks * 7);
  return d.toISOString().slice(0, 10);
};

/**
 * The hints of the input generator for one actor: its own ids most of the time (the other user
 * mostly aims at the owner's), real slugs and codes, Mondays near now, URLs that lead nowhere.
 */
export function hintsFor(world: World, actor: ActorName): Hints {
  const { own, foreign } = sides(world, actor);
  const mine = actor === 'other' ? 1 : 4;
  const theirs = actor === 'other' ? 3 : 1;
  const ids = <T>(field: (h: Holdings) => T[]) =>
    weighted([mine, fromPool(() => own.flatMap(field))], [theirs, fromPool(() => foreign.flatMap(field))]);
  const constants = <T>(list: T[]) => (list.length ? fc.constantFrom(...list) : undefined);
  const weeks = fc.oneof(fc.constantFrom('this', 'next', 'last'), fc.integer({ min: -60, max: 60 }).map(monday), fc.integer({ min: -3, max: 70 }).map((w) => monday(w).slice(0, 8) + '0' + ((w % 9) + 1)));
  const urls = fc.oneof(
    fc.constantFrom('http://127.0.0.1:9/', 'https://10.0.0.1/', 'http://[::1]/', 'https://localhost/', 'ftp://fuzz.invalid/', 'javascript:alert(1)', 'https://user:pass@fuzz.invalid/'),
    fc.webPath().map((p) => `https://fuzz-${p.length}.invalid${p}`),
  );
  return (name, path) => {
    switch (name) {
      case 'slug':
      case 'a':
      case 'b':
      case 'listing':
        return weighted([4, constants(world.publicSlugs)], [1, ids((h) => h.privateSlugs)], [1, constants(world.founderSlugs)], [1, constants(world.categorySlugs)], [1, constants(world.blogSlugs)]);
      case 'category':
        return constants(world.categorySlugs);
      case 'categories[]':
        // A draft's categories are names from the list; an order's extra categories are slugs.
        return path.startsWith('fields') ? weighted([3, constants(world.categoryNames)], [1, constants(world.categorySlugs)]) : constants(world.categorySlugs);
      case 'id':
        return ids((h) => h.draftIds);
      case 'listing_id':
        return weighted([4, ids((h) => h.listingIds)], [1, constants(world.publicListingIds)]);
      case 'milestone_id':
        return ids((h) => h.milestoneIds);
      case 'claim_id':
        return ids((h) => h.claimIds);
      case 'number':
        return ids((h) => h.orderNumbers);
      case 'webhook_id':
        return ids((h) => h.webhookIds);
      case 'delivery_id':
        return ids((h) => h.deliveryIds);
      case 'product':
        return constants(world.productCodes);
      case 'question_id':
        return constants(world.questionIds);
      case 'week':
        return weeks;
      case 'date':
        return fc.oneof(
          { weight: 4, arbitrary: fc.integer({ min: -400, max: 400 }).map(monday) },
          { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '0000-01-01', '9999-12-31', '2026-1-1') },
        );
      case 'board':
        return fc.constantFrom('community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue');
      case 'url':
      case 'competitor_url':
      case 'demo_video_url':
        return urls;
      case 'email':
      case 'contact_email':
        return fc.oneof(fc.constantFrom(...world.claimDomains).map((d) => `jane@${d}`), fc.constant('someone@fuzz.invalid'), fc.emailAddress().map((e) => e.replace(/@.*/, '@fuzz.invalid')));
      case 'country':
      case 'billing_country':
        return fc.constantFrom('DE', 'FR', 'US', 'de', 'GB', 'XX', 'AT');
      case 'vat_number':
        return fc.constantFrom('FR40303265045', 'DE123456789', 'ATU12345678', 'XX1', 'FR00000000000');
      case 'stage':
        return fc.constantFrom('idea', 'prototype', 'beta', 'launched', 'growing', 'mature');
      default:
        return undefined;
    }
  };
}

const OWNED_TABLES = [
  'drafts', 'crawl_pages', 'draft_invites', 'listings', 'listing_categories', 'listing_founders', 'founders', 'listing_updates', 'milestones',
  'listing_versions', 'listing_claims', 'claim_emails', 'orders', 'order_lines', 'interview_answers', 'outbox_emails', 'badge_checks',
  'listing_media', 'billboard_contributions', 'payment_events', 'api_keys', 'users', 'webhook_endpoints', 'webhook_deliveries',
] as const;

/**
 * The rows a write could leave behind: the count of every owned table, and the last update of
 * the rows that are updated in place. A rejected write must leave all of it as it was.
 */
async function countRows(t: TestApp): Promise<Record<string, string>> {
  const counts = OWNED_TABLES.map((table) => sql`(select count(*) from ${sql.table(table)})::text as ${sql.ref(table)}`);
  const touched = ['drafts', 'listings', 'interview_answers'].map((table) => sql`(select coalesce(max(updated_at)::text, '') from ${sql.table(table)}) as ${sql.ref(`${table}_updated_at`)}`);
  const { rows } = await sql<Record<string, string>>`select ${sql.join([...counts, ...touched])}`.execute(t.db);
  return rows[0];
}

/**
 * The next transaction id: every write (and every rolled back attempt) takes one, reads do not.
 * While it stands still no row can have changed, so the counts (about 30 ms on PGlite) are only
 * taken again once it has moved.
 */
async function nextTransactionId(t: TestApp): Promise<string> {
  const { rows } = await sql<{ x: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as x`.execute(t.db);
  return rows[0].x;
}

let known: { xid: string; rows: Record<string, string> } | undefined;

export async function footprint(t: TestApp): Promise<Record<string, string>> {
  const xid = await nextTransactionId(t);
  if (known?.xid === xid) return known.rows;
  const rows = await countRows(t);
  // Counted after the id was read: a write in between would only make the next call count again.
  known = { xid, rows };
  return rows;
}
