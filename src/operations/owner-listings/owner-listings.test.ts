import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, createTestApp } from '../../testing/harness.ts';

// Wednesday of the week of Monday 2027-01-04.
const NOW = new Date('2027-01-06T12:00:00Z');
const t = await createTestApp({ now: () => NOW });
const { fx } = t;
const ALL = ['account:read', 'listings:write'] as const;

const owner = await t.apiKey([...ALL]);
const stranger = await t.apiKey([...ALL]);
await fx.category({ slug: 'tools' });
const older = await fx.listing({ slug: 'mine-old', owner_id: owner.userId, status: 'archived', created_at: new Date('2026-01-01T00:00:00Z') });
const draft = await fx.listing({ slug: 'mine-draft', owner_id: owner.userId, status: 'draft', created_at: new Date('2026-06-01T00:00:00Z') });
const live = await fx.listing({
  slug: 'mine-live', name: 'Mine Live', owner_id: owner.userId, status: 'live', category: 'tools', unlocked_sections: ['milestones'],
  story: { title: 'How', story: 'Once' }, created_at: new Date('2026-12-01T00:00:00Z'),
});
const theirs = await fx.listing({ slug: 'theirs', owner_id: stranger.userId, status: 'draft' });

const me = (path = '') => `/api/v1/me/listings${path}`;
const mcpOf = async (auth: Record<string, string>) => {
  const client = await t.mcp('modern', auth);
  return (tool: string, args: Record<string, unknown>) => callTool(client, tool, args);
};
const ownerMcp = await mcpOf(owner.auth);

test('list_my_listings: every owned listing in any status, newest first, paged (REST and MCP)', async () => {
  const res = await t.get(me(), owner.auth);
  assert.equal(res.status, 200);
  assert.deepEqual(res.body.items.map((i: any) => [i.slug, i.status]), [['mine-live', 'live'], ['mine-draft', 'draft'], ['mine-old', 'archived']]);
  assert.equal(res.body.total, 3);
  assert.equal(res.body.items[0].links.api, `http://localhost:3000/api/v1/me/listings/${live}`);
  const page2 = await t.get(me('?page=2&per_page=2'), owner.auth);
  assert.deepEqual(page2.body.items.map((i: any) => i.slug), ['mine-old']);
  assert.equal(page2.body.total, 3);
  const past = await t.get(me('?page=9'), owner.auth);
  assert.deepEqual([past.body.items, past.body.total], [[], 3]);
  const mcp = await ownerMcp('list_my_listings', {});
  assert.deepEqual(mcp.data, res.body);
  assert.deepEqual((await t.get(me(), stranger.auth)).body.items.map((i: any) => i.slug), ['theirs']);
  assert.equal((await t.get(me('?per_page=101'), owner.auth)).status, 400);
});

test('get_my_listing: status, plan, week, unlocked sections, everything public, paid sections with their visibility, the badge', async () => {
  await fx.milestone(live, '2026-11-01', 'Launched v2');
  const res = await t.get(me(`/${live}`), owner.auth);
  assert.equal(res.status, 200);
  const l = res.body;
  assert.deepEqual([l.id, l.slug, l.status, l.plan, l.launch_week, l.public], [Number(live), 'mine-live', 'live', 'free', null, true]);
  assert.deepEqual(l.unlocked_sections, ['milestones']);
  assert.equal(l.categories[0].slug, 'tools');
  assert.equal(l.story.title, 'How');
  assert.deepEqual(l.milestones.map((m: any) => m.title), ['Launched v2']);
  assert.deepEqual(l.media, []);
  assert.deepEqual(l.sections_public, { story: false, milestones: true, media: false });
  assert.equal(l.badge.listing_url, 'http://localhost:3000/listings/mine-live');
  assert.equal(l.badge.image_url, 'http://localhost:3000/badges/mine-live/listed.svg?shape=standard&mode=auto&size=m');
  assert.match(l.badge.embed_html, /^<a href="http:\/\/localhost:3000\/listings\/mine-live" target="_blank" rel="noopener"><img src="http:\/\/localhost:3000\/badges\/mine-live\/listed\.svg\?shape=standard&amp;mode=auto&amp;size=m" alt="Mine Live: Listed on Launchyard" width="\d+" height="54"><\/a>$/);
  assert.equal(l.badge.last_check, null);
  assert.match(l.created_at, /^2026-12-01T00:00:00/);
  // The public profile still hides the story (not unlocked).
  const pub = await t.get('/api/v1/listings/mine-live');
  assert.equal(pub.body.story, undefined);
  assert.deepEqual((await ownerMcp('get_my_listing', { listing_id: Number(live) })).data, l);

  const d = (await t.get(me(`/${draft}`), owner.auth)).body;
  assert.deepEqual([d.status, d.public, d.sections_public.milestones], ['draft', false, false]);
});

