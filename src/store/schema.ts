import type { ColumnType, Generated } from 'kysely';

// Row types for Kysely. pg returns int8 as string, date as a JS Date only if parsed; see types.ts
// for the parser set-up that keeps dates as 'YYYY-MM-DD' strings on both engines.
type Id = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface SiteSettingsTable {
  id: Generated<number>;
  name: Generated<string>;
  purpose: Generated<string>;
  timezone: Generated<string>;
  free_queue_min_weeks: Generated<number>;
  free_queue_max_weeks: Generated<number>;
  free_week_capacity: Generated<number>;
  paid_week_capacity: Generated<number>;
  /** The weekly newsletter goes out by itself on Mondays from this hour (site timezone), or only by hand (0031). */
  newsletter_auto: Generated<boolean>;
  newsletter_hour: Generated<number>;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Id;
  email: string;
  name: string;
  password_hash: string | null;
  is_admin: Generated<boolean>;
  email_verified_at: Date | null;
  created_at: Timestamp;
  /** Set by an administrator: no sign-in, and sessions, API keys and OAuth grants are refused (0014). */
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A deletion asked for and when the erasure job may run it; both null when none is pending (0035). */
  deletion_requested_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deletion_due_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Set when the account was erased: the row stays, anonymised, for the orders kept (0035). */
  erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface FaqRow {
  question: string;
  answer: string;
}

export interface CategoriesTable {
  id: Id;
  slug: string;
  name: string;
  description: Generated<string>;
  parent_id: string | null;
  position: Generated<number>;
  faqs: Json<FaqRow[]>;
  /** Words it is also known by, for matching (migration 0015). */
  keywords: Generated<string[]>;
  created_at: Timestamp;
}

export interface CategoryAttributesTable {
  id: Id;
  category_id: string;
  key: string;
  label: string;
  kind: 'text' | 'boolean' | 'number' | 'list';
  position: Generated<number>;
}

export interface FoundersTable {
  id: Id;
  slug: string;
  user_id: string | null;
  name: string;
  title: string | null;
  bio: Generated<string>;
  avatar_url: string | null;
  country: string | null;
  socials: Json<Record<string, string>>;
  created_at: Timestamp;
  /** Set when a moderator hid the profile (migration 0024). */
  hidden_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type ListingStatus = 'draft' | 'awaiting_badge' | 'scheduled' | 'live' | 'archived';
export type ListingPlan = 'free' | 'paid';
export type PaidSection = 'story' | 'milestones' | 'media';

export interface ListingsTable {
  id: Id;
  slug: string;
  owner_id: string | null;
  status: ListingStatus;
  plan: ListingPlan;
  launch_week: string | null;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  name: string;
  url: string;
  domain: string;
  tagline: string | null;
  short_description: string | null;
  description: string | null;
  headline: string | null;
  summary: string | null;
  stage: string | null;
  pricing_model: string | null;
  pricing_summary: string | null;
  country: string | null;
  city: string | null;
  founded_year: number | null;
  contact_email: string | null;
  demo_video_url: string | null;
  logo_url: string | null;
  /** The logo the site keeps (media_files); logo_url then names its 256 px PNG. */
  logo_hash: Generated<string | null>;
  seo_title: string | null;
  seo_description: string | null;
  features: Generated<string[]>;
  usps: Generated<string[]>;
  keywords: Generated<string[]>;
  tags: Generated<string[]>;
  faqs: Json<FaqRow[]>;
  socials: Json<Record<string, string>>;
  story: Json<Record<string, string> | null>;
  unlocked_sections: Generated<PaidSection[]>;
  not_found_on_website: Generated<string[]>;
  primary_category_id: string | null;
  revenue_mrr_cents: string | null;
  revenue_verified: Generated<boolean>;
  verified_at: Date | null;
  dr_value: number | null;
  dr_previous: number | null;
  dr_measured_at: Date | null;
  dr_source: string | null;
  free_queued_at: Date | null;
  badge_checked_at: Date | null;
  badge_verified_at: Date | null;
  badge_check_requested_at: Date | null;
  votes_count: Generated<number>;
  /** Votes cast in the listing's own launch week (kept by triggers on votes). */
  week_votes: Generated<number>;
  /** Counted points (sum of the votes' weights in thousandths), all time and in the launch week; kept by triggers. */
  vote_points: Generated<string>;
  week_points: Generated<string>;
  /** Time-decayed votes, stored by the trending-refresh job. */
  trending_score: Generated<number>;
  follows_count: Generated<number>;
  comments_count: Generated<number>;
  comment_threads_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  search_text: ColumnType<string, never, never>;
  search_vector: ColumnType<string, never, never>;
}

export interface ListingCategoriesTable {
  listing_id: string;
  category_id: string;
  is_primary: Generated<boolean>;
  position: Generated<number>;
}

export interface ListingAttributeValuesTable {
  listing_id: string;
  attribute_id: string;
  value: string;
}

export interface ListingFoundersTable {
  listing_id: string;
  founder_id: string;
  title: string | null;
  position: Generated<number>;
}

export interface ListingUpdatesTable {
  id: Id;
  listing_id: string;
  title: string;
  body: string;
  created_at: Timestamp;
  followers_notified_at: Date | null;
}

export interface MilestonesTable {
  id: Id;
  listing_id: string;
  date: string;
  title: string;
  description: string | null;
  url: string | null;
  created_at: Timestamp;
}

export interface ListingMediaTable {
  id: Id;
  listing_id: string;
  kind: 'image' | 'video';
  url: string;
  caption: string | null;
  position: Generated<number>;
  /** An image the site keeps: its folder in the media storage (media_files). */
  media_hash: Generated<string | null>;
  alt: Generated<string | null>;
  created_at: Generated<Timestamp>;
}

export interface MediaFilesTable {
  source_hash: string;
  purpose: 'logo' | 'gallery';
  width: number;
  height: number;
  source_url: string | null;
  created_at: Generated<Timestamp>;
}

export interface MediaUploadLogTable {
  id: Id;
  user_id: string;
  created_at: Generated<Timestamp>;
}

/** Why a listing's logo on another site could not be copied (jobs/listing-logo.ts); one row per listing. */
export interface ListingLogoRefusalsTable {
  listing_id: string;
  source_url: string;
  code: string;
  reason: string;
  refused_at: Timestamp;
}

export interface ListingAlternativesTable {
  listing_id: string;
  alternative_id: string;
  position: Generated<number>;
  created_at: Timestamp;
}

export interface VotesTable {
  id: Id;
  listing_id: string;
  user_id: string;
  week: string;
  source: Generated<'site'>;
  /** Salted hashes (vote-provenance.ts); null once settled. */
  network_hash: string | null;
  /** Cast within the detection window before midnight UTC: the network's hash under the next day's salt. */
  network_hash_next: Generated<string | null>;
  agent_hash: string | null;
  sign_in_method: string | null;
  seen_on: 'listing' | 'list' | 'unrecorded' | null;
  /** The vote's weight in thousandths (0–1000). */
  points: Generated<number>;
  settled_at: Timestamp | null;
  held_reason: 'fresh_burst' | 'network_burst' | 'single_purpose' | 'ring' | null;
  held_group: string | null;
  held_at: Timestamp | null;
  review: 'released' | 'confirmed' | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface FollowsTable {
  listing_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface ReviewsTable {
  id: Id;
  listing_id: string;
  user_id: string;
  rating: number;
  body: Generated<string>;
  status: Generated<'pending' | 'published' | 'rejected'>;
  created_at: Timestamp;
}

/** A listing's view count, off the listing row (migration 0023); one row per listing, made by a trigger. */
export interface ListingViewsTable {
  listing_id: string;
  /** The listing's status, copied by a trigger (the most-viewed order is read from one index). */
  status: ColumnType<string, never, never>;
  views: ColumnType<string, never, string | number>;
}

export interface ListingViewDaysTable {
  listing_id: string;
  day: string;
  views: Generated<number>;
}

export interface DomainRatingSnapshotsTable {
  id: Id;
  listing_id: string;
  value: number;
  source: string;
  measured_at: Timestamp;
}

export interface BillboardContributionsTable {
  id: Id;
  listing_id: string;
  amount_cents: ColumnType<string, string | number, string | number>;
  created_at: Timestamp;
  /** The order line that bought it (migration 0013); null for money recorded otherwise. */
  order_line_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AwardsTable {
  id: Id;
  week: string;
  place: number;
  listing_id: string;
  votes: number;
  created_at: Timestamp;
}

export interface BlogPostsTable {
  id: Id;
  slug: string;
  title: string;
  excerpt: Generated<string>;
  body_markdown: string;
  faqs: Json<FaqRow[]>;
  author_name: string;
  cover_url: string | null;
  tags: Generated<string[]>;
  status: Generated<'draft' | 'published'>;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  search_vector: ColumnType<string, never, never>;
}

export interface InterviewQuestionsTable {
  id: Id;
  question: string;
  position: Generated<number>;
  active: Generated<boolean>;
}

export interface InterviewAnswersTable {
  user_id: string;
  question_id: string;
  answer: string;
  updated_at: Timestamp;
}

export type ProductKind = 'paid_launch' | 'extra_category' | 'section_unlock' | 'billboard' | 'featured';

export interface ProductsTable {
  id: Id;
  code: string;
  name: string;
  description: Generated<string>;
  kind: ProductKind;
  price_cents: number;
  needs_listing: Generated<boolean>;
  active: Generated<boolean>;
  position: Generated<number>;
  options: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface AwardWeeksTable {
  week: string;
  computed_at: Timestamp;
  winners: number;
}

export interface JobRunsTable {
  id: Id;
  job: string;
  job_id: string | null;
  status: 'running' | 'succeeded' | 'failed';
  attempt: Generated<number>;
  detail: string | null;
  started_at: Timestamp;
  finished_at: Date | null;
  /** host:pid of the node that ran it (null for runs recorded before 0016). */
  node: string | null;
}

export interface SessionsTable {
  id: Id;
  token_hash: string;
  user_id: string;
  csrf_token: string;
  /** A coarse label of the browser ("Firefox on Linux", domain/accounts/device-label.ts); no address is kept (0033). */
  device: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** How the person signed in (0026). */
  method: Generated<SignInMethod>;
}

/** How a session was started: the password form, or a provider (migrations/0026_sign_in_identities.sql). */
export type SignInMethod = 'password' | SignInProvider;
export type SignInProvider = 'github' | 'google';
/** An account's identity at a sign-in provider; no token of the provider is kept. */
export interface UserIdentitiesTable {
  id: Id;
  user_id: string;
  provider: SignInProvider;
  subject: string;
  email: string | null;
  email_verified: Generated<boolean>;
  /** When the provider says the identity was made (GitHub's created_at); null when unknown. */
  provider_created_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  linked_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ApiKeysTable {
  id: Id;
  user_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: string[];
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** What a one-time e-mailed link is for: confirming an address, or confirming an account's deletion (0035). */
export type EmailTokenPurpose = 'verify_email' | 'delete_account';
export interface EmailTokensTable {
  id: Id;
  user_id: string | null;
  purpose: EmailTokenPurpose;
  token_hash: string;
  email: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface OutboxEmailsTable {
  id: Id;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  transport: string;
  error: string | null;
  /** Headers the mail was sent with (List-Unsubscribe…). */
  headers: ColumnType<Record<string, string>, string | undefined, string>;
}

export interface SignInFailuresTable {
  key: string;
  failures: Generated<number>;
  window_started_at: Timestamp;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface OauthRecordsTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  consumed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface InstallationSecretsTable {
  name: string;
  value: Json<unknown>;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  principal: string;
  key: string;
  operation: string;
  request_hash: string;
  state: 'processing' | 'completed';
  status_code: number | null;
  response_body: Json<unknown>;
  created_at: Timestamp;
  locked_until: ColumnType<Date, Date | string, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface ListingVersionsTable {
  id: Id;
  listing_id: string;
  editor_id: string | null;
  source: string;
  before: Json<Record<string, unknown>>;
  after: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export type BadgeCheckOutcome = 'verified' | 'absent' | 'unverifiable';

export interface BadgeChecksTable {
  id: Id;
  listing_id: string;
  checked_at: Timestamp;
  outcome: BadgeCheckOutcome;
  url: string;
  detail: Generated<string>;
}

export type DraftStatus = 'crawling' | 'drafting' | 'ready' | 'failed' | 'submitted';
export type DraftStage = 'queued' | 'robots' | 'fetching' | 'drafting' | 'verifying' | 'done' | 'failed';

export interface DraftsTable {
  id: ColumnType<string, string | undefined, never>;
  owner_id: string;
  url: string;
  status: DraftStatus;
  stage: DraftStage;
  pages_fetched: Generated<number>;
  pages_planned: Generated<number>;
  fields_drafted: Generated<number>;
  pipeline_sends: Generated<number>;
  failure_code: string | null;
  failure_reason: string | null;
  fields: Json<Record<string, unknown>>;
  faqs: Json<unknown[]>;
  founders: Json<unknown[]>;
  company_socials: Json<Record<string, string>>;
  founder_socials: Json<Record<string, string>>;
  story: Json<Record<string, string> | null>;
  milestones: Json<unknown[]>;
  seo: Json<{ title: string | null; meta: string | null } | null>;
  competitor: Json<Record<string, unknown> | null>;
  /** The copy the site keeps of the drafted logo (jobs/draft-logo.ts), and its picture while kept. */
  logo_copy: Json<Record<string, unknown> | null>;
  logo_hash: Generated<string | null>;
  skipped: Json<Array<{ url: string; reason: string }>>;
  pages_read: Json<Array<{ url: string; title: string }>>;
  owner_sections: Generated<string[]>;
  listing_id: string | null;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CrawlPagesTable {
  id: Id;
  draft_id: string;
  purpose: 'site' | 'competitor';
  position: number;
  url: string;
  final_url: string;
  fetched_at: ColumnType<Date, Date | string, Date | string>;
  status: number;
  content_type: string;
  hash: string;
  title: string;
  lang: string;
  text: string;
  html: string;
  links: Json<unknown[]>;
}

export interface DraftInvitesTable {
  id: Id;
  draft_id: string;
  email: string;
  token_hash: string;
  invited_by: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  accepted_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ClaimMethod = 'dns' | 'meta' | 'file' | 'email';
export type ClaimStatus = 'pending' | 'verified' | 'failed' | 'expired';
export type ClaimCheckResult = 'found' | 'not_found' | 'could_not_check';
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface ListingClaimsTable {
  id: Id;
  listing_id: string;
  user_id: string;
  method: ClaimMethod;
  status: Generated<ClaimStatus>;
  homepage: string;
  domain: string | null;
  token: Nullable<string>;
  email: Nullable<string>;
  token_hash: Nullable<string>;
  last_result: Nullable<ClaimCheckResult>;
  last_detail: Nullable<string>;
  checked_at: Nullable<Date>;
  failure_reason: Nullable<string>;
  previous_owner_id: Nullable<string>;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  verified_at: Nullable<Date>;
}

export interface ClaimEmailsTable {
  id: Id;
  claim_id: string;
  user_id: string;
  listing_id: string;
  email: string;
  sent_at: Timestamp;
}

export type OrderStatus = 'pending' | 'paid' | 'expired' | 'refunded';
export type VatTreatment = 'domestic' | 'eu_consumer' | 'reverse_charge' | 'outside_eu';
export type PaymentProviderName = 'test' | 'stripe';
type Bigint = ColumnType<string, string | number, string | number>;
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface OrdersTable {
  id: Id;
  number: string;
  user_id: string;
  status: Generated<OrderStatus>;
  currency: Generated<'USD'>;
  subtotal_cents: Bigint;
  vat_rate_bp: number;
  vat_cents: Bigint;
  total_cents: Bigint;
  vat_treatment: VatTreatment;
  vat_note: string;
  billing_country: string;
  vat_number: string | null;
  vat_evidence: Json<Record<string, unknown>>;
  billing: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  checkout_token_hash: string;
  provider: PaymentProviderName;
  provider_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  provider_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  paid_at: MaybeTime;
  expired_at: MaybeTime;
  refunded_at: MaybeTime;
}

export interface OrderLinesTable {
  id: Id;
  order_id: string;
  position: number;
  product_id: string;
  product_code: string;
  product_name: string;
  kind: Exclude<ProductKind, 'featured'>;
  listing_id: string | null;
  options: Json<Record<string, unknown>>;
  description: string;
  quantity: number;
  unit_price_cents: Bigint;
  amount_cents: Bigint;
  launch_week: string | null;
  fulfilled_at: MaybeTime;
  fulfilment: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PaymentEventsTable {
  provider: PaymentProviderName;
  event_id: string;
  type: string;
  order_id: string | null;
  outcome: string;
  received_at: Timestamp;
}

/** Administrators' actions (migrations/0014_admin_actions.sql; category actions 0020). */
export interface AdminActionsTable {
  id: Id;
  admin_id: string | null;
  action: AdminActionKind;
  subject_type: 'listing' | 'listing_version' | 'user' | 'product' | 'category' | 'category_tree' | 'review' | 'comment' | 'founder' | 'newsletter_edition' | 'site_settings';
  subject_id: string;
  summary: string;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
}
export type AdminActionKind =
  | 'listing_hidden'
  | 'listing_restored'
  | 'edit_reviewed'
  | 'user_disabled'
  | 'user_enabled'
  | 'admin_granted'
  | 'price_changed'
  | 'product_added'
  | 'product_retired'
  | 'category_added'
  | 'category_moved'
  | 'category_retired'
  | 'category_tree_imported'
  | 'content_hidden'
  | 'content_restored'
  | 'reports_dismissed'
  | 'votes_released'
  | 'votes_confirmed'
  | 'newsletter_intro_saved'
  | 'newsletter_settings_saved'
  | 'newsletter_test_sent'
  | 'newsletter_sending_started'
  | 'user_deletion_scheduled'
  | 'user_erased';

export interface ListingModerationTable {
  listing_id: string;
  status_before: 'awaiting_badge' | 'scheduled' | 'live';
  reason: string;
  hidden_by: string | null;
  hidden_at: Timestamp;
}

export interface ListingVersionReviewsTable {
  version_id: string;
  reviewed_by: string | null;
  reviewed_at: Timestamp;
}

export interface DB {
  admin_actions: AdminActionsTable;
  listing_moderation: ListingModerationTable;
  listing_version_reviews: ListingVersionReviewsTable;
  site_settings: SiteSettingsTable;
  users: UsersTable;
  categories: CategoriesTable;
  category_attributes: CategoryAttributesTable;
  founders: FoundersTable;
  listings: ListingsTable;
  listing_categories: ListingCategoriesTable;
  listing_attribute_values: ListingAttributeValuesTable;
  listing_founders: ListingFoundersTable;
  listing_updates: ListingUpdatesTable;
  milestones: MilestonesTable;
  listing_media: ListingMediaTable;
  media_files: MediaFilesTable;
  media_upload_log: MediaUploadLogTable;
  listing_logo_refusals: ListingLogoRefusalsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_attempts: NewsletterAttemptsTable;
  newsletter_editions: NewsletterEditionsTable;
  listing_alternatives: ListingAlternativesTable;
  votes: VotesTable;
  follows: FollowsTable;
  reviews: ReviewsTable;
  listing_view_days: ListingViewDaysTable;
  listing_views: ListingViewsTable;
  domain_rating_snapshots: DomainRatingSnapshotsTable;
  billboard_contributions: BillboardContributionsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payment_events: PaymentEventsTable;
  awards: AwardsTable;
  blog_posts: BlogPostsTable;
  interview_questions: InterviewQuestionsTable;
  interview_answers: InterviewAnswersTable;
  products: ProductsTable;
  award_weeks: AwardWeeksTable;
  job_runs: JobRunsTable;
  sessions: SessionsTable;
  user_identities: UserIdentitiesTable;
  api_keys: ApiKeysTable;
  email_tokens: EmailTokensTable;
  outbox_emails: OutboxEmailsTable;
  sign_in_failures: SignInFailuresTable;
  oauth_records: OauthRecordsTable;
  installation_secrets: InstallationSecretsTable;
  idempotency_keys: IdempotencyKeysTable;
  listing_versions: ListingVersionsTable;
  badge_checks: BadgeChecksTable;
  drafts: DraftsTable;
  trending_state: { id: number; reference_at: ColumnType<Date, Date | string, Date | string>; computed_until: ColumnType<Date, Date | string, Date | string> };
  trending_stale: { listing_id: string };
  crawl_pages: CrawlPagesTable;
  draft_invites: DraftInvitesTable;
  listing_claims: ListingClaimsTable;
  claim_emails: ClaimEmailsTable;
  comments: CommentsTable;
  comment_upvotes: { comment_id: string; user_id: string; created_at: Timestamp };
  comment_links: { comment_id: string; link: string; user_id: string | null; created_at: Timestamp };
  comment_mail_marks: { listing_id: string; last_mailed_at: Timestamp; last_comment_id: string };
  reports: ReportsTable;
  email_preferences: { user_id: string; kind: EmailKind; enabled: boolean; changed_at: Timestamp };
  data_exports: DataExportsTable;
}

/** Discussions (migrations/0024_discussions.sql). */
export type CommentStatus = 'visible' | 'held' | 'hidden' | 'deleted';
export interface CommentsTable {
  id: Id;
  listing_id: string;
  parent_id: string | null;
  user_id: string | null;
  body: string;
  body_html: string;
  status: Generated<CommentStatus>;
  status_reason: string | null;
  upvotes: Generated<number>;
  replies_count: Generated<number>;
  rank: number;
  body_hash: string;
  pinned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export type ReportSubject = 'listing' | 'review' | 'comment' | 'founder';
export type ReportReason = 'spam' | 'harassment' | 'misleading' | 'off_topic' | 'illegal' | 'other';
export interface ReportsTable {
  id: Id;
  subject_type: ReportSubject;
  subject_id: string;
  reporter_id: string | null;
  reason: ReportReason;
  details: Generated<string>;
  status: Generated<'open' | 'actioned' | 'dismissed'>;
  created_at: Timestamp;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_by: string | null;
}
/** The kinds of mail a person can switch off (account → E-mail). */
export type EmailKind = 'comments' | 'replies' | 'updates' | 'followed_live' | 'followed_award';

/** The weekly newsletter (migrations/0029_newsletter_subscribers.sql). */
export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'bouncing';
export interface NewsletterSubscribersTable {
  id: Id;
  email: string;
  status: Generated<NewsletterStatus>;
  user_id: string | null;
  consented_at: Timestamp;
  consent_page: string;
  consent_text: string;
  token_hash: string | null;
  token_sent_at: MaybeTime;
  token_expires_at: MaybeTime;
  token_used_at: MaybeTime;
  confirmed_at: MaybeTime;
  unsubscribed_at: MaybeTime;
  created_at: Timestamp;
}
export interface NewsletterAttemptsTable {
  id: Id;
  address_hash: string;
  network_hash: string | null;
  at: Timestamp;
}

/** The weekly newsletter's editions, one per closed launch week (migrations/0031_newsletter_editions.sql). */
export type EditionStatus = 'draft' | 'sending' | 'sent';
export interface NewsletterEditionsTable {
  id: Id;
  week: string;
  subject: string;
  intro: string | null;
  html: string;
  text: string;
  content: Json<Record<string, unknown>>;
  status: Generated<EditionStatus>;
  built_at: Generated<Date>;
  sending_at: MaybeTime;
  sent_at: MaybeTime;
  created_at: Generated<Date>;
}

/** "Download my data": one prepared export of an account (migrations/0034_data_exports.sql). */
export type DataExportState = 'queued' | 'preparing' | 'ready' | 'failed' | 'expired';
export interface DataExportsTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  state: Generated<DataExportState>;
  progress: Generated<number>;
  step: ColumnType<string | null, string | null | undefined, string | null>;
  /** exports/<32 hex>/launchyard-export.zip in the media storage while the file is kept (state ready). */
  storage_key: ColumnType<string | null, string | null | undefined, string | null>;
  size_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  sends: Generated<number>;
  failure: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date, never>;
  updated_at: ColumnType<Date, Date, Date>;
  started_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ready_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
