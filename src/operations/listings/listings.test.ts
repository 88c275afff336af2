import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { callTool, createTestApp } from '../../testing/harness.ts';
import { TRENDING_REFRESH_JOB } from '../../domain/listings/directory.ts';

// A fixed clock so trending decay is deterministic.
const NOW = new Date('2026-03-12T12:00:00Z');
const t = await createTestApp({ now: () => NOW });
const { fx } = t;

await fx.category({ slug: 'dev-tools', position: 1 });
await fx.category({ slug: 'testing', parent: 'dev-tools' });
await fx.category({ slug: 'marketing', position: 2 });
const voters = await Promise.all(Array.from({ length: 12 }, () => fx.user()));

const notion = await fx.listing({
  slug: 'notionly',
  name: 'Notionly',
  tagline: 'Notes and docs for small teams',
  description: 'A connected workspace for wikis, notes and project documentation.',
  keywords: ['wiki', 'knowledge base'],
  category: 'dev-tools',
  stage: 'growing',
  country: 'DE',
  pricing_model: 'Freemium',
  domain: 'notionly.example',
  published_at: new Date('2026-02-02T10:00:00Z'),
  views_count: 50,
});
const invoicer = await fx.listing({
  slug: 'invoicer',
  name: 'Invoicer',
  tagline: 'Invoicing for freelancers',
  description: 'Send invoices and get paid faster.',
  keywords: ['billing', 'invoices'],
  category: 'marketing',
  country: 'FR',
  pricing_model: 'subscription',
  domain: 'app.invoicer.example',
  published_at: new Date('2026-03-02T10:00:00Z'),
  views_count: 10,
});
const tester = await fx.listing({
  slug: 'testpilot',
  name: 'TestPilot',
  tagline: 'End-to-end testing on autopilot',
  description: 'Browser tests that write themselves.',
  category: 'testing',
  stage: 'beta',
  published_at: new Date('2026-01-12T10:00:00Z'),
  views_count: 500,
});
await fx.listing({ slug: 'future-thing', name: 'Future Thing', tagline: 'Coming soon', category: 'dev-tools', status: 'scheduled', launch_week: '2026-04-06' });
await fx.listing({ slug: 'secret-draft', name: 'Secret Draft', tagline: 'Not public', category: 'dev-tools', status: 'draft' });

// Votes: Notionly has the most votes overall, but Invoicer's are recent, so it trends.
for (const u of voters.slice(0, 8)) await fx.vote(notion, u, new Date('2026-02-03T12:00:00Z'));
for (const u of voters.slice(0, 4)) await fx.vote(invoicer, u, new Date('2026-03-11T12:00:00Z'));
for (const u of voters.slice(0, 2)) await fx.vote(tester, u, new Date('2026-01-13T12:00:00Z'));
await sql`update listings set follows_count = 9 where id = ${invoicer}`.execute(t.db);
// Trending is a stored score: the refresh job runs, as it does on its schedule and after votes.
await t.app.services.jobs.send(TRENDING_REFRESH_JOB, {});
await t.jobsIdle();

const slugs = (body: any) => body.items.map((i: any) => i.slug);

test('search_listings browses live listings only, most voted first by default', async () => {
  const res = await t.get('/api/v1/listings');
  assert.equal(res.status, 200);
  assert.deepEqual(slugs(res.body), ['notionly', 'invoicer', 'testpilot']);
  assert.equal(res.body.total, 3);
  assert.equal(res.body.page, 1);
  assert.equal(res.body.per_page, 20);
  const first = res.body.items[0];
  assert.equal(first.name, 'Notionly');
  assert.equal(first.url, 'https://notionly.example');
  assert.equal(first.votes, 8);
  assert.deepEqual(first.primary_category, { slug: 'dev-tools', name: 'dev tools', primary: true });
  assert.equal(first.links.api, 'http://localhost:3000/api/v1/listings/notionly');
});

test('search_listings tolerates typos and matches name, tagline, keywords and description', async () => {
  for (const [q, expected] of [
    ['notionly', 'notionly'],
    ['notoinly', 'notionly'], // transposed letters
    ['invoicng', 'invoicer'], // a dropped letter
    ['freelancers', 'invoicer'], // tagline
    ['knowledge base', 'notionly'], // keyword
    ['documentation', 'notionly'], // description
    ['autopilot', 'testpilot'],
  ]) {
    const res = await t.get(`/api/v1/listings?q=${encodeURIComponent(q)}`);
    assert.equal(res.status, 200, q);
    assert.equal(res.body.items[0]?.slug, expected, `q=${q} → ${JSON.stringify(slugs(res.body))}`);
  }
  const none = await t.get('/api/v1/listings?q=zzzqqqxxx');
  assert.deepEqual(none.body.items, []);
  assert.equal(none.body.total, 0);
});

