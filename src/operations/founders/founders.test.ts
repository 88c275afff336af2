import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { callTool, createTestApp } from '../../testing/harness.ts';

// One app (and database) for the file. Each test makes founders with its own slug prefix and
// distinctive names, and looks only at those.
const t = await createTestApp();
const { fx } = t;
const legacy = await t.mcp('legacy');
const modern = await t.mcp('modern');

const slugs = (body: any) => body.items.map((i: any) => i.slug);
const mine = (body: any, prefix: string) => slugs(body).filter((s: string) => s.startsWith(prefix));

/** A founder behind one new listing of the given status; returns the founder id. */
async function founderWith(slug: string, name: string, status: 'live' | 'scheduled' | 'draft' | 'awaiting_badge' | 'archived', country: string | null = 'DE') {
  const id = await fx.founder({ slug, name, country });
  const listing = await fx.listing({
    slug: `${slug}-co`,
    status,
    ...(status === 'scheduled' ? { launch_week: '2027-03-01' } : {}),
  });
  await fx.founderOf(listing, id);
  return id;
}

test('list_founders: only founders behind a live listing, by name, with their count of live companies (REST and MCP in both eras)', async () => {
  await founderWith('lv-alma', 'Lv Alma', 'live');
  await founderWith('lv-sched', 'Lv Scheduled', 'scheduled');
  await founderWith('lv-draft', 'Lv Draft', 'draft');
  await founderWith('lv-badge', 'Lv Badge', 'awaiting_badge');
  await founderWith('lv-arch', 'Lv Archived', 'archived');
  await fx.founder({ slug: 'lv-nothing', name: 'Lv Nothing' });
  // Two live companies and one draft: counted as 2.
  const busy = await fx.founder({ slug: 'lv-busy', name: 'Lv Busy', title: 'Serial founder' });
  for (const [i, status] of (['live', 'live', 'draft'] as const).entries()) {
    await fx.founderOf(await fx.listing({ slug: `lv-busy-co-${i}`, status }), busy, 0, 'CEO');
  }
  // A co-founder with an earlier name, to check ordering by name rather than by insertion.
  const co = await fx.founder({ slug: 'lv-aaron', name: 'Lv Aaron', country: null });
  await fx.founderOf(await fx.listing({ slug: 'lv-aaron-co' }), co);

  const check = (body: any, via: string) => {
    assert.deepEqual(mine(body, 'lv-'), ['lv-aaron', 'lv-alma', 'lv-busy'], via);
    const card = body.items.find((i: any) => i.slug === 'lv-busy');
    assert.deepEqual(card, {
      slug: 'lv-busy',
      name: 'Lv Busy',
      title: 'Serial founder',
      avatar_url: null,
      country: 'DE',
      companies: 2,
    });
    assert.equal(body.items.find((i: any) => i.slug === 'lv-alma').companies, 1);
    assert.equal(body.items.find((i: any) => i.slug === 'lv-aaron').country, null);
  };
  const rest = await t.get('/api/v1/founders?per_page=100');
  assert.equal(rest.status, 200);
  check(rest.body, 'REST');
  assert.equal(rest.body.total, rest.body.items.length);
  for (const [era, client] of [['legacy', legacy], ['modern', modern]] as const) {
    const mcp = await callTool(client, 'list_founders', { per_page: 100 });
    assert.equal(mcp.isError, false, era);
    check(mcp.data, `MCP ${era}`);
    assert.deepEqual(mcp.data, rest.body, `MCP ${era} answers as REST`);
  }
});

