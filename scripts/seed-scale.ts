/**
 * Fills the configured database (DATA_DIR or DATABASE_URL) with many live and scheduled
 * listings for benchmarks: `npm run seed:scale -- --listings 100000`.
 *
 * Text comes from the demo's word lists and category tree, so search (including typos such as
 * "analytcs") behaves as it would on real data. Rows go in with unnest arrays, 10,000 listings
 * per transaction; counters are written with the rows they count, never fixed up afterwards.
 *
 * Then the discussions the bench reads (src/demo/scale-comments.ts), once, when the directory has
 * no comments yet, also into a directory that already had enough listings; the busy listing's
 * slug is printed. Last, every public profile's precomputed document, for PUBLIC_URL.
 */
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/store/database.ts';
import { migrate } from '../src/store/migrate.ts';
import { addWeeks, weekOf, type IsoDate } from '../src/domain/launches/weeks.ts';
import { computeWeekAwards, weeksAwaitingAwards } from '../src/store/launches-store.ts';
import type { DB } from '../src/store/schema.ts';
import { bulkInsert } from '../src/demo/bulk-insert.ts';
import { busyListing, seedScaleComments } from '../src/demo/scale-comments.ts';
import { categoryFaqs } from '../src/demo/category-faqs.ts';
import { insertCategoryTree } from '../src/demo/category-rows.ts';
import { flattenCategories } from '../src/demo/category-tree.ts';
import { scaleListing } from '../src/demo/scale-listing.ts';
import { createRandom, hashSeed, type Random } from '../src/demo/random.ts';
import { FIRST_NAMES, LAST_NAMES, PLACES, STAGES } from '../src/demo/vocabulary.ts';
import { weekBounds } from '../src/domain/launches/zoned-time.ts';
import { buildAllListingDocuments } from '../src/jobs/listing-documents.ts';
import { runVoteWeighing } from '../src/jobs/vote-weighing.ts';
import { listingDocumentsStore } from '../src/store/listing-documents-store.ts';
import { listingsStore } from '../src/store/listings-store.ts';

const CHUNK = 10_000;
const WEEKS = 52;
const DAY = 86_400_000;

