import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../testing/harness.ts';
import { insertDraft, aiField } from './drafts-testing.ts';

const t = await createTestApp();
await t.fx.category({ slug: 'invoicing', name: 'Invoicing' });
await t.fx.category({ slug: 'accounting', name: 'Accounting' });
const owner = await t.apiKey(['listings:write', 'account:read']);
const patch = (id: string, body: unknown, headers: Record<string, string> = {}) => t.rest('PATCH', `/api/v1/drafts/${id}`, body, { ...owner.auth, ...headers });
const mcp = async (tool: string, args: Record<string, unknown>) => {
  const res = await t.mcpCall(tool, args, owner.auth);
  return { isError: res.body.result?.isError === true, data: res.body.result?.structuredContent };
};
const ready = () => insertDraft(t, owner.userId, { fields: { name: aiField('Acme'), tagline: aiField('Invoices in one click') } });

const long = (n: number) => 'x'.repeat(n);
const list = (n: number, len = 5) => Array.from({ length: n }, (_, i) => `${i}`.padEnd(len, 'x'));
const faq = { question: 'Is it free?', answer: 'Yes.' };
const milestone = { date: '2024-05-01', title: 'Launched' };

/** [name, body, accepted?, offending field path when rejected] — each limit at its bound and one past it. */
const table: [string, Record<string, unknown>, boolean, string?][] = [
  ['name at 500', { fields: { name: long(500) } }, true],
  ['name over 500', { fields: { name: long(501) } }, false, 'fields.name'],
  ['description at 20000', { fields: { description: long(20000) } }, true],
  ['description over 20000', { fields: { description: long(20001) } }, false, 'fields.description'],
  ['country over 500', { fields: { country: long(501) } }, false, 'fields.country'],
  ['logo_url over 500', { fields: { logo_url: long(501) } }, false, 'fields.logo_url'],
  ['tags: 20 items of 200', { fields: { tags: list(20, 200) } }, true],
  ['tags: 21 items', { fields: { tags: list(21) } }, false, 'fields.tags'],
  ['features: an item over 200', { fields: { features: [long(201)] } }, false, 'fields.features.0'],
  ['a string where a list belongs', { fields: { keywords: 'one, two' } }, false, 'fields.keywords'],
  ['a list where a string belongs', { fields: { tagline: ['a'] } }, false, 'fields.tagline'],
  ['an unknown field', { fields: { slogan: 'x' } }, false, 'fields.slogan'],
  ['an unknown body key', { title: 'x' }, false, 'title'],
  ['lock_fields: 20', { lock_fields: Array(20).fill('city') }, true],
  ['lock_fields: 21', { lock_fields: Array(21).fill('city') }, false, 'lock_fields'],
  ['lock_fields: unknown field name', { lock_fields: ['slogan'] }, false, 'lock_fields.0'],
  ['restore: 21', { restore: Array(21).fill('city') }, false, 'restore'],
  ['regenerate: 6', { regenerate: ['name', 'tagline', 'city', 'stage', 'tags', 'usps'] }, false, 'regenerate'],
  ['faqs: 10', { faqs: Array(10).fill(faq) }, true],
  ['faqs: 11', { faqs: Array(11).fill(faq) }, false, 'faqs'],
  ['faq question at 300, answer at 1500', { faqs: [{ question: long(300), answer: long(1500) }] }, true],
  ['faq question over 300', { faqs: [{ question: long(301), answer: 'a' }] }, false, 'faqs.0.question'],
  ['faq answer over 1500', { faqs: [{ question: 'q', answer: long(1501) }] }, false, 'faqs.0.answer'],
  ['faq without an answer', { faqs: [{ question: 'q' }] }, false, 'faqs.0.answer'],
  ['faq with an unknown key', { faqs: [{ ...faq, id: 1 }] }, false, 'faqs.0.id'],
  ['founders: 6', { founders: Array(6).fill({ name: 'Ada' }) }, true],
  ['founders: 7', { founders: Array(7).fill({ name: 'Ada' }) }, false, 'founders'],
  ['founder name over 160', { founders: [{ name: long(161) }] }, false, 'founders.0.name'],
  ['founder title over 160', { founders: [{ name: 'Ada', title: long(161) }] }, false, 'founders.0.title'],
  ['founder bio at 3000', { founders: [{ name: 'Ada', bio: long(3000) }] }, true],
  ['founder bio over 3000', { founders: [{ name: 'Ada', bio: long(3001) }] }, false, 'founders.0.bio'],
  ['founder without a name', { founders: [{ title: 'CEO' }] }, false, 'founders.0.name'],
  ['company_socials: an unknown platform', { company_socials: { myspace: 'https://myspace.com/a' } }, false, 'company_socials.myspace'],
  ['company_socials: a link over 500', { company_socials: { github: long(501) } }, false, 'company_socials.github'],
  ['founder_socials: a link at 500', { founder_socials: { x: long(500) } }, true],
  ['story: a section at 8000', { story: { journey: long(8000) } }, true],
  ['story: a section over 8000', { story: { journey: long(8001) } }, false, 'story.journey'],
  ['story: an unknown section', { story: { epilogue: 'x' } }, false, 'story.epilogue'],
  ['milestones: 50', { milestones: Array(50).fill(milestone) }, true],
  ['milestones: 51', { milestones: Array(51).fill(milestone) }, false, 'milestones'],
  ['milestone date not a real day', { milestones: [{ ...milestone, date: '2024-02-30' }] }, false, 'milestones.0.date'],
  ['milestone date in another format', { milestones: [{ ...milestone, date: '01.05.2024' }] }, false, 'milestones.0.date'],
  ['milestone without a title', { milestones: [{ date: '2024-05-01' }] }, false, 'milestones.0.title'],
  ['milestone title over 200', { milestones: [{ ...milestone, title: long(201) }] }, false, 'milestones.0.title'],
  ['milestone description over 2000', { milestones: [{ ...milestone, description: long(2001) }] }, false, 'milestones.0.description'],
  ['milestone url not https', { milestones: [{ ...milestone, url: 'http://acme.test/' }] }, false, 'milestones.0.url'],
  ['milestone url over 500', { milestones: [{ ...milestone, url: `https://a.test/${long(490)}` }] }, false, 'milestones.0.url'],
  ['milestone id 0', { milestones: [{ ...milestone, id: 0 }] }, false, 'milestones.0.id'],
  ['competitor_url over 2048', { competitor_url: `https://a.test/${long(2040)}` }, false, 'competitor_url'],
  ['competitor_url not a URL', { competitor_url: 'their site' }, false, 'competitor_url'],
  ['seo title at 70, meta at 170', { seo: { title: long(70), meta: long(170) } }, true],
  ['seo title over 70', { seo: { title: long(71) } }, false, 'seo.title'],
  ['seo meta over 170', { seo: { meta: long(171) } }, false, 'seo.meta'],
  ['seo with an unknown key', { seo: { keywords: 'x' } }, false, 'seo.keywords'],
];