test('list_founders: q matches part of a name, case-insensitively, and a misspelled full name', async () => {
  await founderWith('qn-jonathan', 'Jonathan Appleseed', 'live');
  await founderWith('qn-appleby', 'Wilhelmina Appleby', 'live');
  await founderWith('qn-margarete', 'Margarete Lindqvist', 'live');
  await founderWith('qn-hidden', 'Hidden Applewood', 'draft');

  const part = await t.get('/api/v1/founders?q=APPLE');
  assert.equal(part.status, 200);
  assert.deepEqual(mine(part.body, 'qn-').sort(), ['qn-appleby', 'qn-jonathan'], 'partial, case-insensitive, live only');

  const surname = await callTool(legacy, 'list_founders', { q: 'lindqv' });
  assert.equal(surname.isError, false);
  assert.deepEqual(mine(surname.data, 'qn-'), ['qn-margarete']);

  // A misspelled full name: best match first.
  const typo = await t.get('/api/v1/founders?q=' + encodeURIComponent('Margarete Lindkvist'));
  assert.equal(typo.status, 200);
  assert.equal(typo.body.items[0]?.slug, 'qn-margarete', 'misspelled name matches, best first');
  assert.equal(mine(typo.body, 'qn-').includes('qn-jonathan'), false);

  const typoMcp = await callTool(modern, 'list_founders', { q: 'jonathon appleseed' });
  assert.equal(typoMcp.isError, false);
  assert.equal(typoMcp.data.items[0]?.slug, 'qn-jonathan');

  const none = await t.get('/api/v1/founders?q=zzqxv');
  assert.deepEqual(none.body.items, []);
  assert.equal(none.body.total, 0);

  // q is a literal: LIKE wildcards in it match nothing special.
  const wildcard = await t.get('/api/v1/founders?q=' + encodeURIComponent('%'));
  assert.equal(wildcard.status, 200);
  assert.deepEqual(mine(wildcard.body, 'qn-'), []);

  assert.equal((await t.get('/api/v1/founders?q=' + 'a'.repeat(121))).status, 400);
});

test('list_founders: q tolerates a typo in one part of a name (e.g. a misspelled first name)', async () => {
  await founderWith('qp-jonathan', 'Jonathan Brightwater', 'live');
  await founderWith('qp-ingrid', 'Ingrid Oksanen', 'live');
  const first = await t.get('/api/v1/founders?q=Jonathon');
  assert.equal(first.status, 200);
  assert.deepEqual(mine(first.body, 'qp-'), ['qp-jonathan'], 'a misspelled first name finds the founder');
  const last = await callTool(modern, 'list_founders', { q: 'Oksannen' });
  assert.equal(last.isError, false);
  assert.deepEqual(mine(last.data, 'qp-'), ['qp-ingrid'], 'a misspelled surname finds the founder');
});

test('list_founders: country filter, with a lowercase code accepted, and 400 for a code that is not two letters', async () => {
  await founderWith('cy-sigrun', 'Cy Sigrun', 'live', 'IS');
  await founderWith('cy-bjork', 'Cy Bjork', 'live', 'IS');
  await founderWith('cy-aroha', 'Cy Aroha', 'live', 'NZ');
  await founderWith('cy-hidden', 'Cy Hidden', 'scheduled', 'IS');

  const lower = await t.get('/api/v1/founders?country=is');
  assert.equal(lower.status, 200);
  assert.deepEqual(slugs(lower.body), ['cy-bjork', 'cy-sigrun']);
  assert.equal(lower.body.total, 2);
  assert.ok(lower.body.items.every((i: any) => i.country === 'IS'));

  const upper = await t.get('/api/v1/founders?country=IS');
  assert.deepEqual(upper.body, lower.body);

  const mixed = await callTool(legacy, 'list_founders', { country: 'nZ' });
  assert.equal(mixed.isError, false);
  assert.deepEqual(slugs(mixed.data), ['cy-aroha']);

  const combined = await t.get('/api/v1/founders?country=is&q=sigrun');
  assert.deepEqual(slugs(combined.body), ['cy-sigrun']);

  for (const bad of ['ISL', 'I', '12']) {
    const res = await t.get(`/api/v1/founders?country=${bad}`);
    assert.equal(res.status, 400, bad);
    assert.equal(res.body.code, 'validation_failed');
  }
  const badMcp = await callTool(modern, 'list_founders', { country: 'ISL' });
  assert.equal(badMcp.isError, true);
  assert.equal(badMcp.data.code, 'validation_failed');
});

