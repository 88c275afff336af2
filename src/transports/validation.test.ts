/**
 * Input limits and errors of every implemented public operation (spec 4.1, 7, 8), proven to be
 * enforced identically over REST and MCP (both protocol eras). Each row of the scenario tables
 * below becomes one test with a REST, an MCP legacy and an MCP modern subtest; the MCP problem
 * must also equal the REST problem body.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, createTestApp } from '../testing/harness.ts';
import { operations as allOperations } from '../operations/index.ts';
import { pathParams, type AnyOperation } from '../operations/define.ts';

const t = await createTestApp();

// --- Data: just enough for the success and "exists" paths --------------------------------
await t.fx.category({ slug: 'dev-tools' });
const alpha = await t.fx.listing({ slug: 'alpha', name: 'Alpha', category: 'dev-tools', country: 'DE', pricing_model: 'free' });
await t.fx.listing({ slug: 'beta', name: 'Beta', category: 'dev-tools', country: 'FR' });
await t.fx.listing({ slug: 'gamma', name: 'Gamma', category: 'dev-tools', status: 'scheduled', launch_week: '2026-03-02' });
const ada = await t.fx.founder({ slug: 'ada-lovelace', name: 'Ada Lovelace', country: 'DE' });
await t.fx.founderOf(alpha, ada);
await t.fx.blogPost({ slug: 'hello-world' });
await t.fx.question('What are you building?');
await t.fx.product({ code: 'paid-launch', price_cents: 4900 });

const clients = { legacy: await t.mcp('legacy'), modern: await t.mcp('modern') };
// Public operations: signed-in ones are covered by the access scenarios (operations/access.test.ts)
// and by their own tests, since an anonymous call stops at 401 before validation.
const operations = allOperations.filter((op) => op.scope === 'public');
const ops = new Map<string, AnyOperation>(operations.map((op) => [op.id, op]));

type Args = Record<string, unknown>;
interface Failure {
  name: string;
  op: string;
  args: Args;
  expectCode: string;
  expectField?: string;
  /** 400 unless given. */
  expectStatus?: number;
  /**
   * 'mcp' for JSON-type cases (a number or boolean where a string is expected, and so on):
   * a query string carries only text, so REST cannot send them; their text form has its own row.
   */
  only?: 'mcp';
}
interface Pass {
  name: string;
  op: string;
  args: Args;
  /** For paginated operations: the page and per_page that must be echoed back. */
  expectPage?: [number, number];
  expectTotal?: number;
}

/** Arguments that make each operation succeed; scenarios override one input at a time. */
const VALID: Record<string, Args> = {
  get_site_info: {},
  search_listings: {},
  get_listing: { slug: 'alpha' },
  get_alternatives: { slug: 'alpha' },
  compare_listings: { a: 'alpha', b: 'beta' },
  list_categories: {},
  get_category: { slug: 'dev-tools' },
  list_founders: {},
  get_founder: { slug: 'ada-lovelace' },
  list_blog_posts: {},
  get_blog_post: { slug: 'hello-world' },
  list_interview_questions: {},
  list_products: {},
  get_launch_week: { week: 'this' },
  list_launches: {},
  get_leaderboard: { board: 'community-all-time' },
  list_awards: {},
  get_badges: { slug: 'alpha' },
  list_comments: { slug: 'alpha' },
};
const PAGINATED = operations.filter((op) => 'page' in op.input.shape).map((op) => op.id);
const PATH_SLUG_OPS = ['get_listing', 'get_alternatives', 'get_category', 'get_founder', 'get_blog_post', 'get_badges', 'list_comments'];
const NOT_FOUND_CODE: Record<string, string> = {
  get_listing: 'listing_not_found',
  get_alternatives: 'listing_not_found',
  get_category: 'category_not_found',
  get_founder: 'founder_not_found',
  get_blog_post: 'blog_post_not_found',
  get_badges: 'listing_not_found',
  list_comments: 'listing_not_found',
};
const BAD_WEEKS: Record<string, string> = { '11 characters': '2027-01-041', '12 characters': 'next-mondays' };