test('search_listings filters: category includes subcategories, stage, country, pricing_model, domain, status', async () => {
  const cases: [string, string[]][] = [
    ['category=dev-tools', ['notionly', 'testpilot']],
    ['category=testing', ['testpilot']],
    ['category=no-such-category', []],
    ['stage=beta', ['testpilot']],
    ['country=de', ['notionly']],
    ['pricing_model=freemium', ['notionly']],
    ['domain=invoicer.example', ['invoicer']],
    ['domain=https://www.notionly.example/pricing', ['notionly']],
    ['domain=example', []],
    ['status=upcoming', ['future-thing']],
    ['category=dev-tools&country=DE', ['notionly']],
  ];
  for (const [qs, expected] of cases) {
    const res = await t.get(`/api/v1/listings?${qs}`);
    assert.equal(res.status, 200, qs);
    assert.deepEqual(slugs(res.body).sort(), [...expected].sort(), qs);
    assert.equal(res.body.total, expected.length, qs);
  }
});

test('search_listings sorts: newest, votes, trending (time-decayed), most_viewed, most_followed', async () => {
  const order = async (sort: string) => slugs((await t.get(`/api/v1/listings?sort=${sort}`)).body);
  assert.deepEqual(await order('newest'), ['invoicer', 'notionly', 'testpilot']);
  assert.deepEqual(await order('votes'), ['notionly', 'invoicer', 'testpilot']);
  // 4 votes a day old outweigh 8 votes five weeks old; 2 votes of January are outside the window.
  assert.deepEqual(await order('trending'), ['invoicer', 'notionly', 'testpilot']);
  assert.deepEqual(await order('most_viewed'), ['testpilot', 'notionly', 'invoicer']);
  assert.equal((await order('most_followed'))[0], 'invoicer');
});

test('paid billboard money never changes search order', async () => {
  const before = slugs((await t.get('/api/v1/listings?sort=relevance')).body);
  await fx.billboard(tester, 10_000_000);
  const after = slugs((await t.get('/api/v1/listings?sort=relevance')).body);
  const trending = slugs((await t.get('/api/v1/listings?sort=trending')).body);
  assert.deepEqual(after, before);
  assert.deepEqual(trending, ['invoicer', 'notionly', 'testpilot']);
});

test('search_listings pages: per_page, page beyond the end keeps the total', async () => {
  const p1 = await t.get('/api/v1/listings?per_page=2&page=1');
  const p2 = await t.get('/api/v1/listings?per_page=2&page=2');
  const p9 = await t.get('/api/v1/listings?per_page=2&page=9');
  assert.deepEqual(slugs(p1.body), ['notionly', 'invoicer']);
  assert.deepEqual(slugs(p2.body), ['testpilot']);
  assert.deepEqual(p9.body.items, []);
  assert.equal(p9.body.total, 3);
  assert.equal(p9.body.page, 9);
});

