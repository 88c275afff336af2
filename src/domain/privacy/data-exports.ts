import { randomBytes } from 'node:crypto';
import type { DataExportRow, DataExportsStore } from '../../store/data-exports-store.ts';
import type { AccountExportStore } from '../../store/account-export-store.ts';
import type { DataExportState } from '../../store/schema.ts';
import type { MediaStorage } from '../../media/storage/media-storage.ts';
import type { JobDispatcher } from '../../jobs/dispatch.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { DomainError } from '../errors.ts';
import { DATA_EXPORT_LINK_HOURS } from './retention.ts';
import { buildAccountExport } from './account-export.ts';
import { EXPORT_ARCHIVE_NAME, packAccountExport } from './export-archive.ts';

/** The job that prepares one export: { exportId }. */
export const DATA_EXPORT_JOB = 'data-export';
/** The sweep: expired files deleted, lost jobs sent again (then failed), replaced rows dropped. */
export const DATA_EXPORT_SWEEP_JOB = 'data-export-sweep';
/** Every 10 minutes: an expired file is gone within 10 minutes of its link's end. */
export const DATA_EXPORT_SWEEP_CRON = '*/10 * * * *';

export const EXPORT_RULES = {
  /** One export an hour per account (a failed one does not count): each reads every table the account touches. */
  everyMs: 3_600_000,
  /** How long the download works (domain/privacy/retention.ts). */
  linkMs: DATA_EXPORT_LINK_HOURS * 3_600_000,
  /** A job that wrote nothing for this long was lost (a crash between commit and send, a dead node): sent again. */
  quietMs: 10 * 60_000,
  /** Sent this often without finishing: failed, with a message; the person may ask again at once. */
  maxSends: 3,
};

/** An export as its page shows it. */
export interface DataExportView {
  id: string;
  /** ready past its expiry reads as expired, whether or not the sweep has deleted the file yet. */
  state: DataExportState;
  progress: number;
  step: string | null;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  sizeBytes: number | null;
  failure: string | null;
  /** Where the file is downloaded from (signed in as its person): only while ready. */
  downloadPath: string | null;
}

export interface DataExportsPage {
  latest: DataExportView | null;
  /** When the person may start a new export: null when one is under way; a time ≤ now when they may now. */
  nextStartAt: Date | null;
}

export type Download =
  | { kind: 'file'; body: Buffer; expiresAt: Date }
  /** No export of this person has this id (another person's answers the same). */
  | { kind: 'not_found' }
  /** Their export, past its link's end. */
  | { kind: 'expired' }
  /** Their export, still being prepared (or failed). */
  | { kind: 'not_ready' };

// Linear: a fixed shape of hex runs.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SWEEP_BATCH = 100;
const FAILED = 'We could not prepare your data this time. Please ask again; if it fails again, contact the site team.';

export const downloadPath = (id: string) => `/account/data/${id}/${EXPORT_ARCHIVE_NAME}`;

const isExpired = (row: Pick<DataExportRow, 'state' | 'expires_at'>, now: Date) =>
  row.state === 'expired' || (row.state === 'ready' && !!row.expires_at && row.expires_at.getTime() <= now.getTime());

function present(row: DataExportRow, now: Date): DataExportView {
  const expired = isExpired(row, now);
  return {
    id: row.id,
    state: expired ? 'expired' : row.state,
    progress: row.progress,
    step: row.step,
    createdAt: row.created_at,
    readyAt: row.ready_at,
    expiresAt: row.expires_at,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    failure: row.failure,
    downloadPath: row.state === 'ready' && !expired ? downloadPath(row.id) : null,
  };
}

/** When a new export may start after `row` (the account's latest): null while it is under way. */
function nextStart(row: DataExportRow | undefined, now: Date): Date | null {
  if (!row || row.state === 'failed') return now;
  if (row.state === 'queued' || row.state === 'preparing') return null;
  return new Date(Math.max(now.getTime(), row.created_at.getTime() + EXPORT_RULES.everyMs));
}

/** How far the archive is, in percent (0–90: storing it is the rest), and what it does now, in words. */
export type ArchiveStep = (percent: number, words: string) => Promise<void>;

/** The zip of an account as of now (the document and its pictures); null when there is no such account. The job's and the CLI's. */
export async function accountArchive(
  deps: { source: AccountExportStore; storage: Pick<MediaStorage, 'get'>; publicUrl: string; now: () => Date },
  userId: string,
  onStep?: ArchiveStep,
) {
  const step = onStep ?? (async () => {});
  const built = await buildAccountExport(deps.source, userId, { now: deps.now(), publicUrl: deps.publicUrl, step: (f, words) => step(Math.round(f * 70), words) });
  if (!built) return null;
  const zip = await packAccountExport(built, async (key) => (await deps.storage.get(key))?.body ?? null, (f, words) => step(70 + Math.round(f * 20), words));
  return { zip, document: built.document };
}

/**
 * "Download my data" (GDPR art. 15 and 20): a person starts an export, a job gathers everything
 * tied to the account (account-export.ts) into one zip (export-archive.ts) and stores it in the
 * media storage under a private key, where every node can read it; the person downloads it,
 * signed in, for DATA_EXPORT_LINK_HOURS; the sweep deletes it then.
 */