const BAD_SLUGS: Record<string, string> = {
  uppercase: 'Alpha',
  'leading hyphen': '-alpha',
  '221 characters': 'a'.repeat(221),
  underscore: 'al_pha',
  dot: 'al.pha',
  space: 'al pha',
  'non-ASCII letter': 'alphä',
};
/** In a query string a slug can also be empty, contain a slash or end in a newline. */
const BAD_QUERY_SLUGS: Record<string, string> = { ...BAD_SLUGS, empty: '', slash: 'dev/tools', 'trailing newline': 'alpha\n' };
const BAD_PAGE: [string, unknown][] = [
  ['0', 0], ['"0"', '0'], ['1001', 1001], ['"1001"', '1001'], ['1.5', 1.5], ['"1.5"', '1.5'], ['"abc"', 'abc'], ['-1', -1],
  ['"0x10" (hex)', '0x10'], ['boolean true', true],
];
const BAD_PER_PAGE: [string, unknown][] = [['0', 0], ['"0"', '0'], ['101', 101], ['"101"', '101'], ['2.5', 2.5], ['"abc"', 'abc']];

// --- Failure table --------------------------------------------------------------------------
const failures: Failure[] = [];
const fail = (name: string, op: string, override: Args, expectCode: string, expectField?: string, expectStatus?: number, only?: 'mcp') =>
  failures.push({ name: `${op}: ${name}`, op, args: { ...VALID[op], ...override }, expectCode, expectField, expectStatus, only });
const failMcp = (name: string, op: string, override: Args, field: string) =>
  fail(`${name} (JSON type, MCP only)`, op, override, 'validation_failed', field, 400, 'mcp');

