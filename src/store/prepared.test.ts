import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { executePrepared, preparedName } from './prepared.ts';
import { relevanceSearch, SEARCH_LIMITS } from './relevance-search.ts';

const t = await createTestApp();
const { fx, db } = t;

for (const [slug, tagline, votes] of [
  ['p1', 'Product analytics', 9],
  ['p2', 'Web analytics', 7],
  ['p3', 'Invoicing', 20],
  ['p4', 'Invoices and invoicing', 3],
  ['p5', 'Analytics for invoices', 1],
] as const) {
  await fx.listing({ slug, name: slug, tagline, votes_count: votes });
}

/** How often this connection executed a statement, by the name executePrepared gave it. */
async function executions(trx: typeof db, text: string) {
  const name = preparedName(text);
  assert.ok(name, 'the statement text is registered');
  const r = await sql<{ generic_plans: string; custom_plans: string }>`
    select generic_plans, custom_plans from pg_prepared_statements where name = ${name}`.execute(trx);
  return r.rows[0] ? Number(r.rows[0].generic_plans) + Number(r.rows[0].custom_plans) : 0;
}

test('executePrepared parses a statement once per connection and binds it afterwards; other statements stay unnamed', async () => {
  const slugAbove = (votes: number) => sql<{ slug: string }>`select slug from listings where votes_count > ${votes} and slug like 'p%' order by slug`;
  await db.transaction().execute(async (trx) => {
    // PostgreSQL plans the first five executions for their values, then may keep a generic plan:
    // every value must still get its own answer.
    for (const [votes, expected] of [[0, 'p1 p2 p3 p4 p5'], [5, 'p1 p2 p3'], [8, 'p1 p3'], [10, 'p3'], [25, ''], [2, 'p1 p2 p3 p4'], [8, 'p1 p3'], [0, 'p1 p2 p3 p4 p5']] as const) {
      const r = await executePrepared(trx, slugAbove(votes));
      assert.equal(r.rows.map((row) => row.slug).join(' '), expected, `votes > ${votes}`);
    }
    assert.equal(await executions(trx, slugAbove(0).compile(trx).sql), 8);
    const plain = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like '%pg_prepared_statements%'`.execute(trx);
    assert.equal(plain.rows[0].n, 0, 'a query run the usual way is not prepared');
  });
});

test('the common-word walk is one prepared statement that answers every query right under a generic plan', async () => {
  const walk = { ...SEARCH_LIMITS, head: 2, commonMatches: 0, exactTotal: 0, walkRows: 100 };
  const tsq = (word: string) => sql`(to_tsquery('english', ${word}) || to_tsquery('simple', ${word}))`;
  const search = (trx: typeof db, word: string) => relevanceSearch(trx, { tsq: tsq(word), status: 'live', filters: [], limit: 2, offset: 0 }, walk);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 4; i++) {
      // Walk by votes: p3 p1 p2 p4 p5. Analytics: p1, p2 are the first two matches (equal rank, by votes);
      // invoicing: p3, p4, where p4 says it twice and ranks first.
      assert.deepEqual((await search(trx, 'analytics')).rows.map((r) => r.slug), ['p1', 'p2'], `analytics, round ${i}`);
      assert.deepEqual((await search(trx, 'invoicing')).rows.map((r) => r.slug), ['p4', 'p3'], `invoicing, round ${i}`);
    }
    const prepared = await sql<{ n: string }>`
      select sum(generic_plans + custom_plans)::text as n from pg_prepared_statements where statement like '%listing_search s%'`.execute(trx);
    assert.equal(Number(prepared.rows[0].n), 8, 'both words ran the same prepared statement');
  });
});