test('list_founders: pagination with total, on every page and past the last', async () => {
  for (let i = 1; i <= 5; i++) await founderWith(`pgf-${i}`, `Paginoxa Founder ${i}`, 'live');
  await founderWith('pgf-draft', 'Paginoxa Founder Draft', 'draft');

  const seen: string[] = [];
  for (const [page, expected] of [[1, 2], [2, 2], [3, 1]] as const) {
    const res = await t.get(`/api/v1/founders?q=paginoxa&per_page=2&page=${page}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.items.length, expected, `page ${page}`);
    assert.equal(res.body.total, 5, `page ${page} total`);
    assert.equal(res.body.page, page);
    assert.equal(res.body.per_page, 2);
    seen.push(...slugs(res.body));
  }
  assert.deepEqual(seen.sort(), ['pgf-1', 'pgf-2', 'pgf-3', 'pgf-4', 'pgf-5']);

  const past = await callTool(legacy, 'list_founders', { q: 'paginoxa', per_page: 2, page: 4 });
  assert.equal(past.isError, false);
  assert.deepEqual(past.data.items, []);
  assert.equal(past.data.total, 5, 'total is still reported past the last page');

  const all = await t.get('/api/v1/founders?per_page=1');
  const lastPage = await t.get(`/api/v1/founders?per_page=1&page=${all.body.total + 1}`);
  assert.deepEqual(lastPage.body.items, []);
  assert.equal(lastPage.body.total, all.body.total);
});

test('get_founder: bio, socials, live companies with role, stories of unlocked story sections only, interview answers (REST and MCP)', async () => {
  const user = await fx.user({ name: 'Greta Profile' });
  const greta = await fx.founder({ slug: 'gf-greta', name: 'Greta Profile', bio: 'Built two companies in Oslo.', title: 'Founder', country: 'NO', userId: user });
  await sql`update founders set avatar_url = 'https://img.example/greta.png',
    socials = ${JSON.stringify({ x: 'https://x.com/greta', github: 'https://github.com/greta' })}::jsonb where id = ${greta}`.execute(t.db);

  const story = { title: 'How we started', story: 'It began in a garage.', lessons: 'Ship early.' };
  const unlocked = await fx.listing({
    slug: 'gf-unlocked', name: 'Unlocked Co', tagline: 'With a story', story, unlocked_sections: ['story'],
    plan: 'paid', published_at: new Date('2026-03-01T10:00:00Z'),
  });
  const locked = await fx.listing({
    slug: 'gf-locked', name: 'Locked Co', story: { title: 'Hidden story', story: 'Not paid for.' },
    published_at: new Date('2026-02-01T10:00:00Z'),
  });
  const otherSection = await fx.listing({
    slug: 'gf-milestones', name: 'Milestones Co', story: { title: 'Still hidden' }, unlocked_sections: ['milestones'],
    plan: 'paid', published_at: new Date('2026-01-01T10:00:00Z'),
  });
  const draft = await fx.listing({ slug: 'gf-draft', name: 'Draft Co', status: 'draft', story: { title: 'Draft story' }, unlocked_sections: ['story'] });
  const scheduled = await fx.listing({ slug: 'gf-scheduled', status: 'scheduled', launch_week: '2027-03-08' });
  await fx.founderOf(unlocked, greta, 0, 'CTO');
  await fx.founderOf(locked, greta, 1, 'Co-founder');
  await fx.founderOf(otherSection, greta, 0, null);
  await fx.founderOf(draft, greta, 0, 'CEO');
  await fx.founderOf(scheduled, greta, 0, 'CEO');

  const q1 = await fx.question('Why did you start?', 2);
  const q2 = await fx.question('What would you do differently?', 1);
  const q3 = await fx.question('Retired question', 0, false);
  await fx.question('Unanswered question', 3);
  await fx.answer(user, q1, 'To scratch my own itch.');
  await fx.answer(user, q2, 'Launch sooner.');
  await fx.answer(user, q3, 'Should not show.');
  // Another user's answer is not Greta's.
  await fx.answer(await fx.user(), q1, 'Someone else.');

  const res = await t.get('/api/v1/founders/gf-greta');
  assert.equal(res.status, 200);
  const f = res.body;
  assert.equal(f.slug, 'gf-greta');
  assert.equal(f.name, 'Greta Profile');
  assert.equal(f.title, 'Founder');
  assert.equal(f.bio, 'Built two companies in Oslo.');
  assert.equal(f.country, 'NO');
  assert.equal(f.avatar_url, 'https://img.example/greta.png');
  assert.deepEqual(f.socials, { x: 'https://x.com/greta', github: 'https://github.com/greta' });

  assert.deepEqual(
    f.companies.map((c: any) => [c.slug, c.role]),
    [['gf-unlocked', 'CTO'], ['gf-locked', 'Co-founder'], ['gf-milestones', null]],
    'live companies only, newest first, with the role on each',
  );
  assert.deepEqual(f.companies[0], {
    slug: 'gf-unlocked',
    name: 'Unlocked Co',
    tagline: 'With a story',
    logo_url: null,
    role: 'CTO',
    links: { page: 'http://localhost:3000/listings/gf-unlocked', api: 'http://localhost:3000/api/v1/listings/gf-unlocked' },
  });

  assert.deepEqual(f.stories, [
    {
      listing: 'gf-unlocked',
      story: {
        title: 'How we started', story: 'It began in a garage.', why_started: null, problem: null, journey: null,
        challenges: null, achievements: null, lessons: 'Ship early.', whats_next: null,
      },
    },
  ], 'only the story of the live listing whose story section is unlocked');

  assert.deepEqual(f.interview, [
    { question_id: Number(q2), question: 'What would you do differently?', answer: 'Launch sooner.' },
    { question_id: Number(q1), question: 'Why did you start?', answer: 'To scratch my own itch.' },
  ], 'answers to active questions, in question order');

  const mcp = await callTool(modern, 'get_founder', { slug: 'gf-greta' });
  assert.equal(mcp.isError, false);
  assert.deepEqual(mcp.data, res.body);
});

test('get_founder: a founder without an account has no interview; a story section unlocked without a story shows none', async () => {
  const user = await fx.user();
  const q = await fx.question('Interview question for nobody', 5);
  await fx.answer(user, q, 'Belongs to an account that is not linked.');
  const solo = await fx.founder({ slug: 'gf-solo', name: 'Solo Nouser' });
  const listing = await fx.listing({ slug: 'gf-solo-co', unlocked_sections: ['story'], plan: 'paid' });
  await fx.founderOf(listing, solo, 0, 'Maker');

  const res = await callTool(legacy, 'get_founder', { slug: 'gf-solo' });
  assert.equal(res.isError, false);
  assert.deepEqual(res.data.interview, []);
  assert.deepEqual(res.data.stories, []);
  assert.deepEqual(res.data.companies.map((c: any) => [c.slug, c.role]), [['gf-solo-co', 'Maker']]);
  assert.equal(res.data.bio, 'Builds things.');
  assert.deepEqual(res.data.socials, { x: 'https://x.com/founder' });
});

test('get_founder: 404 founder_not_found for an unknown slug and for a founder whose listings are not live (REST and MCP)', async () => {
  await founderWith('nf-scheduled', 'Nf Scheduled', 'scheduled');
  const both = await fx.founder({ slug: 'nf-mixed', name: 'Nf Mixed' });
  await fx.founderOf(await fx.listing({ slug: 'nf-mixed-draft', status: 'draft' }), both);
  await fx.founderOf(await fx.listing({ slug: 'nf-mixed-archived', status: 'archived' }), both);
  await fx.founder({ slug: 'nf-none', name: 'Nf None' });

  for (const slug of ['no-such-founder', 'nf-scheduled', 'nf-mixed', 'nf-none']) {
    const rest = await t.get(`/api/v1/founders/${slug}`);
    assert.equal(rest.status, 404, slug);
    assert.match(rest.type, /application\/problem\+json/);
    assert.equal(rest.body.code, 'founder_not_found', slug);
    const mcp = await callTool(legacy, 'get_founder', { slug });
    assert.equal(mcp.isError, true, slug);
    assert.equal(mcp.data.code, 'founder_not_found', slug);
    assert.equal(mcp.data.status, 404);
  }

  // Once one of the listings goes live, the profile is public.
  await sql`update listings set status = 'live', published_at = now() where slug = 'nf-mixed-draft'`.execute(t.db);
  const live = await t.get('/api/v1/founders/nf-mixed');
  assert.equal(live.status, 200);
  assert.deepEqual(live.body.companies.map((c: any) => c.slug), ['nf-mixed-draft']);

  assert.equal((await t.get('/api/v1/founders/Bad_Slug')).status, 400);
});
