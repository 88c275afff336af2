import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { listingDocumentsStore } from './listing-documents-store.ts';
import { listingsStore } from './listings-store.ts';
import { profileDocument, publicProfileText } from '../domain/listings/profile-document.ts';

// Migration 0038: every change to a part of a public profile empties its document and bumps its
// generation in the change's own transaction; a body is written back only under the generation
// read with its profile.
const t = await createTestApp();
const { fx, db } = t;
const docs = listingDocumentsStore(db);
const listings = listingsStore(db);
const URL = 'http://localhost:3000';

const row = async (id: string) =>
  (await sql<{ generation: string; body: string | null; epoch: string | null }>`
    select generation, body, epoch from listing_documents where listing_id = ${id}`.execute(db)).rows[0];
const epoch = async () => (await sql<{ epoch: string }>`select epoch from listing_document_settings`.execute(db)).rows[0].epoch;
const slugOf = async (id: string) => (await sql<{ slug: string }>`select slug from listings where id = ${id}`.execute(db)).rows[0].slug;
/** Computes and keeps the listing's document through the read path; returns its row. */
async function computed(id: string) {
  const text = await publicProfileText(listings, await slugOf(id), URL);
  assert.ok(text, 'public');
  const r = await row(id);
  assert.ok(r.body !== null, 'kept');
  return r;
}

await fx.category({ slug: 'tools', name: 'Tools' });
const attr = await fx.attribute('tools', { key: 'api', label: 'API' });
const id = await fx.listing({ slug: 'documented', category: 'tools' });
const other = await fx.listing({ slug: 'bystander' });
const founder = await fx.founder({ name: 'Ada' });
await fx.founderOf(id, founder);
const reviewer = await fx.user();

test('a new listing has its document row (empty) from its insert on', async () => {
  const r = await row(id);
  assert.equal(r.body, null);
  assert.equal(r.generation === '0', false);
});

const stale: { name: string; write: () => Promise<unknown> }[] = [
  { name: 'a profile column (tagline)', write: () => sql`update listings set tagline = 'New words' where id = ${id}`.execute(db) },
  { name: 'a vote count', write: () => sql`update listings set votes_count = votes_count + 1 where id = ${id}`.execute(db) },
  { name: 'counted vote points', write: () => sql`update listings set vote_points = vote_points + 500 where id = ${id}`.execute(db) },
  { name: 'the comment count', write: () => sql`update listings set comments_count = comments_count + 1 where id = ${id}`.execute(db) },
  { name: 'the status (scheduled)', write: () => sql`update listings set status = 'scheduled' where id = ${id}`.execute(db) },
  { name: 'the status back (live)', write: () => sql`update listings set status = 'live' where id = ${id}`.execute(db) },
  { name: 'a slug change', write: () => sql`update listings set slug = 'documented-2' where id = ${id}`.execute(db) },
  { name: 'a paid section unlocked', write: () => sql`update listings set unlocked_sections = '{story,milestones,media}' where id = ${id}`.execute(db) },
  { name: 'a review', write: () => fx.review(id, reviewer, 4) },
  { name: 'a review unpublished', write: () => sql`update reviews set status = 'rejected' where listing_id = ${id}`.execute(db) },
  { name: 'a review deleted', write: () => sql`delete from reviews where listing_id = ${id}`.execute(db) },
  { name: 'a category added', write: () => db.insertInto('listing_categories').values({ listing_id: id, category_id: sql`(select id from categories where slug = 'software')` as never, is_primary: false, position: 1 }).execute() },
  { name: 'a category removed', write: () => sql`delete from listing_categories where listing_id = ${id} and not is_primary`.execute(db) },
  { name: 'an attribute value', write: () => fx.attributeValue(id, attr, 'yes') },
  { name: 'an attribute value changed', write: () => sql`update listing_attribute_values set value = 'no' where listing_id = ${id}`.execute(db) },
  { name: 'an update post', write: () => fx.update(id, 'Shipped', '2026-01-07T00:00:00Z') },
  { name: 'a milestone', write: () => fx.milestone(id, '2026-01-08', 'Launch') },
  { name: 'a media item', write: () => fx.media(id, 'https://documented.example/shot.png') },
  { name: 'a domain rating', write: () => fx.domainRating(id, 40, '2026-01-09T00:00:00Z') },
  { name: 'a founder added', write: async () => fx.founderOf(id, await fx.founder({ name: 'Grace' }), 1) },
  { name: 'a founder renamed', write: () => sql`update founders set name = 'Ada L.' where id = ${founder}`.execute(db) },
  { name: 'a founder hidden', write: () => sql`update founders set hidden_at = now() where id = ${founder}`.execute(db) },
  { name: 'a founder’s title on this listing', write: () => sql`update listing_founders set title = 'CTO' where listing_id = ${id} and founder_id = ${founder}`.execute(db) },
  { name: 'a founder removed', write: () => sql`delete from listing_founders where listing_id = ${id} and founder_id = ${founder}`.execute(db) },
  {
    name: 'two changes in one transaction',
    write: () => db.transaction().execute(async (trx) => {
      await sql`update listings set name = 'A' where id = ${id}`.execute(trx);
      await sql`update listings set name = 'B' where id = ${id}`.execute(trx);
    }),
  },
];