test("another user's listing is a 404 exactly like an unknown one, on every listing operation (REST and MCP)", async () => {
  const stranger2 = await mcpOf(owner.auth);
  const calls: [string, string, string, unknown, Record<string, unknown>][] = [
    ['get_my_listing', 'GET', '', undefined, {}],
    ['update_my_listing', 'PATCH', '', { fields: { tagline: 'hijack' } }, { fields: { tagline: 'hijack' } }],
    ['post_listing_update', 'POST', '/updates', { title: 'x', body: 'y' }, { title: 'x', body: 'y' }],
    ['add_milestone', 'POST', '/milestones', { date: '2026-01-01', title: 'x' }, { date: '2026-01-01', title: 'x' }],
    ['delete_milestone', 'DELETE', '/milestones/1', undefined, { milestone_id: 1 }],
    ['set_founder_story', 'PUT', '/story', { title: 'x' }, { title: 'x' }],
    ['choose_free_listing', 'POST', '/free', undefined, {}],
  ];
  for (const [tool, method, suffix, body, args] of calls) {
    for (const id of [theirs, '999999']) {
      const res = await t.rest(method, me(`/${id}${suffix}`), body, owner.auth);
      assert.equal(res.status, 404, `${tool} ${id}`);
      assert.equal(res.body.code, 'listing_not_found', tool);
      assert.equal(res.body.detail, `You have no listing with id ${id}.`);
      const mcp = await stranger2(tool, { listing_id: Number(id), ...args });
      assert.equal(mcp.isError, true);
      assert.equal(mcp.data.code, 'listing_not_found', tool);
    }
  }
  const untouched = (await t.get(me(`/${theirs}`), stranger.auth)).body;
  assert.deepEqual([untouched.tagline, untouched.status, untouched.latest_updates], [null, 'draft', []]);
});

test('listing ids in the path: integers of at least 1, else 400', async () => {
  for (const bad of ['0', '-1', 'abc', '1.5', '1e3', '99999999999999999999']) {
    const res = await t.get(me(`/${bad}`), owner.auth);
    assert.equal(res.status, 400, bad);
    assert.equal(res.body.code, 'validation_failed');
    assert.equal(res.body.errors[0].field, 'listing_id');
  }
  for (const bad of [0, 1.5, 'abc', null]) {
    const mcp = await ownerMcp('get_my_listing', { listing_id: bad });
    assert.equal(mcp.isError, true);
    assert.equal(mcp.data.errors[0].field, 'listing_id');
  }
});

