import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, createTestApp } from '../testing/harness.ts';
import { loopbackSite } from '../testing/loopback-site.ts';
import { BADGE_CHECK_JOB } from '../jobs/badge-check.ts';
import { runWeekStart } from '../jobs/week-start.ts';

// The submission pipeline end to end, once over REST and once over MCP (the official client SDK):
// a URL → crawl of a multi-page loopback site → an evidence-backed draft → every kind of edit →
// submit → update → the free plan → the badge on the homepage → scheduled → live in its week.
const t = await createTestApp({ env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' } });
await t.fx.category({ slug: 'invoicing', name: 'Invoicing' });
await t.fx.category({ slug: 'accounting', name: 'Accounting' });

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;

/** A product site with the facts spread over the pages a crawler should pick. */
function productSite(name: string) {
  const nav = '<nav><a href="/about">About us</a> <a href="/pricing">Pricing</a> <a href="/faq">FAQ</a> <a href="/contact">Contact</a> <a href="/blog/2024/hello">Blog</a></nav>';
  return {
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private\n' },
    '/': page(
      `${name} — invoicing for freelancers`,
      `${nav}<main><h1>${name}: invoices that get paid on time</h1>
       <p>${name} sends your invoices and chases late payments for freelancers and small studios.</p>
       <h2>Features</h2><ul><li>Recurring invoices in 30 currencies</li><li>Automatic payment reminders</li></ul>
       <blockquote>“Best tool since 2015!” — Jo Smith, founder of Smith Studio</blockquote></main>
       <footer>© 2024 ${name} Ltd. Prices in €.</footer>`,
    ),
    '/about': page(`About ${name}`, `${nav}<main><h1>About us</h1><p>${name} was founded in 2019 by Maya Lind, co-founder and CEO.</p><p>We are based in Edinburgh, United Kingdom.</p></main>`),
    '/pricing': page(`Pricing — ${name}`, `${nav}<main><h1>Pricing</h1><p>Freemium: free for up to 5 invoices a month, Pro is $9 per month.</p></main>`),
    '/faq': page(
      `FAQ — ${name}`,
      `${nav}<main><h1>Frequently asked questions</h1><dl><dt>Can I cancel at any time?</dt><dd>Yes, cancel from your account page at any time.</dd></dl></main>`,
    ),
    '/contact': page(`Contact ${name}`, `${nav}<main><h1>Contact</h1><p>Write to <a href="mailto:hello@${name.toLowerCase()}.test">hello@${name.toLowerCase()}.test</a>.</p></main>`),
    '/blog/2024/hello': page('Hello', '<p>Our first post.</p>'),
    '/private': page('Private', '<p>Do not read.</p>'),
  };
}

const rival = await loopbackSite({
  '/robots.txt': { type: 'text/plain', body: '' },
  '/': page('Rival Billing', '<main><h1>Rival Billing</h1><p>Invoices and time tracking for agencies.</p></main>'),
});
after(() => rival.close());

/** The same calls over either transport: { status, body } with REST's status codes. */
type Call = (tool: string, args?: Record<string, unknown>) => Promise<{ ok: boolean; body: any }>;

async function restClient(): Promise<{ call: Call; userId: string }> {
  const key = await t.apiKey(['account:read', 'listings:write']);
  const routes: Record<string, (a: any) => [string, string, unknown?]> = {
    submit_listing: (a) => ['POST', '/drafts', a],
    get_draft: (a) => ['GET', `/drafts/${a.id}`],
    list_my_drafts: () => ['GET', '/drafts'],
    update_draft: ({ id, ...b }) => ['PATCH', `/drafts/${id}`, b],
    submit_draft: (a) => ['POST', `/drafts/${a.id}/submit`],
    get_my_listing: (a) => ['GET', `/me/listings/${a.listing_id}`],
    list_my_listings: () => ['GET', '/me/listings'],
    update_my_listing: ({ listing_id, ...b }) => ['PATCH', `/me/listings/${listing_id}`, b],
    choose_free_listing: (a) => ['POST', `/me/listings/${a.listing_id}/free`],
    get_listing: (a) => ['GET', `/listings/${a.slug}`],
  };
  const call: Call = async (tool, args = {}) => {
    const [method, path, body] = routes[tool](args);
    const res = await t.rest(method, `/api/v1${path}`, body, key.auth);
    return { ok: res.status < 300, body: res.body, status: res.status } as any;
  };
  return { call, userId: key.userId };
}

async function mcpClient(): Promise<{ call: Call; userId: string }> {
  const key = await t.apiKey(['account:read', 'listings:write']);
  const client = await t.mcp('modern', key.auth);
  const call: Call = async (tool, args = {}) => {
    const r = await callTool(client, tool, args);
    return { ok: !r.isError, body: r.data };
  };
  return { call, userId: key.userId };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

for (const [transport, connect] of [['REST', restClient], ['MCP', mcpClient]] as const) {
  test(`submission end to end over ${transport}: crawl → evidence-backed draft → edits → submit → free plan → badge → scheduled → live`, async () => {
    const name = transport === 'REST' ? 'Tallyrest' : 'Tallymcp';
    const site = await loopbackSite(productSite(name));
    after(() => site.close());
    const { call } = await connect();

    // 1. A URL in, a draft in status crawling at once.
    const created = await call('submit_listing', { url: `${site.origin}/` });
    assert.ok(created.ok, JSON.stringify(created.body));
    assert.equal(created.body.status, 'crawling');
    const id = created.body.id;

    // 2. Poll until ready, as a client would (the crawl runs as a background job).
    let draft: any;
    const deadline = Date.now() + 20_000;
    do {
      await sleep(50);
      draft = (await call('get_draft', { id })).body;
    } while ((draft.status === 'crawling' || draft.status === 'drafting') && Date.now() < deadline);
    assert.equal(draft.status, 'ready', JSON.stringify(draft.failure));
    assert.equal(draft.progress.percent, 100);
    assert.ok(draft.progress.pages_fetched >= 4, `pages fetched: ${draft.progress.pages_fetched}`);
    assert.ok(!site.requests.some((r) => r.path === '/private'), 'robots.txt Disallow: /private is obeyed');

    // 3. Values and their evidence: every quote is on the stored page it cites.
    const f = draft.fields;
    assert.equal(f.name.state, 'ai');
    assert.match(String(f.name.value), new RegExp(name));
    assert.equal(f.founded_year.value, '2019');
    assert.equal(f.contact_email.value, `hello@${name.toLowerCase()}.test`);
    assert.equal(f.city.value, 'Edinburgh');
    assert.equal(f.country.value, 'GB');
    assert.ok(draft.faqs.some((q: any) => q.question === 'Can I cancel at any time?'));
    const pages = await t.db.selectFrom('crawl_pages').select(['final_url', 'text']).where('draft_id', '=', id).execute();
    for (const [field, v] of Object.entries<any>(f)) {
      if (v.state !== 'ai') continue;
      assert.ok(v.evidence.length > 0, `${field} carries evidence`);
      for (const e of v.evidence) {
        const p = pages.find((x) => x.final_url === e.url);
        assert.ok(p && norm(p.text).includes(norm(e.quote)), `${field}: "${e.quote}" is on ${e.url}`);
      }
    }
    // The testimonial founder and the copyright year are not facts about the company.
    assert.ok(!draft.founders.some((x: any) => /Jo Smith/.test(x.name)), 'no founder from a testimonial');
    assert.notEqual(f.founded_year.value, '2024');
    assert.notEqual(f.founded_year.value, '2015');

    // 4. Every PATCH key, and the field states they lead to.
    const patched = await call('update_draft', {
      id,
      fields: { tagline: 'Invoices that pay themselves', stage: 'Public beta', categories: ['Invoicing', 'Accounting'], city: null },
      lock_fields: ['name'],
      faqs: [{ question: 'Is there a free plan?', answer: 'Yes, up to 5 invoices a month.' }],
      company_socials: { x: 'https://x.com/tally', github: 'https://github.com/tally' },
      founder_socials: { linkedin: 'https://www.linkedin.com/in/maya-lind' },
      founders: [{ name: 'Maya Lind', title: 'Co-founder and CEO', bio: 'Freelanced for ten years.' }],
      story: { title: 'Why we built it', story: 'We were tired of chasing invoices.', why_started: 'Late payments.', problem: 'Cash flow.', journey: '', challenges: 'Banks.', achievements: '1,000 users.', lessons: 'Ship early.', whats_next: 'Mobile app.' },
      milestones: [{ date: '2019-05-01', title: 'Founded', description: 'Day one.', url: 'https://tally.example/blog/founded' }],
      competitor_url: `${rival.origin}/`,
      seo: { title: `${name} — invoicing for freelancers`, meta: 'Send invoices and get paid on time.' },
    });
    assert.ok(patched.ok, JSON.stringify(patched.body));
    const p = patched.body;
    assert.equal(p.fields.tagline.state, 'edited');
    assert.equal(p.fields.stage.state, f.stage.value === null ? 'manual' : 'edited');
    assert.equal(p.fields.city.state, 'deleted');
    assert.equal(p.fields.city.value, null);
    assert.equal(p.fields.name.state, 'override');
    assert.deepEqual(p.fields.categories.value, ['Invoicing', 'Accounting']);
    assert.equal(p.faqs.length, 1);
    assert.equal(p.founders[0].name, 'Maya Lind');
    assert.equal(p.milestones[0].title, 'Founded');
    assert.ok(p.milestones[0].id >= 1);
    assert.equal(p.seo.meta, 'Send invoices and get paid on time.');
    assert.equal(p.competitor.status, 'pending');

    // 5. restore puts back the AI's value; regenerate redrafts and leaves the locked field alone.
    const restored = await call('update_draft', { id, restore: ['tagline', 'city'] });
    assert.equal(restored.body.fields.tagline.state, f.tagline.state);
    assert.deepEqual(restored.body.fields.tagline.value, f.tagline.value);
    assert.equal(restored.body.fields.city.value, 'Edinburgh');
    await call('update_draft', { id, fields: { name: 'Tally by hand' } });
    const regenerated = await call('update_draft', { id, regenerate: ['name', 'founded_year'] });
    assert.ok(regenerated.ok, JSON.stringify(regenerated.body));
    assert.equal(regenerated.body.fields.name.state, 'override');
    assert.equal(regenerated.body.fields.name.value, 'Tally by hand');
    assert.equal(regenerated.body.fields.founded_year.state, 'ai');
    assert.equal(regenerated.body.fields.founded_year.value, '2019');
    await t.jobsIdle();
    const compared = (await call('get_draft', { id })).body;
    assert.equal(compared.competitor.status, 'ready', JSON.stringify(compared.competitor));
    assert.ok(compared.completeness > 0 && compared.completeness <= 100);
    assert.ok(Array.isArray(compared.missing));
    const listed = (await call('list_my_drafts')).body;
    assert.equal(listed.items[0].id, id);

    // 6. Submit: the caller's listing, not published; repeating updates the same listing.
    const submitted = await call('submit_draft', { id });
    assert.ok(submitted.ok, JSON.stringify(submitted.body));
    const listingId = submitted.body.listing_id;
    assert.ok(listingId >= 1);
    assert.equal((await call('submit_draft', { id })).body.listing_id, listingId);
    let mine = (await call('get_my_listing', { listing_id: listingId })).body;
    assert.equal(mine.status, 'draft');
    assert.equal(mine.name, 'Tally by hand');
    assert.equal((await call('get_listing', { slug: mine.slug })).ok, false, 'not published');

    // 7. Once submitted, update_draft updates the listing too; update_my_listing edits it directly.
    const again = await call('update_draft', { id, fields: { tagline: 'Invoices, paid on time' } });
    assert.equal(again.body.status, 'submitted');
    mine = (await call('get_my_listing', { listing_id: listingId })).body;
    assert.equal(mine.tagline, 'Invoices, paid on time');
    const direct = await call('update_my_listing', { listing_id: listingId, fields: { pricing_summary: 'Free up to 5 invoices a month' } });
    assert.ok(direct.ok, JSON.stringify(direct.body));

    // 8. The free plan: queued 6 to 8 weeks ahead, waiting for the badge.
    const free = await call('choose_free_listing', { listing_id: listingId });
    assert.ok(free.ok, JSON.stringify(free.body));
    assert.equal(free.body.status, 'awaiting_badge');
    const weeksAhead = (Date.parse(free.body.launch_week) - t.app.services.now().getTime()) / (7 * 86_400_000);
    assert.ok(weeksAhead >= 5 && weeksAhead <= 8, `launch week ${free.body.launch_week}`);

    // 9. Without the badge the check finds nothing; with the embed code on the homepage, scheduled.
    await t.app.services.jobs.send(BADGE_CHECK_JOB, { listingId: String(listingId) });
    await t.jobsIdle();
    mine = (await call('get_my_listing', { listing_id: listingId })).body;
    assert.equal(mine.status, 'awaiting_badge');
    assert.equal(mine.badge.last_check.outcome, 'absent');
    site.pages['/'] = page(name, `<main><h1>${name}</h1></main><footer>${mine.badge.embed_html}</footer>`);
    await t.app.services.jobs.send(BADGE_CHECK_JOB, { listingId: String(listingId) });
    await t.jobsIdle();
    mine = (await call('get_my_listing', { listing_id: listingId })).body;
    assert.equal(mine.badge.last_check.outcome, 'verified');
    assert.equal(mine.status, 'scheduled');

    // 10. The week-start job of its launch week makes it live.
    await runWeekStart(t.db, new Date(`${mine.launch_week}T12:00:00Z`));
    mine = (await call('get_my_listing', { listing_id: listingId })).body;
    assert.equal(mine.status, 'live');
    const pub = await call('get_listing', { slug: mine.slug });
    assert.ok(pub.ok);
    assert.equal(pub.body.name, 'Tally by hand');
  });
}
