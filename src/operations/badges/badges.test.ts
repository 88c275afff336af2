import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES } from '../../contract/badge.ts';
import { BADGE_HEIGHTS } from '../../domain/badges/layout.ts';
import { callTool, createTestApp } from '../../testing/harness.ts';
import { allElements, parseXml, textOf } from '../../testing/xml.ts';

// Thursday of the launch week of Monday 2026-03-09 (UTC site timezone).
const NOW = new Date('2026-03-12T12:00:00Z');
const t = await createTestApp({ now: () => NOW });
const { fx } = t;
const HOSTILE = `<script>alert(1)</script> & "Co"`;
const PAGE = (slug: string) => `http://localhost:3000/listings/${slug}`;

// Every kind at once: paid, verified, launched two weeks ago, two awards; and a hostile name.
const star = await fx.listing({ slug: 'star', name: HOSTILE, plan: 'paid', launch_week: '2026-02-23' });
await sql`update listings set verified_at = '2026-02-01T00:00:00Z' where id = ${star}`.execute(t.db);
await sql`insert into awards (week, place, listing_id, votes) values ('2026-02-23', 1, ${star}, 40), ('2026-03-02', 3, ${star}, 12)`.execute(t.db);
await fx.listing({ slug: 'plain', name: 'Plain' }); // live, free, no launch week
await fx.listing({ slug: 'this-week', name: 'This Week', launch_week: '2026-03-09' });
await fx.listing({ slug: 'soon', name: 'Soon', status: 'scheduled', launch_week: '2026-04-06' });
await fx.listing({ slug: 'paid-ahead', name: 'Paid Ahead', plan: 'paid', launch_week: '2026-03-16' }); // live before its picked week
for (const status of ['draft', 'awaiting_badge', 'archived'] as const) await fx.listing({ slug: `not-${status.replace('_', '-')}`, status });

const kinds = (body: any) => body.badges.map((b: any) => b.kind + (b.place ?? '') + (b.week ? `@${b.week}` : ''));
const svgOf = async (url: string, headers?: Record<string, string>) => t.get(url.replace('http://localhost:3000', ''), headers);

test('get_badges: each kind only for the listings that earned it, strongest first', async () => {
  const cases: [string, string[]][] = [
    ['star', ['launch_of_the_week1@2026-02-23', 'launch_of_the_week3@2026-03-02', 'launched@2026-02-23', 'featured', 'verified', 'listed']],
    ['plain', ['launched', 'listed']],
    ['this-week', ['launched@2026-03-09', 'listed']],
    ['soon', ['upcoming@2026-04-06', 'listed']],
    ['paid-ahead', ['upcoming@2026-03-16', 'featured', 'listed']],
  ];
  for (const [slug, expected] of cases) {
    const res = await t.get(`/api/v1/listings/${slug}/badges`);
    assert.equal(res.status, 200, slug);
    assert.deepEqual(kinds(res.body), expected, slug);
  }
  const star = (await t.get('/api/v1/listings/star/badges')).body;
  assert.deepEqual(
    star.badges.map((b: any) => b.label),
    [
      '#1 Launch of the Week on Launchyard',
      '#3 Launch of the Week on Launchyard',
      'Launched on Launchyard',
      'Featured on Launchyard',
      'Verified on Launchyard',
      'Listed on Launchyard',
    ],
  );
  assert.deepEqual([star.badges[0].place, star.badges[0].week], [1, '2026-02-23']);
  assert.equal('place' in star.badges[2], false);
});

