import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../store/schema.ts';
import { weekOf } from '../domain/launches/weeks.ts';
import { blogMarkdown, BLOG_POSTS } from './blog-posts.ts';
import { computeWeekAwards, weeksAwaitingAwards } from '../store/launches-store.ts';
import { bulkInsert } from './bulk-insert.ts';
import { INTERVIEW_QUESTIONS, PRODUCTS } from './catalog-content.ts';
import { insertCategoryTree } from './category-rows.ts';
import { DEMO_SEED, generateDemoDataset } from './dataset.ts';
import { insertDemoDiscussions } from './discussion-rows.ts';
import { generateDiscussions } from './discussions.ts';
import { randomBytes } from 'node:crypto';
import { networkOf, saltedHash } from '../domain/community/vote-provenance.ts';
import { createRandom } from './random.ts';
import { DEMO_PICTURE_CAPS, planDemoPictures } from './picture-plan.ts';
import { insertDemoPictures, makeDemoPictures, type DemoPictureTarget, type MadePictures } from './picture-rows.ts';

const DAY = 86_400_000;

type Conn = Kysely<DB>;

async function idsBy(conn: Conn, query: RawBuilder<{ id: string; key: string }>): Promise<Map<string, string>> {
  return new Map((await query.execute(conn)).rows.map((r) => [r.key, r.id]));
}

export interface DemoLoadOptions {
  now: Date;
  /**
   * Where generated logos and gallery images are stored (the site's media storage and public
   * address). Without it the demo has no pictures: listings show their initials, and the
   * screenshots planned stay links to the products' own (made-up) sites.
   */
  pictures?: DemoPictureTarget & { caps?: { logos: number; galleries: number } };
}

/**
 * Fills an empty directory with a realistic, deterministic demo: the same `now` (and site
 * timezone) always produces the same rows. Skips when any listing exists. One transaction, and
 * every statement on `trx`: PGlite is a single session, so a query on `db` here would deadlock.
 */