for (const op of PATH_SLUG_OPS) {
  for (const [what, slug] of Object.entries(BAD_SLUGS)) fail(`path slug ${what}`, op, { slug }, 'validation_failed', 'slug');
}
for (const field of ['a', 'b']) {
  for (const [what, slug] of Object.entries(BAD_QUERY_SLUGS)) fail(`${field} ${what}`, 'compare_listings', { [field]: slug }, 'validation_failed', field);
}
for (const field of ['category', 'stage']) {
  for (const [what, slug] of Object.entries(BAD_QUERY_SLUGS)) fail(`${field} ${what}`, 'search_listings', { [field]: slug }, 'validation_failed', field);
}
fail('q of 201 characters', 'search_listings', { q: 'x'.repeat(201) }, 'validation_failed', 'q');
fail('q of 201 characters', 'list_blog_posts', { q: 'x'.repeat(201) }, 'validation_failed', 'q');
fail('q of 121 characters', 'list_founders', { q: 'x'.repeat(121) }, 'validation_failed', 'q');
for (const op of ['search_listings', 'list_founders']) {
  for (const country of ['d', 'deu', '12', 'd1', '', 'ü1']) fail(`country ${JSON.stringify(country)}`, op, { country }, 'validation_failed', 'country');
}
fail('pricing_model of 41 characters', 'search_listings', { pricing_model: 'f'.repeat(41) }, 'validation_failed', 'pricing_model');
fail('domain of 254 characters', 'search_listings', { domain: `${'a'.repeat(250)}.com` }, 'validation_failed', 'domain');
for (const status of ['draft', 'scheduled', 'LIVE', '']) fail(`status ${JSON.stringify(status)}`, 'search_listings', { status }, 'validation_failed', 'status');
for (const sort of ['popular', 'VOTES', '', 'votes,newest']) fail(`sort ${JSON.stringify(sort)}`, 'search_listings', { sort }, 'validation_failed', 'sort');
for (const sort of ['oldest', 'TOP', '', 'top,newest']) fail(`list_comments sort ${JSON.stringify(sort)}`, 'list_comments', { sort }, 'validation_failed', 'sort');
for (const op of PAGINATED) {
  for (const [what, page] of BAD_PAGE) fail(`page ${what}`, op, { page }, 'validation_failed', 'page');
  for (const [what, per_page] of BAD_PER_PAGE) fail(`per_page ${what}`, op, { per_page }, 'validation_failed', 'per_page');
}
for (const [what, include_empty] of [['"yes"', 'yes'], ['"1"', '1'], ['1', 1], ['"TRUE"', 'TRUE']] as const) {
  fail(`include_empty ${what}`, 'list_categories', { include_empty }, 'validation_failed', 'include_empty');
}
for (const op of operations) {
  fail('unknown key foo', op.id, { foo: '1' }, 'validation_failed', 'foo');
}
fail('unknown key with a number value', 'get_site_info', { limit: 10 }, 'validation_failed', 'limit');
fail('unknown key Page (keys are case-sensitive)', 'search_listings', { Page: 2 }, 'validation_failed', 'Page');
fail('missing a', 'compare_listings', { a: undefined }, 'validation_failed', 'a');
fail('missing b', 'compare_listings', { b: undefined }, 'validation_failed', 'b');
fail('missing a and b', 'compare_listings', { a: undefined, b: undefined }, 'validation_failed', 'b');
// JSON types that a query string cannot carry.
failMcp('q as a number', 'search_listings', { q: 42 }, 'q');
failMcp('slug as a number', 'get_listing', { slug: 42 }, 'slug');
failMcp('a as null', 'compare_listings', { a: null }, 'a');
failMcp('country as a number', 'list_founders', { country: 12 }, 'country');
failMcp('page as an array', 'list_products', { page: [2] }, 'page');
failMcp('page as null', 'list_products', { page: null }, 'page');
failMcp('per_page as boolean true', 'list_products', { per_page: true }, 'per_page');
failMcp('include_empty as null', 'list_categories', { include_empty: null }, 'include_empty');
for (const [what, week] of Object.entries(BAD_WEEKS)) {
  fail(`week of ${what}`, 'get_launch_week', { week }, 'validation_failed', 'week');
  fail(`week of ${what}`, 'get_leaderboard', { board: 'community-weekly', week }, 'validation_failed', 'week');
}
for (const section of ['hot', 'This-Week', '', 'today,recent']) fail(`section ${JSON.stringify(section)}`, 'list_launches', { section }, 'validation_failed', 'section');
for (const [what, slug] of Object.entries(BAD_SLUGS)) fail(`board ${what}`, 'get_leaderboard', { board: slug }, 'validation_failed', 'board');
for (const [what, slug] of Object.entries(BAD_QUERY_SLUGS)) fail(`listing ${what}`, 'list_awards', { listing: slug }, 'validation_failed', 'listing');
failMcp('week as a number', 'get_launch_week', { week: 20270104 }, 'week');
for (const [field, values] of Object.entries({ shape: ['round', 'Standard', ''], mode: ['sepia', 'AUTO', ''], size: ['xl', 'M', '1', ''] })) {
  for (const value of values) fail(`${field} ${JSON.stringify(value)}`, 'get_badges', { [field]: value }, 'validation_failed', field);
}
failMcp('size as a number', 'get_badges', { size: 1 }, 'size');
failMcp('shape as null', 'get_badges', { shape: null }, 'shape');
// Domain errors.
for (const week of ['someday', '2027-02-30', '1999-12-27', 'next-week']) fail(`week ${week}`, 'get_launch_week', { week }, 'week_not_found', undefined, 404);
fail('week next', 'get_leaderboard', { board: 'community-weekly', week: 'next' }, 'week_not_found', undefined, 404);
fail('unknown board', 'get_leaderboard', { board: 'most-paid' }, 'board_not_found', undefined, 404);
for (const board of ['community-all-time', 'billboard', 'domain-rating', 'revenue']) {
  fail(`week on ${board}`, 'get_leaderboard', { board, week: 'this' }, 'week_not_applicable', 'week');
}
for (const op of PATH_SLUG_OPS) {
  fail('unknown slug', op, { slug: 'no-such-thing' }, NOT_FOUND_CODE[op], undefined, 404);
  // 220 characters is a valid slug, so it must reach the handler (and be unknown), not fail routing or validation.
  fail('unknown 220-character slug', op, { slug: 'a'.repeat(220) }, NOT_FOUND_CODE[op], undefined, 404);
}
fail('unknown a', 'compare_listings', { a: 'no-such-listing' }, 'unknown_listing', 'a');
fail('unknown b', 'compare_listings', { b: 'no-such-listing' }, 'unknown_listing', 'b');
fail('a and b unknown', 'compare_listings', { a: 'no-such-a', b: 'no-such-b' }, 'unknown_listing', 'b');
fail('b is scheduled, not live', 'compare_listings', { b: 'gamma' }, 'unknown_listing', 'b');
fail('a equals b', 'compare_listings', { a: 'alpha', b: 'alpha' }, 'same_listing', 'b');
// Found by the fuzz (test/fuzz): a NUL in any text reached PostgreSQL (a 500), and a path
// parameter past the router's 2,048 characters was bad_request on REST, validation_failed on MCP.
for (const op of ['search_listings', 'list_blog_posts', 'list_founders']) fail('q with a NUL character', op, { q: 'in\u0000voice' }, 'validation_failed', 'q');
fail('q with an unpaired surrogate (MCP only: a URL cannot carry one)', 'search_listings', { q: 'in\uD800voice' }, 'validation_failed', 'q', 400, 'mcp');
for (const op of PATH_SLUG_OPS) fail('path slug of 3,000 characters', op, { slug: 'a'.repeat(3000) }, 'validation_failed', 'slug');

