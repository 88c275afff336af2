import { sql, type Kysely } from 'kysely';
import type { DB, FaqRow } from './schema.ts';

export interface BlogCardRow {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author_name: string;
  cover_url: string | null;
  tags: string[];
  published_at: Date;
  total: number;
}

/** Full text over title, excerpt and body, or a (misspelled) title or word of the title. */
const matches = (q: string) =>
  sql`(p.search_vector @@ websearch_to_tsquery('english', ly_unaccent(${q}))
    or lower(p.title) % ${q.toLowerCase()} or ${q.toLowerCase()} <% lower(p.title))`;

export function blogStore(db: Kysely<DB>) {
  return {
    /** Published posts: newest first, or best match first when q is given. */
    async list(filter: { q?: string; limit: number; offset: number }) {
      const q = filter.q?.trim() || undefined;
      const tsq = sql`websearch_to_tsquery('english', ly_unaccent(${q ?? ''}))`;
      const match = q ? sql`and ${matches(q)}` : sql``;
      const order = q
        ? sql`ts_rank_cd(p.search_vector, ${tsq}) + greatest(similarity(lower(p.title), ${q.toLowerCase()}), word_similarity(${q.toLowerCase()}, lower(p.title))) desc, p.published_at desc, p.id desc`
        : sql`p.published_at desc, p.id desc`;
      const result = await sql<BlogCardRow>`
        select p.id, p.slug, p.title, p.excerpt, p.author_name, p.cover_url, p.tags, p.published_at,
          count(*) over ()::int as total
        from blog_posts p
        where p.status = 'published' and p.published_at <= now() ${match}
        order by ${order}
        limit ${filter.limit} offset ${filter.offset}`.execute(db);
      return result.rows;
    },

    async count(q?: string) {
      q = q?.trim() || undefined;
      const match = q ? sql`and ${matches(q)}` : sql``;
      const r = await sql<{ n: number }>`select count(*)::int as n from blog_posts p
        where p.status = 'published' and p.published_at <= now() ${match}`.execute(db);
      return r.rows[0].n;
    },

    async bySlug(slug: string) {
      return (await db
        .selectFrom('blog_posts')
        .select(['id', 'slug', 'title', 'excerpt', 'body_markdown', 'faqs', 'author_name', 'cover_url', 'tags', 'published_at', 'updated_at'])
        .where('slug', '=', slug)
        .where('status', '=', 'published')
        .where('published_at', '<=', sql<Date>`now()`)
        .executeTakeFirst()) as
        | {
            id: string;
            slug: string;
            title: string;
            excerpt: string;
            body_markdown: string;
            faqs: FaqRow[];
            author_name: string;
            cover_url: string | null;
            tags: string[];
            published_at: Date;
            updated_at: Date;
          }
        | undefined;
    },
  };
}
export type BlogStore = ReturnType<typeof blogStore>;
