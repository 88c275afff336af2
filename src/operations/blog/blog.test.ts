import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { callTool, createTestApp } from '../../testing/harness.ts';

// One app (and database) for the file. Each test makes posts with its own slug prefix (and, for
// search, its own distinctive words) and looks only at those.
const t = await createTestApp();
const { fx } = t;
const legacy = await t.mcp('legacy');
const modern = await t.mcp('modern');

const slugs = (body: any) => body.items.map((i: any) => i.slug);
const mine = (body: any, prefix: string) => slugs(body).filter((s: string) => s.startsWith(prefix));
const FUTURE = new Date(Date.now() + 365 * 86_400_000).toISOString();

test('list_blog_posts: only published posts whose publication time has come, newest first (REST and MCP in both eras)', async () => {
  await fx.blogPost({ slug: 'ls-old', title: 'Old post', published_at: '2025-01-10T09:00:00Z' });
  await fx.blogPost({ slug: 'ls-new', title: 'New post', published_at: '2025-06-10T09:00:00Z' });
  await fx.blogPost({ slug: 'ls-mid', title: 'Mid post', published_at: '2025-03-10T09:00:00Z' });
  await fx.blogPost({ slug: 'ls-draft', title: 'Draft post', status: 'draft', published_at: '2025-05-01T09:00:00Z' });
  await fx.blogPost({ slug: 'ls-future', title: 'Future post', published_at: FUTURE });
  await fx.blogPost({ slug: 'ls-undated', title: 'Undated post', published_at: null });
  await sql`update blog_posts set tags = '{launch,guide}', cover_url = 'https://img.example/new.png' where slug = 'ls-new'`.execute(t.db);

  const check = (body: any, via: string) => {
    assert.deepEqual(mine(body, 'ls-'), ['ls-new', 'ls-mid', 'ls-old'], via);
    assert.deepEqual(body.items.find((i: any) => i.slug === 'ls-new'), {
      slug: 'ls-new',
      title: 'New post',
      excerpt: 'About ls-new',
      author: 'Editor',
      cover_url: 'https://img.example/new.png',
      tags: ['launch', 'guide'],
      published_at: '2025-06-10T09:00:00.000Z',
    });
    assert.equal(body.items.find((i: any) => i.slug === 'ls-old').cover_url, null);
    // Newest first across the whole page, not just among this test's posts.
    const dates = body.items.map((i: any) => i.published_at);
    assert.deepEqual(dates, [...dates].sort().reverse(), `${via}: newest first`);
  };
  const rest = await t.get('/api/v1/blog?per_page=100');
  assert.equal(rest.status, 200);
  check(rest.body, 'REST');
  assert.equal(rest.body.total, rest.body.items.length);
  for (const [era, client] of [['legacy', legacy], ['modern', modern]] as const) {
    const mcp = await callTool(client, 'list_blog_posts', { per_page: 100 });
    assert.equal(mcp.isError, false, era);
    check(mcp.data, `MCP ${era}`);
    assert.deepEqual(mcp.data, rest.body, `MCP ${era} answers as REST`);
  }

  // Publishing the draft (with a past date) brings it into the list.
  await sql`update blog_posts set status = 'published' where slug = 'ls-draft'`.execute(t.db);
  const after = await t.get('/api/v1/blog?per_page=100');
  assert.deepEqual(mine(after.body, 'ls-'), ['ls-new', 'ls-draft', 'ls-mid', 'ls-old']);
  assert.equal(after.body.total, rest.body.total + 1);
});

test('list_blog_posts: q matches words of the title and of the body, published posts only', async () => {
  await fx.blogPost({
    slug: 'sq-kube',
    title: 'Kubernetes for solo founders',
    body: '# Kubernetes\n\nWhen you need container orchestration, and when you do not.',
    published_at: '2025-04-01T00:00:00Z',
  });
  await fx.blogPost({
    slug: 'sq-pricing',
    title: 'Pricing your first product',
    body: 'Annual discounts and why monthly plans churn.',
    published_at: '2025-04-02T00:00:00Z',
  });
  await fx.blogPost({
    slug: 'sq-draft',
    title: 'Kubernetes draft',
    body: 'Container orchestration, unpublished.',
    status: 'draft',
    published_at: '2025-04-03T00:00:00Z',
  });
  await fx.blogPost({ slug: 'sq-future', title: 'Kubernetes later', body: 'Orchestration soon.', published_at: FUTURE });

  const title = await t.get('/api/v1/blog?q=kubernetes');
  assert.equal(title.status, 200);
  assert.deepEqual(mine(title.body, 'sq-'), ['sq-kube']);

  const body = await callTool(legacy, 'list_blog_posts', { q: 'orchestration' });
  assert.equal(body.isError, false);
  assert.deepEqual(mine(body.data, 'sq-'), ['sq-kube'], 'a body word matches; draft and future posts do not');

  // English stemming: "discount" finds "discounts".
  const stem = await t.get('/api/v1/blog?q=discount');
  assert.deepEqual(mine(stem.body, 'sq-'), ['sq-pricing']);

  // A misspelled short title is still found.
  const typo = await callTool(modern, 'list_blog_posts', { q: 'Pricing your frist product' });
  assert.equal(typo.isError, false);
  assert.equal(typo.data.items[0]?.slug, 'sq-pricing');

  const none = await t.get('/api/v1/blog?q=xylophonic');
  assert.deepEqual(none.body.items, []);
  assert.equal(none.body.total, 0);

  // Blank q browses.
  const blank = await t.get('/api/v1/blog?q=%20&per_page=100');
  assert.ok(mine(blank.body, 'sq-').includes('sq-pricing'));
  assert.ok(mine(blank.body, 'sq-').includes('sq-kube'));

  assert.equal((await t.get('/api/v1/blog?q=' + 'a'.repeat(201))).status, 400);
});