for (const [name, body, ok, field] of table) {
  test(`update_draft: ${name} → ${ok ? '200' : '400'} (REST and MCP)`, async () => {
    const id = await ready();
    const res = await patch(id, body);
    if (ok) {
      assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 500));
      return;
    }
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'validation_failed');
    assert.ok(res.body.errors.some((e: any) => e.field === field), JSON.stringify(res.body.errors).slice(0, 500));
    const viaMcp = await mcp('update_draft', { id, ...body });
    assert.equal(viaMcp.isError, true);
    assert.equal(viaMcp.data.code, 'validation_failed');
    const row = await t.db.selectFrom('drafts').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow();
    assert.ok(row.updated_at, 'row still there');
  });
}

test('a field in fields and in lock_fields/restore/regenerate of one request → 400 conflicting_field_actions', async () => {
  const id = await ready();
  for (const other of ['lock_fields', 'restore', 'regenerate']) {
    const res = await patch(id, { fields: { tagline: 'Mine' }, [other]: ['tagline'] });
    assert.equal(res.status, 400, other);
    assert.equal(res.body.code, 'conflicting_field_actions');
  }
  const res = await patch(id, { lock_fields: ['name'], restore: ['name'] });
  assert.equal(res.body.code, 'conflicting_field_actions');
  const d = (await t.get(`/api/v1/drafts/${id}`, owner.auth)).body;
  assert.equal(d.fields.tagline.state, 'ai', 'nothing was applied');
});