for (const s of stale) {
  test(`emptied and bumped: ${s.name}`, async () => {
    const before = await computed(id);
    const bystander = await computed(other);
    await s.write();
    const after = await row(id);
    assert.equal(after.body, null, 'emptied');
    assert.ok(BigInt(after.generation) > BigInt(before.generation), 'generation bumped');
    assert.deepEqual(await row(other), bystander, 'another listing untouched');
  });
}

const kept: { name: string; write: () => Promise<unknown> }[] = [
  { name: 'view counts (spliced in when read)', write: () => sql`update listing_views set views = views + 5 where listing_id = ${id}`.execute(db) },
  { name: 'trending score and week votes', write: () => sql`update listings set trending_score = trending_score + 1, week_votes = week_votes + 1 where id = ${id}`.execute(db) },
  { name: 'a rolled-back change', write: () => db.transaction().execute(async (trx) => {
      await sql`update listings set name = 'C' where id = ${id}`.execute(trx);
      throw new Error('roll back');
    }).catch(() => {}) },
];

for (const s of kept) {
  test(`kept as it is: ${s.name}`, async () => {
    const before = await computed(id);
    await s.write();
    assert.deepEqual(await row(id), before);
  });
}

test('a name shown on every profile (category, attribute label) bumps the one epoch: no body is usable, none is rewritten', async () => {
  for (const rename of [
    () => sql`update categories set name = 'Dev tools' where slug = 'tools'`.execute(db),
    () => sql`update category_attributes set label = 'Public API' where id = ${attr}`.execute(db),
  ]) {
    const before = await computed(id);
    const e = await epoch();
    await rename();
    assert.equal(BigInt(await epoch()), BigInt(e) + 1n);
    assert.deepEqual(await row(id), before, 'the row is not written');
    const read = await docs.publicDocument(await slugOf(id), URL);
    assert.equal(read?.body, null, 'but its body is not used');
  }
});

test('a document computed for another PUBLIC_URL is not used', async () => {
  await computed(id);
  assert.notEqual((await docs.publicDocument(await slugOf(id), URL))?.body, null);
  assert.equal((await docs.publicDocument(await slugOf(id), 'https://elsewhere.example'))?.body, null);
});

test('reads asked together (one statement per PUBLIC_URL) each get their own listing', async () => {
  await computed(id);
  await fx.listing({ slug: 'drafted-too', status: 'draft' });
  const [mine, again, bystander, draft, unknown, elsewhere] = await Promise.all([
    docs.publicDocument(await slugOf(id), URL),
    docs.publicDocument(await slugOf(id), URL),
    docs.publicDocument(await slugOf(other), URL),
    docs.publicDocument('drafted-too', URL),
    docs.publicDocument('no-such-listing', URL),
    docs.publicDocument(await slugOf(id), 'https://elsewhere.example'),
  ]);
  assert.equal(mine?.id, id);
  assert.equal(JSON.parse(mine!.body!).slug, await slugOf(id));
  assert.deepEqual(again, mine);
  assert.equal(bystander?.id, other);
  assert.equal(draft, undefined);
  assert.equal(unknown, undefined);
  assert.equal(elsewhere?.id, id);
  assert.equal(elsewhere?.body, null, "another address's read does not take this one's document");
});

