import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../testing/harness.ts';
import { loopbackSite } from '../testing/loopback-site.ts';

// The whole path on a small local site: submit_listing → the real crawler and extractor (jobs run
// inline) → get_draft ready, then edit, regenerate, compare a competitor and submit.
const t = await createTestApp({ env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' } });
await t.fx.category({ slug: 'invoicing', name: 'Invoicing' });
const owner = await t.apiKey(['listings:write', 'account:read']);

const layout = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title}: invoices in one click."></head><body>${body}</body></html>`;
const site = await loopbackSite({
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
  '/': layout(
    'Acme Invoicing',
    `<header><a href="/">Acme Invoicing</a> <a href="/about">About</a> <a href="/pricing">Pricing</a></header>
     <main><h1>Acme Invoicing</h1><p>Invoices in one click for freelancers and small agencies.</p>
     <h2>Features</h2><ul><li>PDF export</li><li>Payment reminders</li><li>Multi-currency invoices</li></ul>
     <p>Contact us at hello@acme.test.</p></main>
     <footer><a href="https://github.com/acme-invoicing">GitHub</a> © 2021 Acme Invoicing GmbH, Berlin, Germany</footer>`,
  ),
  '/about': layout('About Acme Invoicing', '<main><h1>About us</h1><p>Acme Invoicing was founded in 2019 in Berlin, Germany.</p></main>'),
  '/pricing': layout('Pricing', '<main><h1>Pricing</h1><p>Free for up to 5 invoices a month. Pro is $9 per month.</p></main>'),
});
const rival = await loopbackSite({
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
  '/': layout('Rival Billing', '<main><h1>Rival Billing</h1><p>Invoices and time tracking for agencies. Time tracking, timesheets and invoices.</p></main>'),
});
const blocked = await loopbackSite({ '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /\n' }, '/': layout('Secret', '<p>Secret</p>') });
const pdf = await loopbackSite({ '/robots.txt': { type: 'text/plain', body: '' }, '/': { type: 'application/pdf', body: '%PDF-1.4' } });
after(() => Promise.all([site.close(), rival.close(), blocked.close(), pdf.close()]));

const submit = async (url: string) => {
  const res = await t.rest('POST', '/api/v1/drafts', { url }, owner.auth);
  assert.equal(res.status, 201);
  assert.equal(res.body.status, 'crawling');
  return res.body.id as string;
};
const get = async (id: string) => (await t.get(`/api/v1/drafts/${id}`, owner.auth)).body;

test('a small local site is drafted in seconds, every value with evidence from the stored pages', async () => {
  const started = Date.now();
  const id = await submit(`${site.origin}/`);
  await t.jobsIdle();
  const d = await get(id);
  assert.ok(Date.now() - started < 10_000, 'ready in seconds');
  assert.equal(d.status, 'ready', JSON.stringify(d.failure));
  assert.equal(d.progress.stage, 'done');
  assert.equal(d.progress.percent, 100);
  assert.ok(d.progress.pages_fetched >= 1);
  assert.equal(d.fields.name.state, 'ai');
  assert.match(String(d.fields.name.value), /Acme/);
  const pages = await t.db.selectFrom('crawl_pages').select(['final_url', 'text', 'hash', 'fetched_at']).where('draft_id', '=', id).execute();
  assert.ok(pages.length >= 1);
  for (const [name, f] of Object.entries<any>(d.fields)) {
    if (f.state !== 'ai') continue;
    assert.ok(f.evidence.length > 0, `${name} has evidence`);
    for (const e of f.evidence) assert.ok(pages.some((p) => p.final_url === e.url && p.text.includes(e.quote)), `${name}: "${e.quote}" is on ${e.url}`);
  }
  assert.ok(site.requests.some((r) => r.path === '/robots.txt' && /LaunchyardBot/.test(r.userAgent ?? '')));
});

test('edit, regenerate from the stored pages, compare a competitor, submit', async () => {
  const id = await submit(`${site.origin}/`);
  await t.jobsIdle();
  const requestsBefore = site.requests.length;
  const edited = await t.rest('PATCH', `/api/v1/drafts/${id}`, { fields: { name: 'My own name' } }, owner.auth);
  assert.equal(edited.body.fields.name.state, 'edited');
  const regenerated = await t.rest('PATCH', `/api/v1/drafts/${id}`, { regenerate: ['name'], competitor_url: `${rival.origin}/` }, owner.auth);
  assert.equal(regenerated.status, 200, JSON.stringify(regenerated.body));
  assert.equal(regenerated.body.fields.name.state, 'ai');
  assert.equal(site.requests.length, requestsBefore, 'regenerate reads the stored pages, not the site');
  assert.equal(regenerated.body.competitor.status, 'pending');
  await t.jobsIdle();
  const d = await get(id);
  assert.equal(d.competitor.status, 'ready', JSON.stringify(d.competitor));
  assert.ok(d.competitor.comparison.only_theirs.includes('tracking'));
  assert.ok(d.competitor.comparison.shared_terms.includes('invoices'));

  const res = await t.rest('POST', `/api/v1/drafts/${id}/submit`, undefined, owner.auth);
  assert.equal(res.status, 200);
  const l = await t.db.selectFrom('listings').select(['status', 'domain', 'name']).where('id', '=', String(res.body.listing_id)).executeTakeFirstOrThrow();
  assert.deepEqual([l.status, l.domain], ['draft', '127.0.0.1']);
});

test('robots.txt disallowing us ends the draft failed with the reason', async () => {
  const id = await submit(`${blocked.origin}/`);
  await t.jobsIdle();
  const d = await get(id);
  assert.equal(d.status, 'failed');
  assert.equal(d.failure.code, 'robots_disallowed');
  assert.ok(d.failure.reason.length > 0);
  assert.ok(!blocked.requests.some((r) => r.path === '/'), 'the disallowed page was never fetched');
});

test('a site that is not HTML ends failed with not_html', async () => {
  const id = await submit(`${pdf.origin}/`);
  await t.jobsIdle();
  const d = await get(id);
  assert.equal(d.status, 'failed');
  assert.equal(d.failure.code, 'not_html');
});

test('a private address not allowed by CRAWLER_ALLOW_HOSTS is refused', async () => {
  const id = await submit(site.origin.replace('127.0.0.1', 'localhost') + '/');
  await t.jobsIdle();
  const d = await get(id);
  assert.equal(d.status, 'failed');
  assert.equal(d.failure.code, 'blocked_address');
});
