import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../testing/harness.ts';
import { insertDraft, aiField, notFoundField } from './drafts-testing.ts';

const t = await createTestApp();
await t.fx.category({ slug: 'invoicing', name: 'Invoicing' });
await t.fx.category({ slug: 'accounting', name: 'Accounting' });
const owner = await t.apiKey(['listings:write', 'account:read']);
const submit = (id: string, headers: Record<string, string> = {}) => t.rest('POST', `/api/v1/drafts/${id}/submit`, undefined, { ...owner.auth, ...headers });
const patch = (id: string, body: unknown) => t.rest('PATCH', `/api/v1/drafts/${id}`, body, owner.auth);
const listing = (id: number) => t.db.selectFrom('listings').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();

const fullDraft = () =>
  insertDraft(t, owner.userId, {
    url: 'https://www.acme.test/home',
    fields: {
      name: aiField('Acme Invoicing'),
      tagline: aiField('Invoices in one click'),
      country: aiField('Germany'),
      founded_year: aiField('Founded in 2019'),
      stage: aiField('Public Beta'),
      categories: aiField(['Invoicing', 'Accounting']),
      features: aiField(['PDF export', 'Reminders']),
      city: notFoundField(),
    },
    faqs: [{ question: 'Is it free?', answer: 'Yes.', evidence: [] }],
    founders: [
      { name: 'Ada Lovelace', title: 'CEO', bio: 'Counts.', evidence: [] },
      { name: 'Charles Babbage', title: null, bio: null, evidence: [] },
    ],
    company_socials: { github: 'https://github.com/acme' },
    founder_socials: { x: 'https://x.com/ada' },
    story: { story: 'We hated invoices.', problem: null },
    milestones: [{ id: 1, date: '2024-05-01', title: 'Launched', description: null, url: null }],
    seo: { title: 'Acme', meta: 'Invoices' },
  });

test('submit_draft saves the draft as the caller\'s listing, not published, and returns listing_id', async () => {
  const id = await fullDraft();
  const res = await submit(id);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const { listing_id, draft } = res.body;
  assert.ok(Number.isInteger(listing_id) && listing_id >= 1);
  assert.equal(draft.status, 'submitted');
  assert.equal(draft.listing_id, listing_id);
  assert.ok(draft.submitted_at);

  const l = await listing(listing_id);
  assert.equal(l.status, 'draft');
  assert.equal(l.owner_id, owner.userId);
  assert.equal(l.slug, 'acme-invoicing');
  assert.equal(l.name, 'Acme Invoicing');
  assert.equal(l.url, 'https://www.acme.test/home');
  assert.equal(l.domain, 'acme.test');
  assert.equal(l.country, 'DE');
  assert.equal(l.founded_year, 2019);
  assert.equal(l.stage, 'public-beta');
  assert.deepEqual(l.features, ['PDF export', 'Reminders']);
  assert.deepEqual(l.faqs, [{ question: 'Is it free?', answer: 'Yes.' }]);
  assert.deepEqual(l.socials, { github: 'https://github.com/acme' });
  assert.deepEqual(l.story, { story: 'We hated invoices.' });
  assert.equal(l.seo_title, 'Acme');
  assert.equal(l.seo_description, 'Invoices');
  assert.ok(l.not_found_on_website.includes('city'));
  // Free plan: the primary category only.
  const cats = await t.db.selectFrom('listing_categories as lc').innerJoin('categories as c', 'c.id', 'lc.category_id').select(['c.name', 'lc.is_primary']).where('lc.listing_id', '=', String(listing_id)).execute();
  assert.deepEqual(cats, [{ name: 'Invoicing', is_primary: true }]);
  const founders = await t.db
    .selectFrom('listing_founders as lf')
    .innerJoin('founders as f', 'f.id', 'lf.founder_id')
    .select(['f.name', 'f.socials', 'lf.position'])
    .where('lf.listing_id', '=', String(listing_id))
    .orderBy('lf.position')
    .execute();
  assert.deepEqual(founders.map((f) => [f.name, f.socials]), [['Ada Lovelace', { x: 'https://x.com/ada' }], ['Charles Babbage', {}]]);
  const ms = await t.db.selectFrom('milestones').select(['date', 'title']).where('listing_id', '=', String(listing_id)).execute();
  assert.deepEqual(ms, [{ date: '2024-05-01', title: 'Launched' }]);
  // Not published: public reads do not show it.
  assert.equal((await t.get('/api/v1/listings/acme-invoicing')).status, 404);
});

