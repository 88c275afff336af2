import { readPage } from '../crawler/page-text.ts';
import { findBadge } from '../domain/owner-listings/badge-page.ts';
import { draftSite } from '../extraction/draft-site.ts';
import { findVerificationMeta } from '../domain/claims/verification-meta.ts';
import { detectSuspects } from '../domain/community/vote-detection.ts';
import { processImage } from '../media/process-image.ts';
import { renderShareImage } from '../media/share-image.ts';

/**
 * What the worker pool runs, by name: the steps that spend CPU on content from outside (a
 * crawled page, a model's answer). Inputs and outputs cross threads, so they are plain data.
 */
export const TASKS = {
  /** A fetched HTML page → its stored text, title, language and links (the evidence base). */
  readPage: (i: { html: string; url: string; contentLanguage: string }) => readPage(i.html, i.url, i.contentLanguage),
  /** Extract, verify and merge a draft from stored pages (and the model's answer, if any). */
  draftSite,
  /** Is the service's badge for this listing on this homepage? */
  findBadge: (i: { html: string; pageUrl: string; publicUrl: string; slug: string }) => findBadge(i.html, i.pageUrl, i.publicUrl, i.slug),
  /** Is a meta claim's tag, with its token, in this homepage's <head>? */
  findVerificationMeta: (i: { html: string; pageUrl: string; token: string }) => findVerificationMeta(i.html, i.pageUrl, i.token),
  /** A month of votes → the ones to hold for review (bursts, rings, single-purpose accounts): pair counting is CPU work. */
  detectVoteSuspects: detectSuspects,
  /** An uploaded or re-hosted picture → its variants (sharp decodes and encodes), or a refusal. */
  processImage,
  /** A page's link-preview picture (1200×630 PNG): text laid out by pango, the logo composited. */
  renderShareImage,
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof TASKS)[N]>>;
