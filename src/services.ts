import type { Kysely } from 'kysely';
import type { DB } from './store/schema.ts';
import { siteStore } from './store/site-store.ts';
import { usersStore } from './store/users-store.ts';
import { apiKeysStore } from './store/api-keys-store.ts';
import { createAccounts } from './domain/accounts/accounts.ts';
import { sessionsStore } from './store/sessions-store.ts';
import { createSessions } from './domain/accounts/sessions.ts';
import { secretsStore } from './store/secrets-store.ts';
import { createSecretBox } from './domain/accounts/secret-box.ts';
import { oauthStore } from './store/oauth-store.ts';
import { createOAuth } from './oauth/service.ts';
import { idempotencyStore } from './store/idempotency-store.ts';
import { listingsStore } from './store/listings-store.ts';
import { categoriesStore } from './store/categories-store.ts';
import { foundersStore } from './store/founders-store.ts';
import { blogStore } from './store/blog-store.ts';
import { catalogStore } from './store/catalog-store.ts';
import { cachedSiteInfo } from './domain/site/site-info.ts';
import { createListingDirectory, PROFILE_CACHE_MS } from './domain/listings/directory.ts';
import { sharedCache, type CacheFactory } from './store/shared-cache.ts';
import { noListingChanges, type ListingChanges } from './store/listing-changes.ts';
import { searchDocumentsStore } from './store/search-documents-store.ts';
import { createListingSearch } from './domain/listings/search-engine/listing-search.ts';
import type { RedisLink } from './store/redis.ts';
import type { SafeFetch } from './outbound/safe-fetch.ts';
import { createCategoryDirectory } from './domain/categories/directory.ts';
import { createCategoryTree } from './domain/categories/tree-admin.ts';
import { categoryTreeStore } from './store/category-tree-store.ts';
import { createFounderDirectory } from './domain/founders/directory.ts';
import { createBlog } from './domain/blog/blog.ts';
import { createCatalog } from './domain/catalog/catalog.ts';
import { launchesStore } from './store/launches-store.ts';
import { createLaunchCalendar } from './domain/launches/calendar.ts';
import { badgesStore } from './store/badges-store.ts';
import { createBadges } from './domain/badges/badges.ts';
import { outboxStore } from './store/outbox-store.ts';
import { createMailer, type MailLog } from './mail/mailer.ts';
import { emailTokensStore } from './store/email-tokens-store.ts';
import { createEmailVerification } from './domain/accounts/email-verification.ts';
import { signInFailuresStore } from './store/sign-in-failures-store.ts';
import { createSignIn } from './domain/accounts/sign-in.ts';
import { createCredentialThrottle, CREDENTIAL_POLICY } from './domain/accounts/credential-throttle.ts';
import { attemptCounter } from './store/attempt-counter.ts';
import { communityStore } from './store/community-store.ts';
import { createCommunity } from './domain/community/community.ts';
import { lateDispatcher } from './jobs/dispatch.ts';
import { ownerListingsStore } from './store/owner-listings-store.ts';
import { createOwnerListings } from './domain/owner-listings/owner-listings.ts';
import { createBadgeCheckNow } from './domain/owner-listings/badge-check-now.ts';
import { badgeChecksStore } from './store/badge-checks-store.ts';
import { draftStores } from './store/drafts-store.ts';
import { createDrafts } from './domain/drafts/drafts.ts';
import { draftInviteStores } from './store/draft-invites-store.ts';
import { createDraftInvites } from './domain/drafts/invites.ts';
import type { Drafter } from './domain/drafts/drafting.ts';
import { createLlmExtractor } from './extraction/llm.ts';
import type { WorkPool } from './workers/pool.ts';
import type { MediaStorage } from './media/storage/media-storage.ts';
import { mediaStore } from './store/media-store.ts';
import { createListingPictures, PICTURE_RULES } from './domain/pictures/listing-pictures.ts';
import { createDrafter } from './workers/drafter.ts';
import { ordersStore } from './store/orders-store.ts';
import { productsStore } from './store/products-store.ts';
import { createPriceList } from './domain/catalog/price-list.ts';
import { createOrders } from './domain/orders/orders.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { testPayments } from './payments/test-provider.ts';
import { randomToken } from './domain/accounts/secrets.ts';
import { claimsStore } from './store/claims-store.ts';
import { createClaims } from './domain/claims/claims.ts';
import type { ProofReaders } from './domain/claims/checks.ts';
import { createAdmin } from './domain/admin/admin.ts';
import { adminActionsStore } from './store/admin-actions-store.ts';
import { moderationStore } from './store/moderation-store.ts';
import { adminUsersStore } from './store/admin-users-store.ts';
import { adminPricesStore } from './store/admin-prices-store.ts';
import { adminRecordsStore } from './store/admin-records-store.ts';
import { commentsStore } from './store/comments-store.ts';
import { createDiscussions } from './domain/community/discussions.ts';
import { reportsStore } from './store/reports-store.ts';
import { createReports } from './domain/community/reports.ts';
import { createContentModeration } from './domain/admin/content-moderation.ts';
import { emailPreferencesStore } from './store/email-preferences-store.ts';
import { createEmailPreferences } from './domain/accounts/email-preferences.ts';
import { identitiesStore } from './store/identities-store.ts';
import { createIdentities } from './domain/accounts/identities.ts';
import type { SignInProviders } from './sign-in-providers/choose.ts';
import { voteTrustStore } from './store/vote-trust-store.ts';
import { createVoteTrust } from './domain/community/vote-trust.ts';
import { DEFAULT_WEIGHTING, type VoteWeighting } from './domain/community/vote-weighting.ts';
import { DEFAULT_DETECTION, type VoteDetectionRules } from './domain/community/vote-detection.ts';
import { heldVotesStore } from './store/held-votes-store.ts';
import { createVoteReview } from './domain/admin/vote-review.ts';
import { newsletterSubscribersStore } from './store/newsletter-subscribers-store.ts';
import { createNewsletterSubscriptions } from './domain/newsletter/subscriptions.ts';
import { newsletterEditionsStore } from './store/newsletter-editions-store.ts';
import { createNewsletterEditions } from './domain/newsletter/editions.ts';
import { editionSources } from './domain/newsletter/edition-sources.ts';
import type { DkimKey } from './mail/dkim.ts';
import { newsletterDeliveriesStore } from './store/newsletter-deliveries-store.ts';
import { createNewsletterSending } from './domain/newsletter/sending.ts';
import { createDataExports } from './domain/privacy/data-exports.ts';
import { dataExportsStore } from './store/data-exports-store.ts';
import { accountExportStore } from './store/account-export-store.ts';
import { createAccountDeletion } from './domain/accounts/account-deletion.ts';
import { accountDeletionStore } from './store/account-deletion-store.ts';
import { UNCONFIGURED_NOTICE, type PrivacyNotice } from './domain/privacy/privacy-notice.ts';
import { createWebhooks, type SecretSeal } from './domain/webhooks/webhooks.ts';
import type { ResolveHost } from './domain/webhooks/endpoint-url.ts';
import { webhooksStore } from './store/webhooks-store.ts';
import dns from 'node:dns';