test('list_blog_posts: q tolerates a misspelled word of a longer title', async () => {
  await fx.blogPost({
    slug: 'mt-checklist',
    title: 'The complete launch checklist for indie makers',
    body: 'Everything to prepare before launch day.',
    published_at: '2025-05-01T00:00:00Z',
  });
  const rest = await t.get('/api/v1/blog?q=checklst');
  assert.equal(rest.status, 200);
  assert.deepEqual(mine(rest.body, 'mt-'), ['mt-checklist'], 'REST: "checklst" finds the checklist post');
  const mcp = await callTool(modern, 'list_blog_posts', { q: 'checklst' });
  assert.equal(mcp.isError, false);
  assert.deepEqual(mine(mcp.data, 'mt-'), ['mt-checklist'], 'MCP: "checklst" finds the checklist post');
});

test('list_blog_posts: pagination with total, on every page and past the last', async () => {
  for (let i = 1; i <= 5; i++) {
    await fx.blogPost({
      slug: `pb-${i}`,
      title: `Paged post ${i}`,
      body: `The quokkalicious series, part ${i}.`,
      published_at: `2025-07-0${i}T00:00:00Z`,
    });
  }
  await fx.blogPost({ slug: 'pb-draft', title: 'Paged draft', body: 'Quokkalicious draft.', status: 'draft', published_at: '2025-07-09T00:00:00Z' });

  const seen: string[] = [];
  for (const [page, expected] of [[1, 2], [2, 2], [3, 1]] as const) {
    const res = await t.get(`/api/v1/blog?q=quokkalicious&per_page=2&page=${page}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.items.length, expected, `page ${page}`);
    assert.equal(res.body.total, 5, `page ${page} total`);
    assert.equal(res.body.page, page);
    assert.equal(res.body.per_page, 2);
    seen.push(...slugs(res.body));
  }
  assert.deepEqual(seen.sort(), ['pb-1', 'pb-2', 'pb-3', 'pb-4', 'pb-5']);

  const past = await callTool(legacy, 'list_blog_posts', { q: 'quokkalicious', per_page: 2, page: 4 });
  assert.equal(past.isError, false);
  assert.deepEqual(past.data.items, []);
  assert.equal(past.data.total, 5, 'total is still reported past the last page');

  // Browsing (no q): newest first, paged.
  const all = await t.get('/api/v1/blog?per_page=1');
  const total = all.body.total as number;
  const pageOfTwo = await t.get('/api/v1/blog?per_page=2');
  assert.deepEqual(slugs(pageOfTwo.body), ['pb-5', 'pb-4'], 'July 2025 posts are the newest of this file');
  const beyond = await t.get(`/api/v1/blog?per_page=1&page=${total + 1}`);
  assert.deepEqual(beyond.body.items, []);
  assert.equal(beyond.body.total, total);

  assert.equal((await t.get('/api/v1/blog?page=1001')).status, 400);
});

test('get_blog_post: the full Markdown body and FAQs (REST and MCP)', async () => {
  const faqs = [
    { question: 'Is this free?', answer: 'Yes, the free plan is free.' },
    { question: 'How long does a launch take?', answer: 'One week.' },
  ];
  const markdown = '# Launch guide\n\n## Before\n\n- Write a *tagline*\n- Add a [badge](https://example.com)\n\n```sh\nnpm run launch\n```\n';
  await fx.blogPost({ slug: 'gp-guide', title: 'Launch guide', body: markdown, faqs, published_at: '2025-02-02T08:30:00Z' });
  await sql`update blog_posts set tags = '{guide}', updated_at = '2025-02-03T10:00:00Z' where slug = 'gp-guide'`.execute(t.db);

  const res = await t.get('/api/v1/blog/gp-guide');
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, {
    slug: 'gp-guide',
    title: 'Launch guide',
    excerpt: 'About gp-guide',
    author: 'Editor',
    cover_url: null,
    tags: ['guide'],
    published_at: '2025-02-02T08:30:00.000Z',
    updated_at: '2025-02-03T10:00:00.000Z',
    body_markdown: markdown,
    faqs,
  });

  const mcp = await callTool(modern, 'get_blog_post', { slug: 'gp-guide' });
  assert.equal(mcp.isError, false);
  assert.deepEqual(mcp.data, res.body);
});

test('get_blog_post: 404 blog_post_not_found for a draft, a post scheduled for later and an unknown slug (REST and MCP)', async () => {
  await fx.blogPost({ slug: 'nf-draft', status: 'draft', published_at: '2025-01-01T00:00:00Z' });
  await fx.blogPost({ slug: 'nf-draft-undated', status: 'draft', published_at: null });
  await fx.blogPost({ slug: 'nf-future', published_at: FUTURE });

  for (const slug of ['nf-draft', 'nf-draft-undated', 'nf-future', 'no-such-post']) {
    const rest = await t.get(`/api/v1/blog/${slug}`);
    assert.equal(rest.status, 404, slug);
    assert.match(rest.type, /application\/problem\+json/);
    assert.equal(rest.body.code, 'blog_post_not_found', slug);
    const mcp = await callTool(legacy, 'get_blog_post', { slug });
    assert.equal(mcp.isError, true, slug);
    assert.equal(mcp.data.code, 'blog_post_not_found', slug);
    assert.equal(mcp.data.status, 404);
  }

  // Once published, the same slug answers.
  await sql`update blog_posts set status = 'published' where slug = 'nf-draft'`.execute(t.db);
  assert.equal((await t.get('/api/v1/blog/nf-draft')).status, 200);

  const bad = await t.get('/api/v1/blog/Not_A_Slug');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'validation_failed');
});
