import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import type { PageLink, PageSnapshot } from '../crawler/types.ts';

export type CrawlPurpose = 'site' | 'competitor';

/** Crawl snapshots of a draft: the evidence base. Pass a transaction handle as `db` to work inside it. */
export function crawlPagesStore(db: Kysely<DB>) {
  return {
    /** Replaces the draft's pages of this purpose (a re-run keeps only the newest crawl). */
    async replace(draftId: string, purpose: CrawlPurpose, pages: PageSnapshot[]) {
      await db.deleteFrom('crawl_pages').where('draft_id', '=', draftId).where('purpose', '=', purpose).execute();
      if (pages.length === 0) return;
      await db
        .insertInto('crawl_pages')
        .values(
          pages.map((p, i) => ({
            draft_id: draftId,
            purpose,
            position: i,
            url: p.url,
            final_url: p.finalUrl,
            fetched_at: p.fetchedAt,
            status: p.status,
            content_type: p.contentType,
            hash: p.hash,
            title: p.title,
            lang: p.lang,
            text: p.text,
            html: p.html,
            links: JSON.stringify(p.links),
          })),
        )
        .execute();
    },

    async list(draftId: string, purpose: CrawlPurpose): Promise<PageSnapshot[]> {
      const rows = await db
        .selectFrom('crawl_pages')
        .selectAll()
        .where('draft_id', '=', draftId)
        .where('purpose', '=', purpose)
        .orderBy('position')
        .execute();
      return rows.map((r) => ({
        url: r.url,
        finalUrl: r.final_url,
        fetchedAt: new Date(r.fetched_at),
        status: r.status,
        contentType: r.content_type,
        hash: r.hash,
        title: r.title,
        lang: r.lang,
        html: r.html,
        text: r.text,
        links: r.links as PageLink[],
      }));
    },
  };
}
export type CrawlPagesStore = ReturnType<typeof crawlPagesStore>;