const long = (n: number) => 'x'.repeat(n);
const UPDATE_INVALID: [string, Record<string, unknown>, string][] = [
  ['tagline over 200', { fields: { tagline: long(201) } }, 'fields.tagline'],
  ['short_description over 300', { fields: { short_description: long(301) } }, 'fields.short_description'],
  ['description over 20000', { fields: { description: long(20001) } }, 'fields.description'],
  ['pricing_model over 40', { fields: { pricing_model: long(41) } }, 'fields.pricing_model'],
  ['pricing_summary over 300', { fields: { pricing_summary: long(301) } }, 'fields.pricing_summary'],
  ['country of three letters', { fields: { country: 'DEU' } }, 'fields.country'],
  ['country with a digit', { fields: { country: 'D1' } }, 'fields.country'],
  ['country empty', { fields: { country: '' } }, 'fields.country'],
  ['city over 120', { fields: { city: long(121) } }, 'fields.city'],
  ['founded_year before 1800', { fields: { founded_year: 1799 } }, 'fields.founded_year'],
  ['founded_year after 2100', { fields: { founded_year: 2101 } }, 'fields.founded_year'],
  ['founded_year not an integer', { fields: { founded_year: 2000.5 } }, 'fields.founded_year'],
  ['founded_year as text', { fields: { founded_year: '2000' } }, 'fields.founded_year'],
  ['demo_video_url not a link', { fields: { demo_video_url: 'javascript:alert(1)' } }, 'fields.demo_video_url'],
  ['demo_video_url over 500', { fields: { demo_video_url: `https://v.example/${long(490)}` } }, 'fields.demo_video_url'],
  ['contact_email not an address', { fields: { contact_email: 'nope' } }, 'fields.contact_email'],
  ['contact_email over 254', { fields: { contact_email: `${long(250)}@a.example` } }, 'fields.contact_email'],
  ['contact_email empty (null clears)', { fields: { contact_email: '' } }, 'fields.contact_email'],
  ['a social link left empty', { socials: { x: '' } }, 'socials.x'],
  ['features over 20 items', { fields: { features: Array(21).fill('f') } }, 'fields.features'],
  ['a keyword over 200', { fields: { keywords: [long(201)] } }, 'fields.keywords.0'],
  ['usps not an array', { fields: { usps: 'one' } }, 'fields.usps'],
  ['headline over 200', { fields: { headline: long(201) } }, 'fields.headline'],
  ['summary over 20000', { fields: { summary: long(20001) } }, 'fields.summary'],
  ['seo_title over 200', { fields: { seo_title: long(201) } }, 'fields.seo_title'],
  ['seo_description over 320', { fields: { seo_description: long(321) } }, 'fields.seo_description'],
  ['a field outside spec 4.3', { fields: { name: 'Renamed' } }, 'fields.name'],
  ['status is not editable', { status: 'live' }, 'status'],
  ['an unknown social platform', { socials: { myspace: 'https://myspace.example/a' } }, 'socials.myspace'],
  ['a social link over 500', { socials: { x: `https://x.com/${long(490)}` } }, 'socials.x'],
  ['a social link that is not a link', { socials: { github: 'javascript:alert(1)' } }, 'socials.github'],
  ['more than 10 FAQs', { faqs: Array(11).fill({ question: 'q', answer: 'a' }) }, 'faqs'],
  ['a FAQ question over 300', { faqs: [{ question: long(301), answer: 'a' }] }, 'faqs.0.question'],
  ['a FAQ answer over 1500', { faqs: [{ question: 'q', answer: long(1501) }] }, 'faqs.0.answer'],
  ['a FAQ without its answer', { faqs: [{ question: 'q' }] }, 'faqs.0.answer'],
  ['a FAQ with another key', { faqs: [{ question: 'q', answer: 'a', votes: 3 }] }, 'faqs.0.votes'],
];
for (const [name, body, field] of UPDATE_INVALID) {
  test(`update_my_listing: ${name} → 400 naming ${field} (REST and MCP), nothing written`, async () => {
    const res = await t.rest('PATCH', me(`/${draft}`), body, owner.auth);
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.code, 'validation_failed');
    assert.ok(res.body.errors.some((e: any) => e.field === field), JSON.stringify(res.body.errors));
    const mcp = await ownerMcp('update_my_listing', { listing_id: Number(draft), ...body });
    assert.equal(mcp.isError, true);
    assert.ok(mcp.data.errors.some((e: any) => e.field === field));
  });
}

