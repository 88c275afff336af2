import type { AccountExportStore } from '../../store/account-export-store.ts';
import { EMAIL_KINDS } from '../accounts/email-preferences.ts';
import { galleryWidths } from '../../media/variants.ts';

/** What the document says it is (docs/data-export.md): a reader checks both before reading on. */
export const EXPORT_FORMAT = 'launchyard.account-export';
/** Raised only when a key changes meaning or goes away; new keys may appear within a version. */
export const EXPORT_VERSION = 1;
/** The document's name in the zip. */
export const EXPORT_DOCUMENT_NAME = 'launchyard-export.json';

/**
 * Every table with a column that references users(id), and where its rows about the person are
 * in the document (its top-level key). The coverage test (account-export.test.ts) reads the
 * database's foreign keys and fails when a table is in neither this list nor NOT_EXPORTED: a new
 * table about people is exported, or its leaving out is explained, before it ships.
 */
export const EXPORTED_TABLES: Readonly<Record<string, string>> = {
  user_identities: 'sign_in_methods',
  sessions: 'sessions',
  api_keys: 'api_keys',
  webhook_endpoints: 'webhook_endpoints',
  email_preferences: 'email_preferences',
  newsletter_subscribers: 'newsletter',
  founders: 'founder_profiles',
  interview_answers: 'interview_answers',
  drafts: 'drafts',
  draft_invites: 'draft_invites_accepted',
  listings: 'listings',
  listing_versions: 'listing_versions',
  listing_claims: 'claims',
  claim_emails: 'claim_emails',
  orders: 'orders',
  votes: 'votes',
  follows: 'follows',
  reviews: 'reviews',
  comments: 'comments',
  comment_upvotes: 'comment_upvotes',
  reports: 'reports',
  follow_mail_deliveries: 'follow_mails',
  media_upload_log: 'picture_uploads',
  admin_actions: 'administration',
};

/**
 * Tables tied to a person that the document leaves out, each with why (the document carries this
 * list too, as not_exported, beside what no foreign key ties to an account).
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  email_tokens: 'One-time e-mailed links (confirm an address, confirm a deletion): only a hash of each is kept, it expires within a day, and the mail that carried it is under "mail".',
  comment_links: 'The links in your comments, kept to spot link spam: each is already in its comment\'s body under "comments".',
  listing_moderation: 'A moderator hiding a listing (who did it): the site team\'s record. What you did as an administrator is under "administration".',
  listing_version_reviews: 'A moderator marking an owner\'s edit as reviewed: the site team\'s record. Every version of your listings is under "listing_versions".',
  data_exports: 'The exports themselves: /account/data shows the latest one and its state.',
  webhook_events: 'The events sent to your webhook endpoints: your endpoints received each one, and the delivery log on /account/webhooks shows them for 30 days.',
};

/** What no foreign key ties to an account, and is left out all the same (stated in the document). */
const ALSO_NOT_EXPORTED: Readonly<Record<string, string>> = {
  'votes.network_hash, votes.agent_hash (and those of follows, reviews, comment upvotes)':
    'Keyed hashes of a vote\'s network and browser, comparable only with each other for 30 days to find bought votes, then erased: they say nothing about you by themselves.',
  'votes.held_reason, votes.review': 'Whether the vote detection held a vote for review: its evidence stays with the site team (the rules are published at /about/ranking).',
  sign_in_failures: 'Counters of failed sign-ins, named by keyed hashes of an address: they cannot be tied back to you, and go after two days.',
  newsletter_attempts: 'The newsletter form\'s throttle: keyed hashes, kept an hour.',
  idempotency_keys: 'Answers kept a day so that an API client\'s retry gets the same answer: copies of what the API already told you.',
};

export interface ExportFile {
  /** Where the file goes in the zip ("files/listings/<slug>/logo.png"). */
  path: string;
  /** Its key in the media storage. */
  key: string;
}

export interface AccountExport {
  /** The JSON document (launchyard-export.json). */
  document: Record<string, unknown>;
  /** The person's pictures to pack beside it. */
  files: ExportFile[];
}

/** Said between the parts of the gathering: how far (0–1) and what comes next, in words. */
export type ExportStep = (fraction: number, words: string) => Promise<void>;