function parseOptions(): { listings: number } {
  const { values } = parseArgs({ options: { listings: { type: 'string', default: '100000' } }, allowPositionals: false });
  const listings = Number(values.listings);
  if (!Number.isInteger(listings) || listings < 1) throw new ConfigError(`--listings must be a positive integer, got ${values.listings}`);
  return { listings };
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)}s`;

/** Vote count for one listing: most get a handful, a few become hits. */
function voteCount(rng: Random): number {
  if (rng.chance(0.01)) return rng.int(40, 250);
  return Math.floor(7 * Math.pow(rng.next(), 2.2));
}

/** Adds listings (with categories, votes and views) up to `target`, then recomputes past awards. */
async function addListings(db: Kysely<any>, existing: number, target: number) {
  let t: number;
  const toAdd = target - existing;
  const [{ timezone: timeZone }] = (await sql<{ timezone: string }>`select timezone from site_settings where id = 1`.execute(db)).rows;
  const now = new Date();
  const nowMs = now.getTime();
  const currentWeek = weekOf(now, timeZone);

  t = performance.now();
  const flat = flattenCategories();
  const faqRng = createRandom(hashSeed('scale-categories'));
  const { categoryIds } = await db.transaction().execute((trx) =>
    insertCategoryTree(trx, flat.map((c) => ({ ...c, faqs: categoryFaqs(faqRng, c) }))),
  );
  console.log(`categories: ${categoryIds.size} ready in ${seconds(t)}`);

  t = performance.now();
  const userCount = Math.max(1000, Math.ceil(target / 10));
  // Accounts are a year older than any vote, so every vote is by someone who could cast it.
  await sql`insert into users (email, name, email_verified_at, created_at)
    select 'scale' || g || '@demo.example',
      (${[...FIRST_NAMES]}::text[])[1 + (g * 7) % ${FIRST_NAMES.length}] || ' ' ||
      (${[...LAST_NAMES]}::text[])[1 + (g * 13) % ${LAST_NAMES.length}],
      ${now}::timestamptz - interval '400 days' + g * interval '1 second',
      ${now}::timestamptz - interval '400 days' + g * interval '1 second'
    from generate_series(1, ${userCount}) g
    on conflict do nothing`.execute(db);
  const userIds = (
    await sql<{ id: string }>`select id from users where email like 'scale%@demo.example' order by id`.execute(db)
  ).rows.map((r) => r.id);
  console.log(`users: ${userIds.length} ready in ${seconds(t)}`);

  t = performance.now();
  const bounds = new Map<IsoDate, { start: number; end: number }>();
  const boundsOf = (week: IsoDate) => {
    let b = bounds.get(week);
    if (!b) {
      const w = weekBounds(week, timeZone);
      b = { start: w.start.getTime(), end: w.end.getTime() };
      bounds.set(week, b);
    }
    return b;
  };
  let votesTotal = 0;

  for (let offset = 0; offset < toAdd; offset += CHUNK) {
    const chunkStarted = performance.now();
    const size = Math.min(CHUNK, toAdd - offset);
    const listingRows: Record<string, unknown>[] = [];
    const votesBySlug = new Map<string, { user: string; at: Date }[]>();
    const viewsBySlug = new Map<string, number>();
    for (let k = 0; k < size; k++) {
      const i = existing + offset + k;
      // Name, slug, category and prose: the search bench's query sets are made from the same function.
      const { rng: r, name, slug, category, text, scheduled } = scaleListing(i);
      // Launches grow over the year: recent weeks hold more than old ones.
      const launchWeek = scheduled ? addWeeks(currentWeek, r.int(1, 8)) : addWeeks(currentWeek, -Math.floor(WEEKS * Math.pow(r.next(), 1.3)));
      const { start, end } = boundsOf(launchWeek);
      let published: number | null = null;
      const votes: { user: string; at: Date }[] = [];
      if (!scheduled) {
        published = start + r.int(0, 6 * 60) * 60_000;
        if (published > nowMs) published = start + Math.floor((nowMs - start) * r.next());
        const n = Math.min(voteCount(r), userIds.length - 1);
        const owner = userIds[i % userIds.length];
        const voters = new Set<string>();
        for (let tries = 0; voters.size < n && tries < n * 4; tries++) {
          const u = userIds[r.int(0, userIds.length - 1)];
          if (u !== owner) voters.add(u);
        }
        for (const user of voters) {
          const inWeek = end > nowMs || r.chance(0.75);
          const at = inWeek
            ? published + Math.floor((Math.min(end - 1, nowMs) - published) * Math.pow(r.next(), 1.5))
            : end + Math.floor((nowMs - end) * Math.pow(r.next(), 2));
          votes.push({ user, at: new Date(at) });
        }
      }
      votesBySlug.set(slug, votes);
      viewsBySlug.set(slug, votes.length * r.int(5, 25) + r.int(0, 300));
      const place = r.chance(0.85) ? r.weighted(PLACES.map((p) => [p, p.weight] as const)) : null;
      listingRows.push({
        slug,
        owner_id: userIds[i % userIds.length],
        status: scheduled ? 'scheduled' : 'live',
        launch_week: launchWeek,
        published_at: published === null ? null : new Date(published),
        name,
        url: `https://${slug}.example`,
        domain: `${slug}.example`,
        tagline: text.tagline,
        short_description: text.shortDescription,
        description: text.description,
        stage: r.pick(STAGES),
        pricing_model: text.pricingModel,
        pricing_summary: text.pricingSummary,
        country: place?.country ?? null,
        city: place ? r.pick(place.cities) : null,
        features: text.features,
        keywords: text.keywords,
        tags: text.tags,
        primary_category_id: categoryIds.get(category.spec.slug),
        votes_count: votes.length,
        created_at: new Date((published ?? nowMs) - r.int(7, 60) * DAY),
      });
    }

    await db.transaction().execute(async (trx) => {
      const inserted = await bulkInsert<{ id: string; slug: string }>(
        trx,
        'listings',
        [
          { name: 'slug', type: 'text' },
          { name: 'owner_id', type: 'bigint' },
          { name: 'status', type: 'text' },
          { name: 'launch_week', type: 'date' },
          { name: 'published_at', type: 'timestamptz' },
          { name: 'name', type: 'text' },
          { name: 'url', type: 'text' },
          { name: 'domain', type: 'text' },
          { name: 'tagline', type: 'text' },
          { name: 'short_description', type: 'text' },
          { name: 'description', type: 'text' },
          { name: 'stage', type: 'text' },
          { name: 'pricing_model', type: 'text' },
          { name: 'pricing_summary', type: 'text' },
          { name: 'country', type: 'text' },
          { name: 'city', type: 'text' },
          { name: 'features', type: 'text[]' },
          { name: 'keywords', type: 'text[]' },
          { name: 'tags', type: 'text[]' },
          { name: 'primary_category_id', type: 'bigint' },
          { name: 'votes_count', type: 'integer' },
          { name: 'created_at', type: 'timestamptz' },
        ],
        listingRows,
        { returning: ['id', 'slug'], onConflict: 'on conflict (slug) do nothing', chunkSize: CHUNK },
      );
      await sql`insert into listing_categories (listing_id, category_id, is_primary, position)
        select id, primary_category_id, true, 0 from listings where id = any(${inserted.map((r) => r.id)}::bigint[])`.execute(trx);
      // View counts (listing_views: a row per listing, made by the insert's trigger).
      await sql`update listing_views lv set views = v.n
        from unnest(${inserted.map((r) => r.id)}::bigint[], ${inserted.map((r) => viewsBySlug.get(r.slug)!)}::bigint[]) as v(id, n)
        where lv.listing_id = v.id`.execute(trx);
      // Only listings this run inserted get votes, so votes_count stays equal to the rows.
      const voteRows = inserted.flatMap(({ id, slug }) =>
        votesBySlug.get(slug)!.map((v) => ({
          listing_id: id,
          user_id: v.user,
          created_at: v.at,
        })),
      );
      for (let s = 0; s < voteRows.length; s += 50_000) {
        const part = voteRows.slice(s, s + 50_000);
        // No provenance (migration 0025 dropped addresses): votes as cast before forms recorded where they came from.
        await sql`insert into votes (listing_id, user_id, week, seen_on, created_at)
          select u.listing_id, u.user_id, date_trunc('week', u.created_at at time zone ${timeZone})::date, 'unrecorded', u.created_at
          from unnest(${part.map((v) => v.listing_id)}::bigint[], ${part.map((v) => v.user_id)}::bigint[],
                      ${part.map((v) => v.created_at)}::timestamptz[]) as u(listing_id, user_id, created_at)`.execute(trx);
      }
      votesTotal += voteRows.length;
    });
    console.log(`listings: ${Math.min(offset + size, toAdd)}/${toAdd} (+${size} in ${seconds(chunkStarted)}, ${votesTotal} votes so far)`);
  }
  console.log(`listings: ${toAdd} listings and ${votesTotal} votes in ${seconds(t)}`);

  t = performance.now();
  // The new votes can change who won a past week, so awards are recomputed, not topped up.
  const awards = await db.transaction().execute(async (trx) => {
    await sql`delete from awards where week < ${currentWeek}::date`.execute(trx);
    await sql`delete from award_weeks where week < ${currentWeek}::date`.execute(trx);
    let n = 0;
    const typed = trx as unknown as Kysely<DB>;
    for (const week of await weeksAwaitingAwards(typed, currentWeek)) n += (await computeWeekAwards(typed, week)).winners;
    return n;
  });
  console.log(`awards: ${awards} in ${seconds(t)}`);

  t = performance.now();
  await sql`vacuum (analyze) listings, listing_categories, listing_category_cover, listing_search, listing_views, votes, users, categories, awards, listing_week_counts, listing_day_votes`.execute(db);
  console.log(`analyze: done in ${seconds(t)}`);
}

