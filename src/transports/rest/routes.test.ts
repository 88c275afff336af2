import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../testing/harness.ts';
import { aiField, insertDraft } from '../../operations/drafts/drafts-testing.ts';

// What a REST route hands an operation: the path parameters it matched, then the query (reads)
// or the body (writes), each checked by the schema, and nothing else. Found by the fuzz
// (test/fuzz): a write's query string and a DELETE's body used to be merged into the input
// unchecked, over the path parameters (500s, and a route acting on another id than its path's).

const t = await createTestApp();
const owner = await t.apiKey(['listings:write', 'account:read']);
const mcp = async (tool: string, args: Record<string, unknown>) => (await t.mcpCall(tool, args, owner.auth)).body.result?.structuredContent;

const fieldsOf = (body: any) => (body.errors ?? []).map((e: { field: string }) => e.field);
const count = async (table: 'listing_updates' | 'milestones', listingId: string) =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('listing_id', '=', listingId).executeTakeFirstOrThrow()).n);

test("a write's query string is refused, key by key, and never reaches the operation", async () => {
  const draft = await insertDraft(t, owner.userId, { fields: { name: aiField('Acme') } });
  const other = '00000000-0000-4000-8000-000000000000';
  // The query named the draft the path did not: it used to be the one submitted.
  const res = await t.rest('POST', `/api/v1/drafts/${other}/submit?id=${draft}`, undefined, owner.auth);
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.code, 'validation_failed');
  assert.deepEqual(fieldsOf(res.body), ['id']);
  assert.equal((await t.get(`/api/v1/drafts/${draft}`, owner.auth)).body.status, 'ready', 'the draft was not submitted');

  const listing = await t.fx.listing({ owner_id: owner.userId, status: 'draft' });
  for (const [method, url, body] of [
    ['POST', `/api/v1/drafts/${draft}/submit?id=zzz`, undefined], // was a 500: "zzz" reached the uuid column
    ['POST', `/api/v1/me/listings/${listing}/free?listing_id=abc`, undefined], // was a 500: bigint "abc"
    ['PATCH', `/api/v1/drafts/${draft}?regenerate=name`, {}],
    ['POST', '/api/v1/drafts?verbose=1', { url: 'https://acme.invalid/' }],
  ] as const) {
    const r = await t.rest(method, url, body, owner.auth);
    assert.equal(r.status, 400, `${method} ${url}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.code, 'validation_failed', url);
    assert.deepEqual(fieldsOf(r.body), [new URL(url, 'http://x').searchParams.keys().next().value], url);
  }
  // Without the query the same requests work.
  assert.equal((await t.rest('POST', `/api/v1/drafts/${draft}/submit`, undefined, owner.auth)).status, 200);
});

test("a DELETE's body is refused and never read: the path's ids are the ones acted on", async () => {
  const listing = await t.fx.listing({ owner_id: owner.userId, status: 'draft' });
  await t.fx.milestone(listing, '2026-01-01', 'Launched');
  const milestone = (await t.db.selectFrom('milestones').select('id').where('listing_id', '=', listing).executeTakeFirstOrThrow()).id;
  const url = `/api/v1/me/listings/${listing}/milestones/${milestone}`;
  const res = await t.rest('DELETE', url, { listing_id: 'abc' }, owner.auth); // was a 500: bigint "abc"
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.code, 'validation_failed');
  assert.deepEqual(fieldsOf(res.body), ['listing_id']);
  assert.equal(await count('milestones', listing), 1);
  // An empty body, or none, is fine.
  assert.equal((await t.rest('DELETE', url, {}, owner.auth)).status, 200);
  assert.equal(await count('milestones', listing), 0);
});

test('text with NUL or an unpaired surrogate is a 400 naming the field on REST and MCP, and nothing is written', async () => {
  const listing = await t.fx.listing({ owner_id: owner.userId, status: 'draft', tagline: 'Invoices in one click' });
  for (const [what, text, message] of [
    ['NUL', 'in\u0000voices', 'must not contain the NUL character (U+0000)'],
    ['an unpaired surrogate', 'in\uD800voices', 'must be valid Unicode (it has an unpaired surrogate)'],
  ] as const) {
    // JSON carries both (the surrogate as \ud800); PostgreSQL refused the first with a 500.
    const rest = await t.rest('POST', `/api/v1/me/listings/${listing}/updates`, { title: 'News', body: text }, owner.auth);
    assert.equal(rest.status, 400, `${what}: ${JSON.stringify(rest.body)}`);
    assert.deepEqual(rest.body.errors, [{ field: 'body', message }], what);
    const tool = await mcp('post_listing_update', { listing_id: listing, title: text, body: 'News' });
    assert.equal(tool.code, 'validation_failed', what);
    assert.deepEqual(tool.errors, [{ field: 'title', message }], what);
    const nested = await t.rest('PATCH', `/api/v1/me/listings/${listing}`, { faqs: [{ question: 'Why?', answer: text }] }, owner.auth);
    assert.deepEqual(fieldsOf(nested.body), ['faqs.0.answer'], what);
  }
  assert.equal(await count('listing_updates', listing), 0);
  const row = await t.db.selectFrom('listings').select(['tagline', 'faqs']).where('id', '=', listing).executeTakeFirstOrThrow();
  assert.equal(row.tagline, 'Invoices in one click');
  assert.deepEqual(row.faqs, []);
  // The same text without the bad character is taken.
  assert.equal((await t.rest('POST', `/api/v1/me/listings/${listing}/updates`, { title: 'News', body: 'invoices' }, owner.auth)).status, 201);
});