test('get_badges: defaults standard / auto / m, image URLs per mode, size, embed code linking to the listing', async () => {
  const res = await t.get('/api/v1/listings/star/badges');
  assert.match(res.type, /^application\/json/);
  const body = res.body;
  assert.deepEqual([body.slug, body.page_url, body.shape, body.mode, body.size], ['star', PAGE('star'), 'standard', 'auto', 'm']);
  const award = body.badges[0];
  assert.equal(award.image_url, 'http://localhost:3000/badges/star/launch_of_the_week.svg?shape=standard&mode=auto&size=m&week=2026-02-23');
  assert.equal(award.light_url, award.image_url.replace('mode=auto', 'mode=light'));
  assert.equal(award.dark_url, award.image_url.replace('mode=auto', 'mode=dark'));
  assert.equal(body.badges[5].image_url, 'http://localhost:3000/badges/star/listed.svg?shape=standard&mode=auto&size=m');
  for (const badge of body.badges) {
    assert.equal(badge.height, 54);
    // The embed: a link to the listing page around the image; the hostile name escaped in alt.
    assert.ok(badge.html.startsWith(`<a href="${PAGE('star')}" target="_blank" rel="noopener"><img src="`), badge.html);
    assert.ok(badge.html.includes(`src="${badge.image_url.replaceAll('&', '&amp;')}"`), badge.html);
    assert.ok(badge.html.includes(`alt="&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;: ${badge.label}`), badge.html);
    assert.ok(badge.html.includes(` width="${badge.width}" height="${badge.height}"></a>`), badge.html);
    assert.ok(!badge.html.includes('<script'), 'no raw markup from the listing name');
    assert.ok(badge.markdown.startsWith('[![\\<script\\>alert\\(1\\)\\</script\\> \\& \\"Co\\": '), badge.markdown);
    assert.ok(badge.markdown.endsWith(`](${badge.image_url})](${PAGE('star')})`), badge.markdown);
    // Each of the three URLs serves an SVG of exactly the announced size.
    for (const url of [badge.image_url, badge.light_url, badge.dark_url]) {
      const img = await svgOf(url);
      assert.equal(img.status, 200, url);
      const root = parseXml(img.body);
      assert.deepEqual([Number(root.attrs.width), Number(root.attrs.height)], [badge.width, badge.height], url);
    }
  }
});

test('get_badges: every shape, mode and size is echoed and reaches the image URLs and sizes', async () => {
  for (const shape of BADGE_SHAPES) {
    for (const mode of BADGE_MODES) {
      for (const size of BADGE_SIZES) {
        const qs = `shape=${shape}&mode=${mode}&size=${size}`;
        const res = await t.get(`/api/v1/listings/star/badges?${qs}`);
        assert.equal(res.status, 200, qs);
        assert.deepEqual([res.body.shape, res.body.mode, res.body.size], [shape, mode, size], qs);
        for (const badge of res.body.badges) {
          assert.ok(badge.image_url.includes(`?${qs}`), `${qs}: ${badge.image_url}`);
          assert.ok(badge.light_url.includes(`?shape=${shape}&mode=light&size=${size}`), qs);
          assert.ok(badge.dark_url.includes(`?shape=${shape}&mode=dark&size=${size}`), qs);
          assert.equal(badge.height, BADGE_HEIGHTS[shape][size], qs);
          if (shape === 'square') assert.equal(badge.width, badge.height, qs);
        }
      }
    }
  }
  // Each parameter alone, the others defaulted.
  for (const [qs, want] of [
    ['shape=pill', ['pill', 'auto', 'm']],
    ['mode=dark', ['standard', 'dark', 'm']],
    ['size=l', ['standard', 'auto', 'l']],
  ] as const) {
    const body = (await t.get(`/api/v1/listings/plain/badges?${qs}`)).body;
    assert.deepEqual([body.shape, body.mode, body.size], want, qs);
  }
});

test('get_badges rejects invalid parameters with validation_failed naming each field', async () => {
  const long = 'a'.repeat(221);
  const cases: [string, string[]][] = [
    ['star/badges?shape=round', ['shape']],
    ['star/badges?shape=', ['shape']],
    ['star/badges?shape=Standard', ['shape']],
    ['star/badges?shape=pill&shape=square', ['shape']],
    ['star/badges?mode=sepia', ['mode']],
    ['star/badges?mode=', ['mode']],
    ['star/badges?size=xl', ['size']],
    ['star/badges?size=M', ['size']],
    ['star/badges?size=1', ['size']],
    ['star/badges?shape=round&mode=sepia&size=xl', ['shape', 'mode', 'size']],
    ['star/badges?kind=listed', ['kind']],
    ['star/badges?per_page=5', ['per_page']],
    ['Star/badges', ['slug']],
    ['-star/badges', ['slug']],
    ['st_ar/badges', ['slug']],
    [`${long}/badges`, ['slug']],
  ];
  for (const [path, fields] of cases) {
    const res = await t.get(`/api/v1/listings/${path}`);
    assert.equal(res.status, 400, path);
    assert.match(res.type, /^application\/problem\+json/, path);
    assert.equal(res.body.code, 'validation_failed', path);
    assert.deepEqual([...new Set(res.body.errors.map((e: any) => e.field))].sort(), [...fields].sort(), path);
  }
});

