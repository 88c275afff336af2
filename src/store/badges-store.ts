import { sql, type Kysely } from 'kysely';
import { executePrepared } from './prepared.ts';
import { readBatch } from './read-batch.ts';
import type { DB } from './schema.ts';

/** Everything the badges of one listing depend on, with the site name and timezone they need. */
export interface BadgeSubjectRow {
  slug: string;
  name: string;
  /** awaiting_badge only when asked for (badge images: a queued free listing embeds its badge before it is public). */
  status: 'live' | 'scheduled' | 'awaiting_badge';
  plan: 'free' | 'paid';
  launch_week: string | null;
  verified: boolean;
  awards: { week: string; place: number }[];
  site_name: string;
  timezone: string;
}

const subjectColumns = sql`l.slug, l.name, l.status, l.plan, l.launch_week, l.verified_at is not null as verified,
  coalesce((select json_agg(json_build_object('week', a.week, 'place', a.place) order by a.place, a.week desc)
            from awards a where a.listing_id = l.id), '[]'::json) as awards,
  s.name as site_name, s.timezone`;

export function badgesStore(db: Kysely<DB>) {
  // The public listings' facts, for every slug asked for in the same turn (read-batch.ts).
  const publicSubjects = readBatch<BadgeSubjectRow>(async (slugs) => {
    const result = await executePrepared(db, sql<BadgeSubjectRow>`
      select ${subjectColumns}
      from listings l cross join site_settings s
      where l.slug = any(${slugs}::text[]) and l.status in ('live', 'scheduled') and s.id = 1`);
    return new Map(result.rows.map((row) => [row.slug, row]));
  });
  return {
    /**
     * A public (live or scheduled) listing's badge facts in one round trip; undefined when there
     * is none. Badge images are fetched by every visitor of every page that embeds one.
     */
    async subject(slug: string, opts: { awaitingBadge?: boolean } = {}): Promise<BadgeSubjectRow | undefined> {
      if (!opts.awaitingBadge) return publicSubjects(slug);
      // A listing queued on the free plan (choose_free_listing) shows its badge before it is public:
      // the badge check looks for that very image on its homepage.
      const result = await executePrepared(db, sql<BadgeSubjectRow>`
        select ${subjectColumns}
        from listings l cross join site_settings s
        where l.slug = ${slug} and (l.status in ('live', 'scheduled') or (l.status = 'awaiting_badge' and l.free_queued_at is not null)) and s.id = 1`);
      return result.rows[0];
    },
  };
}
export type BadgesStore = ReturnType<typeof badgesStore>;