test('categories must be names from the category list: an unknown one is 400 with its position', async () => {
  const id = await ready();
  const bad = await patch(id, { fields: { categories: ['invoicing', 'Astrology'] } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'unknown_category');
  assert.deepEqual(bad.body.errors.map((e: any) => e.field), ['fields.categories.1']);
  const good = await patch(id, { fields: { categories: ['invoicing', 'ACCOUNTING'] } });
  assert.equal(good.status, 200);
  assert.deepEqual(good.body.fields.categories.value, ['Invoicing', 'Accounting'], 'spelled as the list spells them');
});

test('field states over the API: edited, manual, deleted, override, restore (REST and MCP)', async () => {
  const id = await ready();
  let d = (await patch(id, { fields: { tagline: 'Invoices for freelancers', city: 'Berlin', name: null } })).body;
  assert.deepEqual(d.fields.tagline, { value: 'Invoices for freelancers', state: 'edited', evidence: [], ai_value: 'Invoices in one click' });
  assert.deepEqual(d.fields.city, { value: 'Berlin', state: 'manual', evidence: [] });
  assert.deepEqual(d.fields.name, { value: null, state: 'deleted', evidence: [], ai_value: 'Acme' });
  assert.ok(!d.not_found_on_website.includes('city'));
  assert.ok(d.missing.includes('name'));

  d = (await mcp('update_draft', { id, lock_fields: ['city'], restore: ['tagline', 'name'] })).data;
  assert.equal(d.fields.city.state, 'override');
  assert.equal(d.fields.city.value, 'Berlin');
  assert.deepEqual(d.fields.tagline, { value: 'Invoices in one click', state: 'ai', evidence: [{ url: 'https://acme.test/', quote: 'Invoices in one click' }] });
  assert.equal(d.fields.name.state, 'ai');

  // Sending back what was read changes nothing; "" and [] remove like null.
  d = (await patch(id, { fields: { tagline: 'Invoices in one click', stage: '  ', tags: [] } })).body;
  assert.equal(d.fields.tagline.state, 'ai');
  assert.equal(d.fields.stage.state, 'deleted');
  assert.equal(d.fields.tags.state, 'deleted');
});

test('regenerate on a draft without stored pages → 409 draft_no_evidence', async () => {
  const id = await ready();
  const res = await patch(id, { regenerate: ['tagline'] });
  assert.equal(res.status, 409);
  assert.equal(res.body.code, 'draft_no_evidence');
});

test('editing while crawling or drafting → 409 draft_busy; a failed draft may be edited by hand', async () => {
  for (const status of ['crawling', 'drafting'] as const) {
    const id = await insertDraft(t, owner.userId, { status, stage: 'fetching' });
    const res = await patch(id, { fields: { name: 'Acme' } });
    assert.equal(res.status, 409, status);
    assert.equal(res.body.code, 'draft_busy');
    const sub = await t.rest('POST', `/api/v1/drafts/${id}/submit`, undefined, owner.auth);
    assert.equal(sub.status, 409);
    assert.equal(sub.body.code, 'draft_busy');
  }
  const failed = await insertDraft(t, owner.userId, { status: 'failed', stage: 'failed', failure_code: 'robots_disallowed', failure_reason: 'robots.txt says no' });
  const res = await patch(failed, { fields: { name: 'Acme' } });
  assert.equal(res.status, 200);
  assert.equal(res.body.status, 'failed');
  assert.equal(res.body.fields.name.state, 'manual');
  assert.deepEqual(res.body.failure, { code: 'robots_disallowed', reason: 'robots.txt says no' });
});

test('sections: faqs, founders, socials, story, milestones and seo are stored; completeness follows', async () => {
  const id = await ready();
  const before = (await t.get(`/api/v1/drafts/${id}`, owner.auth)).body;
  const d = (
    await patch(id, {
      faqs: [faq],
      founders: [{ name: 'Ada Lovelace', title: 'CEO' }, { name: 'Charles Babbage' }],
      company_socials: { github: 'https://github.com/acme', x: '' },
      founder_socials: { linkedin: 'https://linkedin.com/in/ada' },
      story: { story: 'We were tired of invoices.', problem: 'Invoices are slow.' },
      milestones: [milestone, { ...milestone, date: '2025-01-10', title: 'Seed round', url: 'https://acme.test/seed' }],
      seo: { title: 'Acme — invoices', meta: null },
    })
  ).body;
  assert.deepEqual(d.faqs, [{ ...faq, evidence: [] }]);
  assert.deepEqual(d.founders[0], { name: 'Ada Lovelace', title: 'CEO', bio: null, evidence: [] });
  assert.deepEqual(d.company_socials, { github: 'https://github.com/acme' });
  assert.deepEqual(d.founder_socials, { linkedin: 'https://linkedin.com/in/ada' });
  assert.equal(d.story.problem, 'Invoices are slow.');
  assert.equal(d.story.journey, null);
  assert.deepEqual(d.milestones.map((m: any) => m.id), [1, 2]);
  assert.deepEqual(d.seo, { title: 'Acme — invoices', meta: null });
  assert.equal(d.completeness, Math.floor((100 * 5) / 21));
  assert.ok(d.completeness > before.completeness);
  assert.ok(!d.missing.includes('faqs') && !d.missing.includes('founders'));

  // Milestones sent back keep their ids; new ones get fresh ids; story sections merge.
  const again = (await patch(id, { milestones: [d.milestones[1], { date: '2026-01-01', title: 'v2' }], story: { problem: null } })).body;
  assert.deepEqual(again.milestones.map((m: any) => [m.id, m.title]), [[2, 'Seed round'], [3, 'v2']]);
  assert.equal(again.story.problem, null);
  assert.equal(again.story.story, 'We were tired of invoices.');
  const cleared = (await patch(id, { story: null, seo: null, competitor_url: '' })).body;
  assert.equal(cleared.story, null);
  assert.equal(cleared.seo, null);
  assert.equal(cleared.competitor, null);
});

test('an empty PATCH is 200 and changes nothing (Idempotency-Key accepted)', async () => {
  const id = await ready();
  const before = (await t.get(`/api/v1/drafts/${id}`, owner.auth)).body;
  const res = await patch(id, {}, { 'idempotency-key': 'empty-1' });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body.fields, before.fields);
  const replay = await patch(id, {}, { 'idempotency-key': 'empty-1' });
  assert.equal(replay.headers['idempotent-replayed'], 'true');
});

