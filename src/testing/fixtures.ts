import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, ListingsTable } from '../store/schema.ts';
import { weekOf } from '../domain/launches/weeks.ts';

let seq = 0;
const next = () => ++seq;

type ListingInput = Partial<
  Omit<Insertable<ListingsTable>, 'faqs' | 'socials' | 'story' | 'revenue_mrr_cents'>
> & {
  slug?: string;
  category?: string;
  extraCategories?: string[];
  faqs?: { question: string; answer: string }[];
  socials?: Record<string, string>;
  story?: Record<string, string> | null;
  views_count?: number;
  revenue_mrr_cents?: number | null;
};

/** Inserts test rows with sensible defaults; every builder returns the new row's id. */
export function fixtures(db: Kysely<DB>) {
  const fx = {
    async user(p: { email?: string; name?: string } = {}) {
      const n = next();
      const row = await db
        .insertInto('users')
        .values({ email: p.email ?? `user${n}@test.example`, name: p.name ?? `User ${n}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * A category exactly as the test declares it. A fresh database has the default tree
     * (migration 0015): a declared slug that is in it takes the declared name, place and FAQs,
     * and loses its default attributes and keywords, so the test sees only what it set up.
     */
    async category(p: { slug: string; name?: string; parent?: string; description?: string; position?: number; faqs?: unknown[] }) {
      const parentId = p.parent ? (await db.selectFrom('categories').select('id').where('slug', '=', p.parent).executeTakeFirstOrThrow()).id : null;
      const values = {
        name: p.name ?? p.slug.replace(/-/g, ' '),
        description: p.description ?? `All about ${p.slug}.`,
        parent_id: parentId,
        position: p.position ?? 0,
        faqs: JSON.stringify(p.faqs ?? []),
        keywords: [],
      };
      const row = await db
        .insertInto('categories')
        .values({ slug: p.slug, ...values })
        .onConflict((oc) => oc.column('slug').doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.deleteFrom('category_attributes').where('category_id', '=', row.id).execute();
      return row.id;
    },

    async attribute(category: string, p: { key: string; label?: string; kind?: 'text' | 'boolean' | 'number' | 'list'; position?: number }) {
      const cat = await db.selectFrom('categories').select('id').where('slug', '=', category).executeTakeFirstOrThrow();
      const row = await db
        .insertInto('category_attributes')
        .values({ category_id: cat.id, key: p.key, label: p.label ?? p.key, kind: p.kind ?? 'text', position: p.position ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async attributeValue(listingId: string, attributeId: string, value: string) {
      await db.insertInto('listing_attribute_values').values({ listing_id: listingId, attribute_id: attributeId, value }).execute();
    },

    async listing(p: ListingInput = {}) {
      const n = next();
      const slug = p.slug ?? `listing-${n}`;
      const { category, extraCategories, faqs, socials, story, views_count, ...cols } = p;
      const catId = category
        ? (await db.selectFrom('categories').select('id').where('slug', '=', category).executeTakeFirstOrThrow()).id
        : null;
      const row = await db
        .insertInto('listings')
        .values({
          name: p.name ?? `Listing ${n}`,
          url: p.url ?? `https://${slug}.example`,
          domain: p.domain ?? `${slug}.example`,
          status: 'live',
          plan: 'free',
          published_at: p.status && p.status !== 'live' ? null : new Date('2026-01-05T10:00:00Z'),
          ...cols,
          slug,
          primary_category_id: catId,
          faqs: JSON.stringify(faqs ?? []),
          socials: JSON.stringify(socials ?? {}),
          story: story === undefined || story === null ? null : JSON.stringify(story),
          revenue_mrr_cents: p.revenue_mrr_cents === undefined || p.revenue_mrr_cents === null ? null : String(p.revenue_mrr_cents),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      if (views_count) await db.updateTable('listing_views').set({ views: views_count }).where('listing_id', '=', row.id).execute();
      if (catId) {
        await db.insertInto('listing_categories').values({ listing_id: row.id, category_id: catId, is_primary: true }).execute();
      }
      for (const [i, extra] of (extraCategories ?? []).entries()) {
        const c = await db.selectFrom('categories').select('id').where('slug', '=', extra).executeTakeFirstOrThrow();
        await db.insertInto('listing_categories').values({ listing_id: row.id, category_id: c.id, is_primary: false, position: i + 1 }).execute();
      }
      return row.id;
    },

    /** A site vote (full weight unless `points` says otherwise), keeping the listing's counter in step as the site would. */
    async vote(listingId: string, userId: string, at = new Date('2026-01-06T12:00:00Z'), points = 1000) {
      await db
        .insertInto('votes')
        .values({ listing_id: listingId, user_id: userId, week: weekOf(at, 'UTC'), created_at: at, points, seen_on: 'listing' })
        .execute();
      await sql`update listings set votes_count = votes_count + 1 where id = ${listingId}`.execute(db);
    },

    async founder(p: { slug?: string; name?: string; country?: string | null; userId?: string; bio?: string; title?: string } = {}) {
      const n = next();
      const row = await db
        .insertInto('founders')
        .values({
          slug: p.slug ?? `founder-${n}`,
          name: p.name ?? `Founder ${n}`,
          country: p.country === undefined ? 'DE' : p.country,
          user_id: p.userId ?? null,
          bio: p.bio ?? 'Builds things.',
          title: p.title ?? 'CEO',
          socials: JSON.stringify({ x: 'https://x.com/founder' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async founderOf(listingId: string, founderId: string, position = 0, title: string | null = null) {
      await db.insertInto('listing_founders').values({ listing_id: listingId, founder_id: founderId, position, title }).execute();
    },

    async review(listingId: string, userId: string, rating: number, status: 'published' | 'pending' | 'rejected' = 'published') {
      await db.insertInto('reviews').values({ listing_id: listingId, user_id: userId, rating, status, body: 'Review.' }).execute();
    },

    async domainRating(listingId: string, value: number, measuredAt: string, source = 'manual') {
      await db.insertInto('domain_rating_snapshots').values({ listing_id: listingId, value, source, measured_at: measuredAt }).execute();
    },

    async alternative(listingId: string, alternativeId: string, position = 0) {
      await db.insertInto('listing_alternatives').values({ listing_id: listingId, alternative_id: alternativeId, position }).execute();
    },

    async update(listingId: string, title: string, createdAt: string) {
      await db.insertInto('listing_updates').values({ listing_id: listingId, title, body: `${title} body`, created_at: createdAt }).execute();
    },

    async milestone(listingId: string, date: string, title: string) {
      await db.insertInto('milestones').values({ listing_id: listingId, date, title }).execute();
    },

    async media(listingId: string, url: string) {
      await db.insertInto('listing_media').values({ listing_id: listingId, kind: 'image', url }).execute();
    },

    async billboard(listingId: string, cents: number) {
      await db.insertInto('billboard_contributions').values({ listing_id: listingId, amount_cents: cents }).execute();
    },

    async blogPost(p: { slug: string; title?: string; body?: string; status?: 'draft' | 'published'; published_at?: string | null; faqs?: unknown[] }) {
      await db
        .insertInto('blog_posts')
        .values({
          slug: p.slug,
          title: p.title ?? p.slug,
          excerpt: `About ${p.slug}`,
          body_markdown: p.body ?? `# ${p.slug}\n\nText.`,
          author_name: 'Editor',
          status: p.status ?? 'published',
          published_at: p.published_at === undefined ? '2026-01-01T00:00:00Z' : p.published_at,
          faqs: JSON.stringify(p.faqs ?? []),
        })
        .execute();
    },

    async question(question: string, position = 0, active = true) {
      const row = await db.insertInto('interview_questions').values({ question, position, active }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async answer(userId: string, questionId: string, answer: string) {
      await db.insertInto('interview_answers').values({ user_id: userId, question_id: questionId, answer }).execute();
    },

    async product(p: { code: string; price_cents: number; kind?: 'paid_launch' | 'extra_category' | 'section_unlock' | 'billboard' | 'featured'; active?: boolean; needs_listing?: boolean; position?: number; options?: Record<string, unknown> }) {
      await db
        .insertInto('products')
        .values({
          code: p.code,
          name: p.code,
          kind: p.kind ?? 'paid_launch',
          price_cents: p.price_cents,
          active: p.active ?? true,
          needs_listing: p.needs_listing ?? true,
          position: p.position ?? 0,
          options: JSON.stringify(p.options ?? {}),
        })
        .execute();
    },
  };
  return fx;
}
