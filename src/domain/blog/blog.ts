import type { BlogStore } from '../../store/blog-store.ts';
import { notFound } from '../errors.ts';
import { limitOffset, pageOf, totalOf, type PageRequest } from '../pagination.ts';

export function createBlog(deps: { store: BlogStore }) {
  const { store } = deps;
  return {
    async list(input: PageRequest & { q?: string }) {
      const { limit, offset } = limitOffset(input);
      const rows = await store.list({ q: input.q, limit, offset });
      const total = await totalOf(rows, input, () => store.count(input.q));
      return pageOf(
        rows.map((r) => ({
          slug: r.slug,
          title: r.title,
          excerpt: r.excerpt,
          author: r.author_name,
          cover_url: r.cover_url,
          tags: r.tags,
          published_at: new Date(r.published_at).toISOString(),
        })),
        input,
        total,
      );
    },

    async post(slug: string) {
      const p = await store.bySlug(slug);
      if (!p) throw notFound('blog_post_not_found', `No blog post with slug "${slug}".`);
      return {
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        author: p.author_name,
        cover_url: p.cover_url,
        tags: p.tags,
        published_at: new Date(p.published_at).toISOString(),
        updated_at: new Date(p.updated_at).toISOString(),
        body_markdown: p.body_markdown,
        faqs: p.faqs,
      };
    },
  };
}