test('get_listing returns the full profile; paid-only sections only when unlocked', async () => {
  const founderUser = await fx.user();
  const f1 = await fx.founder({ slug: 'ada', name: 'Ada', userId: founderUser });
  const f2 = await fx.founder({ slug: 'bob', name: 'Bob' });
  await fx.founderOf(notion, f2, 1);
  await fx.founderOf(notion, f1, 0, 'Founder & CEO');
  for (let i = 1; i <= 6; i++) await fx.update(notion, `Update ${i}`, `2026-02-0${i}T10:00:00Z`);
  await fx.review(notion, voters[0], 5);
  await fx.review(notion, voters[1], 4);
  await fx.review(notion, voters[2], 1, 'pending'); // not published: ignored
  await fx.review(notion, founderUser, 5); // a founder's own review is not genuine
  await fx.domainRating(notion, 40, '2026-01-01T00:00:00Z');
  await fx.domainRating(notion, 47, '2026-02-01T00:00:00Z');
  await fx.milestone(notion, '2026-01-20', 'First 1,000 users');
  await sql`update listings set story = ${JSON.stringify({ story: 'We began in a garage.' })}::jsonb,
    not_found_on_website = '{founded_year,city}', socials = '{"x":"https://x.com/notionly"}',
    faqs = '[{"question":"Free?","answer":"Yes."}]' where id = ${notion}`.execute(t.db);

  const locked = (await t.get('/api/v1/listings/notionly')).body;
  assert.equal(locked.name, 'Notionly');
  assert.equal(locked.status, 'live');
  assert.deepEqual(locked.pricing, { model: 'Freemium', summary: null });
  assert.deepEqual(locked.founders.map((f: any) => [f.slug, f.primary, f.title]), [['ada', true, 'Founder & CEO'], ['bob', false, 'CEO']]);
  assert.deepEqual(locked.latest_updates.map((u: any) => u.title), ['Update 6', 'Update 5', 'Update 4', 'Update 3', 'Update 2']);
  assert.deepEqual(locked.community_rating, { average: 4.5, count: 2 });
  assert.equal(locked.domain_rating.value, 47);
  assert.equal(locked.domain_rating.trend, 'up');
  assert.equal(locked.domain_rating.change, 7);
  assert.deepEqual(locked.not_found_on_website, ['founded_year', 'city']);
  assert.deepEqual(locked.socials, { x: 'https://x.com/notionly' });
  assert.deepEqual(locked.faqs, [{ question: 'Free?', answer: 'Yes.' }]);
  assert.deepEqual(locked.categories, [{ slug: 'dev-tools', name: 'dev tools', primary: true }]);
  assert.deepEqual(locked.unlocked_sections, []);
  for (const key of ['story', 'milestones', 'media']) assert.equal(key in locked, false, `${key} must be hidden`);

  await sql`update listings set unlocked_sections = '{story,milestones}' where id = ${notion}`.execute(t.db);
  const unlocked = (await t.get('/api/v1/listings/notionly')).body;
  assert.equal(unlocked.story.story, 'We began in a garage.');
  assert.equal(unlocked.story.lessons, null);
  assert.deepEqual(unlocked.milestones.map((m: any) => m.title), ['First 1,000 users']);
  assert.equal('media' in unlocked, false);
});

test('get_listing: scheduled listings are public, drafts and unknown slugs are 404', async () => {
  assert.equal((await t.get('/api/v1/listings/future-thing')).body.status, 'scheduled');
  for (const slug of ['secret-draft', 'no-such-listing']) {
    const res = await t.get(`/api/v1/listings/${slug}`);
    assert.equal(res.status, 404);
    assert.match(res.type, /^application\/problem\+json/);
    assert.equal(res.body.code, 'listing_not_found');
  }
});

test('get_listing counts views in batches, without writing on the read path', async () => {
  const before = Number((await t.db.selectFrom('listing_views').select('views').where('listing_id', '=', invoicer).executeTakeFirstOrThrow()).views);
  await t.get('/api/v1/listings/invoicer');
  await t.get('/api/v1/listings/invoicer');
  const unflushed = Number((await t.db.selectFrom('listing_views').select('views').where('listing_id', '=', invoicer).executeTakeFirstOrThrow()).views);
  assert.equal(unflushed, before, 'nothing is written until the flush');
  await t.app.services.listings.views.flush();
  const after = await t.db.selectFrom('listing_views').select('views').where('listing_id', '=', invoicer).executeTakeFirstOrThrow();
  assert.equal(Number(after.views), before + 2);
  const day = await t.db.selectFrom('listing_view_days').select(['day', 'views']).where('listing_id', '=', invoicer).execute();
  assert.deepEqual(day, [{ day: '2026-03-12', views: 2 }]);
});

test('get_alternatives: owner-approved first, then live listings of the same primary category', async () => {
  const alt1 = await fx.listing({ slug: 'alt-approved', name: 'Approved Alt', category: 'marketing' });
  const same1 = await fx.listing({ slug: 'same-cat-popular', name: 'Popular', category: 'dev-tools' });
  await fx.listing({ slug: 'same-cat-quiet', name: 'Quiet', category: 'dev-tools' });
  await fx.listing({ slug: 'same-cat-draft', name: 'Draft', category: 'dev-tools', status: 'draft' });
  await fx.vote(same1, voters[0]);
  await fx.alternative(notion, alt1, 0);
  const res = await t.get('/api/v1/listings/notionly/alternatives');
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.body.items.map((i: any) => [i.slug, i.approved]),
    [['alt-approved', true], ['same-cat-popular', false], ['same-cat-quiet', false]],
  );
  assert.equal(res.body.total, 3);
  const page2 = await t.get('/api/v1/listings/notionly/alternatives?per_page=2&page=2');
  assert.deepEqual(page2.body.items.map((i: any) => i.slug), ['same-cat-quiet']);
  assert.equal(page2.body.total, 3);
});