// --- Pass table: values exactly at the limits are accepted --------------------------------
const passes: Pass[] = [];
const pass = (name: string, op: string, override: Args, extra: Partial<Pass> = {}) =>
  passes.push({ name: `${op}: ${name}`, op, args: { ...VALID[op], ...override }, ...extra });

for (const op of Object.keys(VALID)) pass('valid arguments', op, {}, PAGINATED.includes(op) ? { expectPage: [1, 20] } : {});
for (const op of PAGINATED) {
  pass('page 1000 (number)', op, { page: 1000 }, { expectPage: [1000, 20] });
  pass('page "1000" (string)', op, { page: '1000' }, { expectPage: [1000, 20] });
  pass('per_page 100 (number)', op, { per_page: 100 }, { expectPage: [1, 100] });
  pass('page 1 and per_page "1" (string)', op, { page: 1, per_page: '1' }, { expectPage: [1, 1] });
}
pass('q of 200 characters', 'search_listings', { q: 'word '.repeat(40) }, { expectPage: [1, 20] });
pass('q of 200 characters', 'list_blog_posts', { q: 'x'.repeat(200) }, { expectPage: [1, 20] });
pass('q of 120 characters', 'list_founders', { q: 'x'.repeat(120) }, { expectPage: [1, 20] });
pass('q "42" (digits are text)', 'search_listings', { q: '42' }, { expectTotal: 0 });
pass('empty q browses', 'search_listings', { q: '' }, { expectTotal: 2 });
pass('country "de" (lowercase)', 'search_listings', { country: 'de' }, { expectTotal: 1 });
pass('country "DE"', 'search_listings', { country: 'DE' }, { expectTotal: 1 });
pass('country "de" (lowercase)', 'list_founders', { country: 'de' }, { expectTotal: 1 });
pass('country "De" (mixed case)', 'list_founders', { country: 'De' }, { expectTotal: 1 });
pass('pricing_model of 40 characters', 'search_listings', { pricing_model: 'f'.repeat(40) }, { expectTotal: 0 });
pass('domain of 253 characters', 'search_listings', { domain: `${'a'.repeat(249)}.com` }, { expectTotal: 0 });
pass('category slug of 220 characters', 'search_listings', { category: 'a'.repeat(220) }, { expectPage: [1, 20] });
pass('stage slug of 1 character', 'search_listings', { stage: 'x' }, { expectPage: [1, 20] });
for (const status of ['live', 'upcoming']) pass(`status ${status}`, 'search_listings', { status });
for (const sort of ['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed']) pass(`sort ${sort}`, 'search_listings', { sort });
for (const sort of ['top', 'newest']) pass(`list_comments sort ${sort}`, 'list_comments', { sort });
for (const week of ['this', 'next', 'last', '2026-12-31']) pass(`week ${week}`, 'get_launch_week', { week });
for (const week of ['this', 'last', '2026-12-31']) pass(`community-weekly week ${week}`, 'get_leaderboard', { board: 'community-weekly', week });
for (const board of ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue']) pass(`board ${board}`, 'get_leaderboard', { board });
for (const section of ['today', 'this-week', 'trending', 'most-voted', 'recent', 'most-viewed', 'most-followed', 'upcoming']) pass(`section ${section}`, 'list_launches', { section });
pass('listing filter', 'list_awards', { listing: 'alpha' }, { expectTotal: 0 });
for (const shape of ['standard', 'outline', 'pill', 'banner', 'square']) pass(`shape ${shape}`, 'get_badges', { shape });
for (const mode of ['light', 'dark', 'auto']) pass(`mode ${mode}`, 'get_badges', { mode });
for (const size of ['s', 'm', 'l']) pass(`size ${size}`, 'get_badges', { size });
for (const include_empty of [true, false, 'true', 'false']) pass(`include_empty ${JSON.stringify(include_empty)}`, 'list_categories', { include_empty });

// --- Transport helpers ------------------------------------------------------------------------
function restUrl(op: AnyOperation, args: Args): string {
  assert.equal(op.method, 'GET', `${op.id}: only GET operations are covered here`);
  const names = pathParams(op);
  let path: string = op.path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (names.includes(key)) path = path.replace(`{${key}}`, encodeURIComponent(String(value)));
    else query.append(key, String(value));
  }
  const qs = query.toString();
  return `/api/v1${path}${qs ? `?${qs}` : ''}`;
}

