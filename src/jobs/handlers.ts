import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import type { Services } from '../services.ts';
import type { Config } from '../config.ts';
import type { JobHandler } from './dispatch.ts';
import { LISTING_UPDATE_MAIL_JOB, mailFollowers } from './listing-update-mail.ts';
import { BADGE_CHECK_JOB, runBadgeCheck } from './badge-check.ts';
import { createCrawler, type ClosableCrawler } from '../crawler/crawler.ts';
import { draftStores } from '../store/drafts-store.ts';
import { DRAFT_COMPETITOR_JOB, DRAFT_PIPELINE_JOB } from '../domain/drafts/drafts.ts';
import { runDraftPipeline, type DraftJobDeps } from './draft-pipeline.ts';
import { runCompetitorComparison } from './draft-competitor.ts';
import { runTrendingRefresh } from './trending-refresh.ts';
import { TRENDING_REFRESH_JOB } from '../domain/listings/directory.ts';
import type { WorkPool } from '../workers/pool.ts';
import { poolBadgeFinder, poolPageReader } from '../workers/adapters.ts';
import { COMMENT_MAIL_JOB, REPLY_MAIL_JOB } from '../domain/community/discussions.ts';
import { mailNewComments, mailReply } from './discussion-mail.ts';
import { discussionMailStore } from '../store/discussion-mail-store.ts';
import { runVoteWeighing, VOTE_WEIGHING_JOB } from './vote-weighing.ts';
import { DRAFT_LOGO_JOB } from '../domain/drafts/kept-logo.ts';
import { runDraftLogo } from './draft-logo.ts';
import { LISTING_LOGO_JOB, runListingLogo } from './listing-logo.ts';
import { LISTING_LOGO_SWEEP_JOB, sweepListingLogos } from './listing-logo-sweep.ts';
import { listingLogosStore } from '../store/listing-logos-store.ts';
import { LISTING_DOCUMENTS_JOB, runListingDocuments } from './listing-documents.ts';
import { listingDocumentsStore } from '../store/listing-documents-store.ts';
import { listingsStore } from '../store/listings-store.ts';
import { pictureDownloader, type PictureDownloader } from './picture-download.ts';
import { PICTURE_RULES } from '../domain/pictures/listing-pictures.ts';
import { MEDIA_SWEEP_JOB, runMediaSweep } from './media-sweep.ts';
import { mediaStore } from '../store/media-store.ts';
import { FOLLOW_MAIL_JOB, mailFollowEvents } from './follow-mail.ts';
import { followMailStore } from '../store/follow-mail-store.ts';
import { NEWSLETTER_SEND_JOB, runNewsletterSend } from './newsletter-send.ts';
import { newsletterDeliveriesStore } from '../store/newsletter-deliveries-store.ts';
import { NEWSLETTER_BUILD_JOB, runNewsletterBuild } from './newsletter-build.ts';
import { DATA_EXPORT_JOB, DATA_EXPORT_SWEEP_JOB } from '../domain/privacy/data-exports.ts';
import { ACCOUNT_ERASURE_JOB, runAccountErasure } from './account-erasure.ts';
import { WEBHOOK_DELIVER_JOB, WEBHOOK_FANOUT_JOB } from '../domain/webhooks/webhooks.ts';
import { deliverEndpoint } from '../domain/webhooks/delivery.ts';
import { runWebhookFanout } from './webhook-fanout.ts';
import { runWebhookSweep, WEBHOOK_SWEEP_JOB } from './webhook-sweep.ts';
import { webhookDelivery } from './webhook-deliver.ts';
import { webhooksStore } from '../store/webhooks-store.ts';

export interface JobContext {
  db: Kysely<DB>;
  services: Services;
  config: Config;
}

/**
 * Jobs sent on demand through services.jobs (not on a schedule), by name. pg-boss works them in a
 * running service; the test harness runs them inline. One entry per job; each is idempotent.
 */