test('update_my_listing: edits publish at once, normalised, with a before/after version of the changed fields only', async () => {
  const before = (await t.get(me(`/${live}`), owner.auth)).body;
  const res = await t.rest('PATCH', me(`/${live}`), {
    fields: { tagline: 'Sharper', country: 'de', founded_year: 2019, features: ['Fast', 'Small'], city: '', pricing_model: before.pricing.model },
    socials: { x: 'https://x.com/mine' },
    faqs: [{ question: ' Why? ', answer: 'Because.' }],
  }, owner.auth);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual([res.body.tagline, res.body.country, res.body.founded_year, res.body.city], ['Sharper', 'DE', 2019, null]);
  assert.deepEqual(res.body.features, ['Fast', 'Small']);
  assert.deepEqual(res.body.socials, { x: 'https://x.com/mine' });
  assert.deepEqual(res.body.faqs, [{ question: 'Why?', answer: 'Because.' }]);
  const pub = (await t.get('/api/v1/listings/mine-live')).body;
  assert.deepEqual([pub.tagline, pub.country, pub.founded_year], ['Sharper', 'DE', 2019]);

  const versions = await t.db.selectFrom('listing_versions').selectAll().where('listing_id', '=', live).execute();
  assert.equal(versions.length, 1);
  assert.equal(versions[0].source, 'update_my_listing');
  assert.equal(String(versions[0].editor_id), owner.userId);
  assert.deepEqual(versions[0].before, { tagline: null, country: null, founded_year: null, features: [], socials: {}, faqs: [] });
  assert.deepEqual(versions[0].after, { tagline: 'Sharper', country: 'DE', founded_year: 2019, features: ['Fast', 'Small'], socials: { x: 'https://x.com/mine' }, faqs: [{ question: 'Why?', answer: 'Because.' }] });

  // The same edit again changes nothing and records no version; null clears.
  assert.equal((await t.rest('PATCH', me(`/${live}`), { fields: { tagline: 'Sharper' } }, owner.auth)).status, 200);
  assert.equal((await t.rest('PATCH', me(`/${live}`), {}, owner.auth)).status, 200);
  assert.equal((await t.db.selectFrom('listing_versions').select('id').where('listing_id', '=', live).execute()).length, 1);
  const cleared = await ownerMcp('update_my_listing', { listing_id: Number(live), fields: { founded_year: null } });
  assert.equal(cleared.isError, false);
  assert.equal(cleared.data.founded_year, null);
  assert.equal((await t.db.selectFrom('listing_versions').select('id').where('listing_id', '=', live).execute()).length, 2);
});

test('the site team sees every edit before and after at /admin/listing-versions (administrators only)', async () => {
  await t.rest('PATCH', me(`/${draft}`), { fields: { headline: 'Old <b>headline</b>' } }, owner.auth);
  await t.rest('PATCH', me(`/${draft}`), { fields: { headline: 'New headline' } }, owner.auth);
  const anon = await t.siteBrowser().get('/admin/listing-versions');
  assert.equal(anon.status, 303);
  const user = await t.signIn();
  assert.equal((await user.browser.get('/admin/listing-versions')).status, 403);
  const admin = await t.signIn({ admin: true });
  const page = await admin.browser.get('/admin/listing-versions');
  assert.equal(page.status, 200);
  assert.match(page.body, /mine-draft/);
  assert.match(page.body, /update_my_listing by key-owner-/);
  assert.match(page.body, /&quot;headline&quot;: &quot;Old &lt;b&gt;headline&lt;\/b&gt;&quot;[\s\S]*&quot;headline&quot;: &quot;New headline&quot;/);
  assert.doesNotMatch(page.body, /<b>headline<\/b>/);
});

test('edits bust the public profile cache at once on this node', async () => {
  const cached = await createTestApp({ now: () => NOW, profileCacheMs: 60_000 });
  const k = await cached.apiKey([...ALL]);
  const id = await cached.fx.listing({ slug: 'cached', owner_id: k.userId, status: 'live', tagline: 'Before' });
  assert.equal((await cached.get('/api/v1/listings/cached')).body.tagline, 'Before');
  await cached.rest('PATCH', `/api/v1/me/listings/${id}`, { fields: { tagline: 'After' } }, k.auth);
  assert.equal((await cached.get('/api/v1/listings/cached')).body.tagline, 'After');
  await cached.rest('POST', `/api/v1/me/listings/${id}/updates`, { title: 'News', body: 'Text' }, k.auth);
  assert.deepEqual((await cached.get('/api/v1/listings/cached')).body.latest_updates.map((u: any) => u.title), ['News']);
  await cached.close();
});

