import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../testing/harness.ts';
import { DRAFT_FIELDS } from '../../extraction/types.ts';
import { insertDraft, aiField } from './drafts-testing.ts';

const t = await createTestApp();
const writer = await t.apiKey(['listings:write', 'account:read']);
const post = (body: unknown, auth = writer.auth, headers: Record<string, string> = {}) => t.rest('POST', '/api/v1/drafts', body, { ...auth, ...headers });
const mcp = async (tool: string, args: Record<string, unknown>, auth: Record<string, string>, meta: Record<string, unknown> = {}) => {
  const res = await t.mcpCall(tool, args, auth, meta);
  return { status: res.status, isError: res.body.result?.isError === true, data: res.body.result?.structuredContent };
};

test('submit_listing answers 201 at once with a draft in status crawling (REST and MCP)', async () => {
  const res = await post({ url: 'https://acme.invalid/' });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const d = res.body;
  assert.match(d.id, /^[0-9a-f-]{36}$/);
  assert.equal(d.status, 'crawling');
  assert.equal(d.url, 'https://acme.invalid/');
  assert.deepEqual(d.progress, { stage: 'queued', pages_fetched: 0, pages_planned: 0, pages: [], fields_drafted: 0, fields_total: 18, percent: 0, skipped: [] });
  assert.equal(d.failure, null);
  assert.deepEqual(Object.keys(d.fields), [...DRAFT_FIELDS]);
  for (const f of DRAFT_FIELDS) assert.deepEqual(d.fields[f], { value: null, state: 'not_found', evidence: [] });
  assert.deepEqual(d.not_found_on_website, [], 'nothing was looked for yet');
  assert.equal(d.completeness, 0);
  assert.equal(d.missing.length, 21);
  assert.equal(d.listing_id, null);

  const viaMcp = await mcp('submit_listing', { url: 'https://acme-mcp.invalid/' }, writer.auth);
  assert.equal(viaMcp.isError, false, JSON.stringify(viaMcp.data));
  assert.equal(viaMcp.data.status, 'crawling');
  await t.jobsIdle();
});

test('a site that cannot be read ends the draft failed with a reason, not a hang', async () => {
  const res = await post({ url: 'https://nothing-here.invalid/' });
  await t.jobsIdle();
  const d = (await t.get(`/api/v1/drafts/${res.body.id}`, writer.auth)).body;
  assert.equal(d.status, 'failed');
  assert.equal(d.progress.stage, 'failed');
  assert.equal(d.progress.percent, 100);
  assert.equal(typeof d.failure.code, 'string');
  assert.ok(d.failure.reason.length > 0);
});

const badBodies: [string, unknown, string][] = [
  ['no url', {}, 'url'],
  ['url not a string', { url: 42 }, 'url'],
  ['url over 2048 characters', { url: `https://a.test/${'x'.repeat(2034)}` }, 'url'],
  ['not a URL', { url: 'acme dot com' }, 'url'],
  ['not http(s)', { url: 'ftp://acme.test/' }, 'url'],
  ['credentials in the URL', { url: 'https://user:pw@acme.test/' }, 'url'],
  ['an unknown key', { url: 'https://acme.test/', name: 'Acme' }, 'name'],
];
for (const [name, body, field] of badBodies) {
  test(`submit_listing: ${name} → 400 validation_failed (REST and MCP)`, async () => {
    const res = await post(body);
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'validation_failed');
    assert.ok(res.body.errors.some((e: any) => e.field === field), JSON.stringify(res.body.errors));
    const viaMcp = await mcp('submit_listing', body as Record<string, unknown>, writer.auth);
    assert.equal(viaMcp.isError, true);
    assert.equal(viaMcp.data.code, 'validation_failed');
  });
}

test('submit_listing: a URL of exactly 2048 characters is accepted', async () => {
  const url = `https://a.invalid/${'x'.repeat(2048 - 'https://a.invalid/'.length)}`;
  assert.equal(url.length, 2048);
  const res = await post({ url });
  assert.equal(res.status, 201);
  await t.jobsIdle();
});

test('scopes: submit_listing needs listings:write, reads need account:read (REST and MCP)', async () => {
  const reader = await t.apiKey(['account:read']);
  const res = await post({ url: 'https://acme.invalid/' }, reader.auth);
  assert.equal(res.status, 403);
  assert.equal(res.body.code, 'insufficient_scope');
  assert.equal((await t.mcpCall('submit_listing', { url: 'https://acme.invalid/' }, reader.auth)).status, 403);

  const writeOnly = await t.apiKey(['listings:write']);
  const id = await insertDraft(t, writeOnly.userId);
  for (const path of ['/api/v1/drafts', `/api/v1/drafts/${id}`]) {
    const r = await t.get(path, writeOnly.auth);
    assert.equal(r.status, 403, path);
    assert.equal(r.body.code, 'insufficient_scope');
  }
  assert.equal((await t.mcpCall('get_draft', { id }, writeOnly.auth)).status, 403);
  assert.equal((await t.rest('PATCH', `/api/v1/drafts/${id}`, {}, reader.auth)).status, 403);
  assert.equal((await t.rest('POST', `/api/v1/drafts/${id}/submit`, undefined, reader.auth)).status, 403);
  assert.equal((await t.get(`/api/v1/drafts/${id}`)).status, 401);
});

