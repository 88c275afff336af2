import type { ProcessedImage, ProcessImageResult } from '../media/processed-image.ts';
import { keepVariants } from '../media/storage/keep-variants.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { OverBudget } from '../workers/pool.ts';
import type { PictureDownload } from './picture-download.ts';

/** What copying a logo from another site needs: the drafted logo's job and a listing's share it. */
export interface LogoCopyDeps {
  /** The picture through the address policy, with its size and time bounds (picture-download.ts). */
  download: (url: string, signal?: AbortSignal) => Promise<PictureDownload>;
  /** processImage with purpose 'logo', in the worker pool under its time budget (as an upload). */
  process: (bytes: Uint8Array) => Promise<ProcessImageResult>;
  storage: MediaStorage;
}

export type LogoCopy = { ok: true; image: ProcessedImage } | { ok: false; code: string; reason: string };

/**
 * A logo on another site downloaded, processed and its variants stored; or why not, in a sentence
 * for its owner. Nothing points at the files yet: the caller does that in its transaction, and
 * files nothing ends up pointing at are deleted by the media sweep.
 */
export async function copyLogo(deps: LogoCopyDeps, url: string, signal?: AbortSignal): Promise<LogoCopy> {
  const got = await deps.download(url, signal);
  if (!got.ok) return { ok: false, code: got.failure.code, reason: got.failure.reason };
  let result: ProcessImageResult;
  try {
    result = await deps.process(got.bytes);
  } catch (err) {
    // A shutdown (WorkCancelled) or a broken pool is not the picture's fault: thrown, retried.
    if (err instanceof OverBudget) return { ok: false, code: 'took_too_long', reason: `The picture at ${url} took too long to process.` };
    throw err;
  }
  if (!result.ok) {
    const why = result.refusal === 'empty' ? 'it is an empty file.' : result.message;
    return { ok: false, code: result.refusal, reason: `The picture at ${url} cannot be kept as the logo: ${why}` };
  }
  const { image } = result;
  await keepVariants(deps.storage, image);
  return { ok: true, image };
}