test('compare_listings: rows per attribute, null cells where a listing does not state the fact', async () => {
  const os = await fx.attribute('dev-tools', { key: 'open_source', label: 'Open source', kind: 'boolean', position: 1 });
  await fx.attribute('dev-tools', { key: 'self_hosted', label: 'Self-hosted', kind: 'boolean', position: 2 });
  const integ = await fx.attribute('testing', { key: 'integrations', label: 'Integrations', kind: 'list', position: 3 });
  await fx.attributeValue(notion, os, 'yes');
  await fx.attributeValue(tester, integ, 'GitHub, GitLab');
  const res = await t.get('/api/v1/compare?a=notionly&b=testpilot');
  assert.equal(res.status, 200);
  assert.equal(res.body.a.slug, 'notionly');
  assert.equal(res.body.b.slug, 'testpilot');
  const row = (key: string) => res.body.rows.find((r: any) => r.key === key);
  assert.deepEqual(row('open_source'), { key: 'open_source', label: 'Open source', source: 'category_attribute', a: 'yes', b: null });
  assert.deepEqual(row('self_hosted'), { key: 'self_hosted', label: 'Self-hosted', source: 'category_attribute', a: null, b: null });
  assert.deepEqual(row('integrations').b, 'GitHub, GitLab');
  assert.deepEqual(row('stage'), { key: 'stage', label: 'Stage', source: 'listing', a: 'growing', b: 'beta' });
  assert.equal(row('country').b, null);
});

test('compare_listings refuses unknown, non-live and identical listings with a 400', async () => {
  for (const [qs, code, field] of [
    ['a=notionly&b=nope', 'unknown_listing', 'b'],
    ['a=future-thing&b=notionly', 'unknown_listing', 'a'],
    ['a=notionly&b=notionly', 'same_listing', 'b'],
  ]) {
    const res = await t.get(`/api/v1/compare?${qs}`);
    assert.equal(res.status, 400, qs);
    assert.equal(res.body.code, code, qs);
    assert.deepEqual(res.body.errors.map((e: any) => e.field), [field], qs);
  }
});

for (const era of ['legacy', 'modern'] as const) {
  test(`MCP (${era}): listing tools return the same data as REST`, async () => {
    const client = await t.mcp(era);
    const search = await callTool(client, 'search_listings', { q: 'invoicng' });
    assert.equal(search.isError, false);
    assert.equal(search.data.items[0].slug, 'invoicer');
    const rest = (await t.get('/api/v1/listings?q=invoicng')).body;
    assert.deepEqual(search.data, rest);

    const profile = await callTool(client, 'get_listing', { slug: 'testpilot' });
    assert.deepEqual(profile.data, (await t.get('/api/v1/listings/testpilot')).body);
    const alternatives = await callTool(client, 'get_alternatives', { slug: 'notionly', per_page: 1 });
    assert.equal(alternatives.data.items[0].approved, true);
    const compared = await callTool(client, 'compare_listings', { a: 'notionly', b: 'invoicer' });
    assert.equal(compared.data.b.slug, 'invoicer');

    const missing = await callTool(client, 'get_listing', { slug: 'no-such-listing' });
    assert.equal(missing.isError, true);
    assert.equal(missing.data.code, 'listing_not_found');
    assert.equal(missing.data.status, 404);
  });
}

test('attributes: one value per key on the profile, and compare includes parent-category attributes', async () => {
  const parentAttr = await fx.attribute('dev-tools', { key: 'api_available', label: 'Public API', kind: 'boolean', position: 5 });
  const childAttr = await fx.attribute('testing', { key: 'api_available', label: 'Public API', kind: 'boolean', position: 5 });
  const a = await fx.listing({ slug: 'attr-a', name: 'Attr A', category: 'testing', extraCategories: ['dev-tools'] });
  await fx.listing({ slug: 'attr-b', name: 'Attr B', category: 'testing' });
  await fx.attributeValue(a, parentAttr, 'yes');
  await fx.attributeValue(a, childAttr, 'yes');
  const profile = (await t.get('/api/v1/listings/attr-a')).body;
  assert.equal(profile.attributes.filter((x: any) => x.key === 'api_available').length, 1);
  // Both listings sit in "testing"; "open_source" is defined on its parent "dev-tools".
  const cmp = (await t.get('/api/v1/compare?a=attr-a&b=attr-b')).body;
  assert.ok(cmp.rows.some((r: any) => r.key === 'open_source'), 'parent attribute row');
  assert.equal(cmp.rows.filter((r: any) => r.key === 'api_available').length, 1);
  assert.equal(cmp.rows.find((r: any) => r.key === 'api_available').b, null);
});
