import { executePrepared } from './prepared.ts';
import { readBatch } from './read-batch.ts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, FaqRow, ListingStatus, PaidSection } from './schema.ts';
import { summaryColumns, viewsCount, type SummaryRow } from './listing-summary.ts';

/** An owner-approved alternative as a listing page shows it, with its primary category. */
type ApprovedRow = SummaryRow & { approved: boolean; primary_category_id: string | null };
import { relevanceSearch } from './relevance-search.ts';
import { BROWSE_LIMITS, boundedTotal, browse, listingFilters, type BrowseSort } from './browse.ts';
import { listingDocumentsStore } from './listing-documents-store.ts';

export type SearchSort = BrowseSort;

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
  vote_points: string;
  views_count: string;
  follows_count: number;
  comments_count: number;
  categories: { slug: string; name: string; primary: boolean }[];
  attributes: { key: string; label: string; value: string }[];
  founders: { slug: string; name: string; title: string | null; avatar_url: string | null }[];
  updates: { id: number; title: string; body: string; created_at: string }[];
  rating: { average: string | null; count: number };
  dr: { value: number; source: string; measured_at: string; previous: number | null } | null;
  milestones: { id: number; date: string; title: string; description: string | null; url: string | null }[] | null;
  media: { kind: 'image' | 'video'; url: string; caption: string | null; alt: string | null; width: number | null; height: number | null }[] | null;
}