const mcpArgs = (args: Args) => Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));

function assertProblemShape(p: any, where: string) {
  assert.ok(p && typeof p === 'object', `${where}: problem body is an object, got ${JSON.stringify(p)}`);
  for (const key of ['type', 'title', 'detail', 'code']) assert.equal(typeof p[key], 'string', `${where}: problem.${key} is a string`);
  assert.equal(typeof p.status, 'number', `${where}: problem.status is a number`);
  if (p.errors !== undefined) {
    assert.ok(Array.isArray(p.errors), `${where}: errors is an array`);
    for (const e of p.errors) assert.ok(typeof e.field === 'string' && typeof e.message === 'string', `${where}: errors[] has field and message`);
  }
}

function assertExpected(p: any, sc: Failure, where: string) {
  const status = sc.expectStatus ?? 400;
  assert.equal(p.code, sc.expectCode, `${where}: code (${p.detail})`);
  assert.equal(p.status, status, `${where}: problem.status`);
  if (sc.expectField) {
    const fields = (p.errors ?? []).map((e: { field: string }) => e.field);
    assert.ok(fields.includes(sc.expectField), `${where}: errors name ${sc.expectField}, got ${JSON.stringify(fields)}`);
  }
}

const textOnly = (args: Args) => Object.values(args).every((v) => v === undefined || typeof v === 'string');
const essence = (p: any) => ({ code: p.code, status: p.status, fields: (p.errors ?? []).map((e: { field: string }) => e.field) });

/** What must be equal between transports for a successful call. */
function digest(opId: string, body: any) {
  const list = opId === 'get_category' ? body.listings : body;
  if (list && typeof list.page === 'number') return { page: list.page, per_page: list.per_page, total: list.total, items: list.items.length };
  return { slug: body.slug ?? null, name: body.name ?? null, a: body.a?.slug ?? null, b: body.b?.slug ?? null };
}