export async function loadDemoData(db: Kysely<DB>, opts: DemoLoadOptions): Promise<{ loaded: boolean; summary: string }> {
  return db.transaction().execute(async (trx) => {
    // Two app nodes started with --demo against one PostgreSQL must not both load.
    await sql`select pg_advisory_xact_lock(7317002)`.execute(trx);
    const existing = await sql<{ n: number }>`select count(*)::int as n from listings`.execute(trx);
    if (existing.rows[0].n > 0) return { loaded: false, summary: 'the database already has listings' };

    const settings = await sql<{ timezone: string }>`select timezone from site_settings where id = 1`.execute(trx);
    const timeZone = settings.rows[0]?.timezone ?? 'UTC';
    const now = opts.now;
    const data = generateDemoDataset(now, timeZone);
    const { users, founders, listings, activity } = data;
    // Pictures are drawn and processed on libvips' threads while the rows below are inserted.
    const pictures = opts.pictures;
    const picturesMade: Promise<MadePictures> | undefined = pictures
      ? makeDemoPictures(listings, planDemoPictures(listings, activity, pictures.caps ?? DEMO_PICTURE_CAPS), pictures)
      : undefined;
    picturesMade?.catch(() => {}); // awaited below; a failing insert first must not leave it unhandled

    const { categoryIds, attributeIds } = await insertCategoryTree(trx, data.categories);

    await bulkInsert(
      trx,
      'users',
      [
        { name: 'email', type: 'text' },
        { name: 'name', type: 'text' },
        { name: 'email_verified_at', type: 'timestamptz' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      users.map((u) => ({ email: u.email, name: u.name, email_verified_at: u.emailVerifiedAt, created_at: u.createdAt })),
      { onConflict: 'on conflict do nothing' },
    );
    const userIdByEmail = await idsBy(
      trx,
      sql<{ id: string; key: string }>`select id, lower(email) as key from users where lower(email) = any(${users.map((u) => u.email.toLowerCase())}::text[])`,
    );
    const userId = (index: number | null) => (index === null ? null : (userIdByEmail.get(users[index].email.toLowerCase()) ?? null));

    await bulkInsert(
      trx,
      'founders',
      [
        { name: 'slug', type: 'text' },
        { name: 'user_id', type: 'bigint' },
        { name: 'name', type: 'text' },
        { name: 'title', type: 'text' },
        { name: 'bio', type: 'text' },
        { name: 'avatar_url', type: 'text' },
        { name: 'country', type: 'text' },
        { name: 'socials', type: 'jsonb' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      founders.map((f) => ({
        slug: f.slug,
        user_id: userId(f.userIndex),
        name: f.name,
        title: f.title,
        bio: f.bio,
        avatar_url: f.avatarUrl,
        country: f.country,
        socials: f.socials,
        created_at: f.createdAt,
      })),
      // A re-run after every listing was deleted finds its founders (and their accounts) still there.
      { onConflict: 'on conflict do nothing' },
    );
    const founderIdBySlug = await idsBy(
      trx,
      sql<{ id: string; key: string }>`select id, slug as key from founders where slug = any(${founders.map((f) => f.slug)}::text[])`,
    );

    const demoSalt = randomBytes(32).toString('base64url');
    const inserted = await bulkInsert<{ id: string; slug: string }>(
      trx,
      'listings',
      [
        { name: 'slug', type: 'text' },
        { name: 'owner_id', type: 'bigint' },
        { name: 'status', type: 'text' },
        { name: 'plan', type: 'text' },
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
        { name: 'founded_year', type: 'smallint' },
        { name: 'contact_email', type: 'text' },
        { name: 'demo_video_url', type: 'text' },
        { name: 'seo_title', type: 'text' },
        { name: 'seo_description', type: 'text' },
        { name: 'features', type: 'text[]' },
        { name: 'usps', type: 'text[]' },
        { name: 'keywords', type: 'text[]' },
        { name: 'tags', type: 'text[]' },
        { name: 'faqs', type: 'jsonb' },
        { name: 'socials', type: 'jsonb' },
        { name: 'story', type: 'jsonb' },
        { name: 'unlocked_sections', type: 'text[]' },
        { name: 'not_found_on_website', type: 'text[]' },
        { name: 'primary_category_id', type: 'bigint' },
        { name: 'revenue_mrr_cents', type: 'bigint' },
        { name: 'revenue_verified', type: 'boolean' },
        { name: 'votes_count', type: 'integer' },
        { name: 'follows_count', type: 'integer' },
        { name: 'created_at', type: 'timestamptz' },
        { name: 'updated_at', type: 'timestamptz' },
      ],
      listings.map((l) => ({
        slug: l.slug,
        owner_id: userId(l.ownerIndex),
        status: l.status,
        plan: l.plan,
        launch_week: l.launchWeek,
        published_at: l.publishedAt,
        name: l.name,
        url: l.url,
        domain: l.domain,
        tagline: l.text.tagline,
        short_description: l.text.shortDescription,
        description: l.text.description,
        stage: l.stage,
        pricing_model: l.text.pricingModel,
        pricing_summary: l.text.pricingSummary,
        country: l.country,
        city: l.city,
        founded_year: l.foundedYear,
        contact_email: l.contactEmail,
        demo_video_url: l.demoVideoUrl,
        seo_title: l.seoTitle,
        seo_description: l.seoDescription,
        features: l.text.features,
        usps: l.text.usps,
        keywords: l.text.keywords,
        tags: l.text.tags,
        faqs: l.faqs,
        socials: l.socials,
        story: l.story,
        unlocked_sections: l.unlockedSections,
        not_found_on_website: l.notFoundOnWebsite,
        primary_category_id: categoryIds.get(l.categorySlugs[0]),
        revenue_mrr_cents: l.revenueMrrCents,
        revenue_verified: l.revenueVerified,
        votes_count: l.votesCount,
        follows_count: l.followsCount,
        created_at: l.createdAt,
        updated_at: l.updatedAt,
      })),
      { returning: ['id', 'slug'] },
    );
    const listingIdBySlug = new Map(inserted.map((r) => [r.slug, r.id]));
    const listingId = (index: number) => listingIdBySlug.get(listings[index].slug)!;
    // View counts live beside the listing (listing_views, a row made by the insert's trigger).
    const viewed = listings.flatMap((l, i) => (l.viewsCount > 0 ? [[listingId(i), l.viewsCount] as const] : []));
    await sql`update listing_views lv set views = v.n
      from unnest(${viewed.map(([id]) => id)}::bigint[], ${viewed.map(([, n]) => n)}::bigint[]) as v(id, n)
      where lv.listing_id = v.id`.execute(trx);

    await bulkInsert(
      trx,
      'listing_categories',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'category_id', type: 'bigint' },
        { name: 'is_primary', type: 'boolean' },
        { name: 'position', type: 'smallint' },
      ],
      listings.flatMap((l, i) =>
        l.categorySlugs.map((slug, position) => ({ listing_id: listingId(i), category_id: categoryIds.get(slug), is_primary: position === 0, position })),
      ),
    );
    await bulkInsert(
      trx,
      'listing_founders',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'founder_id', type: 'bigint' },
        { name: 'title', type: 'text' },
        { name: 'position', type: 'smallint' },
      ],
      listings.flatMap((l, i) =>
        l.founders.map((f, position) => ({ listing_id: listingId(i), founder_id: founderIdBySlug.get(founders[f.index].slug), title: f.title, position })),
      ),
    );
    await bulkInsert(
      trx,
      'listing_attribute_values',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'attribute_id', type: 'bigint' },
        { name: 'value', type: 'text' },
      ],
      listings.flatMap((l, i) =>
        l.attributes
          .map((a) => ({ listing_id: listingId(i), attribute_id: attributeIds.get(`${a.categorySlug}/${a.key}`), value: a.value }))
          .filter((row) => row.attribute_id !== undefined),
      ),
    );
    await bulkInsert(
      trx,
      'milestones',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'date', type: 'date' },
        { name: 'title', type: 'text' },
        { name: 'description', type: 'text' },
        { name: 'url', type: 'text' },
      ],
      listings.flatMap((l, i) => l.milestones.map((m) => ({ listing_id: listingId(i), ...m }))),
    );
    await bulkInsert(
      trx,
      'listing_media',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'kind', type: 'text' },
        { name: 'url', type: 'text' },
        { name: 'caption', type: 'text' },
        { name: 'position', type: 'smallint' },
      ],
      listings.flatMap((l, i) => l.media.map((m, position) => ({ listing_id: listingId(i), ...m, position }))),
    );
    await bulkInsert(
      trx,
      'listing_updates',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'title', type: 'text' },
        { name: 'body', type: 'text' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      activity.updates.map((u) => ({ listing_id: listingId(u.listing), title: u.title, body: u.body, created_at: u.createdAt })),
    );

    await bulkInsert(
      trx,
      'votes',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'user_id', type: 'bigint' },
        { name: 'week', type: 'date' },
        { name: 'network_hash', type: 'text' },
        { name: 'agent_hash', type: 'text' },
        { name: 'seen_on', type: 'text' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      // Stored as the site stores them: salted hashes of the network and browser, never the address
      // (one salt for the whole demo, made here and kept nowhere).
      activity.votes.map((v) => ({
        listing_id: listingId(v.listing),
        user_id: userId(v.user),
        week: v.week,
        network_hash: saltedHash(demoSalt, 'network', networkOf(v.ip)),
        agent_hash: saltedHash(demoSalt, 'agent', v.userAgent),
        seen_on: 'listing',
        created_at: v.createdAt,
      })),
    );
    await bulkInsert(
      trx,
      'follows',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'user_id', type: 'bigint' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      activity.follows.map((f) => ({ listing_id: listingId(f.listing), user_id: userId(f.user), created_at: f.createdAt })),
    );
    await bulkInsert(
      trx,
      'reviews',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'user_id', type: 'bigint' },
        { name: 'rating', type: 'smallint' },
        { name: 'body', type: 'text' },
        { name: 'status', type: 'text' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      activity.reviews.map((r) => ({ listing_id: listingId(r.listing), user_id: userId(r.user), rating: r.rating, body: r.body, status: r.status, created_at: r.createdAt })),
    );
    await bulkInsert(
      trx,
      'listing_view_days',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'day', type: 'date' },
        { name: 'views', type: 'integer' },
      ],
      activity.viewDays.map((d) => ({ listing_id: listingId(d.listing), day: d.day, views: d.views })),
    );
    await bulkInsert(
      trx,
      'domain_rating_snapshots',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'value', type: 'smallint' },
        { name: 'source', type: 'text' },
        { name: 'measured_at', type: 'timestamptz' },
      ],
      activity.ratings.map((d) => ({ listing_id: listingId(d.listing), value: d.value, source: d.source, measured_at: d.measuredAt })),
    );
    await bulkInsert(
      trx,
      'billboard_contributions',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'amount_cents', type: 'bigint' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      activity.billboard.map((b) => ({ listing_id: listingId(b.listing), amount_cents: b.amountCents, created_at: b.createdAt })),
    );
    await bulkInsert(
      trx,
      'listing_alternatives',
      [
        { name: 'listing_id', type: 'bigint' },
        { name: 'alternative_id', type: 'bigint' },
        { name: 'position', type: 'smallint' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      activity.alternatives.map((a) => ({ listing_id: listingId(a.listing), alternative_id: listingId(a.alternative), position: a.position, created_at: a.createdAt })),
    );

    // Discussions last: their authors, listings and the reviews their reports name exist by now.
    const discussions = await insertDemoDiscussions(
      trx,
      generateDiscussions(createRandom(DEMO_SEED).fork('discussions'), { now, users, founders, listings, reviews: activity.reviews }),
      {
        userId: (index) => userId(index),
        listingId,
        reviewId: async (index) => {
          const r = activity.reviews[index];
          const found = await sql<{ id: string }>`select id from reviews where listing_id = ${listingId(r.listing)} and user_id = ${userId(r.user)}`.execute(trx);
          return found.rows[0]?.id;
        },
      },
    );

    const made = await picturesMade;
    if (made) await insertDemoPictures(trx, listings, made, listingId, pictures!.publicUrl);

    // The same rule and bookkeeping as the week-start job, so the job finds these weeks done.
    let awards = 0;
    for (const week of await weeksAwaitingAwards(trx, weekOf(now, timeZone))) awards += (await computeWeekAwards(trx, week)).winners;
    const catalog = await insertCatalog(trx, now, data.interviewAnswers.map((a) => ({ ...a, user_id: userId(a.user) })));

    const byStatus = (s: string) => listings.filter((l) => l.status === s).length;
    const galleryListings = new Set(made?.images.map((m) => m.listing)).size;
    const summary = [
      `${data.categories.length} categories`,
      `${attributeIds.size} category attributes`,
      `${listings.length} listings (${byStatus('live')} live, ${byStatus('scheduled')} scheduled, ${byStatus('awaiting_badge')} awaiting badge, ${byStatus('draft')} draft; ${listings.filter((l) => l.plan === 'paid').length} paid)`,
      `${users.length} users`,
      `${founders.length} founders`,
      `${activity.votes.length} votes`,
      `${activity.follows.length} follows`,
      `${activity.reviews.length} reviews`,
      `${discussions.comments} comments under ${discussions.listings} listings (${discussions.upvotes} upvotes, ${discussions.reports} open reports)`,
      `${awards} awards`,
      ...(made ? [`${made.logos.length} logos`, `${made.images.length} gallery images under ${galleryListings} listing${galleryListings === 1 ? '' : 's'}`] : []),
      `${activity.updates.length} updates`,
      `${catalog.posts} blog posts`,
      `${catalog.questions} interview questions`,
      `${catalog.products} products`,
    ].join(', ');
    return { loaded: true, summary };
  });
}