test('an empty PATCH without any body is 200 too, as the same call over MCP (it was 400 "expected object")', async () => {
  const id = await ready();
  const res = await t.app.http.inject({ method: 'PATCH', url: `/api/v1/drafts/${id}`, headers: owner.auth });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().id, id);
  const tool = await mcp('update_draft', { id });
  assert.equal(tool.isError, false);
  // A body that is JSON null is still not an object.
  const nul = await t.app.http.inject({ method: 'PATCH', url: `/api/v1/drafts/${id}`, headers: { ...owner.auth, 'content-type': 'application/json' }, payload: 'null' });
  assert.equal(nul.statusCode, 400);
  assert.equal(nul.json().code, 'validation_failed');
});

test('seo with only a title (or only meta) reads back with both keys, over REST and MCP (found by the fuzz: it was a 500, and so was every read of the draft after it)', async () => {
  const id = await ready();
  const res = await patch(id, { seo: { title: 'Acme — invoices' } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual(res.body.seo, { title: 'Acme — invoices', meta: null });
  const read = await t.get(`/api/v1/drafts/${id}`, owner.auth);
  assert.equal(read.status, 200);
  assert.deepEqual(read.body.seo, { title: 'Acme — invoices', meta: null });
  const other = await mcp('update_draft', { id: await ready(), seo: { meta: 'Invoices in one click.' } });
  assert.equal(other.isError, false, JSON.stringify(other.data));
  assert.deepEqual(other.data.seo, { title: null, meta: 'Invoices in one click.' });
  // Story sections are complete the same way.
  const story = await patch(id, { story: { journey: 'Two years.' } });
  assert.equal(story.status, 200);
  assert.equal(Object.keys(story.body.story).length, 9);
  assert.equal(story.body.story.journey, 'Two years.');
});