test('update_my_listing honours Idempotency-Key: a retry replays, another payload is 422', async () => {
  const headers = { ...owner.auth, 'idempotency-key': 'edit-1' };
  const first = await t.rest('PATCH', me(`/${draft}`), { fields: { city: 'Berlin' } }, headers);
  const again = await t.rest('PATCH', me(`/${draft}`), { fields: { city: 'Berlin' } }, headers);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.deepEqual(again.body, first.body);
  const other = await t.rest('PATCH', me(`/${draft}`), { fields: { city: 'Paris' } }, headers);
  assert.equal(other.status, 422);
  assert.equal(other.body.code, 'idempotency_key_reused');
});

test('post_listing_update: 201, shown in latest updates; followers of a public listing are mailed once', async () => {
  const fans = [await fx.user({ email: 'fan1@test.example' }), await fx.user({ email: 'fan2@test.example' })];
  for (const u of fans) await t.db.insertInto('follows').values({ listing_id: live, user_id: u }).execute();
  const res = await t.rest('POST', me(`/${live}/updates`), { title: 'v3 is out', body: 'Faster sync.\nNew icons.' }, owner.auth);
  assert.equal(res.status, 201);
  assert.deepEqual([res.body.title, res.body.listing_id, res.body.followers_notified], ['v3 is out', Number(live), true]);
  await t.jobsIdle();
  const mails = await t.db.selectFrom('outbox_emails').selectAll().where('subject', '=', 'Mine Live: v3 is out').execute();
  assert.deepEqual(mails.map((m) => m.to_address).sort(), ['fan1@test.example', 'fan2@test.example']);
  assert.match(mails[0].text_body, /Faster sync\.\nNew icons\.[\s\S]*http:\/\/localhost:3000\/listings\/mine-live/);
  // A retried job mails nobody twice.
  await t.app.services.jobs.send('listing-update-mail', { updateId: String(res.body.id) });
  await t.jobsIdle();
  assert.equal((await t.db.selectFrom('outbox_emails').select('id').where('subject', '=', 'Mine Live: v3 is out').execute()).length, 2);
  assert.equal((await t.get('/api/v1/listings/mine-live')).body.latest_updates[0].title, 'v3 is out');

  // A listing nobody can see yet has nobody to tell.
  const quiet = await ownerMcp('post_listing_update', { listing_id: Number(draft), title: 'Soon', body: 'Almost.' });
  assert.equal(quiet.isError, false);
  assert.equal(quiet.data.followers_notified, false);
});

const UPDATE_POST_INVALID: [Record<string, unknown>, string][] = [
  [{ body: 'b' }, 'title'],
  [{ title: 't' }, 'body'],
  [{ title: '', body: 'b' }, 'title'],
  [{ title: long(201), body: 'b' }, 'title'],
  [{ title: 't', body: long(5001) }, 'body'],
  [{ title: 't', body: 'b', pinned: true }, 'pinned'],
];
test('post_listing_update: title 1–200 and body 1–5000 required, nothing else (REST and MCP)', async () => {
  for (const [body, field] of UPDATE_POST_INVALID) {
    const res = await t.rest('POST', me(`/${live}/updates`), body, owner.auth);
    assert.equal(res.status, 400, field);
    assert.equal(res.body.errors[0].field, field);
    const mcp = await ownerMcp('post_listing_update', { listing_id: Number(live), ...body });
    assert.equal(mcp.data.errors[0].field, field);
  }
});

const MILESTONE_INVALID: [Record<string, unknown>, string][] = [
  [{ title: 't' }, 'date'],
  [{ date: '2027-02-30', title: 't' }, 'date'],
  [{ date: '2027-1-5', title: 't' }, 'date'],
  [{ date: '2027-01-05' }, 'title'],
  [{ date: '2027-01-05', title: long(201) }, 'title'],
  [{ date: '2027-01-05', title: 't', description: long(2001) }, 'description'],
  [{ date: '2027-01-05', title: 't', url: 'http://plain.example/' }, 'url'],
  [{ date: '2027-01-05', title: 't', url: `https://a.example/${long(490)}` }, 'url'],
  [{ date: '2027-01-05', title: 't', id: 4 }, 'id'],
];
test('add_milestone: a real date, title ≤ 200, description ≤ 2000, an https url ≤ 500 (REST and MCP)', async () => {
  for (const [body, field] of MILESTONE_INVALID) {
    const res = await t.rest('POST', me(`/${live}/milestones`), body, owner.auth);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(res.body.errors[0].field, field);
    assert.equal((await ownerMcp('add_milestone', { listing_id: Number(live), ...body })).data.errors[0].field, field);
  }
});

