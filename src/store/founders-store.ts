import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema.ts';

export interface FounderCardRow {
  id: string;
  slug: string;
  name: string;
  title: string | null;
  avatar_url: string | null;
  country: string | null;
  companies: number;
  total: number;
}

/** A founder is public while at least one of their listings is live, unless a moderator hid the profile. */
const behindLiveListing = sql`f.hidden_at is null and exists (select 1 from listing_founders lf join listings l on l.id = lf.listing_id
  where lf.founder_id = f.id and l.status = 'live')`;

/** Part of a name, a misspelled whole name, or a misspelled part of one ("Jonathon" → "Jonathan Brightwater"). */
function filters(filter: { q?: string; country?: string }): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [behindLiveListing];
  if (filter.q) {
    const q = filter.q.toLowerCase();
    const like = '%' + q.replace(/[%_\\]/g, '\\$&') + '%';
    where.push(sql`(lower(f.name) like ${like} or lower(f.name) % ${q} or ${q} <% lower(f.name))`);
  }
  if (filter.country) where.push(sql`f.country = ${filter.country}`);
  return where;
}

export function foundersStore(db: Kysely<DB>) {
  return {
    async list(filter: { q?: string; country?: string; limit: number; offset: number }) {
      const where = filters(filter);
      const order = filter.q
        ? sql`greatest(similarity(lower(f.name), ${filter.q.toLowerCase()}), word_similarity(${filter.q.toLowerCase()}, lower(f.name))) desc, f.name, f.id`
        : sql`f.name, f.id`;
      const result = await sql<FounderCardRow>`
        select f.id, f.slug, f.name, f.title, f.avatar_url, f.country,
          (select count(*)::int from listing_founders lf join listings l on l.id = lf.listing_id
            where lf.founder_id = f.id and l.status = 'live') as companies,
          count(*) over ()::int as total
        from founders f
        where ${sql.join(where, sql` and `)}
        order by ${order}
        limit ${filter.limit} offset ${filter.offset}`.execute(db);
      return result.rows;
    },

    async count(filter: { q?: string; country?: string }) {
      const where = filters(filter);
      const r = await sql<{ n: number }>`select count(*)::int as n from founders f where ${sql.join(where, sql` and `)}`.execute(db);
      return r.rows[0].n;
    },

    /** The id of a public founder profile: its page's report link names the profile by id. */
    async idBySlug(slug: string) {
      const r = await sql<{ id: string }>`select f.id from founders f where f.slug = ${slug} and ${behindLiveListing}`.execute(db);
      return r.rows[0]?.id;
    },

    async profileBySlug(slug: string) {
      const result = await sql<{
        id: string;
        slug: string;
        name: string;
        title: string | null;
        bio: string;
        avatar_url: string | null;
        country: string | null;
        socials: Record<string, string>;
        companies: {
          slug: string;
          name: string;
          tagline: string | null;
          logo_url: string | null;
          role: string | null;
          story: Record<string, string> | null;
        }[];
        interview: { question_id: number; question: string; answer: string }[];
      }>`
        select f.id, f.slug, f.name, f.title, f.bio, f.avatar_url, f.country, f.socials,
          coalesce((select json_agg(json_build_object('slug', l.slug, 'name', l.name, 'tagline', l.tagline,
                'logo_url', l.logo_url, 'role', lf.title,
                'story', case when 'story' = any(l.unlocked_sections) then l.story end)
              order by l.published_at desc nulls last, l.id)
            from listing_founders lf join listings l on l.id = lf.listing_id
            where lf.founder_id = f.id and l.status = 'live'), '[]') as companies,
          coalesce((select json_agg(json_build_object('question_id', q.id, 'question', q.question, 'answer', a.answer)
              order by q.position, q.id)
            from interview_answers a join interview_questions q on q.id = a.question_id
            where f.user_id is not null and a.user_id = f.user_id and q.active), '[]') as interview
        from founders f
        where f.slug = ${slug} and ${behindLiveListing}`.execute(db);
      return result.rows[0];
    },
  };
}
export type FoundersStore = ReturnType<typeof foundersStore>;
