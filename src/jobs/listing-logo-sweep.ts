import { logoToCopy } from '../domain/pictures/listing-logo-copy.ts';
import type { ListingLogosStore } from '../store/listing-logos-store.ts';
import type { JobDispatcher } from './dispatch.ts';
import { LISTING_LOGO_JOB } from './listing-logo.ts';

export const LISTING_LOGO_SWEEP_JOB = 'listing-logo-sweep';
/** Hourly: a database from an earlier release is copied within the hour after the upgrade. */
export const LISTING_LOGO_SWEEP_CRON = '25 * * * *';
/** Listings read per run: one short index range, and as many sends at most. */
export const LISTING_LOGO_BATCH = 200;

export interface ListingLogoSweepDeps {
  store: ListingLogosStore;
  jobs: JobDispatcher;
  publicUrl: string;
  batch?: number;
}

/**
 * The 'listing-logo-sweep' job: finds listings whose logo_url is on another site with no kept
 * copy (rows written by earlier releases; anything else that ever writes one) and sends each its
 * 'listing-logo' job, keyed by the listing so a listing already queued is not queued twice. One
 * batch per run, in id order from `after` through a partial index that holds only such listings;
 * a full batch sends the next run from its last id, so a pass ends when a batch comes back short.
 * An address whose copy was refused is not fetched again (its owner sees why and can upload one).
 * A job lost after its send (retries used up on our side's errors) is sent again by the next pass.
 */
export async function sweepListingLogos(deps: ListingLogoSweepDeps, after = '0') {
  const batch = deps.batch ?? LISTING_LOGO_BATCH;
  const page = await deps.store.waiting(after, batch);
  let sent = 0;
  for (const l of page) {
    if (l.refused) continue;
    const url = logoToCopy({ logo_url: l.logo_url, logo_hash: null }, deps.publicUrl);
    if (!url) continue;
    await deps.jobs.send(LISTING_LOGO_JOB, { listingId: l.id, url }, { singletonKey: l.id });
    sent++;
  }
  const next = page.length === batch ? page[page.length - 1].id : null;
  if (next) await deps.jobs.send(LISTING_LOGO_SWEEP_JOB, { after: next });
  return { after, read: page.length, sent, next };
}