test('add_milestone 201 and delete_milestone 200; another listing\'s or an unknown milestone is 404', async () => {
  const res = await t.rest('POST', me(`/${live}/milestones`), { date: '2026-12-24', title: '10k users', description: 'Thanks!', url: 'https://blog.example/10k' }, owner.auth);
  assert.equal(res.status, 201);
  assert.deepEqual({ ...res.body, id: 0 }, { id: 0, date: '2026-12-24', title: '10k users', description: 'Thanks!', url: 'https://blog.example/10k' });
  assert.ok((await t.get('/api/v1/listings/mine-live')).body.milestones.some((m: any) => m.title === '10k users'));
  const viaMcp = await ownerMcp('add_milestone', { listing_id: Number(draft), date: '2026-05-01', title: 'Beta' });
  assert.equal(viaMcp.isError, false);

  const wrong = await t.rest('DELETE', me(`/${live}/milestones/${viaMcp.data.id}`), undefined, owner.auth);
  assert.equal(wrong.status, 404);
  assert.equal(wrong.body.code, 'milestone_not_found');
  assert.equal((await t.rest('DELETE', me(`/${live}/milestones/999999`), undefined, owner.auth)).body.code, 'milestone_not_found');
  assert.equal((await t.rest('DELETE', me(`/${live}/milestones/0`), undefined, owner.auth)).status, 400);

  const del = await t.rest('DELETE', me(`/${live}/milestones/${res.body.id}`), undefined, owner.auth);
  assert.equal(del.status, 200);
  assert.deepEqual(del.body, { listing_id: Number(live), milestone_id: res.body.id, deleted: true });
  assert.ok(!(await t.get('/api/v1/listings/mine-live')).body.milestones.some((m: any) => m.title === '10k users'));
  const mcpDel = await ownerMcp('delete_milestone', { listing_id: Number(draft), milestone_id: viaMcp.data.id });
  assert.equal(mcpDel.data.deleted, true);
  assert.equal((await t.rest('DELETE', me(`/${draft}/milestones/${viaMcp.data.id}`), undefined, owner.auth)).status, 404);
});

test('add_milestone: at most 50 per listing, then 409', async () => {
  const id = await fx.listing({ owner_id: owner.userId, status: 'draft' });
  for (let i = 0; i < 50; i++) await fx.milestone(id, '2026-01-01', `m${i}`);
  const res = await t.rest('POST', me(`/${id}/milestones`), { date: '2026-01-02', title: 'one more' }, owner.auth);
  assert.equal(res.status, 409);
  assert.equal(res.body.code, 'milestone_limit_reached');
});

test('set_founder_story: replaces the whole story, limits per section, versioned (REST and MCP)', async () => {
  for (const [body, field] of [
    [{ title: long(201) }, 'title'],
    [{ journey: long(8001) }, 'journey'],
    [{ epilogue: 'x' }, 'epilogue'],
    [{ lessons: 5 }, 'lessons'],
  ] as [Record<string, unknown>, string][]) {
    const res = await t.rest('PUT', me(`/${live}/story`), body, owner.auth);
    assert.equal(res.status, 400, field);
    assert.equal(res.body.errors[0].field, field);
  }
  const full = { title: 'Our story', story: long(8000), why_started: 'Itch', problem: 'P', journey: 'J', challenges: 'C', achievements: 'A', lessons: 'L', whats_next: 'N' };
  const res = await t.rest('PUT', me(`/${live}/story`), full, owner.auth);
  assert.equal(res.status, 200);
  assert.deepEqual(res.body.story, full);
  const partial = await ownerMcp('set_founder_story', { listing_id: Number(live), title: 'Shorter', lessons: 'Ship' });
  assert.equal(partial.isError, false);
  assert.deepEqual(partial.data.story, { title: 'Shorter', story: null, why_started: null, problem: null, journey: null, challenges: null, achievements: null, lessons: 'Ship', whats_next: null });
  const v = await t.db.selectFrom('listing_versions').selectAll().where('listing_id', '=', live).where('source', '=', 'set_founder_story').orderBy('id').execute();
  assert.equal(v.length, 2);
  assert.deepEqual(v[1].after, { story: { title: 'Shorter', lessons: 'Ship' } });
  const emptied = await t.rest('PUT', me(`/${live}/story`), {}, owner.auth);
  assert.equal(emptied.body.story.title, null);
});