export interface ServiceDeps {
  /** Orders (config.orders): the payment provider (payments/choose.ts; test mode by default), the seller's country, the expiry of unpaid orders. */
  orders?: { payments: PaymentProvider; sellerCountry?: string; expiryMs: number };
  db: Kysely<DB>;
  publicUrl: string;
  now?: () => Date;
  /** How often buffered listing views are written; 0 leaves it to explicit flushes (tests). */
  viewFlushMs?: number;
  /** Time-to-live of cached public profiles and rankings (tests use 0 to see every write at once). */
  profileCacheMs?: number;
  /** What the kept profiles may weigh: less when the database shares the process (PGlite). */
  profileCacheBytes?: number;
  /** How the OAuth server fetches client ID metadata documents: the safe fetch (outbound/safe-fetch.ts). */
  cimdFetch: SafeFetch;
  /** Outgoing mail (config.mail): always the outbox table, plus SMTP when smtpUrl is set, DKIM-signed with a key. */
  mail?: { smtpUrl?: string; from: string; dkim?: DkimKey };
  /** Where the mailer logs (the HTTP server's logger). */
  log?: MailLog;
  /** An OpenAI-compatible endpoint (config.llm): asked first, the built-in extractor second; called through `fetch` (the safe fetch). */
  llm?: { baseUrl: string; model: string; apiKey?: string; timeoutMs: number; fetch: SafeFetch };
  /** The worker pool (owned by the app) and the budgets of drafting in it (config.workers). */
  pool: WorkPool;
  budgets?: { pageBudgetMs: number; draftBudgetMs: number };
  /** Public read caches are shared through it when REDIS_URL is set. */
  redis?: RedisLink;
  /** The database's notices of changed listings (migration 0022): profiles are kept until one comes. */
  changes?: ListingChanges;
  /** Failed credentials per client address in CREDENTIAL_POLICY's window (RATE_LIMIT_FAILED_CREDENTIALS). */
  failedCredentialsLimit?: number;
  /** SECRETS_KEY: installation secrets are stored sealed with it. */
  secretsKey?: string;
  /** How long a registered OAuth client may stay unused before it is deleted (30 days by default). */
  oauthUnusedClientMs?: number;
  /** How verify_claim reads DNS records, homepages and files (src/proof-readers.ts, owned by the app). */
  claimProofs: ProofReaders;
  /** How long a claim stays pending (CLAIM_PENDING_DAYS; 7 days by default). */
  claimPendingMs?: number;
  /** Sign in with GitHub / Google: the providers configured (sign-in-providers/choose.ts); none by default. */
  signInProviders?: SignInProviders;
  /** The published vote weighting and detection rules (VOTE_WEIGHTING, VOTE_DETECTION; defaults in domain/community). */
  votes?: { weighting: VoteWeighting; detection: VoteDetectionRules };
  /** Where pictures are kept (media/storage/configured-storage.ts: DATA_DIR/media or S3). */
  mediaStorage: MediaStorage;
  /** SHARE_IMAGES: pages get a drawn share card (default on). */
  shareImages?: boolean;
  /** Who runs the service and which outside services receive data, as /privacy says (domain/privacy/privacy-notice.ts). */
  privacy?: PrivacyNotice;
  /** Outgoing webhooks (config.webhooks): hosts allowed although private (and over http); how a host name is resolved when an endpoint is registered. */
  webhooks?: { allowHosts: string[]; resolve?: ResolveHost };
}

