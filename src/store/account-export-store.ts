import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * What an account's data export reads (domain/privacy/account-export.ts): one query per kind of
 * thing, each naming its columns. Nothing here selects a secret: no password or token hash, no API
 * key hash, no session token, no vote fingerprint. A column added to a table later reaches the
 * export only when it is named here (and in docs/data-export.md).
 */
export function accountExportStore(db: Kysely<DB>) {
  return {
    /** The account with this address (any case): the CLI's way in. */
    async userIdByEmail(email: string) {
      return (await db.selectFrom('users').select('id').where(sql<boolean>`lower(email) = ${email.toLowerCase()}`).executeTakeFirst())?.id;
    },

    async account(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'is_admin', 'email_verified_at', 'created_at', 'disabled_at', sql<boolean>`password_hash is not null`.as('has_password')])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    identities: (userId: string) =>
      db
        .selectFrom('user_identities')
        .select(['provider', 'subject', 'email', 'email_verified', 'provider_created_at', 'linked_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('linked_at')
        .execute(),

    sessions: (userId: string) =>
      db
        .selectFrom('sessions')
        .select(['id', 'device', 'method', 'created_at', 'last_seen_at', 'expires_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    apiKeys: (userId: string) =>
      db
        .selectFrom('api_keys')
        .select(['id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** The account's webhook endpoints, without their signing secret. */
    webhookEndpoints: (userId: string) =>
      sql<{ id: string; url: string; description: string | null; events: string[]; categories: string[]; created_at: Date; disabled_at: Date | null; disabled_reason: string | null }>`
        select id::text, url, description, events, categories, created_at, disabled_at, disabled_reason from webhook_endpoints where user_id = ${userId} order by id`
        .execute(db)
        .then((r) => r.rows),

    /** The account's OAuth grants (oauth_records, by the payload's accountId), with what the consent page showed and the client's registered name. */
    async oauthGrants(userId: string) {
      return (
        await sql<{ id: string; payload: Record<string, unknown>; expires_at: Date | null; display: Record<string, unknown> | null; client: Record<string, unknown> | null }>`
          select g.id, g.payload, g.expires_at, d.payload as display, c.payload as client
          from oauth_records g
          left join oauth_records d on d.model = 'GrantDisplay' and d.id = g.id
          left join oauth_records c on c.model = 'Client' and c.id = g.payload->>'clientId'
          where g.model = 'Grant' and g.payload->>'accountId' = ${userId}
          order by g.id`.execute(db)
      ).rows;
    },

    emailPreferences: (userId: string) =>
      db.selectFrom('email_preferences').select(['kind', 'enabled', 'changed_at']).where('user_id', '=', userId).orderBy('kind').execute(),

    /** Subscriptions made from the account, or to its address (the public form takes no account). */
    newsletterSubscriptions: (userId: string, email: string) =>
      db
        .selectFrom('newsletter_subscribers')
        .select(['id', 'email', 'status', 'consented_at', 'consent_page', 'consent_text', 'confirmed_at', 'unsubscribed_at', 'created_at'])
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email.toLowerCase())]))
        .orderBy('id')
        .execute(),

    async newsletterDeliveries(subscriberIds: string[]) {
      if (!subscriberIds.length) return [];
      return (
        await sql<{ subscriber_id: string; week: string; subject: string; status: string; sent_at: Date | null }>`
          select d.subscriber_id, e.week, e.subject, d.status, d.sent_at
          from newsletter_deliveries d join newsletter_editions e on e.id = d.edition_id
          where d.subscriber_id in (${sql.join(subscriberIds)})
          order by e.week, d.subscriber_id`.execute(db)
      ).rows;
    },

    founderProfiles: (userId: string) =>
      db
        .selectFrom('founders')
        .select(['id', 'slug', 'name', 'title', 'bio', 'avatar_url', 'country', 'socials', 'created_at', 'hidden_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),

    /** Which listings a founder profile is shown on (the founder links). */
    async founderLinks(founderIds: string[]) {
      if (!founderIds.length) return [];
      return db
        .selectFrom('listing_founders as lf')
        .innerJoin('listings as l', 'l.id', 'lf.listing_id')
        .select(['lf.founder_id', 'l.slug as listing', 'lf.title', 'lf.position'])
        .where('lf.founder_id', 'in', founderIds)
        .orderBy('lf.founder_id')
        .orderBy('lf.position')
        .execute();
    },

    interviewAnswers: (userId: string) =>
      db
        .selectFrom('interview_answers as a')
        .innerJoin('interview_questions as q', 'q.id', 'a.question_id')
        .select(['q.question', 'a.answer', 'a.updated_at'])
        .where('a.user_id', '=', userId)
        .orderBy('q.position')
        .orderBy('q.id')
        .execute(),

    drafts: (userId: string) =>
      db
        .selectFrom('drafts')
        .select([
          'id', 'url', 'status', 'stage', 'failure_code', 'failure_reason', 'fields', 'faqs', 'founders', 'company_socials', 'founder_socials', 'story',
          'milestones', 'seo', 'competitor', 'logo_copy', 'pages_read', 'skipped', 'owner_sections', 'listing_id', 'submitted_at', 'created_at', 'updated_at',
        ])
        .where('owner_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** The pages each draft quotes from (their text: the evidence base), not their raw HTML. */
    async crawlPages(draftIds: string[]) {
      if (!draftIds.length) return [];
      return db
        .selectFrom('crawl_pages')
        .select(['draft_id', 'purpose', 'position', 'url', 'final_url', 'fetched_at', 'status', 'content_type', 'title', 'lang', 'text'])
        .where('draft_id', 'in', draftIds)
        .orderBy('draft_id')
        .orderBy('purpose')
        .orderBy('position')
        .execute();
    },

    /** Co-founder invites the person sent (with the draft), and those they accepted. */
    invitesSent: (userId: string) =>
      db.selectFrom('draft_invites').select(['draft_id', 'email', 'created_at', 'expires_at', 'accepted_at']).where('invited_by', '=', userId).orderBy('id').execute(),
    invitesAccepted: (userId: string) =>
      db
        .selectFrom('draft_invites as i')
        .innerJoin('drafts as d', 'd.id', 'i.draft_id')
        .select(['i.draft_id', 'd.url as draft_url', 'i.email', 'i.accepted_at'])
        .where('i.accepted_by', '=', userId)
        .orderBy('i.id')
        .execute(),

    listings: (userId: string) =>
      db
        .selectFrom('listings as l')
        .leftJoin('categories as c', 'c.id', 'l.primary_category_id')
        .select([
          'l.id', 'l.slug', 'l.status', 'l.plan', 'l.launch_week', 'l.published_at', 'l.name', 'l.url', 'l.domain', 'l.tagline', 'l.short_description',
          'l.description', 'l.headline', 'l.summary', 'l.stage', 'l.pricing_model', 'l.pricing_summary', 'l.country', 'l.city', 'l.founded_year',
          'l.contact_email', 'l.demo_video_url', 'l.logo_url', 'l.logo_hash', 'l.seo_title', 'l.seo_description', 'l.features', 'l.usps', 'l.keywords',
          'l.tags', 'l.faqs', 'l.socials', 'l.story', 'l.unlocked_sections', 'l.not_found_on_website', 'c.slug as primary_category', 'l.revenue_mrr_cents',
          'l.revenue_verified', 'l.verified_at', 'l.free_queued_at', 'l.badge_checked_at', 'l.badge_verified_at', 'l.votes_count', 'l.follows_count',
          'l.comments_count', 'l.created_at', 'l.updated_at',
        ])
        .where('l.owner_id', '=', userId)
        .orderBy('l.id')
        .execute(),

    async listingCategories(listingIds: string[]) {
      if (!listingIds.length) return [];
      return db
        .selectFrom('listing_categories as lc')
        .innerJoin('categories as c', 'c.id', 'lc.category_id')
        .select(['lc.listing_id', 'c.slug', 'lc.is_primary'])
        .where('lc.listing_id', 'in', listingIds)
        .orderBy('lc.listing_id')
        .orderBy('lc.position')
        .execute();
    },

    async listingFounders(listingIds: string[]) {
      if (!listingIds.length) return [];
      return db
        .selectFrom('listing_founders as lf')
        .innerJoin('founders as f', 'f.id', 'lf.founder_id')
        .select(['lf.listing_id', 'f.slug', 'f.name', 'lf.title'])
        .where('lf.listing_id', 'in', listingIds)
        .orderBy('lf.listing_id')
        .orderBy('lf.position')
        .execute();
    },

    async listingUpdates(listingIds: string[]) {
      if (!listingIds.length) return [];
      return db.selectFrom('listing_updates').select(['listing_id', 'id', 'title', 'body', 'created_at']).where('listing_id', 'in', listingIds).orderBy('id').execute();
    },

    async milestones(listingIds: string[]) {
      if (!listingIds.length) return [];
      return db.selectFrom('milestones').select(['listing_id', 'id', 'date', 'title', 'description', 'url', 'created_at']).where('listing_id', 'in', listingIds).orderBy('id').execute();
    },

    /** Gallery items, with each kept image's source width (which variants it has). */
    async gallery(listingIds: string[]) {
      if (!listingIds.length) return [];
      return db
        .selectFrom('listing_media as m')
        .leftJoin('media_files as f', 'f.source_hash', 'm.media_hash')
        .select(['m.listing_id', 'm.id', 'm.kind', 'm.url', 'm.caption', 'm.alt', 'm.position', 'm.media_hash', 'f.width', 'm.created_at'])
        .where('m.listing_id', 'in', listingIds)
        .orderBy('m.listing_id')
        .orderBy('m.position')
        .orderBy('m.id')
        .execute();
    },

    async badgeChecks(listingIds: string[]) {
      if (!listingIds.length) return [];
      return db.selectFrom('badge_checks').select(['listing_id', 'checked_at', 'outcome', 'url', 'detail']).where('listing_id', 'in', listingIds).orderBy('id').execute();
    },

    /** Every version of the person's listings, and their edits of listings they no longer own. */
    versions: (userId: string) =>
      db
        .selectFrom('listing_versions as v')
        .innerJoin('listings as l', 'l.id', 'v.listing_id')
        .select(['v.id', 'l.slug as listing', 'v.source', sql<boolean>`v.editor_id is not distinct from ${userId}`.as('by_you'), 'v.before', 'v.after', 'v.created_at'])
        .where((eb) => eb.or([eb('v.editor_id', '=', userId), eb('l.owner_id', '=', userId)]))
        .orderBy('v.id')
        .execute(),

    claims: (userId: string) =>
      db
        .selectFrom('listing_claims as c')
        .innerJoin('listings as l', 'l.id', 'c.listing_id')
        .select([
          'c.id', 'l.slug as listing', 'c.method', 'c.status', 'c.homepage', 'c.domain', 'c.email', 'c.last_result', 'c.last_detail', 'c.checked_at',
          'c.failure_reason', 'c.created_at', 'c.expires_at', 'c.verified_at',
        ])
        .where('c.user_id', '=', userId)
        .orderBy('c.id')
        .execute(),

    claimEmails: (userId: string) =>
      db.selectFrom('claim_emails').select(['claim_id', 'email', 'sent_at']).where('user_id', '=', userId).orderBy('id').execute(),

    /** Listings someone else proved theirs while this account owned them. */
    claimedFromYou: (userId: string) =>
      db
        .selectFrom('listing_claims as c')
        .innerJoin('listings as l', 'l.id', 'c.listing_id')
        .select(['l.slug as listing', 'c.method', 'c.verified_at'])
        .where('c.previous_owner_id', '=', userId)
        .orderBy('c.id')
        .execute(),

    orders: (userId: string) =>
      db
        .selectFrom('orders')
        .select([
          'id', 'number', 'status', 'currency', 'subtotal_cents', 'vat_rate_bp', 'vat_cents', 'total_cents', 'vat_treatment', 'vat_note', 'billing_country',
          'vat_number', 'vat_evidence', 'billing', 'provider', 'provider_payment_id', 'created_at', 'expires_at', 'paid_at', 'expired_at', 'refunded_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),

    async orderLines(orderIds: string[]) {
      if (!orderIds.length) return [];
      return db
        .selectFrom('order_lines as ol')
        .leftJoin('listings as l', 'l.id', 'ol.listing_id')
        .select([
          'ol.order_id', 'ol.position', 'ol.product_code', 'ol.product_name', 'ol.kind', 'l.slug as listing', 'ol.options', 'ol.description', 'ol.quantity',
          'ol.unit_price_cents', 'ol.amount_cents', 'ol.launch_week', 'ol.fulfilled_at', 'ol.fulfilment',
        ])
        .where('ol.order_id', 'in', orderIds)
        .orderBy('ol.order_id')
        .orderBy('ol.position')
        .execute();
    },

    async paymentEvents(orderIds: string[]) {
      if (!orderIds.length) return [];
      return db.selectFrom('payment_events').select(['order_id', 'provider', 'type', 'outcome', 'received_at']).where('order_id', 'in', orderIds).orderBy('received_at').execute();
    },

    votes: (userId: string) =>
      db
        .selectFrom('votes as v')
        .innerJoin('listings as l', 'l.id', 'v.listing_id')
        .select(['l.slug as listing', 'v.week', 'v.created_at', 'v.points', 'v.sign_in_method', 'v.seen_on', 'v.settled_at'])
        .where('v.user_id', '=', userId)
        .orderBy('v.id')
        .execute(),

    follows: (userId: string) =>
      db
        .selectFrom('follows as f')
        .innerJoin('listings as l', 'l.id', 'f.listing_id')
        .select(['l.slug as listing', 'f.created_at'])
        .where('f.user_id', '=', userId)
        .orderBy('f.created_at')
        .execute(),

    reviews: (userId: string) =>
      db
        .selectFrom('reviews as r')
        .innerJoin('listings as l', 'l.id', 'r.listing_id')
        .select(['r.id', 'l.slug as listing', 'r.rating', 'r.body', 'r.status', 'r.created_at'])
        .where('r.user_id', '=', userId)
        .orderBy('r.id')
        .execute(),

    comments: (userId: string) =>
      db
        .selectFrom('comments as c')
        .innerJoin('listings as l', 'l.id', 'c.listing_id')
        .select(['c.id', 'l.slug as listing', 'c.parent_id', 'c.body', 'c.status', 'c.status_reason', 'c.upvotes', 'c.pinned_at', 'c.created_at', 'c.edited_at'])
        .where('c.user_id', '=', userId)
        .orderBy('c.id')
        .execute(),

    commentUpvotes: (userId: string) =>
      db
        .selectFrom('comment_upvotes as u')
        .innerJoin('comments as c', 'c.id', 'u.comment_id')
        .innerJoin('listings as l', 'l.id', 'c.listing_id')
        .select(['u.comment_id', 'l.slug as listing', 'u.created_at'])
        .where('u.user_id', '=', userId)
        .orderBy('u.created_at')
        .execute(),

    reports: (userId: string) =>
      db
        .selectFrom('reports')
        .select(['id', 'subject_type', 'subject_id', 'reason', 'details', 'status', 'created_at', 'resolved_at'])
        .where('reporter_id', '=', userId)
        .orderBy('id')
        .execute(),

    async followMails(userId: string) {
      return (
        await sql<{ kind: string; listing: string; week: string; place: number | null; claimed_at: Date }>`
          select e.kind, l.slug as listing, e.week, e.place, d.claimed_at
          from follow_mail_deliveries d
          join follow_mail_events e on e.id = d.event_id
          join listings l on l.id = e.listing_id
          where d.user_id = ${userId}
          order by d.claimed_at, e.id`.execute(db)
      ).rows;
    },

    pictureUploads: (userId: string) => db.selectFrom('media_upload_log').select(['created_at']).where('user_id', '=', userId).orderBy('id').execute(),

    /** What the person did as an administrator: when, which action, on what (the summary and details stay in the log: they describe other people). */
    administration: (userId: string) =>
      db.selectFrom('admin_actions').select(['action', 'subject_type', 'subject_id', 'created_at']).where('admin_id', '=', userId).orderBy('id').execute(),

    /** Mail the service sent to the account's address (the outbox keeps every one). */
    mail: (email: string) =>
      db
        .selectFrom('outbox_emails')
        .select(['id', 'subject', 'text_body', 'created_at', 'sent_at', 'transport'])
        .where(sql<boolean>`lower(to_address) = ${email.toLowerCase()}`)
        .orderBy('id')
        .execute(),

    /** The site's name, for the document's header. */
    async siteName() {
      return (await db.selectFrom('site_settings').select('name').executeTakeFirst())?.name ?? 'Launchyard';
    },
  };
}
export type AccountExportStore = ReturnType<typeof accountExportStore>;
