import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { listingDocumentsStore } from '../store/listing-documents-store.ts';
import { listingsStore } from '../store/listings-store.ts';
import { ListingProfile } from '../contract/listing.ts';
import { jsonText } from '../domain/json-text.ts';
import { toProfile } from '../domain/listings/present.ts';
import type { JobData, JobDispatcher } from './dispatch.ts';
import type { ListingChanges } from '../store/listing-changes.ts';
import { buildAllListingDocuments, LISTING_DOCUMENTS_JOB, runListingDocuments, type ListingDocumentsDeps } from './listing-documents.ts';
import { kickListingDocuments } from './listing-documents-feed.ts';

// The 'listing-documents' job computes the documents changes emptied (migration 0038), in
// batches, ahead of reads; the change feed sends it.
const t = await createTestApp();
const { fx, db } = t;
const URL = 'http://localhost:3000';
const listings = listingsStore(db);

const sent: { name: string; data: JobData }[] = [];
const jobs: JobDispatcher = { send: async (name, data) => void sent.push({ name, data }) };
const deps = (over: Partial<ListingDocumentsDeps> = {}): ListingDocumentsDeps => ({
  documents: listingDocumentsStore(db),
  sources: listings.documentSources,
  publicUrl: URL,
  jobs,
  batch: 2,
  ...over,
});
const bodies = async () =>
  Object.fromEntries(
    (await sql<{ slug: string; body: string | null }>`
      select l.slug, d.body from listing_documents d join listings l on l.id = d.listing_id order by l.id`.execute(db)).rows.map((r) => [r.slug, r.body]),
  );
const presented = async (slug: string, publicUrl = URL) => jsonText(ListingProfile.parse(toProfile((await listings.profileBySlug(slug))!, publicUrl)));

await fx.category({ slug: 'tools', name: 'Tools' });
const ids: string[] = [];
for (let i = 1; i <= 5; i++) ids.push(await fx.listing({ slug: `job-${i}`, category: 'tools', status: i === 5 ? 'scheduled' : 'live' }));
await fx.listing({ slug: 'job-draft', status: 'draft' });

/** Runs the job, then every next batch it sends, as the queue would. */
async function pass(over: Partial<ListingDocumentsDeps> = {}) {
  sent.length = 0;
  const runs = [await runListingDocuments(deps(over))];
  while (sent.length) {
    const next = sent.shift()!;
    assert.equal(next.name, LISTING_DOCUMENTS_JOB);
    runs.push(await runListingDocuments(deps(over), String(next.data.after)));
  }
  return runs;
}

test('a pass computes every public listing\'s document in batches, each the presented profile; drafts stay empty', async () => {
  const runs = await pass();
  assert.deepEqual(runs.map((r) => [r.read, r.written]), [[2, 2], [2, 2], [1, 1]]);
  assert.equal(runs[1].after, ids[1], 'the next batch starts after the last id');
  const now = await bodies();
  for (let i = 1; i <= 5; i++) assert.equal(now[`job-${i}`], await presented(`job-${i}`));
  assert.equal(now['job-draft'], null);
  assert.deepEqual((await pass()).map((r) => r.read), [0], 'nothing left');
});

test('a changed listing is computed again by the next pass', async () => {
  await sql`update listings set tagline = 'Changed' where id = ${ids[2]}`.execute(db);
  assert.equal((await bodies())['job-3'], null);
  const runs = await pass();
  assert.deepEqual(runs.map((r) => r.written), [1]);
  assert.equal(JSON.parse((await bodies())['job-3']!).tagline, 'Changed');
});

test('a listing changed while its batch is computed keeps its empty body; the others are written', async () => {
  await sql`update listings set tagline = 'One' where id in (${ids[0]}, ${ids[1]})`.execute(db);
  const runs = await pass({
    sources: async (wanted) => {
      const rows = await listings.documentSources(wanted);
      await sql`update listings set tagline = 'Two' where id = ${ids[0]}`.execute(db);
      return rows;
    },
  });
  assert.deepEqual(runs.map((r) => [r.read, r.written]), [[2, 1], [0, 0]]);
  const now = await bodies();
  assert.equal(now['job-1'], null);
  assert.equal(JSON.parse(now['job-2']!).tagline, 'One');
  await pass();
  assert.equal(JSON.parse((await bodies())['job-1']!).tagline, 'Two');
});

test('a renamed category: bodies of the older epoch are emptied in batches, then computed again', async () => {
  await sql`update categories set name = 'Dev tools' where slug = 'tools'`.execute(db);
  const runs = await pass();
  assert.equal(runs[0].emptied, 5);
  assert.equal(runs.at(-1)!.next, null);
  const now = await bodies();
  for (let i = 1; i <= 5; i++) {
    assert.equal(now[`job-${i}`], await presented(`job-${i}`));
    assert.equal(JSON.parse(now[`job-${i}`]!).categories[0].name, 'Dev tools');
  }
});

test('another PUBLIC_URL outdates every body: computed again with the new address', async () => {
  const other = 'https://directory.example';
  await pass({ publicUrl: other });
  const now = await bodies();
  for (let i = 1; i <= 5; i++) assert.equal(now[`job-${i}`], await presented(`job-${i}`, other));
  assert.equal((await listingDocumentsStore(db).publicDocument('job-1', other))?.body, now['job-1']);
  assert.equal((await listingDocumentsStore(db).publicDocument('job-1', URL))?.body, null);
  assert.equal(await buildAllListingDocuments({ ...deps({ jobs: undefined }), batch: 500 }), 5, 'and back, in one call (seed:scale)');
});

test('the job is registered: sent through the services, it fills what changes emptied', async () => {
  await sql`update listings set tagline = 'Through the queue' where id = ${ids[3]}`.execute(db);
  await t.app.services.jobs.send(LISTING_DOCUMENTS_JOB, {});
  await t.jobsIdle();
  assert.equal(JSON.parse((await bodies())['job-4']!).tagline, 'Through the queue');
});

test('the change feed sends the job once per burst of changes, and not after it stops', async () => {
  const subscribers: ((slug: string) => void)[] = [];
  const feed: ListingChanges = { live: () => true, subscribe: (fn) => void subscribers.push(fn), close: async () => {} };
  const kicks: string[] = [];
  const stop = kickListingDocuments(feed, { send: async (name) => void kicks.push(name) }, (err) => assert.fail(String(err)), 20);
  for (let i = 0; i < 50; i++) subscribers[0](`slug-${i}`);
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(kicks, [LISTING_DOCUMENTS_JOB]);
  subscribers[0]('again');
  stop();
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(kicks, [LISTING_DOCUMENTS_JOB]);
});