/** The composition root: stores wired into the domain, one object per area of the spec. */
export function createServices(deps: ServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const { db, publicUrl } = deps;
  const site = siteStore(db);
  const cache: CacheFactory = (name, ttlMs, max) => sharedCache(name, { ttlMs, max, redis: deps.redis });
  const cacheMs = deps.profileCacheMs ?? PROFILE_CACHE_MS;
  const changes = deps.changes ?? noListingChanges;
  const searchDocuments = searchDocumentsStore(db);
  const listingSearch = createListingSearch({
    source: searchDocuments,
    changes,
    // Tests ask for read-your-writes (no cache lifetime); a service's searches may lag a change by milliseconds.
    strict: cacheMs === 0,
    log: (message, extra) => deps.log?.('info', { ...extra }, message),
  });
  const listings = createListingDirectory({
    store: listingsStore(db),
    publicUrl,
    now,
    viewFlushMs: deps.viewFlushMs,
    profileCacheMs: cacheMs,
    profileCacheBytes: deps.profileCacheBytes,
    cache,
    changes,
    engine: { search: listingSearch, summaries: searchDocuments.summaries },
  });
  const categories = createCategoryDirectory({ store: categoriesStore(db), publicUrl, cache, cacheMs });
  const users = usersStore(db);
  const jobs = lateDispatcher();
  const secrets = secretsStore(db, deps.secretsKey ? createSecretBox(deps.secretsKey) : undefined);
  const siteName = async () => (await site.settings()).name;
  const admin = createAdmin({
    actions: adminActionsStore(db),
    moderation: moderationStore(db),
    users: adminUsersStore(db),
    prices: adminPricesStore(db),
    records: adminRecordsStore(db),
    now,
    forget: listings.forget,
  });
  const discussions = createDiscussions({ store: commentsStore(db), now, jobs, cache, cacheMs });
  /** A listing's cached profile and discussion, dropped after a moderation or an erasure changed them. */
  const forgetListingPages = (slug: string) => {
    discussions.forget(slug);
    listings.forget(slug);
  };
  const voteRules = deps.votes ?? { weighting: DEFAULT_WEIGHTING, detection: DEFAULT_DETECTION };
  const voteTrust = createVoteTrust({
    store: voteTrustStore(db),
    secrets,
    weighting: voteRules.weighting,
    now,
    overlapMs: Math.max(voteRules.weighting.networkWindowMinutes, voteRules.detection.burstWindowMinutes) * 60_000,
  });
  const launches = createLaunchCalendar({ store: launchesStore(db), site, listings, publicUrl, now, cacheMs, cache });
  const blog = createBlog({ store: blogStore(db) });
  const mailer = createMailer({ store: outboxStore(db), smtpUrl: deps.mail?.smtpUrl, from: deps.mail?.from ?? 'Launchyard <no-reply@localhost>', now, log: deps.log, dkim: deps.mail?.dkim });
  const editions = newsletterEditionsStore(db);
  const dataExports = createDataExports({ store: dataExportsStore(db), source: accountExportStore(db), storage: deps.mediaStorage, jobs, mailer, publicUrl, now });
  // Endpoints' signing secrets are sealed under a key of the installation (itself sealed with SECRETS_KEY when set).
  let webhookBox: ReturnType<SecretSeal> | undefined;
  const webhookSeal: SecretSeal = () =>
    (webhookBox ??= secrets.getOrCreate('webhook_secrets_key', () => randomToken(32)).then(createSecretBox).catch((err) => {
      webhookBox = undefined;
      throw err;
    }));
  const signIn = createSignIn({ users, failures: signInFailuresStore(db), now, throttleKey: () => secrets.getOrCreate('sign_in_throttle_key', () => randomToken(32)) });
  return {
    publicUrl,
    now,
    /** CPU-heavy work on outside content (crawled pages, a model's answer) runs here, off the event loop. */
    pool: deps.pool,
    /** Background work sent from requests; the app attaches pg-boss (or the inline runner in tests). */
    jobs,
    site: { info: cachedSiteInfo(site, publicUrl, cache, cacheMs) },
    accounts: createAccounts({ users: usersStore(db), apiKeys: apiKeysStore(db), now }),
    sessions: createSessions({ store: sessionsStore(db), now }),
    /** Sign-in identities at GitHub and Google, and the rule that links them to accounts. */
    identities: createIdentities({ store: identitiesStore(db), now }),
    /** The sign-in providers configured: their buttons and routes exist only for these. */
    signInProviders: deps.signInProviders ?? {},
    /** What /privacy says of this installation: its operator and the outside services configured. */
    privacy: deps.privacy ?? UNCONFIGURED_NOTICE,
    secrets,
    oauth: createOAuth({ store: oauthStore(db), users: usersStore(db), secrets, publicUrl, now, cimdFetch: deps.cimdFetch, unusedClientMs: deps.oauthUnusedClientMs ?? 30 * 86_400_000 }),
    idempotency: { store: idempotencyStore(db), now },
    listings,
    launches,
    categories,
    /** The operator's edits of the category tree (CLI categories:*, the admin area). */
    categoryTree: createCategoryTree({ store: categoryTreeStore(db), forget: { tree: categories.forget, listing: listings.forget }, now }),
    founders: createFounderDirectory({ store: foundersStore(db), publicUrl }),
    blog,
    catalog: createCatalog({ store: catalogStore(db) }),
    badges: createBadges({ store: badgesStore(db), publicUrl, now, cache, cacheMs }),
    mailer,
    outbox: outboxStore(db),
    signIn,
    /** Failed API keys, bearer tokens and token-endpoint grants per client address (shared through Redis). */
    credentials: createCredentialThrottle(attemptCounter('credentials', { windowMs: CREDENTIAL_POLICY.windowMs, redis: deps.redis }), {
      ...CREDENTIAL_POLICY,
      limit: deps.failedCredentialsLimit ?? CREDENTIAL_POLICY.limit,
    }),
    emailVerification: createEmailVerification({ tokens: emailTokensStore(db), users, mailer, publicUrl, siteName: async () => (await site.settings()).name, now }),
    community: createCommunity({ store: communityStore(db), trust: voteTrust, now, jobs, cache, cacheMs }),
    /** Votes' provenance and weights (the vote form's page token, the published rules the job and /about/ranking use). */
    voteTrust: { ...voteTrust, rules: voteRules },
    ownerListings: createOwnerListings({ store: ownerListingsStore(db), publicUrl, now, jobs, forget: listings.forget }),
    /** The free plan's badge checks as the owner's launch page shows them, and its "check now". */
    badgeChecks: createBadgeCheckNow({ store: badgeChecksStore(db), jobs, now }),
    drafts: createDrafts({ stores: draftStores(db), jobs, now, drafter: drafterFor(deps), forgetListing: listings.forget }),
    /** The administrator's products and prices (CLI products:*, /admin/products). */
    priceList: createPriceList({ store: productsStore(db), now }),
    orders: createOrders({
      store: ordersStore(db),
      payments: deps.orders?.payments ?? testPayments,
      publicUrl,
      now,
      sellerCountry: deps.orders?.sellerCountry,
      expiryMs: deps.orders?.expiryMs ?? 24 * 3_600_000,
      tokenKey: () => secrets.getOrCreate('checkout_token_key', () => randomToken(32)),
      forget: listings.forget,
      log: deps.log,
    }),
    draftInvites: createDraftInvites({ stores: draftInviteStores(db), mailer, publicUrl, siteName: async () => (await site.settings()).name, now, forgetListing: listings.forget }),
    claims: createClaims({
      store: claimsStore(db),
      readers: deps.claimProofs,
      mailer,
      publicUrl,
      siteName: async () => (await site.settings()).name,
      now,
      pendingMs: deps.claimPendingMs ?? 7 * 86_400_000,
      forget: listings.forget,
    }),
    /** The administration area (/admin): moderation, accounts, price changes, every change in the action log. */
    admin,
    /** The discussion under each listing (list_comments, the listing page's forms). */
    discussions,
    /** Visitors' reports of listings, reviews, comments and founder profiles. */
    reports: createReports({ store: reportsStore(db), now, forgetComments: discussions.forget }),
    /** The moderation queue's decisions on reported things (/admin/reports, /admin/comments). */
    contentModeration: createContentModeration({
      store: reportsStore(db),
      listings: admin.moderation,
      mailer,
      publicUrl,
      siteName,
      now,
      forget: forgetListingPages,
    }),
    /** "Delete my account": the request, its grace, the erasure job and an administrator's erasure (GDPR art. 17). */
    accountDeletion: createAccountDeletion({
      store: accountDeletionStore(db),
      tokens: emailTokensStore(db),
      signIn,
      mailer,
      publicUrl,
      siteName,
      now,
      forget: forgetListingPages,
      discardExports: (userId) => dataExports.discardAll(userId),
    }),
    /** The held votes' review queue (/admin/votes): release or confirm, each in the action log. */
    voteReview: createVoteReview({ store: heldVotesStore(db), jobs, now }),
    /** What mail people get, and the one-click unsubscribe link of every mail they can switch off. */
    emailPreferences: createEmailPreferences({
      store: emailPreferencesStore(db),
      key: () => secrets.getOrCreate('unsubscribe_token_key', () => randomToken(32)),
      publicUrl,
      now,
    }),
    /** Where pictures are kept; /media/* serves it. */
    mediaStorage: deps.mediaStorage,
    /** Whether pages draw share cards (transports/web/share-images.ts). */
    shareImages: deps.shareImages ?? true,
    /** An owner's logo and gallery: processed in the worker pool, kept by content in the media storage. */
    pictures: createListingPictures({
      store: mediaStore(db),
      storage: deps.mediaStorage,
      process: (bytes, purpose) => deps.pool.run('processImage', { bytes, purpose }, { budgetMs: PICTURE_RULES.processBudgetMs }),
      publicUrl,
      now,
      forget: listings.forget,
    }),
    /** The weekly newsletter's subscriptions: double opt-in, consent, throttles, the one-click unsubscribe link. */
    newsletter: createNewsletterSubscriptions({ store: newsletterSubscribersStore(db), mailer, secrets, publicUrl, siteName, now, log: deps.log }),
    /** The weekly digest's editions: built by the newsletter-build job, /admin/newsletter, the public archive. */
    newsletterEditions: createNewsletterEditions({ store: editions, sources: editionSources({ store: editions, launches, blog }), mailer, publicUrl, now }),
    /** Sending an edition: start (queue a delivery per confirmed subscriber, then the sender job) and progress. */
    newsletterSending: createNewsletterSending({ store: newsletterDeliveriesStore(db), jobs, now }),
    /** "Download my data" (GDPR art. 15, 20): exports prepared by a job, kept privately in the media storage, downloaded by their person. */
    dataExports,
    /** Outgoing webhooks: a person's endpoints, their delivery log and "send again" (deliveries: jobs/webhook-deliver.ts). */
    webhooks: {
      ...createWebhooks({
        store: webhooksStore(db),
        seal: webhookSeal,
        resolve: deps.webhooks?.resolve ?? lookupAll,
        allowHosts: () => deps.webhooks?.allowHosts ?? [],
        jobs,
        now,
      }),
      seal: webhookSeal,
      siteName,
    },
  };
}

export type Services = ReturnType<typeof createServices>;

/** Every address of a host name, through dns.lookup as the safe agent dials (read at call time: tests route it). */
const lookupAll: ResolveHost = (host) =>
  new Promise((resolve, reject) => dns.lookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses.map((a) => a.address)))));

/** Drafting in the worker pool: the LLM when configured (its values still pass the verifier), then the built-in extractor. */
function drafterFor(deps: ServiceDeps): Drafter {
  return createDrafter({
    pool: deps.pool,
    model: deps.llm ? createLlmExtractor({ ...deps.llm, fetch: deps.llm.fetch as typeof fetch }) : undefined,
    pageBudgetMs: deps.budgets?.pageBudgetMs ?? 2000,
    draftBudgetMs: deps.budgets?.draftBudgetMs ?? 30_000,
  });
}