test('get_badges is 404 listing_not_found for unknown and non-public listings', async () => {
  for (const slug of ['no-such-listing', 'a'.repeat(220), 'not-draft', 'not-awaiting-badge', 'not-archived']) {
    const res = await t.get(`/api/v1/listings/${slug}/badges`);
    assert.equal(res.status, 404, slug);
    assert.match(res.type, /^application\/problem\+json/);
    assert.equal(res.body.code, 'listing_not_found', slug);
  }
});

test('the site name comes from site settings, in the JSON and the image, escaped', async () => {
  await sql`update site_settings set name = ${'Yard & <Co>'} where id = 1`.execute(t.db);
  try {
    const badge = (await t.get('/api/v1/listings/plain/badges')).body.badges[0];
    assert.equal(badge.label, 'Launched on Yard & <Co>');
    assert.ok(badge.html.includes('alt="Plain: Launched on Yard &amp; &lt;Co&gt;"'), badge.html);
    const img = await svgOf(badge.image_url);
    const root = parseXml(img.body);
    const texts = root.children.filter((e) => e.name === 'text').map(textOf);
    assert.deepEqual(texts, ['LAUNCHED ON', 'Yard & <Co>']);
    assert.ok(img.body.includes('>Yard &amp; &lt;Co&gt;</text>'));
  } finally {
    await sql`update site_settings set name = 'Launchyard' where id = 1`.execute(t.db);
  }
});