const cents = (v: string | number | null) => (v === null ? null : Number(v));
const groupBy = <T, K extends keyof T>(rows: T[], key: K) => {
  const out = new Map<unknown, Omit<T, K>[]>();
  for (const row of rows) {
    const { [key]: k, ...rest } = row;
    const list = out.get(k) ?? [];
    list.push(rest);
    out.set(k, list);
  }
  return (k: unknown) => out.get(k) ?? [];
};
/** "a b" → ["a", "b"]: a grant's scope string. */
const scopesOf = (scope: unknown) => (typeof scope === 'string' ? scope.split(' ').filter(Boolean) : []);
const epochSeconds = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? new Date(v * 1000) : null);

/**
 * Everything tied to one account, as the document docs/data-export.md describes, and the pictures
 * of its listings to pack beside it (their largest kept variant: the site keeps no original). Null
 * when there is no such account. Secrets are never read (the store names no secret column).
 */
export async function buildAccountExport(
  store: AccountExportStore,
  userId: string,
  opts: { now: Date; publicUrl: string; step?: ExportStep },
): Promise<AccountExport | null> {
  const step = opts.step ?? (async () => {});
  const account = await store.account(userId);
  if (!account) return null;
  const email = account.email;

  await step(0.05, 'Your account and how you sign in');
  const [identities, sessions, apiKeys, grants, preferences, subscriptions, siteName] = await Promise.all([
    store.identities(userId),
    store.sessions(userId),
    store.apiKeys(userId),
    store.oauthGrants(userId),
    store.emailPreferences(userId),
    store.newsletterSubscriptions(userId, email),
    store.siteName(),
  ]);
  const deliveries = groupBy(await store.newsletterDeliveries(subscriptions.map((s) => s.id)), 'subscriber_id');
  const changed = new Map(preferences.map((p) => [p.kind, p]));

  await step(0.2, 'Your drafts and founder profiles');
  const [founders, answers, drafts, invitesSent, invitesAccepted] = await Promise.all([
    store.founderProfiles(userId),
    store.interviewAnswers(userId),
    store.drafts(userId),
    store.invitesSent(userId),
    store.invitesAccepted(userId),
  ]);
  const [founderLinks, pages] = await Promise.all([store.founderLinks(founders.map((f) => f.id)), store.crawlPages(drafts.map((d) => d.id))]);
  const linksOf = groupBy(founderLinks, 'founder_id');
  const pagesOf = groupBy(pages, 'draft_id');
  const invitesOf = groupBy(invitesSent, 'draft_id');

  await step(0.4, 'Your listings and their history');
  const listings = await store.listings(userId);
  const ids = listings.map((l) => l.id);
  const [categories, listingFounders, updates, milestones, gallery, badgeChecks, versions, claims, claimEmails, claimedFromYou] = await Promise.all([
    store.listingCategories(ids),
    store.listingFounders(ids),
    store.listingUpdates(ids),
    store.milestones(ids),
    store.gallery(ids),
    store.badgeChecks(ids),
    store.versions(userId),
    store.claims(userId),
    store.claimEmails(userId),
    store.claimedFromYou(userId),
  ]);
  const categoriesOf = groupBy(categories, 'listing_id');
  const foundersOf = groupBy(listingFounders, 'listing_id');
  const updatesOf = groupBy(updates, 'listing_id');
  const milestonesOf = groupBy(milestones, 'listing_id');
  const galleryOf = groupBy(gallery, 'listing_id');
  const checksOf = groupBy(badgeChecks, 'listing_id');
  const files: ExportFile[] = [];

  await step(0.6, 'Your orders, votes, reviews and comments');
  const orders = await store.orders(userId);
  const orderIds = orders.map((o) => o.id);
  const [lines, events, votes, follows, reviews, comments, upvotes, reports, followMails, uploads, administration] = await Promise.all([
    store.orderLines(orderIds),
    store.paymentEvents(orderIds),
    store.votes(userId),
    store.follows(userId),
    store.reviews(userId),
    store.comments(userId),
    store.commentUpvotes(userId),
    store.reports(userId),
    store.followMails(userId),
    store.pictureUploads(userId),
    store.administration(userId),
  ]);
  const linesOf = groupBy(lines, 'order_id');
  const eventsOf = groupBy(events, 'order_id');

  await step(0.8, 'The mail we sent you');
  const mail = await store.mail(email);

  const document = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    generated_at: opts.now,
    site: { name: siteName, url: opts.publicUrl },
    account: {
      id: account.id,
      email: account.email,
      name: account.name,
      is_admin: account.is_admin,
      email_verified_at: account.email_verified_at,
      created_at: account.created_at,
      disabled_at: account.disabled_at,
    },
    sign_in_methods: { password: account.has_password, identities },
    sessions,
    api_keys: apiKeys,
    webhook_endpoints: await store.webhookEndpoints(userId),
    oauth_grants: grants.map((g) => {
      const p = g.payload;
      const clientId = String(p.clientId ?? '');
      const display = g.display ?? {};
      return {
        client_id: clientId,
        client_name: typeof display.name === 'string' ? display.name : typeof g.client?.client_name === 'string' ? g.client.client_name : clientId,
        access: Object.entries((p.resources ?? {}) as Record<string, unknown>).map(([resource, scope]) => ({
          resource: resource.startsWith(opts.publicUrl) ? resource.slice(opts.publicUrl.length) || '/' : resource,
          scopes: scopesOf(scope),
        })),
        connected_at: epochSeconds(p.iat),
        last_used_at: epochSeconds(display.lastUsedAt),
        expires_at: g.expires_at,
      };
    }),
    email_preferences: Object.keys(EMAIL_KINDS).map((kind) => {
      const row = changed.get(kind as keyof typeof EMAIL_KINDS);
      return { kind, label: EMAIL_KINDS[kind as keyof typeof EMAIL_KINDS].label, enabled: row?.enabled ?? true, changed_at: row?.changed_at ?? null };
    }),
    newsletter: subscriptions.map(({ id, ...s }) => ({ ...s, deliveries: deliveries(id) })),
    founder_profiles: founders.map(({ id, ...f }) => ({ ...f, listings: linksOf(id) })),
    interview_answers: answers,
    drafts: drafts.map((d) => ({ ...d, invites: invitesOf(d.id), pages: pagesOf(d.id) })),
    draft_invites_accepted: invitesAccepted,
    listings: listings.map((l) => {
      const dir = `files/listings/${l.slug}`;
      let logoFile: string | null = null;
      if (l.logo_hash) {
        logoFile = `${dir}/logo.png`;
        files.push({ path: logoFile, key: `${l.logo_hash}/logo-256.png` });
      }
      let n = 0;
      const items = galleryOf(l.id).map(({ media_hash, width, ...item }) => {
        let file: string | null = null;
        if (item.kind === 'image' && media_hash && width) {
          const widths = galleryWidths(width);
          file = `${dir}/gallery-${++n}.jpg`;
          files.push({ path: file, key: `${media_hash}/gallery-${widths[widths.length - 1].name}.jpg` });
        }
        return { ...item, file };
      });
      const { logo_hash: _logoHash, revenue_mrr_cents, ...rest } = l;
      return {
        ...rest,
        revenue_mrr_cents: cents(revenue_mrr_cents),
        logo_file: logoFile,
        categories: categoriesOf(l.id),
        founders: foundersOf(l.id),
        updates: updatesOf(l.id),
        milestones: milestonesOf(l.id),
        gallery: items,
        badge_checks: checksOf(l.id),
      };
    }),
    listing_versions: versions,
    claims,
    claim_emails: claimEmails,
    listings_claimed_from_you: claimedFromYou,
    orders: orders.map((o) => ({
      ...o,
      subtotal_cents: cents(o.subtotal_cents),
      vat_cents: cents(o.vat_cents),
      total_cents: cents(o.total_cents),
      lines: linesOf(o.id).map((line) => ({ ...line, unit_price_cents: cents(line.unit_price_cents), amount_cents: cents(line.amount_cents) })),
      payment_events: eventsOf(o.id),
    })),
    votes,
    follows,
    reviews,
    comments,
    comment_upvotes: upvotes,
    reports,
    follow_mails: followMails,
    picture_uploads: uploads.map((u) => u.created_at),
    administration,
    mail: mail.map((m) => ({ id: m.id, subject: m.subject, text: m.text_body, created_at: m.created_at, sent_at: m.sent_at, transport: m.transport })),
    files: files.map((f) => f.path),
    not_exported: { ...NOT_EXPORTED, ...ALSO_NOT_EXPORTED },
  };
  return { document, files };
}