async function main() {
  const { listings: target } = parseOptions();
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
  const db = database.db as Kysely<any>;
  try {
    let t = performance.now();
    await migrate(db);
    console.log(`migrate: done in ${seconds(t)} (${database.engine})`);

    const [{ n: existing }] = (await sql<{ n: number }>`select count(*)::int as n from listings`.execute(db)).rows;
    if (existing >= target) console.log(`listings: the database already has ${existing} listings (>= ${target}); none to add`);
    else await addListings(db, existing, target);

    // Comments on their own: a directory seeded before discussions existed gets them too.
    t = performance.now();
    const written = await seedScaleComments(db, new Date());
    if (!written) console.log('comments: the directory already has comments; none added');
    else {
      console.log(`comments: ${written.comments} comments and ${written.upvotes} upvotes in ${seconds(t)}`);
      t = performance.now();
      await sql`vacuum (analyze) comments, comment_upvotes, comment_links, listings`.execute(db);
      console.log(`comments analyze: done in ${seconds(t)}`);
    }
    const busy = await busyListing(db);
    if (busy?.comments_count) console.log(`comments: busy listing ${busy.slug} (${busy.comments_count} comments, ${busy.comment_threads_count} threads)`);

    // The votes weighed as the service's job would weigh them at its first run: the new points
    // change most listings' rows, which empties their documents, and a bench's first reads would
    // measure their rebuilding (the first run on a new seed read at a fifth of the speed).
    t = performance.now();
    const weighed = await runVoteWeighing({ db, now: () => new Date(), rules: config.votes });
    console.log(`votes: weighed (${weighed.changed} changed, ${weighed.held} held) in ${seconds(t)}`);
    if (weighed.changed > 0) {
      // As autovacuum would after rewriting every vote and listing (it is off on some machines, and
      // PGlite has none): the settled votes' old versions stayed in votes_unsettled_idx, and the
      // service's settle step walked 2.5 million dead entries (12 s) on every run at 1,000,000 listings.
      t = performance.now();
      await sql`vacuum (analyze) votes, listings, listing_day_votes`.execute(db);
      console.log(`votes: vacuumed in ${seconds(t)}`);
    }

    // Last, once every count is written: each public profile's document (migration 0038), so a
    // bench's first reads find them, as a running service's job would have made them.
    t = performance.now();
    const documents = await buildAllListingDocuments({
      documents: listingDocumentsStore(database.db),
      sources: listingsStore(database.db).documentSources,
      publicUrl: config.publicUrl,
      batch: 1000,
    });
    console.log(`documents: ${documents} public profiles precomputed for ${config.publicUrl} in ${seconds(t)}`);
    if (documents > 0) await sql`vacuum (analyze) listing_documents`.execute(db);
    // A bench reuses this database run after run, and each run writes view counts, votes and
    // documents back. A production database's autovacuum cleans them within a minute or so
    // (listing_views at 2 % changed, migration 0023); where it is off (this machine's PostgreSQL; PGlite
    // has none), the next run's first reads walked the dead versions of the last run's writes
    // (221,069 dead rows in listing_views after one bench run on 100,000 listings). So the tables a
    // public read touches are vacuumed here, as autovacuum would have.
    const [{ autovacuum }] = (await sql<{ autovacuum: string }>`select current_setting('autovacuum') as autovacuum`.execute(db)).rows;
    if (database.engine === 'pglite' || autovacuum !== 'on') {
      t = performance.now();
      await sql`vacuum (analyze) listing_views, listing_documents, listings`.execute(db);
      console.log(`vacuum: the public reads' tables, as autovacuum would (autovacuum ${database.engine === 'pglite' ? 'absent' : autovacuum}), in ${seconds(t)}`);
    }
    console.log(`total: ${seconds(started)}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
