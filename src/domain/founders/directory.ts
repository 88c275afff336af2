import type { FoundersStore } from '../../store/founders-store.ts';
import { notFound } from '../errors.ts';
import { listingLinks, toStory } from '../listings/present.ts';
import { limitOffset, pageOf, totalOf, type PageRequest } from '../pagination.ts';

export function createFounderDirectory(deps: { store: FoundersStore; publicUrl: string }) {
  const { store, publicUrl } = deps;
  return {
    async list(input: PageRequest & { q?: string; country?: string }) {
      const { limit, offset } = limitOffset(input);
      const filter = { q: input.q?.trim() || undefined, country: input.country };
      const rows = await store.list({ ...filter, limit, offset });
      const total = await totalOf(rows, input, () => store.count(filter));
      return pageOf(
        rows.map(({ id: _id, total: _t, ...card }) => card),
        input,
        total,
      );
    },

    /** A public profile's id (for its report link), undefined when there is none. */
    idOf: (slug: string) => store.idBySlug(slug),

    async profile(slug: string) {
      const row = await store.profileBySlug(slug);
      if (!row) throw notFound('founder_not_found', `No founder with slug "${slug}".`);
      return {
        slug: row.slug,
        name: row.name,
        title: row.title,
        bio: row.bio,
        avatar_url: row.avatar_url,
        country: row.country,
        socials: row.socials,
        companies: row.companies.map((c) => ({
          slug: c.slug,
          name: c.name,
          tagline: c.tagline,
          logo_url: c.logo_url,
          role: c.role,
          links: listingLinks(publicUrl, c.slug),
        })),
        stories: row.companies.filter((c) => c.story).map((c) => ({ listing: c.slug, story: toStory(c.story) })),
        interview: row.interview,
      };
    },
  };
}
