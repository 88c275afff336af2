import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, FaqRow, PaidSection } from './schema.ts';
import { descendantCategoryIds } from './categories-store.ts';
import { relevanceSearch } from './relevance-search.ts';

/** Columns of a listing card, selected by every query that returns summaries. */
export interface SummaryRow {
  id: string;
  slug: string;
  name: string;
  url: string;
  tagline: string | null;
  logo_url: string | null;
  status: 'live' | 'scheduled';
  plan: 'free' | 'paid';
  launch_week: string | null;
  pricing_model: string | null;
  country: string | null;
  stage: string | null;
  votes_count: number;
  views_count: string;
  follows_count: number;
  published_at: Date | null;
  category_slug: string | null;
  category_name: string | null;
}

export const summaryColumns = sql`l.id, l.slug, l.name, l.url, l.tagline, l.logo_url, l.status, l.plan,
  l.launch_week, l.pricing_model, l.country, l.stage, l.votes_count, l.views_count, l.follows_count,
  l.published_at, pc.slug as category_slug, pc.name as category_name`;

export type SearchSort = 'relevance' | 'newest' | 'votes' | 'trending' | 'most_viewed' | 'most_followed';

export interface SearchQuery {
  /** Typo-corrected query: every group must match, by any of its alternatives. */
  groups?: string[][];
  categorySlug?: string;
  stage?: string;
  country?: string;
  pricingModel?: string;
  domain?: string;
  status: 'live' | 'scheduled';
  sort: SearchSort;
  limit: number;
  offset: number;
  /** Trending: votes weighted by 0.5^(age / halfLife), over the window. */
  trending: { now: Date; halfLifeHours: number; windowDays: number };
  /** How many listings the words may match, from the dictionary's counts: picks a plan, never changes a result. */
  likelyMatches?: number;
}

export interface ProfileRow {
  id: string;
  slug: string;
  name: string;
  url: string;
  domain: string;
  status: 'live' | 'scheduled';
  plan: 'free' | 'paid';
  launch_week: string | null;
  published_at: Date | null;
  tagline: string | null;
  short_description: string | null;
  description: string | null;
  logo_url: string | null;
  demo_video_url: string | null;
  stage: string | null;
  country: string | null;
  city: string | null;
  founded_year: number | null;
  contact_email: string | null;
  pricing_model: string | null;
  pricing_summary: string | null;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[];
  faqs: FaqRow[];
  socials: Record<string, string>;
  story: Record<string, string> | null;
  unlocked_sections: PaidSection[];
  not_found_on_website: string[];
  revenue_mrr_cents: string | null;
  revenue_verified: boolean;
  votes_count: number;
  views_count: string;
  follows_count: number;
  categories: { slug: string; name: string; primary: boolean }[];
  attributes: { key: string; label: string; value: string }[];
  founders: { slug: string; name: string; title: string | null; avatar_url: string | null }[];
  updates: { id: number; title: string; body: string; created_at: string }[];
  rating: { average: string | null; count: number };
  dr: { value: number; source: string; measured_at: string; previous: number | null } | null;
  milestones: { id: number; date: string; title: string; description: string | null; url: string | null }[] | null;
  media: { kind: 'image' | 'video'; url: string; caption: string | null }[] | null;
}