test('answer_interview: upserts the caller\'s answers; unknown or retired questions are 400 naming the entry', async () => {
  const q1 = await fx.question('Why did you start?', 1);
  const q2 = await fx.question('What is next?', 2);
  const retired = await fx.question('Old question', 3, false);
  const res = await t.rest('PUT', '/api/v1/me/interview', { answers: [{ question_id: Number(q2), answer: 'Growth' }, { question_id: Number(q1), answer: ' To fix invoicing ' }] }, owner.auth);
  assert.equal(res.status, 200);
  assert.deepEqual(res.body.answers.map((a: any) => [a.question_id, a.answer]), [[Number(q1), 'To fix invoicing'], [Number(q2), 'Growth']]);
  const changed = await ownerMcp('answer_interview', { answers: [{ question_id: Number(q2), answer: 'Europe' }, { question_id: Number(q1), answer: '' }] });
  assert.deepEqual(changed.data.answers.map((a: any) => [a.question_id, a.answer]), [[Number(q2), 'Europe']]);

  for (const [body, field, code] of [
    [{ answers: [{ question_id: Number(q1), answer: 'a' }, { question_id: 999999, answer: 'b' }] }, 'answers.1.question_id', 'unknown_interview_question'],
    [{ answers: [{ question_id: Number(retired), answer: 'b' }] }, 'answers.0.question_id', 'unknown_interview_question'],
    [{ answers: [{ question_id: Number(q1), answer: 'a' }, { question_id: Number(q1), answer: 'b' }] }, 'answers.1.question_id', 'duplicate_interview_question'],
    [{ answers: [{ question_id: 0, answer: 'a' }] }, 'answers.0.question_id', 'validation_failed'],
    [{ answers: [{ question_id: Number(q1), answer: long(4001) }] }, 'answers.0.answer', 'validation_failed'],
    [{ answers: [{ question_id: Number(q1) }] }, 'answers.0.answer', 'validation_failed'],
    [{ answers: Array.from({ length: 31 }, (_, i) => ({ question_id: i + 1, answer: 'a' })) }, 'answers', 'validation_failed'],
    [{}, 'answers', 'validation_failed'],
  ] as [Record<string, unknown>, string, string][]) {
    const bad = await t.rest('PUT', '/api/v1/me/interview', body, owner.auth);
    assert.equal(bad.status, 400, field);
    assert.equal(bad.body.code, code);
    assert.equal(bad.body.errors[0].field, field);
    const mcp = await ownerMcp('answer_interview', body);
    assert.equal(mcp.data.code, code);
  }
  // Nothing half-written: the request with one unknown question saved none of its answers.
  const mine = await t.db.selectFrom('interview_answers').selectAll().where('user_id', '=', owner.userId).execute();
  assert.deepEqual(mine.map((a) => a.answer), ['Europe']);
});