export function onDemandHandlers(ctx: JobContext): { handlers: Record<string, JobHandler>; close(): Promise<void> } {
  let crawler: ClosableCrawler | undefined;
  let pictures: PictureDownloader | undefined;
  // The crawler is made on first use: most nodes' handlers never crawl.
  const pool = ctx.services.pool;
  const budgets = ctx.config.workers;
  const draftJobs = (): DraftJobDeps => ({
    stores: draftStores(ctx.db),
    crawler: (crawler ??= draftCrawler(ctx.config, pool)),
    drafter: ctx.services.drafts.drafter,
    now: ctx.services.now,
    jobs: ctx.services.jobs,
  });
  // A logo on another site (drafted, or a listing's from an earlier release) is fetched like the
  // site's pages (same bot, hosts, redirects), bounded like an upload.
  const logoCopy = () => ({
    download: (pictures ??= pictureDownloader({
      userAgent: ctx.config.crawler.userAgent,
      allowHosts: ctx.config.crawler.allowHosts,
      maxBytes: PICTURE_RULES.fileBytes,
      timeMs: ctx.config.crawler.bounds.timeMs,
      maxRedirects: ctx.config.crawler.bounds.maxRedirects,
    })).download,
    process: (bytes: Uint8Array) => pool.run('processImage', { bytes, purpose: 'logo' }, { budgetMs: PICTURE_RULES.processBudgetMs }),
    storage: ctx.services.mediaStorage,
    publicUrl: ctx.config.publicUrl,
    now: ctx.services.now,
    forget: ctx.services.listings.forget,
  });
  const draftLogo = () => ({ ...logoCopy(), stores: draftStores(ctx.db) });
  const discussionMail = () => ({
    store: discussionMailStore(ctx.db),
    mailer: ctx.services.mailer,
    preferences: ctx.services.emailPreferences,
    jobs: ctx.services.jobs,
    publicUrl: ctx.config.publicUrl,
    now: ctx.services.now,
  });
  const webhooks = webhookDelivery(ctx);
  const webhookQueue = () => ({ store: webhooksStore(ctx.db), jobs: ctx.services.jobs, now: ctx.services.now });
  const handlers: Record<string, JobHandler> = {
    [WEBHOOK_FANOUT_JOB]: () => runWebhookFanout(webhookQueue()),
    [WEBHOOK_DELIVER_JOB]: (data, signal) => deliverEndpoint(webhooks.deps(), String(data.endpointId), signal),
    [WEBHOOK_SWEEP_JOB]: () => runWebhookSweep(webhookQueue()),
    [COMMENT_MAIL_JOB]: (data) => mailNewComments(discussionMail(), { listingId: String(data.listingId), again: data.again === true }),
    [REPLY_MAIL_JOB]: (data) => mailReply(discussionMail(), { commentId: String(data.commentId) }),
    [DRAFT_PIPELINE_JOB]: (data, signal) => runDraftPipeline(draftJobs(), String(data.draftId), signal),
    [DRAFT_COMPETITOR_JOB]: (data, signal) => runCompetitorComparison(draftJobs(), String(data.draftId), String(data.url), signal),
    [DRAFT_LOGO_JOB]: (data, signal) => runDraftLogo(draftLogo(), String(data.draftId), signal),
    [LISTING_LOGO_JOB]: (data, signal) => runListingLogo({ ...logoCopy(), store: listingLogosStore(ctx.db) }, String(data.listingId), String(data.url), signal),
    [LISTING_LOGO_SWEEP_JOB]: (data) =>
      sweepListingLogos({ store: listingLogosStore(ctx.db), jobs: ctx.services.jobs, publicUrl: ctx.config.publicUrl }, data?.after === undefined ? undefined : String(data.after)),
    [LISTING_DOCUMENTS_JOB]: (data) =>
      runListingDocuments(
        {
          documents: listingDocumentsStore(ctx.db),
          sources: listingsStore(ctx.db).documentSources,
          publicUrl: ctx.config.publicUrl,
          jobs: ctx.services.jobs,
        },
        data?.after === undefined ? undefined : String(data.after),
      ),
    [TRENDING_REFRESH_JOB]: () => runTrendingRefresh(ctx.db, ctx.services.now()),
    [VOTE_WEIGHING_JOB]: () => runVoteWeighing({ db: ctx.db, now: ctx.services.now, rules: ctx.services.voteTrust.rules, pool }),
    [MEDIA_SWEEP_JOB]: () => runMediaSweep({ store: mediaStore(ctx.db), storage: ctx.services.mediaStorage, pictures: ctx.services.pictures, now: ctx.services.now }),
    [LISTING_UPDATE_MAIL_JOB]: (data) =>
      mailFollowers({ db: ctx.db, mailer: ctx.services.mailer, preferences: ctx.services.emailPreferences, publicUrl: ctx.config.publicUrl, now: ctx.services.now }, String(data.updateId)),
    [FOLLOW_MAIL_JOB]: (data, signal) =>
      mailFollowEvents(
        { store: followMailStore(ctx.db), mailer: ctx.services.mailer, preferences: ctx.services.emailPreferences, jobs: ctx.services.jobs, publicUrl: ctx.config.publicUrl, now: ctx.services.now },
        String(data.kind),
        signal,
      ),
    [ACCOUNT_ERASURE_JOB]: () => runAccountErasure(ctx.services.accountDeletion),
    [DATA_EXPORT_JOB]: (data, signal) => ctx.services.dataExports.prepare(String(data.exportId), signal),
    [DATA_EXPORT_SWEEP_JOB]: () => ctx.services.dataExports.sweep(),
    [NEWSLETTER_BUILD_JOB]: () => runNewsletterBuild({ editions: ctx.services.newsletterEditions, sending: () => ctx.services.newsletterSending }),
    [NEWSLETTER_SEND_JOB]: (data, signal) =>
      runNewsletterSend(
        {
          store: newsletterDeliveriesStore(ctx.db),
          subscriptions: ctx.services.newsletter,
          openSender: async () => (await import('../mail/bulk-sender.ts')).createBulkSender({ ...ctx.config.mail, ratePerSecond: ctx.config.newsletter.ratePerSecond }),
          outbox: ctx.services.outbox,
          jobs: ctx.services.jobs,
          publicUrl: ctx.config.publicUrl,
          ratePerSecond: ctx.config.newsletter.ratePerSecond,
          now: ctx.services.now,
        },
        String(data.editionId),
        signal,
      ),
    [BADGE_CHECK_JOB]: (data) =>
      runBadgeCheck(
        {
          db: ctx.db,
          reader: (crawler ??= draftCrawler(ctx.config, pool)),
          findBadge: poolBadgeFinder(pool, budgets.pageBudgetMs),
          publicUrl: ctx.config.publicUrl,
          now: ctx.services.now,
          forget: ctx.services.listings.forget,
        },
        String(data.listingId),
      ),
  };
  return { handlers, close: async () => void (await Promise.all([crawler?.close(), pictures?.close(), webhooks.close()])) };
}

/** The drafts' crawler, as config.crawler says (user agent, bounds, hosts allowed on private addresses); pages are read in the pool. */
function draftCrawler(config: Config, pool: WorkPool): ClosableCrawler {
  return createCrawler({
    userAgent: config.crawler.userAgent,
    allowHosts: config.crawler.allowHosts,
    bounds: config.crawler.bounds,
    readPage: poolPageReader(pool, config.workers.pageBudgetMs),
  });
}