export function listingsStore(db: Kysely<DB>) {
  return {
    /** One page of public listings and the total across pages. */
    async search(query: SearchQuery): Promise<{ rows: SummaryRow[]; total: number }> {
      const categoryIds = query.categorySlug ? await descendantCategoryIds(db, query.categorySlug) : undefined;
      if (categoryIds && categoryIds.length === 0) return { rows: [], total: 0 };
      const where: RawBuilder<unknown>[] = [];
      if (categoryIds) {
        where.push(sql`exists (select 1 from listing_categories lc
          where lc.listing_id = l.id and lc.category_id = any(${categoryIds}::bigint[]))`);
      }
      if (query.stage) where.push(sql`l.stage = ${query.stage}`);
      if (query.country) where.push(sql`l.country = ${query.country}`);
      if (query.pricingModel) where.push(sql`lower(l.pricing_model) = lower(${query.pricingModel})`);
      if (query.domain) {
        // Subdomains match a registrable domain ("example.com"), never a bare suffix like "com".
        where.push(
          query.domain.includes('.')
            ? sql`(l.domain = ${query.domain} or l.domain like ${'%.' + query.domain.replace(/[%_\\]/g, '\\$&')})`
            : sql`l.domain = ${query.domain}`,
        );
      }
      // Names are indexed unstemmed ('simple'), the rest stemmed ('english'): each word may match either.
      const q = query.groups?.length ? query.groups : undefined;
      const tsq = q
        ? sql.join(
            q.map((alts) => {
              const text = alts.join(' | ');
              return sql`(to_tsquery('english', ${text}) || to_tsquery('simple', ${text}))`;
            }),
            sql` && `,
          )
        : undefined;
      if (q && tsq && query.sort === 'relevance') {
        return relevanceSearch(db, { tsq, status: query.status, filters: where, limit: query.limit, offset: query.offset, likelyMatches: query.likelyMatches });
      }
      where.unshift(sql`l.status = ${query.status}`);
      if (q) where.push(sql`l.search_vector @@ (${tsq})`);

      const { now, halfLifeHours, windowDays } = query.trending;
      const trendingJoin =
        query.sort === 'trending'
          ? sql`left join (
              select v.listing_id,
                sum(power(0.5, extract(epoch from (${now}::timestamptz - v.created_at)) / ${halfLifeHours * 3600})) as score
              from votes v
              where v.created_at > ${now}::timestamptz - make_interval(days => ${windowDays})
                and v.created_at <= ${now}::timestamptz
              group by v.listing_id) t on t.listing_id = l.id`
          : sql``;

      const order = (() => {
        switch (query.sort) {
          case 'relevance':
            // Only without q: relevance to a query is relevanceSearch's.
            return sql`l.votes_count desc, l.published_at desc nulls last, l.id`;
          case 'newest':
            return sql`l.published_at desc nulls last, l.id desc`;
          case 'votes':
            // The same tie-break as the leaderboards and awards: the earlier launch first.
            return sql`l.votes_count desc, l.published_at nulls last, l.id`;
          case 'trending':
            return sql`coalesce(t.score, 0) desc, l.votes_count desc, l.id`;
          case 'most_viewed':
            return sql`l.views_count desc, l.id`;
          case 'most_followed':
            return sql`l.follows_count desc, l.id`;
        }
      })();

      // Rank the matches on narrow rows (id and sort keys); fetch the wide card columns only for
      // the page. Counting and sorting thousands of full rows spilled to disk at 100k listings.
      const result = await sql<SummaryRow & { total: number }>`
        with ranked as (
          select l.id, count(*) over ()::int as total, row_number() over (order by ${order}) as pos
          from listings l
          ${trendingJoin}
          where ${sql.join(where, sql` and `)}
          order by pos
          limit ${query.limit} offset ${query.offset}
        )
        select ${summaryColumns}, r.total
        from ranked r
        join listings l on l.id = r.id
        left join categories pc on pc.id = l.primary_category_id
        order by r.pos`.execute(db);
      const rows = result.rows;
      // count(*) over () is absent when the page is past the end; count separately then.
      const total = rows[0]?.total ?? (query.offset === 0 ? 0 : await countOnly());
      return { rows, total };

      async function countOnly() {
        const r = await sql<{ n: number }>`select count(*)::int as n from listings l where ${sql.join(where, sql` and `)}`.execute(db);
        return r.rows[0].n;
      }
    },

    /**
     * Known words that look like each query word (trigram similarity over the small search_terms
     * table), most similar and most used first. Words and terms are compared unaccented.
     * `documents`: per word, how many listings use it or one of its corrections (dictionary
     * counts, never decremented): a hint of how common the word is.
     */
    async suggestions(words: string[], perWord = 3): Promise<{ corrections: Map<string, string[]>; documents: Map<string, number> }> {
      if (!words.length) return { corrections: new Map(), documents: new Map() };
      const r = await sql<{ word: string; plain: string; terms: string[]; documents: number }>`
        select x.word, x.plain, x.terms,
          coalesce((select sum(t.documents) from search_terms t where t.term = any(x.terms || x.plain)), 0)::int as documents
        from (
          select w.word, ly_unaccent(w.word) as plain,
            coalesce((select array_agg(s.term order by s.sim desc, s.documents desc) from (
                select t.term, t.documents, similarity(t.term, ly_unaccent(w.word)) as sim from search_terms t
                where t.term % ly_unaccent(w.word)
                order by sim desc, t.documents desc limit ${perWord}) s), '{}') as terms
          from unnest(${words}::text[]) as w(word)) x`.execute(db);
      return {
        corrections: new Map(r.rows.map((row) => [row.word, row.plain === row.word ? row.terms : [row.plain, ...row.terms]])),
        documents: new Map(r.rows.map((row) => [row.word, row.documents])),
      };
    },

    /** A public (live or scheduled) listing with every section of its profile, in one round trip. */
    async profileBySlug(slug: string): Promise<ProfileRow | undefined> {
      return profileRow(db, sql`l.slug = ${slug} and l.status in ('live', 'scheduled')`, false);
    },

    /** id and primary category of a public listing, or undefined. */
    async publicRef(slug: string, statuses: readonly string[] = ['live', 'scheduled']) {
      return db
        .selectFrom('listings')
        .select(['id', 'slug', 'primary_category_id', 'status'])
        .where('slug', '=', slug)
        .where('status', 'in', statuses as ('live' | 'scheduled')[])
        .executeTakeFirst();
    },

    /** Owner-approved alternatives first, then live listings of the same primary category. */
    async alternatives(listingId: string, primaryCategoryId: string | null, limit: number, offset: number) {
      const result = await sql<SummaryRow & { approved: boolean; total: number }>`
        with approved as (
          select a.alternative_id as id, a.position from listing_alternatives a
          join listings x on x.id = a.alternative_id and x.status = 'live'
          where a.listing_id = ${listingId}
        ), candidates as (
          select id, true as approved, 0 as grp, position as pos, 0 as votes from approved
          union all
          select l.id, false, 1, 0, l.votes_count from listings l
          where ${primaryCategoryId}::bigint is not null and l.primary_category_id = ${primaryCategoryId}::bigint
            and l.status = 'live' and l.id <> ${listingId} and l.id not in (select id from approved)
        )
        select ${summaryColumns}, c.approved, count(*) over ()::int as total
        from candidates c
        join listings l on l.id = c.id
        left join categories pc on pc.id = l.primary_category_id
        order by c.grp, c.pos, c.votes desc, l.id
        limit ${limit} offset ${offset}`.execute(db);
      return result.rows;
    },

    /** Every category attribute two listings could state, with each listing's value. */
    async comparisonAttributes(aId: string, bId: string) {
      const result = await sql<{ key: string; label: string; a: string | null; b: string | null }>`
        with recursive cats as (
          select category_id as id from listing_categories where listing_id in (${aId}, ${bId})
          union
          select c.parent_id from categories c join cats on c.id = cats.id where c.parent_id is not null
        ), attrs as (
          -- Attributes of the listings' categories and of every category above them.
          select distinct on (ca.key) ca.id, ca.key, ca.label, ca.position
          from category_attributes ca
          where ca.category_id in (select id from cats)
          order by ca.key, ca.position
        )
        select at.key, at.label,
          (select v.value from listing_attribute_values v join category_attributes c2 on c2.id = v.attribute_id
            where v.listing_id = ${aId} and c2.key = at.key limit 1) as a,
          (select v.value from listing_attribute_values v join category_attributes c2 on c2.id = v.attribute_id
            where v.listing_id = ${bId} and c2.key = at.key limit 1) as b
        from attrs at
        order by at.position, at.key`.execute(db);
      return result.rows;
    },


    /** Adds buffered view counts: one statement for the totals, one for the daily rows. */
    async addViews(counts: Map<string, number>, day: string) {
      if (counts.size === 0) return;
      const ids = [...counts.keys()];
      const ns = ids.map((id) => counts.get(id)!);
      await db.transaction().execute(async (trx) => {
        await sql`update listings l set views_count = l.views_count + v.n
          from unnest(${ids}::bigint[], ${ns}::int[]) as v(id, n) where l.id = v.id`.execute(trx);
        await sql`insert into listing_view_days (listing_id, day, views)
          select v.id, ${day}::date, v.n from unnest(${ids}::bigint[], ${ns}::int[]) as v(id, n)
          where exists (select 1 from listings where id = v.id)
          on conflict (listing_id, day) do update set views = listing_view_days.views + excluded.views`.execute(trx);
      });
    },
  };
}

