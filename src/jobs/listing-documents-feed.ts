import type { ListingChanges } from '../store/listing-changes.ts';
import type { JobDispatcher } from './dispatch.ts';
import { LISTING_DOCUMENTS_JOB } from './listing-documents.ts';

/** At most one send per node this often: a burst of votes is one pass, not a job per vote. */
export const LISTING_DOCUMENTS_KICK_MS = 1000;

/**
 * Sends the documents job soon after the change feed names a change (its triggers have emptied
 * the document by then): what a change empties is computed again within seconds, before most
 * reads. Also when the feed comes up (a start: whatever changed while no node listened). The
 * queue is stately, so a send while one run waits is dropped. Returns a stop function.
 */
export function kickListingDocuments(changes: ListingChanges, jobs: JobDispatcher, onError: (err: unknown) => void, waitMs = LISTING_DOCUMENTS_KICK_MS) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  changes.subscribe(() => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) jobs.send(LISTING_DOCUMENTS_JOB, {}).catch(onError);
    }, waitMs);
    timer.unref();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