// Access for the operations on one's own listings (access.test.ts covers list_my_listings and
// answer_interview with the shared table; these need a listing the caller owns).
const OWN: [string, string, string, string, unknown, Record<string, unknown>, number][] = [
  ['get_my_listing', 'account:read', 'GET', '', undefined, {}, 200],
  ['update_my_listing', 'listings:write', 'PATCH', '', { fields: { city: 'Rome' } }, { fields: { city: 'Rome' } }, 200],
  ['post_listing_update', 'listings:write', 'POST', '/updates', { title: 't', body: 'b' }, { title: 't', body: 'b' }, 201],
  ['add_milestone', 'listings:write', 'POST', '/milestones', { date: '2026-01-01', title: 't' }, { date: '2026-01-01', title: 't' }, 201],
  ['set_founder_story', 'listings:write', 'PUT', '/story', { title: 't' }, { title: 't' }, 200],
  ['choose_free_listing', 'listings:write', 'POST', '/free', undefined, {}, 200],
];
for (const [tool, scope, method, suffix, body, args, status] of OWN) {
  test(`${tool}: anonymous 401 with a challenge, a credential without ${scope} 403, the owner's key with just ${scope} succeeds (REST and MCP)`, async () => {
    const id = await fx.listing({ owner_id: owner.userId, status: 'draft' });
    const url = me(`/${id}${suffix}`);
    const anon = await t.rest(method, url, body);
    assert.equal(anon.status, 401);
    assert.match(String(anon.headers['www-authenticate']), new RegExp(`^Bearer scope="${scope}"`));
    assert.equal((await t.mcpCall(tool, { listing_id: Number(id), ...args })).status, 401);
    const other = scope === 'account:read' ? 'listings:write' : 'account:read';
    const weak = await t.apiKey([other as 'account:read'], { email: `weak-${tool}@test.example` });
    await t.db.updateTable('listings').set({ owner_id: weak.userId }).where('id', '=', id).execute();
    const refused = await t.rest(method, url, body, weak.auth);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'insufficient_scope');
    assert.equal((await t.mcpCall(tool, { listing_id: Number(id), ...args }, weak.auth)).status, 403);
    // Exactly the scope the operation needs is enough (OAuth tokens: access.test.ts; this app's clock is fixed).
    const exact = await t.apiKey([scope as 'account:read'], { email: `exact-${tool}@test.example` });
    await t.db.updateTable('listings').set({ owner_id: exact.userId }).where('id', '=', id).execute();
    const ok = await t.rest(method, url, body, exact.auth);
    assert.equal(ok.status, status, JSON.stringify(ok.body));
    const viaMcp = await t.mcpCall(tool, { listing_id: Number(id), ...args }, exact.auth);
    assert.equal(viaMcp.status, 200);
    assert.equal(viaMcp.body.result.isError ?? false, false, viaMcp.text);
  });
}

test('answer_interview: anonymous 401, without listings:write 403, exactly listings:write succeeds (REST and MCP)', async () => {
  const body = { answers: [] };
  const anon = await t.rest('PUT', '/api/v1/me/interview', body);
  assert.equal(anon.status, 401);
  assert.match(String(anon.headers['www-authenticate']), /^Bearer scope="listings:write"/);
  assert.equal((await t.mcpCall('answer_interview', body)).status, 401);
  const weak = await t.apiKey(['account:read', 'orders:write']);
  assert.equal((await t.rest('PUT', '/api/v1/me/interview', body, weak.auth)).body.code, 'insufficient_scope');
  assert.equal((await t.mcpCall('answer_interview', body, weak.auth)).status, 403);
  const exact = await t.apiKey(['listings:write']);
  const ok = await t.rest('PUT', '/api/v1/me/interview', body, exact.auth);
  assert.deepEqual([ok.status, ok.body], [200, { answers: [] }]);
  assert.deepEqual((await t.mcpCall('answer_interview', body, exact.auth)).body.result.structuredContent, { answers: [] });
});

test('delete_milestone: anonymous 401, without listings:write 403, the owner succeeds', async () => {
  const id = await fx.listing({ owner_id: owner.userId, status: 'draft' });
  await fx.milestone(id, '2026-01-01', 'gone soon');
  const m = await t.db.selectFrom('milestones').select('id').where('listing_id', '=', id).executeTakeFirstOrThrow();
  const url = me(`/${id}/milestones/${m.id}`);
  assert.equal((await t.rest('DELETE', url)).status, 401);
  assert.equal((await t.rest('DELETE', url, undefined, (await t.apiKey(['account:read'])).auth)).status, 403);
  assert.equal((await t.rest('DELETE', url, undefined, owner.auth)).status, 200);
});