test('the same Idempotency-Key replays submit_listing: one draft (REST and MCP)', async () => {
  const user = await t.apiKey(['listings:write', 'account:read']);
  const first = await post({ url: 'https://once.invalid/' }, user.auth, { 'idempotency-key': 'draft-1' });
  const again = await post({ url: 'https://once.invalid/' }, user.auth, { 'idempotency-key': 'draft-1' });
  assert.equal(first.status, 201);
  assert.equal(again.status, 201);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(again.body.id, first.body.id);
  const other = await post({ url: 'https://twice.invalid/' }, user.auth, { 'idempotency-key': 'draft-1' });
  assert.equal(other.status, 422);
  const viaMcp = await mcp('submit_listing', { url: 'https://once.invalid/' }, user.auth, { 'idempotency-key': 'draft-1' });
  assert.equal(viaMcp.data.id, first.body.id);
  const count = await t.db.selectFrom('drafts').select(t.db.fn.countAll<number>().as('n')).where('owner_id', '=', user.userId).executeTakeFirstOrThrow();
  assert.equal(Number(count.n), 1);
  await t.jobsIdle();
});

test('list_my_drafts: the caller\'s drafts only, newest first, with status and completeness (REST and MCP)', async () => {
  const me = await t.apiKey(['listings:write', 'account:read']);
  const someoneElse = await t.apiKey(['listings:write', 'account:read']);
  await insertDraft(t, someoneElse.userId);
  const older = await insertDraft(t, me.userId, { fields: { name: aiField('Acme') } });
  await t.db.updateTable('drafts').set({ created_at: new Date('2026-01-01T00:00:00Z') }).where('id', '=', older).execute();
  const newer = await insertDraft(t, me.userId, { status: 'failed', stage: 'failed', failure_code: 'robots_disallowed', failure_reason: 'robots.txt disallows us' });

  const res = await t.get('/api/v1/drafts', me.auth);
  assert.equal(res.status, 200);
  assert.equal(res.body.total, 2);
  assert.deepEqual(res.body.items.map((d: any) => d.id), [newer, older]);
  assert.deepEqual(Object.keys(res.body.items[1]).sort(), ['completeness', 'created_at', 'id', 'listing_id', 'name', 'status', 'updated_at', 'url']);
  assert.equal(res.body.items[1].name, 'Acme');
  assert.equal(res.body.items[1].completeness, Math.floor(100 / 21));
  assert.equal(res.body.items[0].status, 'failed');

  const paged = await t.get('/api/v1/drafts?per_page=1&page=2', me.auth);
  assert.deepEqual(paged.body.items.map((d: any) => d.id), [older]);
  assert.equal(paged.body.total, 2);
  const past = await t.get('/api/v1/drafts?page=5', me.auth);
  assert.deepEqual([past.body.items.length, past.body.total], [0, 2]);
  for (const q of ['page=0', 'per_page=101', 'page=1001', 'sort=name']) assert.equal((await t.get(`/api/v1/drafts?${q}`, me.auth)).status, 400, q);

  const viaMcp = await mcp('list_my_drafts', {}, me.auth);
  assert.deepEqual(viaMcp.data, res.body);
});

test('get_draft: another user\'s draft and an unknown id are the same 404; a malformed id is 400 (REST and MCP)', async () => {
  const owner = await t.apiKey(['listings:write', 'account:read']);
  const stranger = await t.apiKey(['listings:write', 'account:read']);
  const id = await insertDraft(t, owner.userId, { fields: { name: aiField('Secret Co') } });

  const mine = await t.get(`/api/v1/drafts/${id}`, owner.auth);
  assert.equal(mine.status, 200);
  assert.equal(mine.body.fields.name.value, 'Secret Co');

  const theirs = await t.get(`/api/v1/drafts/${id}`, stranger.auth);
  const unknown = await t.get('/api/v1/drafts/00000000-0000-4000-8000-000000000000', stranger.auth);
  assert.equal(theirs.status, 404);
  assert.equal(theirs.body.code, 'draft_not_found');
  assert.deepEqual({ ...theirs.body, instance: null }, { ...unknown.body, instance: null });
  assert.ok(!JSON.stringify(theirs.body).includes('Secret'));
  for (const [method, path, body] of [
    ['PATCH', `/api/v1/drafts/${id}`, { fields: { name: 'Mine now' } }],
    ['POST', `/api/v1/drafts/${id}/submit`, undefined],
  ] as const) {
    const r = await t.rest(method, path, body, stranger.auth);
    assert.equal(r.status, 404, path);
    assert.equal(r.body.code, 'draft_not_found');
  }
  const viaMcp = await mcp('get_draft', { id }, stranger.auth);
  assert.equal(viaMcp.isError, true);
  assert.equal(viaMcp.data.code, 'draft_not_found');

  const bad = await t.get('/api/v1/drafts/not-a-uuid', owner.auth);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'validation_failed');
  const row = await t.db.selectFrom('drafts').select('fields').where('id', '=', id).executeTakeFirstOrThrow();
  assert.equal((row.fields as any).name.value, 'Secret Co', 'the stranger changed nothing');
});