export function listingsStore(db: Kysely<DB>) {
  const documents = listingDocumentsStore(db);
  // A public listing and its approved alternatives (live, in the owner's order), for every slug
  // asked for in the same turn (read-batch.ts): what a listing page's alternatives start from.
  const refsWithApproved = readBatch(async (slugs) => {
    const r = await executePrepared(db, sql<{ ref_slug: string; ref_id: string; ref_category_id: string | null; ref_status: ListingStatus } & Omit<ApprovedRow, 'id'> & { id: string | null }>`
      select r.slug as ref_slug, r.id as ref_id, r.primary_category_id as ref_category_id, r.status as ref_status, x.*
      from listings r
      left join lateral (
        select ${summaryColumns}, true as approved, l.primary_category_id
        from listing_alternatives a
        join listings l on l.id = a.alternative_id and l.status = 'live'
        left join categories pc on pc.id = l.primary_category_id
        where a.listing_id = r.id
        order by a.position, l.id
      ) x on true
      where r.slug = any(${slugs}::text[]) and r.status in ('live', 'scheduled')`);
    const found = new Map<string, { ref: { id: string; primary_category_id: string | null; status: ListingStatus }; approved: ApprovedRow[] }>();
    for (const { ref_slug, ref_id, ref_category_id, ref_status, ...row } of r.rows) {
      let entry = found.get(ref_slug);
      if (!entry) found.set(ref_slug, (entry = { ref: { id: ref_id, primary_category_id: ref_category_id, status: ref_status }, approved: [] }));
      // The lateral join keeps the listing's row once with nulls when it has no approved alternative.
      if (row.id !== null) entry.approved.push(row as ApprovedRow);
    }
    return found;
  });
  return {
    /** One page of public listings and the total across pages (an estimate past a bound: totalIsEstimate). */
    async search(query: SearchQuery): Promise<{ rows: SummaryRow[]; total: number; totalIsEstimate: boolean }> {
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
      if (tsq && query.sort === 'relevance') {
        const filters = listingFilters(query);
        if (query.categorySlug) {
          filters.push(sql`exists (select 1 from listing_category_cover cv join categories c on c.id = cv.category_id
            where c.slug = ${query.categorySlug} and cv.status = ${query.status} and cv.listing_id = l.id)`);
        }
        return relevanceSearch(db, { tsq, status: query.status, filters, limit: query.limit, offset: query.offset, likelyMatches: query.likelyMatches });
      }
      return browse(db, { ...query, text: tsq ? sql`l.search_vector @@ (${tsq})` : undefined });
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

    /** The precomputed public profile (migration 0038): one indexed lookup, the body when usable. */
    profileDocument: documents.publicDocument,
    /** What a document is computed from: the public profile row, its document's generation and the epoch, one snapshot. */
    async documentSource(slug: string): Promise<DocumentSource | undefined> {
      return (await documentSources(db, sql`l.slug = ${slug} and l.status in ('live', 'scheduled')`))[0];
    },
    /** The same for public listings by id (the documents job). */
    async documentSources(ids: string[]): Promise<DocumentSource[]> {
      // A batch's estimated cost (nine sub-selects a row) passes jit_above_cost, and compiling the
      // plan took seconds (3 s for 1,000 rows that ran in 0.1 s).
      return db.transaction().execute(async (trx) => {
        await sql`set local jit = off`.execute(trx);
        return documentSources(trx, sql`l.id = any(${ids}::bigint[]) and l.status in ('live', 'scheduled')`);
      });
    },
    /** Writes computed documents back where their generation still holds (listing-documents-store.ts). */
    keepDocuments: documents.keep,

    /** The highest listing id there is (the primary key's last entry), 0 when none: how far the sitemap's files go. */
    async lastListingId(): Promise<number> {
      const r = await sql<{ id: string | null }>`select max(id) as id from listings`.execute(db);
      return Number(r.rows[0]?.id ?? 0);
    },

    /** Slugs of the public listings with ids in (after, upTo], in id order: one primary-key range, at any directory size. */
    async publicSlugsInIdRange(after: number, upTo: number): Promise<string[]> {
      const r = await sql<{ slug: string }>`
        select slug from listings where id > ${after} and id <= ${upTo} and status in ('live', 'scheduled') order by id`.execute(db);
      return r.rows.map((row) => row.slug);
    },

    /**
     * A public listing's id, primary category and status with its owner-approved alternatives that
     * are live, in the owner's order (a handful), each with its primary category: one round trip,
     * because every listing page viewed for the first time asks it (two statements were two of the
     * seven a first view wrote to the database's socket). Undefined when no public listing has the slug.
     */
    refWithApproved: refsWithApproved,

    /**
     * A category's first `limit` live listings by votes (listings_primary_votes_idx) and how many
     * it holds, exactly up to a bound (boundedTotal): what every listing of the category shows
     * beside its approved alternatives, so the caller keeps it per category, not per listing.
     */
    async categoryLeaders(primaryCategoryId: string, limit: number) {
      const rows = await sql<SummaryRow & { approved: boolean }>`
        select ${summaryColumns}, false as approved
        from listings l left join categories pc on pc.id = l.primary_category_id
        where l.primary_category_id = ${primaryCategoryId}::bigint and l.status = 'live'
        order by l.votes_count desc, l.published_at asc nulls last, l.id
        limit ${limit}`.execute(db);
      const counted = await boundedTotal(db, sql`from listings l where l.primary_category_id = ${primaryCategoryId}::bigint and l.status = 'live'`, BROWSE_LIMITS.exactTotal);
      return { rows: rows.rows, ...counted };
    },

    /**
     * Alternatives past what categoryLeaders keeps (a deep page): the approved ones first, then
     * live listings of the same primary category by votes, the listing and those approved left out.
     */
    async alternatives(listingId: string, primaryCategoryId: string, approved: { id: string }[], limit: number, offset: number) {
      const skip = sql.join([sql`${listingId}::bigint`, ...approved.map((r) => sql`${r.id}::bigint`)], sql`, `);
      const fromWhere = sql`from listings l
        where l.primary_category_id = ${primaryCategoryId}::bigint and l.status = 'live' and l.id not in (${skip})`;
      const others = await sql<SummaryRow & { approved: boolean }>`
            select ${summaryColumns}, false as approved
            from listings l left join categories pc on pc.id = l.primary_category_id
            where l.id in (select l.id ${fromWhere}
              order by l.votes_count desc, l.published_at asc nulls last, l.id
              limit ${limit} offset ${offset})
            order by l.votes_count desc, l.published_at asc nulls last, l.id`.execute(db);
      const counted = await boundedTotal(db, fromWhere, BROWSE_LIMITS.exactTotal);
      return { rows: others.rows, ...counted };
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
        await sql`update listing_views lv set views = lv.views + v.n
          from unnest(${ids}::bigint[], ${ns}::int[]) as v(id, n) where lv.listing_id = v.id`.execute(trx);
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
  return (await profileRows(db, where, allPaidSections, false))[0];
}

/** A public profile row with its document's generation and the epoch (migration 0038), read in one snapshot. */
export type DocumentSource = ProfileRow & { generation: string | null; epoch: string };

/** Public profile rows to compute documents from (listing-documents-store.ts writes them back under `generation`). */
export async function documentSources(db: Kysely<DB>, where: RawBuilder<unknown>): Promise<DocumentSource[]> {
  return (await profileRows(db, where, false, true)) as DocumentSource[];
}

async function profileRows(db: Kysely<DB>, where: RawBuilder<unknown>, allPaidSections: boolean, document: boolean): Promise<ProfileRow[]> {
  // Prepared: planning this statement (nine sub-selects) cost more than running it for one listing.
  const result = await executePrepared(db, sql<ProfileRow>`
    select l.id, l.slug, l.name, l.url, l.domain, l.status, l.plan, l.launch_week, l.published_at,
      l.tagline, l.short_description, l.description, l.logo_url, l.demo_video_url, l.stage, l.country,
      l.city, l.founded_year, l.contact_email, l.pricing_model, l.pricing_summary, l.features, l.usps,
      l.keywords, l.tags, l.faqs, l.socials, l.story, l.unlocked_sections, l.not_found_on_website,
      l.revenue_mrr_cents, l.revenue_verified, l.votes_count, l.vote_points, ${viewsCount}, l.follows_count, l.comments_count,
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
        where lf.listing_id = l.id and f.hidden_at is null), '[]') as founders,
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
        select json_agg(json_build_object('kind', md.kind, 'url', md.url, 'caption', md.caption, 'alt', md.alt,
            'width', mf.width, 'height', mf.height) order by md.position, md.id)
        from listing_media md left join media_files mf on mf.source_hash = md.media_hash
        where md.listing_id = l.id), '[]') end as media
      ${document ? sql`, d.generation, (select s.epoch from listing_document_settings s) as epoch` : sql``}
    from listings l
    ${document ? sql`left join listing_documents d on d.listing_id = l.id` : sql``}
    where ${where}`);
  return result.rows;
}

export type ListingsStore = ReturnType<typeof listingsStore>;
