import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, DraftsTable, DraftStage, DraftStatus } from './schema.ts';
import { crawlPagesStore } from './crawl-pages-store.ts';
import { draftListingsStore } from './draft-listings-store.ts';
import type { FieldRecord } from '../domain/drafts/field-states.ts';
import type { Evidence } from '../extraction/types.ts';
import { transactional } from './transactional.ts';

export interface DraftFaqRecord {
  question: string;
  answer: string;
  evidence: Evidence[];
}
export interface DraftFounderRecord {
  name: string;
  title: string | null;
  bio: string | null;
  evidence: Evidence[];
}
export interface DraftMilestoneRecord {
  id: number;
  date: string;
  title: string;
  description: string | null;
  url: string | null;
}
export interface DraftComparison {
  competitor: { url: string; name: string | null; tagline: string | null; pricing_model: string | null; features: string[] };
  rows: { field: string; ours: string | string[] | null; theirs: string | string[] | null }[];
  shared_terms: string[];
  only_ours: string[];
  only_theirs: string[];
  compared_at: string;
}
export interface DraftCompetitorRecord {
  url: string;
  status: 'pending' | 'ready' | 'failed';
  reason: string | null;
  comparison: DraftComparison | null;
}
export type OwnerSection = 'faqs' | 'founders' | 'company_socials';

/**
 * The copy the site keeps of a drafted logo (domain/drafts/kept-logo.ts, jobs/draft-logo.ts):
 * where it is downloaded from, whether that worked, the kept picture's address (its 256 px PNG).
 */
export interface DraftLogoRecord {
  source_url: string;
  /** The logo the draft found (its logo_url value), or the site's og:image when it found none. */
  from: 'logo_url' | 'og_image';
  status: 'pending' | 'kept' | 'refused';
  /** The kept picture (logoUrl of media/variants.ts) while status is kept. */
  url: string | null;
  /** Why it could not be kept, in a sentence (status refused). */
  reason: string | null;
}

/** A draft row with its JSON columns typed. */
export interface DraftRecord extends Omit<Selectable<DraftsTable>, 'fields' | 'faqs' | 'founders' | 'milestones' | 'competitor' | 'owner_sections' | 'logo_copy'> {
  fields: Partial<Record<string, FieldRecord>>;
  faqs: DraftFaqRecord[];
  founders: DraftFounderRecord[];
  milestones: DraftMilestoneRecord[];
  competitor: DraftCompetitorRecord | null;
  owner_sections: OwnerSection[];
  logo_copy: DraftLogoRecord | null;
}

/** What a write may change; JSON columns as objects (serialised here). */
export interface DraftChanges {
  status?: DraftStatus;
  stage?: DraftStage;
  pages_fetched?: number;
  pages_planned?: number;
  fields_drafted?: number;
  failure_code?: string | null;
  failure_reason?: string | null;
  fields?: Partial<Record<string, FieldRecord>>;
  faqs?: DraftFaqRecord[];
  founders?: DraftFounderRecord[];
  company_socials?: Record<string, string>;
  founder_socials?: Record<string, string>;
  story?: Record<string, string | null> | null;
  milestones?: DraftMilestoneRecord[];
  seo?: { title: string | null; meta: string | null } | null;
  competitor?: DraftCompetitorRecord | null;
  logo_copy?: DraftLogoRecord | null;
  /** The kept logo's picture (media_files): set with logo_copy, null unless it is kept. */
  logo_hash?: string | null;
  skipped?: Array<{ url: string; reason: string }>;
  /** The pages the crawl has read so far (url after redirects, title). */
  pages_read?: Array<{ url: string; title: string }>;
  owner_sections?: OwnerSection[];
  listing_id?: string | null;
  submitted_at?: Date | null;
}

const JSON_COLUMNS = ['fields', 'faqs', 'founders', 'company_socials', 'founder_socials', 'story', 'milestones', 'seo', 'competitor', 'logo_copy', 'skipped', 'pages_read'] as const;

function serialise(changes: DraftChanges): Record<string, unknown> {
  const out: Record<string, unknown> = { ...changes };
  for (const k of JSON_COLUMNS) if (k in changes) out[k] = JSON.stringify(changes[k] ?? null);
  return out;
}

export interface DraftListRow {
  id: string;
  status: DraftStatus;
  url: string;
  fields: Partial<Record<string, FieldRecord>>;
  faqs: DraftFaqRecord[];
  founders: DraftFounderRecord[];
  company_socials: Record<string, string>;
  listing_id: string | null;
  created_at: Date;
  updated_at: Date;
  total: number;
}