export function createDataExports(deps: {
  store: DataExportsStore;
  source: AccountExportStore;
  storage: Pick<MediaStorage, 'get' | 'putPrivate' | 'getPrivate' | 'deletePrivate'>;
  jobs: JobDispatcher;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}) {
  const { store, storage, now } = deps;
  const archive = (userId: string, onStep?: ArchiveStep) => accountArchive(deps, userId, onStep);

  return {
    async page(userId: string): Promise<DataExportsPage> {
      const row = await store.latest(userId);
      const at = now();
      return { latest: row ? present(row, at) : null, nextStartAt: nextStart(row, at) };
    },

    /**
     * "Prepare my data": a new export, its job sent after the commit. One under way already is
     * returned as it is (a second press, another tab). 429 data_export_too_soon within an hour of
     * the last one that did not fail.
     */
    async start(userId: string): Promise<{ export: DataExportView; started: boolean }> {
      const at = now();
      const outcome = await store.transaction(async (tx) => {
        if (!(await tx.lockAccount(userId))) throw new DomainError('not_found', 'account_not_found', 'There is no such account.');
        const latest = await tx.latest(userId);
        const from = nextStart(latest, at);
        if (latest && from === null) return { row: latest, started: false };
        if (from && from.getTime() > at.getTime()) {
          const wait = Math.ceil((from.getTime() - at.getTime()) / 1000);
          const e = new DomainError('rate_limited', 'data_export_too_soon', `You can prepare your data once an hour. Your last export was made at ${latest!.created_at.toISOString().slice(11, 16)} UTC; try again in ${Math.ceil(wait / 60)} minutes.`);
          e.retryAfterSeconds = wait;
          throw e;
        }
        const row = await tx.insert(userId, at);
        await tx.dropSettled(userId, row.id);
        return { row, started: true };
      });
      if (outcome.started) await deps.jobs.send(DATA_EXPORT_JOB, { exportId: outcome.row.id }, { singletonKey: outcome.row.id });
      return { export: present(outcome.row, at), started: outcome.started };
    },

    /** The file, for its own person only while its link works; anything else says why not (never whose it is). */
    async download(userId: string, exportId: string): Promise<Download> {
      if (!UUID.test(exportId)) return { kind: 'not_found' };
      const row = await store.byId(exportId);
      if (!row || row.user_id !== userId) return { kind: 'not_found' };
      if (isExpired(row, now())) return { kind: 'expired' };
      if (row.state !== 'ready' || !row.storage_key) return { kind: 'not_ready' };
      const body = await storage.getPrivate(row.storage_key);
      // Gone from the storage before the sweep marked it: it expired all the same.
      if (!body) return { kind: 'expired' };
      return { kind: 'file', body, expiresAt: row.expires_at! };
    },

    /** The job: gathers, packs, stores, marks ready and mails the person. A retry starts over; a finished export is left as it is. */
    async prepare(exportId: string, signal?: AbortSignal) {
      const claimed = await store.claim(exportId, now());
      if (!claimed) return { exportId, skipped: 'not pending' };
      const made = await archive(claimed.user_id, async (percent, words) => {
        signal?.throwIfAborted();
        await store.progress(exportId, percent, words, now());
      });
      if (!made) {
        await store.fail(exportId, 'The account no longer exists.', now());
        return { exportId, failed: 'no account' };
      }
      signal?.throwIfAborted();
      await store.progress(exportId, 95, 'Storing the file', now());
      const key = `exports/${randomBytes(16).toString('hex')}/${EXPORT_ARCHIVE_NAME}`;
      await storage.putPrivate(key, made.zip);
      const readyAt = now();
      const expiresAt = new Date(readyAt.getTime() + EXPORT_RULES.linkMs);
      // No sweep lists private files: one that no row names (deleted or failed meanwhile, or the write
      // below failed) is deleted here, or never.
      const named = await store.ready(exportId, { key, size: made.zip.length, readyAt, expiresAt }).catch(async (err) => {
        await storage.deletePrivate([key]).catch(() => {});
        throw err;
      });
      if (!named) {
        await storage.deletePrivate([key]);
        return { exportId, discarded: true };
      }
      const doc = made.document as { site: { name: string }; account: { email: string; name: string } };
      await deps.mailer.send({
        to: doc.account.email,
        subject: `Your data from ${doc.site.name} is ready`,
        text: `Hello ${doc.account.name},

The copy of your data you asked for is ready. Sign in as ${doc.account.email} and download it here:

${deps.publicUrl}/account/data

It can be downloaded until ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; then it is deleted, and you can ask for a new one.

If you did not ask for this, sign in and change your password: someone else may be using your account.`,
      });
      return { exportId, bytes: made.zip.length };
    },

    /** Expired files deleted (the row stays, expired); lost jobs sent again, then failed; replaced rows dropped. */
    async sweep() {
      const at = now();
      let expired = 0;
      for (;;) {
        const due = await store.expiredReady(at, SWEEP_BATCH);
        // The files first: a crash in between leaves a ready row whose file is gone (read as expired), never a file no row names.
        await storage.deletePrivate(due.map((d) => d.storage_key!));
        await store.markExpired(due.map((d) => d.id), at);
        expired += due.length;
        if (due.length < SWEEP_BATCH) break;
      }
      let resent = 0;
      let failed = 0;
      for (const lost of await store.quiet(new Date(at.getTime() - EXPORT_RULES.quietMs), SWEEP_BATCH)) {
        if (lost.sends >= EXPORT_RULES.maxSends) {
          await store.fail(lost.id, FAILED, at);
          failed++;
          continue;
        }
        await store.resent(lost.id, at);
        await deps.jobs.send(DATA_EXPORT_JOB, { exportId: lost.id }, { singletonKey: lost.id });
        resent++;
      }
      const dropped = await store.dropSuperseded();
      return { expired, resent, failed, dropped };
    },

    /** Every export of an account and its files (for the account's erasure): the files first. */
    async discardAll(userId: string) {
      await storage.deletePrivate(await store.keysOf(userId));
      await store.deleteAll(userId);
    },
  };
}
export type DataExports = ReturnType<typeof createDataExports>;
