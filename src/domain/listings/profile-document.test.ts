import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import { listingsStore } from '../../store/listings-store.ts';
import { ListingProfile } from '../../contract/listing.ts';
import { jsonText, tagOf } from '../json-text.ts';
import { toProfile } from './present.ts';
import { viewsOffset, withViews, type Profile } from './profile-document.ts';

// get_listing answers from the precomputed document (migration 0038) exactly the bytes the
// profile statement and its presenter give, whether computed on this read, read back from the
// table, or with a view count that moved since.
const t = await createTestApp();
const { fx, db } = t;
const store = listingsStore(db);
const URL = 'http://localhost:3000';

/** What get_listing answered before documents: the row, presented, checked, as text. */
async function presented(slug: string) {
  const row = await store.profileBySlug(slug);
  assert.ok(row);
  return jsonText(ListingProfile.parse(toProfile(row, URL)));
}
const stored = async (slug: string) =>
  (await sql<{ body: string | null }>`select d.body from listing_documents d join listings l on l.id = d.listing_id where l.slug = ${slug}`.execute(db)).rows[0].body;

await fx.category({ slug: 'tools', name: 'Tools' });
await fx.category({ slug: 'data', name: 'Data & "quotes"' });
const api = await fx.attribute('tools', { key: 'api', label: 'API', position: 2 });
const sso = await fx.attribute('tools', { key: 'sso', label: 'SSO', position: 1 });
const reviewer = await fx.user();
const owner = await fx.user();

/** A listing with every section of a profile: paid sections unlocked, founders, reviews, ratings, media. */
async function rich(slug: string, opts: { unlocked: string[]; views: number }) {
  const id = await fx.listing({
    slug,
    category: 'tools',
    extraCategories: ['data'],
    owner_id: owner,
    tagline: 'Ünïcode, "quotes" and \\ backslashes ✓',
    description: 'Line one.\nLine two.\u2028',
    faqs: [{ question: 'Is it free?', answer: 'Mostly.' }],
    // A "views" key below the top level must never be taken for the count.
    socials: { x: 'https://x.com/rich', views: '"views":12,' },
    story: { title: 'Why', story: 'Because.', problem: 'Slow reads' },
    revenue_mrr_cents: 123_456,
    views_count: opts.views,
    unlocked_sections: opts.unlocked as never,
    features: ['Fast', 'Small'],
    keywords: ['documents'],
    tags: ['json'],
    stage: 'growth',
    country: 'DE',
    founded_year: 2021,
    pricing_model: 'freemium',
  });
  await fx.attributeValue(id, api, 'yes');
  await fx.attributeValue(id, sso, 'no');
  const a = await fx.founder({ name: 'Ada' });
  const b = await fx.founder({ name: 'Grace', title: 'CTO' });
  await fx.founderOf(id, a, 0, 'Founder');
  await fx.founderOf(id, b, 1);
  await fx.review(id, reviewer, 4);
  await fx.review(id, await fx.user(), 5);
  await fx.domainRating(id, 31, '2026-01-01T00:00:00Z');
  await fx.domainRating(id, 35, '2026-01-09T00:00:00Z');
  for (let i = 0; i < 6; i++) await fx.update(id, `Update ${i}`, `2026-01-0${i + 1}T08:00:00Z`);
  await fx.milestone(id, '2026-01-08', 'Launch');
  await fx.media(id, `https://${slug}.example/shot.png`);
  await sql`update listings set votes_count = 7, vote_points = 6543, follows_count = 3 where id = ${id}`.execute(db);
  return id;
}

const listings = [
  { slug: 'rich-paid', id: await rich('rich-paid', { unlocked: ['story', 'milestones', 'media'], views: 987 }) },
  { slug: 'rich-free', id: await rich('rich-free', { unlocked: [], views: 0 }) },
  { slug: 'plain', id: await fx.listing({ slug: 'plain' }) },
  { slug: 'soon', id: await fx.listing({ slug: 'soon', status: 'scheduled', launch_week: '2026-03-02' }) },
];

for (const { slug, id } of listings) {
  test(`${slug}: get_listing's bytes and ETag are the presented profile's, computed, kept, and with views moved`, async () => {
    const expected = await presented(slug);
    assert.equal(await stored(slug), null, 'no document yet');
    const first = await t.app.http.inject({ method: 'GET', url: `/api/v1/listings/${slug}` });
    assert.equal(first.statusCode, 200);
    assert.equal(first.body, expected, 'computed on this read');
    assert.equal(first.headers.etag, tagOf(expected));
    assert.equal(await stored(slug), expected, 'and kept');

    const second = await t.app.http.inject({ method: 'GET', url: `/api/v1/listings/${slug}` });
    assert.equal(second.body, expected, 'read back from the table');
    assert.equal(second.headers.etag, tagOf(expected));

    await sql`update listing_views set views = views + 1234 where listing_id = ${id}`.execute(db);
    const moved = await presented(slug);
    assert.notEqual(moved, expected);
    const third = await t.app.http.inject({ method: 'GET', url: `/api/v1/listings/${slug}` });
    assert.equal(third.body, moved, 'the kept body with today\'s view count');
    assert.equal(third.headers.etag, tagOf(moved));
    assert.equal(await stored(slug), expected, 'the table is not rewritten for a view count');

    // MCP and pages read inside the answer: the same object as before documents.
    assert.deepEqual(JSON.parse(JSON.stringify(await t.app.services.listings.profile(slug))), JSON.parse(moved));
  });
}

test('after a category is renamed, the next read answers the new name (the epoch), byte-equal again', async () => {
  await sql`update categories set name = 'Dev tools' where slug = 'tools'`.execute(db);
  const res = await t.get('/api/v1/listings/rich-paid');
  assert.equal(res.body.categories[0].name, 'Dev tools');
  assert.equal(JSON.stringify(res.body), await presented('rich-paid'));
});

test('viewsOffset finds the top-level count only; withViews splices it or says it cannot', () => {
  const profile = { id: 1, socials: { views: 5 }, views: 12, follows: 0 } as unknown as Profile;
  const text = JSON.stringify(profile);
  const at = viewsOffset(profile, text)!;
  assert.equal(text.slice(at, at + 2), '12');
  assert.equal(text.slice(0, at), '{"id":1,"socials":{"views":5},"views":');
  const spliced = withViews({ body: text, tag: tagOf(text), views: 12, viewsAt: at }, 3456)!;
  assert.equal(spliced.body, JSON.stringify({ ...profile, views: 3456 }));
  assert.equal(spliced.tag, tagOf(spliced.body));
  assert.deepEqual(withViews({ body: text, tag: 'same', views: 12, viewsAt: null }, 12), { body: text, tag: 'same' });
  assert.equal(withViews({ body: text, tag: 'x', views: 12, viewsAt: null }, 13), null);
  assert.equal(viewsOffset({ views: 1 } as unknown as Profile, '{"views":1}'), '{"views":'.length);
  assert.equal(viewsOffset({ views: 1 } as unknown as Profile, '{"views":10}'), null, 'text that does not match is never spliced');
});