test('a document is found by the slug its listing has now, and not once the listing is no longer public', async () => {
  const renamed = await fx.listing({ slug: 'old-name', category: 'tools' });
  await computed(renamed);
  assert.equal((await docs.publicDocument('old-name', URL))?.id, renamed);
  await sql`update listings set slug = 'new-name' where id = ${renamed}`.execute(db);
  assert.equal(await docs.publicDocument('old-name', URL), undefined, 'the old slug finds nothing');
  const before = await docs.publicDocument('new-name', URL);
  assert.equal(before?.id, renamed);
  assert.equal(before?.body, null, 'to be computed');
  await computed(renamed);
  assert.equal(JSON.parse((await docs.publicDocument('new-name', URL))!.body!).slug, 'new-name');
  const keptUnder = async (listing: string) => (await sql<{ slug: string }>`select slug from listing_documents where listing_id = ${listing}`.execute(db)).rows[0].slug;
  assert.equal(await keptUnder(renamed), 'new-name', 'the write-back keeps the slug its lookup goes by');
  // Another listing may take the old slug; its own document answers for it.
  const successor = await fx.listing({ slug: 'old-name', category: 'tools' });
  await computed(successor);
  assert.equal((await docs.publicDocument('old-name', URL))?.id, successor);
  await sql`update listings set status = 'draft' where id = ${renamed}`.execute(db);
  assert.equal(await docs.publicDocument('new-name', URL), undefined, 'a listing taken back is not read');
});

test('a listing deleted takes its document along; a draft has an empty one that reads never find', async () => {
  const gone = await fx.listing({ slug: 'gone' });
  await computed(gone);
  await sql`delete from listings where id = ${gone}`.execute(db);
  assert.equal(await row(gone), undefined);
  const draft = await fx.listing({ slug: 'drafty', status: 'draft' });
  assert.equal((await row(draft)).body, null);
  assert.equal(await docs.publicDocument('drafty', URL), undefined);
  assert.equal(await publicProfileText(listings, 'drafty', URL), null);
});

test('race: a change committed between the read and the write-back wins (the body stays empty)', async () => {
  await sql`update listings set tagline = 'Read' where id = ${id}`.execute(db);
  const source = (await listings.documentSource(await slugOf(id)))!;
  const computedDoc = profileDocument(source, URL);
  // Committed after the profile and its generation were read, before the write-back.
  await sql`update listings set tagline = 'Written meanwhile' where id = ${id}`.execute(db);
  const written = await docs.keep(URL, [{ listingId: id, generation: source.generation!, epoch: source.epoch, ...computedDoc }]);
  assert.deepEqual(written, [], 'nothing written');
  assert.equal((await row(id)).body, null);
  // The next read computes the new text and keeps it.
  const text = await publicProfileText(listings, await slugOf(id), URL);
  assert.equal(JSON.parse(text!.body).tagline, 'Written meanwhile');
  assert.equal((await row(id)).body, text!.body);
});

test('race, through the read path: a change committed while the profile is computed is not overwritten', async () => {
  await sql`update listings set tagline = 'Before' where id = ${id}`.execute(db);
  const raced = {
    ...listings,
    async documentSource(slug: string) {
      const source = await listings.documentSource(slug);
      await sql`update listings set tagline = 'During' where id = ${id}`.execute(db);
      return source;
    },
  };
  const text = await publicProfileText(raced, await slugOf(id), URL);
  assert.equal(JSON.parse(text!.body).tagline, 'Before', 'that read answers what it read');
  assert.equal((await row(id)).body, null, 'but keeps nothing');
  const next = await publicProfileText(listings, await slugOf(id), URL);
  assert.equal(JSON.parse(next!.body).tagline, 'During');
});

test('race: a body computed under an older epoch is kept but never used', async () => {
  const source = (await listings.documentSource(await slugOf(id)))!;
  await sql`update categories set name = 'Tools again' where slug = 'tools'`.execute(db);
  await sql`update listing_documents set body = null, tag = null where listing_id = ${id}`.execute(db);
  await docs.keep(URL, [{ listingId: id, generation: source.generation!, epoch: source.epoch, ...profileDocument(source, URL) }]);
  assert.equal((await docs.publicDocument(await slugOf(id), URL))?.body, null);
});

test('PostgreSQL: a write-back never waits for a transaction that holds the document (it writes nothing)', { skip: t.app.database.engine === 'pglite' && 'PostgreSQL only (PGlite has one session)' }, async () => {
  const source = (await listings.documentSource(await slugOf(id)))!;
  const doc = profileDocument(source, URL);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = db.transaction().execute(async (trx) => {
    await sql`select 1 from listing_documents where listing_id = ${id} for update`.execute(trx);
    locked();
    await held;
  });
  await isLocked;
  const started = performance.now();
  assert.deepEqual(await docs.keep(URL, [{ listingId: id, generation: source.generation!, epoch: source.epoch, ...doc }]), []);
  assert.ok(performance.now() - started < 1000);
  release();
  await holder;
  assert.deepEqual(await docs.keep(URL, [{ listingId: id, generation: source.generation!, epoch: source.epoch, ...doc }]), [id]);
});