// --- Meta: the tables cover what the brief and the spec require ------------------------------
test('scenario tables: unique names, every operation covered, every paginated list has page/per_page cases', () => {
  assert.deepEqual(Object.keys(VALID).sort(), operations.map((op) => op.id).sort(), 'every public operation has valid arguments here');
  assert.deepEqual(
    [...PAGINATED].sort(),
    ['get_alternatives', 'get_category', 'get_launch_week', 'get_leaderboard', 'list_awards', 'list_blog_posts', 'list_categories', 'list_comments', 'list_founders', 'list_interview_questions', 'list_launches', 'list_products', 'search_listings'],
  );
  const names = [...failures, ...passes].map((s) => s.name);
  assert.equal(new Set(names).size, names.length, 'scenario names are unique');
  for (const op of operations) {
    assert.ok(failures.some((s) => s.op === op.id && s.expectField === 'foo'), `${op.id} has an unknown-key scenario`);
    assert.ok(passes.some((s) => s.op === op.id), `${op.id} has a success scenario`);
  }
  for (const op of PAGINATED) {
    for (const field of ['page', 'per_page']) assert.ok(failures.some((s) => s.op === op && s.expectField === field), `${op} ${field}`);
  }
  for (const s of [...failures, ...passes]) assert.ok(ops.has(s.op), `${s.name}: ${s.op} is an implemented tool`);
});

// --- The loops --------------------------------------------------------------------------------
for (const sc of failures) {
  test(`rejects ${sc.name} → ${sc.expectStatus ?? 400} ${sc.expectCode}`, async (s) => {
    const op = ops.get(sc.op)!;
    let restProblem: any;
    let restOk = false;
    if (sc.only !== 'mcp') await s.test('REST', async () => {
      const url = restUrl(op, sc.args);
      const res = await t.get(url);
      assert.equal(res.status, sc.expectStatus ?? 400, `GET ${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      assert.match(res.type, /^application\/problem\+json/, 'content-type');
      assertProblemShape(res.body, 'REST');
      assertExpected(res.body, sc, 'REST');
      restProblem = res.body;
      restOk = true;
    });
    for (const era of ['legacy', 'modern'] as const) {
      await s.test(`MCP ${era}`, async () => {
        const { isError, data, result } = await callTool(clients[era], sc.op, mcpArgs(sc.args));
        assert.equal(isError, true, `isError (${JSON.stringify(result).slice(0, 300)})`);
        assertProblemShape(data, `MCP ${era}`);
        assertExpected(data, sc, `MCP ${era}`);
        assert.deepEqual(JSON.parse(result.content[0].text!), data, 'text content carries the same problem');
        if (!restOk) return;
        // With the very same (text) arguments the problems are identical; with numbers or booleans
        // over MCP the wording may name the JSON type, but code, status and fields are the same.
        if (textOnly(sc.args)) assert.deepEqual(data, restProblem, 'the MCP problem equals the REST problem');
        else assert.deepEqual(essence(data), essence(restProblem), 'same code, status and fields as REST');
      });
    }
  });
}

for (const sc of passes) {
  test(`accepts ${sc.name}`, async (s) => {
    const op = ops.get(sc.op)!;
    let restDigest: unknown;
    const check = (body: any, where: string) => {
      const d = digest(sc.op, body) as any;
      if (sc.expectPage) assert.deepEqual([d.page, d.per_page], sc.expectPage, `${where}: page and per_page echoed`);
      if (sc.expectTotal !== undefined) assert.equal(d.total, sc.expectTotal, `${where}: total`);
      return d;
    };
    await s.test('REST', async () => {
      const url = restUrl(op, sc.args);
      const res = await t.get(url);
      assert.equal(res.status, 200, `GET ${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      assert.match(res.type, /^application\/json/, 'content-type');
      restDigest = check(res.body, 'REST');
    });
    for (const era of ['legacy', 'modern'] as const) {
      await s.test(`MCP ${era}`, async () => {
        const { isError, data, result } = await callTool(clients[era], sc.op, mcpArgs(sc.args));
        assert.equal(isError, false, `isError (${JSON.stringify(result).slice(0, 300)})`);
        const d = check(data, `MCP ${era}`);
        if (restDigest) assert.deepEqual(d, restDigest, 'same result as REST');
      });
    }
  });
}
