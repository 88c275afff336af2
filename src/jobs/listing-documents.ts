import type { ListingDocumentsStore } from '../store/listing-documents-store.ts';
import type { DocumentSource } from '../store/listings-store.ts';
import { profileDocument } from '../domain/listings/profile-document.ts';
import type { JobDispatcher } from './dispatch.ts';

export const LISTING_DOCUMENTS_JOB = 'listing-documents';
/** A safety net: the change feed sends the job as changes come (listing-documents-feed.ts). */
export const LISTING_DOCUMENTS_CRON = '*/10 * * * *';
/** Profiles computed per run: one statement reads them, one writes them (about 0.1–0.3 s on PostgreSQL). */
export const LISTING_DOCUMENTS_BATCH = 500;
/** Bodies of an older epoch emptied per run (one indexed update). */
export const LISTING_DOCUMENTS_EMPTIED = 5_000;

export interface ListingDocumentsDeps {
  documents: ListingDocumentsStore;
  /** Profile rows with their generation and the epoch, one snapshot (listings-store.ts documentSources). */
  sources: (ids: string[]) => Promise<DocumentSource[]>;
  publicUrl: string;
  /** Where the next batch is sent; without it (seed:scale) the caller loops. */
  jobs?: JobDispatcher;
  batch?: number;
}

/**
 * The 'listing-documents' job: computes the public documents (migration 0038) that changes
 * emptied, ahead of the reads that would otherwise compute them. A pass starts by noting the
 * PUBLIC_URL (another one than before outdates every body) and emptying a batch of bodies of an
 * older epoch (a renamed category), then computes one batch of empty documents of public
 * listings in id order from `after`, writing each back only under the generation it read. A full
 * batch sends the next run from its last id; a pass that emptied bodies starts again from the
 * beginning. A listing changed while it ran keeps an empty body for the next pass or read.
 */
export async function runListingDocuments(deps: ListingDocumentsDeps, after = '0') {
  const batch = deps.batch ?? LISTING_DOCUMENTS_BATCH;
  let emptied = 0;
  if (after === '0') {
    await deps.documents.adoptPublicUrl(deps.publicUrl);
    emptied = await deps.documents.emptyOutdated(LISTING_DOCUMENTS_EMPTIED);
  }
  const ids = await deps.documents.missing(after, batch);
  const rows = ids.length ? await deps.sources(ids) : [];
  const docs = rows
    .filter((r) => r.generation !== null)
    .map((r) => ({ listingId: r.id, generation: r.generation!, epoch: r.epoch, ...profileDocument(r, deps.publicUrl) }));
  const written = await deps.documents.keep(deps.publicUrl, docs);
  const next = ids.length === batch ? ids[ids.length - 1] : emptied > 0 ? '0' : null;
  if (next && deps.jobs) await deps.jobs.send(LISTING_DOCUMENTS_JOB, { after: next });
  return { after, read: ids.length, written: written.length, emptied, next };
}

/** Every pass until nothing is left (seed:scale, tests): the number of documents written. */
export async function buildAllListingDocuments(deps: Omit<ListingDocumentsDeps, 'jobs'>): Promise<number> {
  let written = 0;
  let after: string | null = '0';
  while (after !== null) {
    const run: Awaited<ReturnType<typeof runListingDocuments>> = await runListingDocuments(deps, after);
    written += run.written;
    after = run.next;
  }
  return written;
}
