import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../store/schema.ts';
import { openDatabase, type Database } from '../store/database.ts';
import { migrate } from '../store/migrate.ts';
import { freshDatabaseUrl } from '../testing/database.ts';
import { addWeeks, weekOf } from '../domain/launches/weeks.ts';
import { SOCIAL_KEYS } from '../contract/socials.ts';
import { loadDemoData } from './load.ts';
import { flattenCategories } from './category-tree.ts';
import { RANK } from '../store/comments-store.ts';
import { readCommentText } from '../domain/community/comment-text.ts';
import { localMediaStorage } from '../media/storage/local-storage.ts';
import { galleryUrl, logoUrl } from '../media/variants.ts';

// A Wednesday afternoon: the current week has started but is not over.
const NOW = new Date('2025-06-11T15:30:00Z');
const CURRENT_WEEK = '2025-06-09';

interface Opened {
  database: Database;
  db: Kysely<DB>;
  close(): Promise<void>;
}

async function freshDb(): Promise<Opened> {
  const fresh = await freshDatabaseUrl();
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: fresh.databaseUrl, poolSize: 2 });
  await migrate(database.db);
  return {
    database,
    db: database.db,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

const rows = async <T>(db: Kysely<DB>, query: RawBuilder<T>) => (await query.execute(db)).rows;
const DEMO_SLUGS = flattenCategories().map((c) => c.spec.slug);

let a: Opened;
let b: Opened;
let firstResult: { loaded: boolean; summary: string };
// Database a gets pictures (a few: each logo is processed for real), b none.
const PUBLIC_URL = 'http://demo.test';
const CAPS = { logos: 5, galleries: 1 };
let mediaDir: string;
const storage = () => localMediaStorage(mediaDir);

before(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'launchyard-demo-media-'));
  [a, b] = await Promise.all([freshDb(), freshDb()]);
  firstResult = await loadDemoData(a.db, { now: NOW, pictures: { storage: storage(), publicUrl: PUBLIC_URL, caps: CAPS } });
  await loadDemoData(b.db, { now: NOW });
});
after(async () => {
  await Promise.all([a?.close(), b?.close()]);
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

test('loads once and says what it loaded; a second call is a no-op', async () => {
  assert.equal(firstResult.loaded, true);
  assert.match(firstResult.summary, /\d+ listings/);
  assert.match(firstResult.summary, /\d+ votes/);
  assert.match(firstResult.summary, /\d+ comments under \d+ listings/);
  assert.match(firstResult.summary, /\d logos, [234] gallery images under 1 listing,/);
  const again = await loadDemoData(a.db, { now: NOW });
  assert.equal(again.loaded, false);
  const [{ n }] = await rows(a.db, sql<{ n: number }>`select count(*)::int as n from listings`);
  assert.equal(n, 300);
});

test('counts fall in the intended ranges', async () => {
  const [c] = await rows(
    a.db,
    sql<Record<string, number>>`select
      (select count(*)::int from categories where slug = any(${DEMO_SLUGS}::text[])) as categories,
      (select count(*)::int from categories where parent_id is null and slug = any(${DEMO_SLUGS}::text[])) as top_level,
      (select count(*)::int from categories) as all_categories,
      (select count(*)::int from category_attributes a join categories c on c.id = a.category_id where c.slug = any(${DEMO_SLUGS}::text[])) as attributes,
      (select count(*)::int from listing_attribute_values) as attribute_values,
      (select count(*)::int from users) as users,
      (select count(*)::int from founders) as founders,
      (select count(*)::int from founders where user_id is not null) as linked_founders,
      (select count(*)::int from listings where status = 'live') as live,
      (select count(*)::int from listings where status = 'scheduled') as scheduled,
      (select count(*)::int from listings where status = 'awaiting_badge') as awaiting_badge,
      (select count(*)::int from listings where status = 'draft') as draft,
      (select count(*)::int from listings where plan = 'paid') as paid,
      (select count(*)::int from listings where owner_id is not null) as owned,
      (select count(*)::int from votes) as votes,
      (select count(*)::int from follows) as follows,
      (select count(*)::int from reviews) as reviews,
      (select count(*)::int from reviews where status = 'pending') as pending_reviews,
      (select count(*)::int from awards) as awards,
      (select count(*)::int from blog_posts) as posts,
      (select count(*)::int from blog_posts where status = 'draft') as draft_posts,
      (select count(*)::int from interview_questions where active) as questions,
      (select count(*)::int from products) as products,
      (select count(distinct listing_id)::int from domain_rating_snapshots) as rated,
      (select count(distinct listing_id)::int from billboard_contributions) as billboard,
      (select count(distinct listing_id)::int from listing_updates) as updated,
      (select count(distinct listing_id)::int from listing_alternatives) as with_alternatives,
      (select count(*)::int from listings where revenue_mrr_cents is not null) as with_revenue,
      (select count(*)::int from listing_view_days) as view_days`,
  );
  const within = (key: string, lo: number, hi: number) => assert.ok(c[key] >= lo && c[key] <= hi, `${key} = ${c[key]}, expected ${lo}..${hi}`);
  // The demo's tree joins the default one (migration 0015): its categories are counted here, and
  // the default tree is there besides.
  within('categories', 35, 50);
  within('top_level', 6, 10);
  within('all_categories', 143, 200);
  within('attributes', 20, 120);
  within('users', 600, 600);
  within('founders', 250, 250);
  within('linked_founders', 100, 200);
  within('live', 200, 270);
  within('scheduled', 20, 30);
  within('awaiting_badge', 10, 20);
  within('draft', 5, 15);
  within('paid', 40, 100);
  within('owned', 250, 300);
  within('votes', 4000, 15000);
  within('follows', 500, 6000);
  within('reviews', 150, 800);
  within('pending_reviews', 1, 80);
  within('awards', 40, 26 * 3);
  within('posts', 12, 12);
  within('draft_posts', 1, 2);
  within('questions', 12, 12);
  within('products', 7, 7);
  within('rated', 50, 200);
  within('billboard', 8, 12);
  within('updated', 80, 250);
  within('with_alternatives', 20, 60);
  within('with_revenue', 10, 80);
  within('view_days', 1, 1000);
  // Some facts are stated, not all: comparisons must have empty cells.
  assert.ok(c.attribute_values > 300, `attribute values ${c.attribute_values}`);
  const [{ unstated }] = await rows(
    a.db,
    sql<{ unstated: number }>`select count(*)::int as unstated from listings l
      join listing_categories lc on lc.listing_id = l.id
      join category_attributes ca on ca.category_id = lc.category_id
      where not exists (select 1 from listing_attribute_values v where v.listing_id = l.id and v.attribute_id = ca.id)`,
  );
  assert.ok(unstated > 50, `unstated facts ${unstated}`);
});

test('the category tree has two to three levels, descriptions and FAQs; names differ across the default and demo trees', async () => {
  const cats = await rows(
    a.db,
    sql<{ slug: string; description: string; faqs: { question: string; answer: string }[]; depth: number }>`
      with recursive t as (
        select id, slug, description, faqs, 0 as depth from categories where parent_id is null
        union all
        select c.id, c.slug, c.description, c.faqs, t.depth + 1 from categories c join t on c.parent_id = t.id)
      select slug, description, faqs, depth from t where slug = any(${DEMO_SLUGS}::text[])`,
  );
  assert.equal(cats.length, DEMO_SLUGS.length, 'every demo category is in the tree');
  const [names] = await rows(a.db, sql<{ all: number; distinct: number }>`select count(*)::int as all, count(distinct lower(name))::int as distinct from categories`);
  assert.equal(names.distinct, names.all, 'drafts pick categories by name');
  assert.equal(Math.max(...cats.map((c) => c.depth)), 2);
  for (const c of cats) {
    assert.ok(c.description.length > 20, c.slug);
    assert.ok(c.faqs.length >= 2 && c.faqs.length <= 3, `${c.slug} has ${c.faqs.length} faqs`);
    for (const f of c.faqs) assert.ok(f.question.endsWith('?') && f.answer.length > 10);
  }
});

test('the same now gives the same data in two fresh databases', async () => {
  const snapshot = (db: Kysely<DB>) =>
    rows(
      db,
      sql<{ slug: string; votes_count: number; follows_count: number; launch_week: string | null; owner: string | null }>`
        select l.slug, l.votes_count, l.follows_count, l.launch_week, u.email as owner
        from listings l left join users u on u.id = l.owner_id order by l.id`,
    );
  assert.deepEqual(await snapshot(a.db), await snapshot(b.db));
  const votes = (db: Kysely<DB>) =>
    rows(
      db,
      sql<{ slug: string; email: string; at: string }>`select l.slug, u.email, v.created_at::text as at
        from votes v join listings l on l.id = v.listing_id join users u on u.id = v.user_id order by v.id`,
    );
  assert.deepEqual(await votes(a.db), await votes(b.db));
});

test('counters match the rows they count', async () => {
  const [m] = await rows(
    a.db,
    sql<{ votes: number; follows: number }>`select
      (select count(*)::int from listings l where l.votes_count <> (select count(*) from votes v where v.listing_id = l.id)) as votes,
      (select count(*)::int from listings l where l.follows_count <> (select count(*) from follows f where f.listing_id = l.id)) as follows`,
  );
  assert.deepEqual(m, { votes: 0, follows: 0 });
  const [{ short }] = await rows(
    a.db,
    sql<{ short: number }>`select count(*)::int as short from listing_views lv
      where lv.views < (select coalesce(sum(views), 0) from listing_view_days d where d.listing_id = lv.listing_id)`,
  );
  assert.equal(short, 0);
});

test('votes come from the site, in the week of their timestamp, between launch and now, with hashed provenance', async () => {
  const votes = await rows(
    a.db,
    sql<{ source: string; week: string; created_at: Date; published_at: Date | null; status: string; is_owner: boolean; network_hash: string | null; agent_hash: string | null }>`
      select v.source, v.week, v.created_at, l.published_at, l.status, v.user_id = l.owner_id as is_owner, v.network_hash, v.agent_hash
      from votes v join listings l on l.id = v.listing_id`,
  );
  assert.ok(votes.length > 0);
  for (const v of votes) {
    assert.equal(v.source, 'site');
    assert.equal(v.week, weekOf(v.created_at, 'UTC'));
    assert.equal(v.status, 'live');
    assert.ok(v.published_at && v.created_at >= v.published_at, 'vote before launch');
    assert.ok(v.created_at <= NOW, 'vote in the future');
    assert.notEqual(v.is_owner, true);
    assert.match(v.network_hash ?? '', /^[0-9a-f]{32}$/);
    assert.match(v.agent_hash ?? '', /^[0-9a-f]{32}$/);
  }
  // Neighbours share a network: some hashes repeat, as home and office lines do.
  assert.ok(new Set(votes.map((v) => v.network_hash)).size < votes.length);
});

test('live launches cover past weeks and the current one; scheduled ones are 1–8 weeks ahead', async () => {
  const weeks = await rows(
    a.db,
    sql<{ status: string; launch_week: string | null; published_at: Date | null }>`select status, launch_week, published_at from listings`,
  );
  const live = weeks.filter((w) => w.status === 'live');
  assert.ok(live.every((w) => w.launch_week && w.published_at && w.launch_week <= CURRENT_WEEK));
  assert.ok(live.every((w) => weekOf(w.published_at!, 'UTC') === w.launch_week && w.published_at! <= NOW));
  assert.ok(live.some((w) => w.launch_week === CURRENT_WEEK), 'no launch this week');
  assert.ok(new Set(live.map((w) => w.launch_week).filter((w) => w! < CURRENT_WEEK)).size >= 20, 'too few past weeks');
  const scheduled = weeks.filter((w) => w.status === 'scheduled');
  assert.ok(scheduled.length > 0);
  for (const w of scheduled) {
    assert.ok(w.launch_week! > CURRENT_WEEK && w.launch_week! <= addWeeks(CURRENT_WEEK, 8), w.launch_week!);
    assert.equal(w.published_at, null);
  }
  for (const w of weeks.filter((x) => x.status === 'draft' || x.status === 'awaiting_badge')) assert.equal(w.launch_week, null);
});

test('awards are the top three of each finished week by votes cast that week', async () => {
  const awards = await rows(
    a.db,
    sql<{ week: string; place: number; listing_id: string; votes: number }>`select week, place, listing_id, votes from awards order by week, place`,
  );
  const tally = await rows(
    a.db,
    sql<{ week: string; id: string; published_at: Date; n: number }>`
      select l.launch_week as week, l.id, l.published_at, count(v.id)::int as n
      from listings l join votes v on v.listing_id = l.id and v.week = l.launch_week
      where l.status = 'live' group by l.id`,
  );
  const finishedWeeks = new Set(tally.filter((t) => t.week < CURRENT_WEEK).map((t) => t.week));
  assert.deepEqual(new Set(awards.map((x) => x.week)), finishedWeeks);
  for (const week of finishedWeeks) {
    const expected = tally
      .filter((t) => t.week === week)
      .sort((x, y) => y.n - x.n || x.published_at.getTime() - y.published_at.getTime() || Number(x.id) - Number(y.id))
      .slice(0, 3)
      .map((t, i) => ({ week, place: i + 1, listing_id: t.id, votes: t.n }));
    assert.deepEqual(awards.filter((x) => x.week === week), expected);
  }
});

test('listings are well-formed: slugs, urls, categories, founders, socials', async () => {
  const listings = await rows(
    a.db,
    sql<{
      slug: string;
      url: string;
      domain: string;
      plan: string;
      socials: Record<string, string>;
      primary_category_id: string;
      categories: { id: string; is_primary: boolean }[];
      founders: number[];
      owner_id: string | null;
      not_found_on_website: string[];
      founded_year: number | null;
      city: string | null;
      unlocked_sections: string[];
      story: Record<string, string> | null;
    }>`select l.slug, l.url, l.domain, l.plan, l.socials, l.primary_category_id, l.owner_id,
        l.not_found_on_website, l.founded_year, l.city, l.unlocked_sections, l.story,
        (select json_agg(json_build_object('id', lc.category_id::text, 'is_primary', lc.is_primary)) from listing_categories lc where lc.listing_id = l.id) as categories,
        (select json_agg(lf.position order by lf.position) from listing_founders lf where lf.listing_id = l.id) as founders
      from listings l`,
  );
  const socialKeys = new Set<string>(SOCIAL_KEYS);
  for (const l of listings) {
    assert.match(l.slug, /^[a-z0-9][a-z0-9-]{0,219}$/);
    const host = new URL(l.url).hostname;
    assert.ok(host.endsWith('.example'), l.url);
    assert.equal(l.domain, host.replace(/^www\./, ''));
    for (const k of Object.keys(l.socials)) assert.ok(socialKeys.has(k), `social key ${k}`);
    const primary = l.categories.filter((c) => c.is_primary);
    assert.deepEqual(primary.map((c) => c.id), [l.primary_category_id]);
    if (l.plan === 'free') assert.equal(l.categories.length, 1, `${l.slug} is free with extra categories`);
    else assert.ok(l.categories.length <= 4);
    assert.ok(l.founders.length >= 1 && l.founders.length <= 3 && l.founders[0] === 0, l.slug);
    if (l.founded_year === null) assert.ok(l.not_found_on_website.includes('founded_year'));
    if (l.city === null) assert.ok(l.not_found_on_website.includes('city'));
    if (l.plan === 'free') assert.deepEqual(l.unlocked_sections, []);
    if (l.unlocked_sections.includes('story')) {
      assert.deepEqual(Object.keys(l.story!).sort(), ['achievements', 'challenges', 'journey', 'lessons', 'problem', 'story', 'title', 'whats_next', 'why_started']);
    }
  }
  const [{ repeated }] = await rows(
    a.db,
    sql<{ repeated: number }>`select count(*)::int as repeated from (
      select v.listing_id from listing_attribute_values v join category_attributes ca on ca.id = v.attribute_id
      group by v.listing_id, ca.key having count(*) > 1) x`,
  );
  assert.equal(repeated, 0, 'a listing states the same fact twice');
  const [{ owner_reviews, founder_reviews }] = await rows(
    a.db,
    sql<{ owner_reviews: number; founder_reviews: number }>`select
      (select count(*)::int from reviews r join listings l on l.id = r.listing_id where r.user_id = l.owner_id) as owner_reviews,
      (select count(*)::int from reviews r join listing_founders lf on lf.listing_id = r.listing_id
         join founders f on f.id = lf.founder_id where f.user_id = r.user_id) as founder_reviews`,
  );
  assert.equal(owner_reviews, 0);
  assert.equal(founder_reviews, 0);
  const [{ users_without_password }] = await rows(
    a.db,
    sql<{ users_without_password: number }>`select count(*)::int as users_without_password from users where password_hash is null and email like 'user%@demo.example'`,
  );
  assert.equal(users_without_password, 600);
});

test('typo-tolerant search has material to work with', async () => {
  await a.db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`.execute(trx);
    for (const typo of ['analytcs', 'invocing']) {
      const [{ n }] = (await sql<{ n: number }>`select count(*)::int as n from listings where ${typo} <% search_text`.execute(trx)).rows;
      assert.ok(n > 0, `nothing found for ${typo}`);
    }
  });
});

test('votes follow the site timezone when it is not UTC', async () => {
  const c = await freshDb();
  try {
    const timeZone = 'America/Los_Angeles';
    await sql`update site_settings set timezone = ${timeZone}`.execute(c.db);
    const result = await loadDemoData(c.db, { now: NOW });
    assert.equal(result.loaded, true);
    const votes = await rows(c.db, sql<{ week: string; created_at: Date }>`select week, created_at from votes`);
    for (const v of votes) assert.equal(v.week, weekOf(v.created_at, timeZone));
    const live = await rows(c.db, sql<{ launch_week: string; published_at: Date }>`select launch_week, published_at from listings where status = 'live'`);
    for (const l of live) assert.equal(weekOf(l.published_at, timeZone), l.launch_week);
  } finally {
    await c.close();
  }
});

test('discussions: about sixty launches, makers answering and pinning, deletions, a held comment, open reports', async () => {
  const [c] = await rows(
    a.db,
    sql<Record<string, number>>`select
      (select count(distinct listing_id)::int from comments) as discussed,
      (select count(*)::int from listings where status = 'live' and comments_count = 0) as live_without,
      (select count(*)::int from comments) as comments,
      (select count(*)::int from comments where parent_id is not null) as replies,
      (select count(*)::int from comment_upvotes) as upvotes,
      (select count(*)::int from comments where pinned_at is not null) as pinned,
      (select count(*)::int from comments where status = 'deleted') as deleted,
      (select count(*)::int from comments where status = 'held' and status_reason <> '') as held,
      (select count(distinct subject_id)::int from reports where status = 'open' and subject_type = 'comment') as reported_comments,
      (select count(*)::int from reports where status = 'open' and subject_type = 'review') as reported_reviews,
      (select count(*)::int from reports where status = 'open' and details <> '' and reporter_id is not null) as detailed_reports,
      (select count(*)::int from reports) as reports,
      (select max(comment_threads_count)::int from listings) as most_threads`,
  );
  const within = (key: string, lo: number, hi: number) => assert.ok(c[key] >= lo && c[key] <= hi, `${key} = ${c[key]}, expected ${lo}..${hi}`);
  within('discussed', 50, 70);
  within('live_without', 100, 250);
  within('comments', 400, 1500);
  within('replies', 100, 800);
  within('upvotes', 500, 5000);
  within('pinned', 5, 10);
  within('deleted', 2, 2);
  within('held', 1, 1);
  within('reported_comments', 2, 3);
  within('reported_reviews', 1, 1);
  assert.equal(c.detailed_reports, c.reports, 'every report has a reason, details and a reporter');
  // Page 2 exists somewhere (20 threads a page).
  assert.ok(c.most_threads > 20, `most threads ${c.most_threads}`);

  const makerOf = sql`(c.user_id = l.owner_id or exists (select 1 from listing_founders lf join founders f on f.id = lf.founder_id
    where lf.listing_id = l.id and f.user_id = c.user_id))`;
  const pinned = await rows(
    a.db,
    sql<{ parent_id: string | null; status: string; maker: boolean; first: boolean }>`
      select c.parent_id, c.status, ${makerOf} as maker,
        not exists (select 1 from comments o where o.listing_id = c.listing_id and o.user_id = c.user_id and o.created_at < c.created_at) as first
      from comments c join listings l on l.id = c.listing_id where c.pinned_at is not null`,
  );
  for (const p of pinned) assert.deepEqual(p, { parent_id: null, status: 'visible', maker: true, first: true });
  const [{ maker_replies }] = await rows(
    a.db,
    sql<{ maker_replies: number }>`select count(*)::int as maker_replies from comments c join listings l on l.id = c.listing_id
      where c.parent_id is not null and ${makerOf}`,
  );
  assert.ok(maker_replies >= 20, `maker replies ${maker_replies}`);
  const deleted = await rows(
    a.db,
    sql<{ body: string; body_html: string; replies_count: number; upvotes: number }>`select body, body_html, replies_count, upvotes from comments where status = 'deleted'`,
  );
  for (const d of deleted) {
    assert.equal(d.body, '');
    assert.equal(d.body_html, '');
    assert.ok(d.replies_count > 0, 'a deleted comment stays only while it has replies');
  }
  // The reports name things that exist and can still be reported.
  const [{ dangling }] = await rows(
    a.db,
    sql<{ dangling: number }>`select count(*)::int as dangling from reports r where not exists (
      select 1 from comments c where r.subject_type = 'comment' and c.id = r.subject_id and c.status = 'visible'
      union all select 1 from reviews v where r.subject_type = 'review' and v.id = r.subject_id and v.status = 'published')`,
  );
  assert.equal(dangling, 0);
});

test('discussion counts are what the trigger keeps: they match the rows, and the rank is the store\'s', async () => {
  const [m] = await rows(
    a.db,
    sql<Record<string, number>>`select
      (select count(*)::int from listings l where l.comments_count <> (select count(*) from comments c where c.listing_id = l.id and c.status = 'visible')) as comments,
      (select count(*)::int from listings l where l.comment_threads_count <> (select count(*) from comments c where c.listing_id = l.id
         and c.parent_id is null and (c.status = 'visible' or c.replies_count > 0))) as threads,
      (select count(*)::int from comments p where p.replies_count <> (select count(*) from comments c where c.parent_id = p.id and c.status = 'visible')) as replies,
      (select count(*)::int from comments c where c.upvotes <> (select count(*) from comment_upvotes u where u.comment_id = c.id)) as upvotes,
      (select count(*)::int from comments c where abs(c.rank - ${RANK(sql`c.upvotes`, sql`c.created_at`)}) > 1e-9) as rank`,
  );
  assert.deepEqual(m, { comments: 0, threads: 0, replies: 0, upvotes: 0, rank: 0 });
  const [{ total }] = await rows(a.db, sql<{ total: number }>`select sum(comments_count)::int as total from listings`);
  assert.ok(total > 300);
  const texts = await rows(a.db, sql<{ body: string; body_html: string }>`select body, body_html from comments where status <> 'deleted'`);
  for (const t of texts) assert.equal(t.body_html, readCommentText(t.body).html);
  assert.ok(texts.some((t) => t.body_html.includes('<ul>') || t.body_html.includes('<ol>')), 'a comment with a list');
  assert.ok(texts.some((t) => t.body_html.includes('<code>')), 'a comment with inline code');
  assert.ok(texts.some((t) => t.body_html.includes('<a href=')), 'a comment with a link');
  assert.ok(texts.some((t) => t.body.split('\n\n').length >= 3), 'a comment of several paragraphs');
});

test('comments and upvotes come from people who could give them, when they could', async () => {
  const [bad] = await rows(
    a.db,
    sql<Record<string, number>>`select
      (select count(*)::int from comments c join users u on u.id = c.user_id join listings l on l.id = c.listing_id
        where u.created_at > c.created_at or u.email_verified_at is null or u.email_verified_at > c.created_at
          or l.status <> 'live' or c.created_at < l.published_at or c.created_at > ${NOW}) as comments,
      (select count(*)::int from comments r join comments p on p.id = r.parent_id
        where r.created_at <= p.created_at or p.parent_id is not null or r.listing_id <> p.listing_id) as replies,
      (select count(*)::int from comment_upvotes v join comments c on c.id = v.comment_id join users u on u.id = v.user_id
        where v.user_id = c.user_id or v.created_at < c.created_at or v.created_at > ${NOW} or u.created_at > v.created_at) as upvotes,
      (select count(*)::int from reports r where r.created_at > ${NOW} or r.reporter_id = (select user_id from comments c where r.subject_type = 'comment' and c.id = r.subject_id)) as reports`,
  );
  assert.deepEqual(bad, { comments: 0, replies: 0, upvotes: 0, reports: 0 });
});

test('the same now gives the same discussions in two fresh databases', async () => {
  const snapshot = (db: Kysely<DB>) =>
    rows(
      db,
      sql<{ slug: string; email: string; parent: string | null; at: string; body: string; status: string; upvotes: number; pinned: boolean }>`
        select l.slug, u.email, p.created_at::text as parent, c.created_at::text as at, c.body, c.status, c.upvotes, c.pinned_at is not null as pinned
        from comments c join listings l on l.id = c.listing_id join users u on u.id = c.user_id left join comments p on p.id = c.parent_id
        order by c.id`,
    );
  const first = await snapshot(a.db);
  assert.ok(first.length > 0);
  assert.deepEqual(await snapshot(b.db), first);
  const reports = (db: Kysely<DB>) =>
    rows(db, sql<{ subject_type: string; email: string; reason: string; at: string }>`select r.subject_type, u.email, r.reason, r.created_at::text as at
      from reports r join users u on u.id = r.reporter_id order by r.id`);
  assert.deepEqual(await reports(b.db), await reports(a.db));
});

test('pictures: the most visible listings get a kept logo, one gallery of kept screenshots; without a storage, none', async () => {
  const logos = await rows(
    a.db,
    sql<{ slug: string; status: string; launch_week: string | null; logo_url: string; logo_hash: string; purpose: string; width: number }>`
      select l.slug, l.status, l.launch_week::text, l.logo_url, l.logo_hash, f.purpose, f.width
      from listings l join media_files f on f.source_hash = l.logo_hash order by l.id`,
  );
  // The cap, and the gallery's listing when it is not among the first.
  assert.ok(logos.length >= CAPS.logos && logos.length <= CAPS.logos + CAPS.galleries, `${logos.length} logos`);
  const [{ with_url }] = await rows(a.db, sql<{ with_url: number }>`select count(*)::int as with_url from listings where logo_url is not null`);
  assert.equal(with_url, logos.length, 'a listing without a kept logo has no logo address either');
  // The first the visitor sees: this week's launches, the most voted first.
  const [top] = await rows(
    a.db,
    sql<{ slug: string }>`select slug from listings where status = 'live' and launch_week = ${CURRENT_WEEK} order by votes_count desc, id limit 1`,
  );
  assert.ok(logos.some((l) => l.slug === top.slug), 'the top launch of this week has no logo');
  const names = new Set<string>();
  for (const l of logos) {
    assert.equal(l.logo_url, logoUrl(PUBLIC_URL, l.logo_hash));
    assert.deepEqual([l.purpose, l.width], ['logo', 256]);
    for await (const o of storage().list(`${l.logo_hash}/`)) names.add(o.key.slice(65));
  }
  assert.deepEqual([...names].sort(), ['logo-128.avif', 'logo-128.png', 'logo-128.webp', 'logo-256.avif', 'logo-256.png', 'logo-256.webp', 'logo-64.avif', 'logo-64.png', 'logo-64.webp']);
  assert.equal(new Set(logos.map((l) => l.logo_hash)).size, logos.length, 'two products drew the same logo');

  const images = await rows(
    a.db,
    sql<{ listing_id: string; url: string; alt: string | null; caption: string | null; media_hash: string; position: number; width: number; height: number; unlocked: string[]; status: string; has_logo: boolean }>`
      select m.listing_id, m.url, m.alt, m.caption, m.media_hash, m.position, f.width, f.height, l.unlocked_sections as unlocked, l.status, l.logo_hash is not null as has_logo
      from listing_media m join media_files f on f.source_hash = m.media_hash join listings l on l.id = m.listing_id order by m.listing_id, m.position`,
  );
  assert.ok(images.length >= 2 && images.length <= 4, `${images.length} gallery images`);
  assert.equal(new Set(images.map((i) => i.listing_id)).size, 1);
  images.forEach((i, k) => {
    assert.equal(i.position, k);
    assert.equal(i.url, galleryUrl(PUBLIC_URL, i.media_hash, i.width));
    assert.deepEqual([i.width, i.height, i.status, i.unlocked.includes('media'), i.has_logo], [1280, 800, 'live', true, true]);
    assert.ok(i.alt && i.alt.length > 40 && i.caption, 'alt text and caption');
  });
  assert.equal(new Set(images.map((i) => i.caption)).size, images.length, 'each screenshot shows another view');
  // The screenshots planned as links to the product's own site are gone from that listing; its video stays.
  const [{ links }] = await rows(
    a.db,
    sql<{ links: number }>`select count(*)::int as links from listing_media where listing_id = ${images[0].listing_id} and kind = 'image' and media_hash is null`,
  );
  assert.equal(links, 0);

  const [none] = await rows(
    b.db,
    sql<{ logos: number; files: number; kept: number }>`select (select count(*)::int from listings where logo_url is not null) as logos,
      (select count(*)::int from media_files) as files, (select count(*)::int from listing_media where media_hash is not null) as kept`,
  );
  assert.deepEqual(none, { logos: 0, files: 0, kept: 0 });
});