/**
 * One listing's whole profile row, in one round trip. The public profile asks only for the paid
 * sections the listing has unlocked; its owner (get_my_listing) sees them all.
 */
export async function profileRow(db: Kysely<DB>, where: RawBuilder<unknown>, allPaidSections: boolean): Promise<ProfileRow | undefined> {
  const result = await sql<ProfileRow>`
    select l.id, l.slug, l.name, l.url, l.domain, l.status, l.plan, l.launch_week, l.published_at,
      l.tagline, l.short_description, l.description, l.logo_url, l.demo_video_url, l.stage, l.country,
      l.city, l.founded_year, l.contact_email, l.pricing_model, l.pricing_summary, l.features, l.usps,
      l.keywords, l.tags, l.faqs, l.socials, l.story, l.unlocked_sections, l.not_found_on_website,
      l.revenue_mrr_cents, l.revenue_verified, l.votes_count, l.views_count, l.follows_count,
      coalesce((select json_agg(json_build_object('slug', c.slug, 'name', c.name, 'primary', lc.is_primary)
          order by lc.is_primary desc, lc.position, c.name)
        from listing_categories lc join categories c on c.id = lc.category_id
        where lc.listing_id = l.id), '[]') as categories,
      -- One value per key: two categories may both define a key (e.g. api_available).
      coalesce((select json_agg(json_build_object('key', s.key, 'label', s.label, 'value', s.value)
          order by s.position, s.key)
        from (select distinct on (a.key) a.key, a.label, a.position, v.value
              from listing_attribute_values v join category_attributes a on a.id = v.attribute_id
              where v.listing_id = l.id order by a.key, a.position, a.id) s), '[]') as attributes,
      coalesce((select json_agg(json_build_object('slug', f.slug, 'name', f.name,
            'title', coalesce(lf.title, f.title), 'avatar_url', f.avatar_url) order by lf.position, f.id)
        from listing_founders lf join founders f on f.id = lf.founder_id
        where lf.listing_id = l.id), '[]') as founders,
      coalesce((select json_agg(u order by u.created_at desc, u.id desc) from (
          select id, title, body, created_at from listing_updates
          where listing_id = l.id order by created_at desc, id desc limit 5) u), '[]') as updates,
      (select json_build_object('average', round(avg(r.rating)::numeric, 1), 'count', count(*))
        from reviews r
        where r.listing_id = l.id and r.status = 'published'
          and r.user_id is distinct from l.owner_id
          and not exists (select 1 from listing_founders lf join founders f on f.id = lf.founder_id
                          where lf.listing_id = l.id and f.user_id = r.user_id)) as rating,
      (select json_build_object('value', d.value, 'source', d.source, 'measured_at', d.measured_at,
            'previous', (select p.value from domain_rating_snapshots p
                         where p.listing_id = l.id and p.measured_at < d.measured_at
                         order by p.measured_at desc limit 1))
        from domain_rating_snapshots d where d.listing_id = l.id
        order by d.measured_at desc limit 1) as dr,
      case when ${allPaidSections}::boolean or 'milestones' = any(l.unlocked_sections) then coalesce((
        select json_agg(json_build_object('id', m.id, 'date', m.date, 'title', m.title,
            'description', m.description, 'url', m.url) order by m.date desc, m.id desc)
        from milestones m where m.listing_id = l.id), '[]') end as milestones,
      case when ${allPaidSections}::boolean or 'media' = any(l.unlocked_sections) then coalesce((
        select json_agg(json_build_object('kind', md.kind, 'url', md.url, 'caption', md.caption)
            order by md.position, md.id)
        from listing_media md where md.listing_id = l.id), '[]') end as media
    from listings l
    where ${where}`.execute(db);
  return result.rows[0];
}

export type ListingsStore = ReturnType<typeof listingsStore>;