test('badge images: SVG, cacheable, static and escaped, for every kind the listing earned', async () => {
  const { badges } = (await t.get('/api/v1/listings/star/badges?shape=banner')).body;
  for (const badge of badges) {
    const res = await svgOf(badge.image_url);
    assert.equal(res.status, 200, badge.image_url);
    assert.equal(res.headers['content-type'], 'image/svg+xml; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'public, max-age=3600, stale-while-revalidate=86400');
    assert.match(String(res.headers.etag), /^"[\w-]{27}"$/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
    assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');
    const root = parseXml(res.body);
    assert.ok(!/<script|<foreignObject|\son\w+=|href=|xlink/i.test(res.body), badge.kind);
    assert.equal(textOf(root.children.find((c) => c.name === 'title')!).split(': ')[0], HOSTILE);
    assert.ok(root.attrs['aria-label'].startsWith('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;: '));
    assert.ok(textOf(root.children.find((c) => c.name === 'desc')!).endsWith(`Listing page: ${PAGE('star')}`));
    assert.ok(allElements(root).some((e) => e.name === 'style' && e.text.includes('prefers-color-scheme:dark')), 'auto mode');
  }
  const award = badges[0];
  const texts = parseXml((await svgOf(award.image_url)).body).children.filter((e) => e.name === 'text').map(textOf);
  assert.deepEqual(texts, ['#1 LAUNCH OF THE WEEK', 'Launchyard', 'WEEK OF', 'Feb 23, 2026']);
});

test('badge images: light and dark differ, auto carries both; each parameter value is honoured', async () => {
  const base = '/badges/star/featured.svg';
  const light = (await t.get(`${base}?mode=light`)).body;
  const dark = (await t.get(`${base}?mode=dark`)).body;
  const auto = (await t.get(base)).body;
  assert.notEqual(light, dark);
  assert.ok(light.includes('fill="#FFFFFF"') && !light.includes('<style>'));
  assert.ok(dark.includes('fill="#111827"') && !dark.includes('<style>'));
  assert.ok(auto.includes('@media (prefers-color-scheme:dark)'));
  assert.equal(auto, (await t.get(`${base}?shape=standard&mode=auto&size=m`)).body, 'defaults');
  const seen = new Set<string>();
  for (const shape of BADGE_SHAPES) {
    for (const mode of BADGE_MODES) {
      for (const size of BADGE_SIZES) {
        const res = await t.get(`${base}?shape=${shape}&mode=${mode}&size=${size}`);
        assert.equal(res.status, 200);
        assert.equal(Number(parseXml(res.body).attrs.height), BADGE_HEIGHTS[shape][size], `${shape}/${mode}/${size}`);
        seen.add(res.body);
      }
    }
  }
  assert.equal(seen.size, 45, 'every variant is a different image');
});

test('badge images: ETag revalidation answers 304 with the caching headers and no body', async () => {
  const url = '/badges/star/verified.svg?shape=pill&mode=light&size=s';
  const first = await t.get(url);
  const etag = String(first.headers.etag);
  for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const res = await t.get(url, { 'if-none-match': inm });
    assert.equal(res.status, 304, inm);
    assert.equal(res.body, '', inm);
    assert.equal(res.headers.etag, etag);
    assert.equal(res.headers['cache-control'], 'public, max-age=3600, stale-while-revalidate=86400');
  }
  const stale = await t.get(url, { 'if-none-match': '"something-else"' });
  assert.equal(stale.status, 200);
  assert.equal(stale.body, first.body);
  // Another variant is another representation: another tag.
  assert.notEqual((await t.get(url.replace('size=s', 'size=l'))).headers.etag, etag);
  // The tag follows the content: renaming the site changes it.
  await sql`update site_settings set name = 'Renamed Yard' where id = 1`.execute(t.db);
  try {
    const renamed = await t.get(url, { 'if-none-match': etag });
    assert.equal(renamed.status, 200);
    assert.notEqual(renamed.headers.etag, etag);
  } finally {
    await sql`update site_settings set name = 'Launchyard' where id = 1`.execute(t.db);
  }
  const head = await t.rest('HEAD', url);
  assert.equal(head.status, 200);
  assert.equal(head.headers.etag, etag);
});

test('badge images: a badge not earned, an unknown or non-public listing is a 404 problem, never cached', async () => {
  const cases: [string, string][] = [
    ['/badges/plain/featured.svg', 'badge_not_found'],
    ['/badges/plain/verified.svg', 'badge_not_found'],
    ['/badges/plain/launch_of_the_week.svg?week=2026-03-02', 'badge_not_found'],
    ['/badges/star/launch_of_the_week.svg?week=2026-03-09', 'badge_not_found'],
    ['/badges/soon/launched.svg', 'badge_not_found'],
    ['/badges/star/upcoming.svg?mode=dark', 'upcoming→launched'],
    ['/badges/no-such-listing/listed.svg', 'listing_not_found'],
    ['/badges/not-draft/listed.svg', 'listing_not_found'],
    ['/badges/not-awaiting-badge/listed.svg', 'listing_not_found'],
    ['/badges/not-archived/listed.svg', 'listing_not_found'],
  ];
  for (const [url, code] of cases) {
    const res = await t.get(url);
    if (code === 'upcoming→launched') {
      // An "upcoming" embed from before the launch keeps working: it now shows the launched badge.
      assert.equal(res.status, 200, url);
      assert.ok(res.body.includes('>LAUNCHED ON</text>'), url);
      continue;
    }
    assert.equal(res.status, 404, url);
    assert.match(res.type, /^application\/problem\+json/, url);
    assert.equal(res.body.code, code, url);
    assert.equal(res.headers['cache-control'], 'no-store', url);
  }
  // Losing a badge takes the image down with it.
  const plainId = (await t.db.selectFrom('listings').select('id').where('slug', '=', 'plain').executeTakeFirstOrThrow()).id;
  await sql`update listings set plan = 'paid' where id = ${plainId}`.execute(t.db);
  assert.equal((await t.get('/badges/plain/featured.svg')).status, 200);
  await sql`update listings set plan = 'free' where id = ${plainId}`.execute(t.db);
  assert.equal((await t.get('/badges/plain/featured.svg')).status, 404);
});

test('badge images: invalid parameters are 400 validation_failed naming the field', async () => {
  const cases: [string, string][] = [
    ['/badges/star/golden.svg', 'kind'],
    ['/badges/Star/listed.svg', 'slug'],
    ['/badges/star/listed.svg?shape=round', 'shape'],
    ['/badges/star/listed.svg?mode=sepia', 'mode'],
    ['/badges/star/listed.svg?size=xl', 'size'],
    ['/badges/star/listed.svg?v=2', 'v'],
    ['/badges/star/listed.svg?week=2026-03-02', 'week'],
    ['/badges/star/launch_of_the_week.svg', 'week'],
    ['/badges/star/launch_of_the_week.svg?week=2026-3-2', 'week'],
    ['/badges/star/launch_of_the_week.svg?week=2026-02-30', 'week'],
    ['/badges/star/launch_of_the_week.svg?week=2026-03-04', 'week'],
  ];
  for (const [url, field] of cases) {
    const res = await t.get(url);
    assert.equal(res.status, 400, url);
    assert.match(res.type, /^application\/problem\+json/, url);
    assert.equal(res.body.code, 'validation_failed', url);
    assert.deepEqual(res.body.errors.map((e: any) => e.field), [field], url);
    assert.equal(res.headers['cache-control'], 'no-store', url);
  }
  assert.equal((await t.get('/badges/star/listed.png')).body.code, 'route_not_found');
});

test('badge images are not API operations: absent from OpenAPI; get_badges is documented under Badges', async () => {
  const doc = (await t.get('/api/v1/openapi.json')).body;
  assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/badges')));
  const op = doc.paths['/listings/{slug}/badges'].get;
  assert.equal(op.operationId, 'get_badges');
  assert.deepEqual(op.tags, ['Badges']);
  const problems = await t.get('/docs/problems');
  assert.match(String(problems.body), /id="badge_not_found"/);
});

for (const era of ['legacy', 'modern'] as const) {
  test(`MCP (${era}): get_badges returns what REST returns, for every parameter value, and the same problems`, async () => {
    const client = await t.mcp(era);
    const plain = await callTool(client, 'get_badges', { slug: 'star' });
    assert.equal(plain.isError, false);
    assert.deepEqual(plain.data, (await t.get('/api/v1/listings/star/badges')).body);
    assert.equal(JSON.parse(plain.result.content[0].text!).slug, 'star');
    const args: Record<string, string>[] = [
      ...BADGE_SHAPES.map((shape) => ({ shape })),
      ...BADGE_MODES.map((mode) => ({ mode })),
      ...BADGE_SIZES.map((size) => ({ size })),
      { shape: 'square', mode: 'dark', size: 'l' },
    ];
    for (const a of args) {
      const res = await callTool(client, 'get_badges', { slug: 'soon', ...a });
      assert.equal(res.isError, false, JSON.stringify(a));
      assert.deepEqual(res.data, (await t.get(`/api/v1/listings/soon/badges?${new URLSearchParams(a)}`)).body, JSON.stringify(a));
    }
    const invalid: [Record<string, unknown>, string[]][] = [
      [{ slug: 'star', shape: 'round' }, ['shape']],
      [{ slug: 'star', mode: 'sepia' }, ['mode']],
      [{ slug: 'star', size: 'xl' }, ['size']],
      [{ slug: 'star', size: 2 }, ['size']],
      [{ slug: 'star', shape: null }, ['shape']],
      [{ slug: 'star', extra: true }, ['extra']],
      [{ slug: 'Star' }, ['slug']],
      [{ slug: 'a'.repeat(221) }, ['slug']],
      [{}, ['slug']],
    ];
    for (const [a, fields] of invalid) {
      const res = await callTool(client, 'get_badges', a);
      assert.equal(res.isError, true, JSON.stringify(a));
      assert.equal(res.data.code, 'validation_failed', JSON.stringify(a));
      assert.equal(res.data.status, 400);
      assert.deepEqual([...new Set(res.data.errors.map((e: any) => e.field))], fields, JSON.stringify(a));
    }
    for (const slug of ['no-such-listing', 'not-draft']) {
      const missing = await callTool(client, 'get_badges', { slug });
      assert.equal(missing.isError, true);
      assert.equal(missing.data.code, 'listing_not_found');
      assert.equal(missing.data.status, 404);
    }
  });
}