test('submitting again after edits updates the same listing; once submitted, update_draft updates it too', async () => {
  const id = await fullDraft();
  const first = (await submit(id)).body;
  const slug = (await listing(first.listing_id)).slug;
  assert.equal((await patch(id, { fields: { tagline: 'Invoices, done' } })).status, 200);
  assert.equal((await listing(first.listing_id)).tagline, 'Invoices, done', 'update_draft wrote the listing');

  const edited = await patch(id, { fields: { country: 'fr', founded_year: 'sometime', stage: null }, founders: [{ name: 'Grace Hopper' }], milestones: [] });
  assert.equal(edited.body.status, 'submitted');
  let l = await listing(first.listing_id);
  assert.equal(l.country, 'FR');
  assert.equal(l.founded_year, null, 'no year in the text');
  assert.equal(l.stage, null);
  assert.equal(await t.db.selectFrom('milestones').select('id').where('listing_id', '=', l.id).executeTakeFirst(), undefined);
  const names = await t.db.selectFrom('listing_founders as lf').innerJoin('founders as f', 'f.id', 'lf.founder_id').select('f.name').where('lf.listing_id', '=', l.id).execute();
  assert.deepEqual(names.map((n) => n.name), ['Grace Hopper']);

  const second = (await submit(id)).body;
  assert.equal(second.listing_id, first.listing_id);
  l = await listing(first.listing_id);
  assert.equal(l.slug, slug, 'the slug stays');
  const count = await t.db.selectFrom('drafts').select(t.db.fn.countAll<number>().as('n')).where('listing_id', '=', String(first.listing_id)).executeTakeFirstOrThrow();
  assert.equal(Number(count.n), 1);
});

test('a second product of the same name gets its own slug', async () => {
  const other = await t.apiKey(['listings:write', 'account:read']);
  await t.fx.listing({ slug: 'widgetly', name: 'Widgetly' });
  const id = await insertDraft(t, other.userId, { fields: { name: aiField('Widgetly') } });
  const res = await t.rest('POST', `/api/v1/drafts/${id}/submit`, undefined, other.auth);
  assert.equal((await listing(res.body.listing_id)).slug, 'widgetly-2');
});

test('clearing the name of a submitted draft is refused and rolls back (409 draft_incomplete)', async () => {
  const id = await fullDraft();
  const { listing_id } = (await submit(id)).body;
  const res = await patch(id, { fields: { name: null, tagline: 'Changed' } });
  assert.equal(res.status, 409);
  assert.equal(res.body.code, 'draft_incomplete');
  const d = (await t.get(`/api/v1/drafts/${id}`, owner.auth)).body;
  assert.equal(d.fields.name.value, 'Acme Invoicing', 'the draft is unchanged');
  assert.equal((await listing(listing_id)).tagline, 'Invoices in one click');
});

test('a draft without a name cannot be submitted (409 draft_incomplete); a failed draft with a name can (MCP)', async () => {
  const nameless = await insertDraft(t, owner.userId);
  const res = await submit(nameless);
  assert.equal(res.status, 409);
  assert.equal(res.body.code, 'draft_incomplete');

  const failed = await insertDraft(t, owner.userId, { status: 'failed', stage: 'failed', failure_code: 'not_html', failure_reason: 'The site answered with a PDF.' });
  await patch(failed, { fields: { name: 'Handmade Co' } });
  const call = await t.mcpCall('submit_draft', { id: failed }, owner.auth);
  const result = call.body.result;
  assert.notEqual(result.isError, true, JSON.stringify(result.structuredContent));
  assert.equal(result.structuredContent.draft.status, 'submitted');
  assert.equal((await listing(result.structuredContent.listing_id)).name, 'Handmade Co');
});

test('submit_draft with the same Idempotency-Key replays', async () => {
  const id = await fullDraft();
  const first = await submit(id, { 'idempotency-key': 'sub-1' });
  const again = await submit(id, { 'idempotency-key': 'sub-1' });
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.deepEqual(again.body, first.body);
});