/** Drafts (migrations/0006_drafts.sql). Pass a transaction handle as `db` to work inside it. */
export function draftsStore(db: Kysely<DB>) {
  return {
    async create(p: { ownerId: string; url: string; fields: Record<string, FieldRecord>; at: Date }): Promise<DraftRecord> {
      const row = await db
        .insertInto('drafts')
        .values({ owner_id: p.ownerId, url: p.url, status: 'crawling', stage: 'queued', fields: JSON.stringify(p.fields), faqs: '[]', founders: '[]', company_socials: '{}', founder_socials: '{}', story: undefined, milestones: '[]', seo: undefined, competitor: undefined, created_at: p.at, updated_at: p.at })
        .returningAll()
        .executeTakeFirstOrThrow();
      return row as unknown as DraftRecord;
    },

    async get(id: string, opts: { forUpdate?: boolean } = {}): Promise<DraftRecord | undefined> {
      let q = db.selectFrom('drafts').selectAll().where('id', '=', id);
      if (opts.forUpdate) q = q.forUpdate();
      return (await q.executeTakeFirst()) as unknown as DraftRecord | undefined;
    },

    async update(id: string, changes: DraftChanges, at: Date): Promise<DraftRecord> {
      const row = await db
        .updateTable('drafts')
        .set({ ...serialise(changes), updated_at: at } as never)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return row as unknown as DraftRecord;
    },

    /**
     * Writes pipeline progress only while the draft is still in the pipeline: a late progress
     * report never overwrites a finished or failed draft. False when the draft left the pipeline.
     */
    async progress(id: string, changes: DraftChanges, at: Date): Promise<boolean> {
      const r = await db
        .updateTable('drafts')
        .set({ ...serialise(changes), updated_at: at } as never)
        .where('id', '=', id)
        .where('status', 'in', ['crawling', 'drafting'])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async listByOwner(ownerId: string, limit: number, offset: number): Promise<DraftListRow[]> {
      const r = await sql<DraftListRow>`
        select id, status, url, fields, faqs, founders, company_socials, listing_id, created_at, updated_at,
          count(*) over ()::int as total
        from drafts where owner_id = ${ownerId}
        order by created_at desc, id desc
        limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    async countByOwner(ownerId: string): Promise<number> {
      const r = await sql<{ n: number }>`select count(*)::int as n from drafts where owner_id = ${ownerId}`.execute(db);
      return r.rows[0].n;
    },

    /** Drafts in the pipeline whose last change is older than `before`, oldest first. */
    async stuck(before: Date, limit = 100) {
      return db
        .selectFrom('drafts')
        .select(['id', 'status', 'stage', 'pipeline_sends', 'updated_at'])
        .where('status', 'in', ['crawling', 'drafting'])
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
    },

    /** Counts a re-send of the pipeline; only while the draft is still waiting in the queue. */
    async markResent(id: string, at: Date): Promise<boolean> {
      const r = await sql`update drafts set pipeline_sends = pipeline_sends + 1, updated_at = ${at}
        where id = ${id} and status = 'crawling' and stage = 'queued'`.execute(db);
      return Number(r.numAffectedRows ?? 0) > 0;
    },

    /** Every category's name and the words it is also known by, for the extractor and the verifier. */
    async categoryVocabulary(): Promise<{ categoryNames: string[]; categoryKeywords: Record<string, string[]> }> {
      const rows = await db.selectFrom('categories').select(['name', 'keywords']).orderBy('name').execute();
      return { categoryNames: rows.map((r) => r.name), categoryKeywords: Object.fromEntries(rows.map((r) => [r.name, r.keywords])) };
    },

    /** Names of every category, for validation. */
    async categoryNames(): Promise<string[]> {
      const rows = await db.selectFrom('categories').select('name').orderBy('name').execute();
      return rows.map((r) => r.name);
    },
  };
}
export type DraftsStore = ReturnType<typeof draftsStore>;

function bind(db: Kysely<DB>) {
  return { drafts: draftsStore(db), pages: crawlPagesStore(db), listings: draftListingsStore(db) };
}
export type DraftStoresIn = ReturnType<typeof bind>;

/** The stores drafts use, and one transaction over all of them (PGlite: never a second connection inside). */
export function draftStores(db: Kysely<DB>) {
  return transactional(db, bind);
}
export type DraftStores = ReturnType<typeof draftStores>;