async function insertCatalog(
  trx: Conn,
  now: Date,
  answers: { user_id: string | null; question: number; answer: string; updatedAt: Date }[],
): Promise<{ posts: number; questions: number; products: number }> {
  const products = await bulkInsert(
    trx,
    'products',
    [
      { name: 'code', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'description', type: 'text' },
      { name: 'kind', type: 'text' },
      { name: 'price_cents', type: 'integer' },
      { name: 'position', type: 'integer' },
      { name: 'options', type: 'jsonb' },
    ],
    PRODUCTS.map((p, position) => ({ code: p.code, name: p.name, description: p.description, kind: p.kind, price_cents: p.priceCents, position, options: p.options })),
    // An administrator's own prices win over the demo's.
    { onConflict: 'on conflict (code) do nothing', returning: ['id'] },
  );

  let questions = 0;
  const haveQuestions = await sql<{ n: number }>`select count(*)::int as n from interview_questions`.execute(trx);
  if (haveQuestions.rows[0].n === 0) {
    const rows = await bulkInsert<{ id: string; question: string }>(
      trx,
      'interview_questions',
      [
        { name: 'question', type: 'text' },
        { name: 'position', type: 'integer' },
      ],
      INTERVIEW_QUESTIONS.map((q, position) => ({ question: q.question, position })),
      { returning: ['id', 'question'] },
    );
    questions = rows.length;
    const idByQuestion = new Map(rows.map((r) => [r.question, r.id]));
    await bulkInsert(
      trx,
      'interview_answers',
      [
        { name: 'user_id', type: 'bigint' },
        { name: 'question_id', type: 'bigint' },
        { name: 'answer', type: 'text' },
        { name: 'updated_at', type: 'timestamptz' },
      ],
      answers
        .filter((a) => a.user_id !== null)
        .map((a) => ({ user_id: a.user_id, question_id: idByQuestion.get(INTERVIEW_QUESTIONS[a.question].question), answer: a.answer, updated_at: a.updatedAt })),
      { onConflict: 'on conflict do nothing' },
    );
  }

  const posts = await bulkInsert(
    trx,
    'blog_posts',
    [
      { name: 'slug', type: 'text' },
      { name: 'title', type: 'text' },
      { name: 'excerpt', type: 'text' },
      { name: 'body_markdown', type: 'text' },
      { name: 'faqs', type: 'jsonb' },
      { name: 'author_name', type: 'text' },
      { name: 'tags', type: 'text[]' },
      { name: 'status', type: 'text' },
      { name: 'published_at', type: 'timestamptz' },
      { name: 'created_at', type: 'timestamptz' },
      { name: 'updated_at', type: 'timestamptz' },
    ],
    BLOG_POSTS.map((p, i) => {
      // Newest first in the list: post i went out about i * 9 days ago.
      const published = new Date(now.getTime() - (i * 9 + 2) * DAY);
      const created = new Date(published.getTime() - 3 * DAY);
      return {
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        body_markdown: blogMarkdown(p),
        faqs: p.faqs,
        author_name: p.author,
        tags: p.tags,
        status: p.draft ? 'draft' : 'published',
        published_at: p.draft ? null : published,
        created_at: p.draft ? new Date(now.getTime() - (i + 1) * DAY) : created,
        updated_at: p.draft ? new Date(now.getTime() - DAY) : published,
      };
    }),
    { onConflict: 'on conflict (slug) do nothing', returning: ['id'] },
  );
  return { posts: posts.length, questions, products: products.length };
}
