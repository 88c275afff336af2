import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema.ts';
import { RANK } from './comments-store.ts';

export interface ErasureInput {
  userId: string;
  at: Date;
  /** The address the account gets instead of its own: made up, unique, and pointing at no one. */
  placeholderEmail: string;
  placeholderName: string;
  /** Why a listing it owned left the directory (the hidden listing's reason, as /admin/listings shows it). */
  unlistedReason: string;
  /** What replaces the address and the name where a record that stays mentions them (the action log, listing versions). */
  redaction: string;
  /** A name shorter than this is not searched for in other people's mails and the logs: it would match ordinary words. */
  nameMinLength: number;
}

export interface ErasureResult {
  /** Rows removed or changed, by what they were (the job run's summary). */
  counts: Record<string, number>;
  /** Listings whose public page or discussion changed: their caches are dropped after the commit. */
  slugs: string[];
}

/** `text` with every occurrence of `needle` (in any letter case) replaced: a plain scan, no pattern. */
export function replaceEvery(text: string, needle: string, by: string): string {
  if (!needle) return text;
  const lower = text.toLowerCase();
  const target = needle.toLowerCase();
  // Lower-casing may change a string's length (a few letters outside ASCII): then only exact matches.
  if (lower.length !== text.length) return text.split(needle).join(by);
  let out = '';
  let from = 0;
  for (let at = lower.indexOf(target); at !== -1; at = lower.indexOf(target, from)) {
    out += text.slice(from, at) + by;
    from = at + target.length;
  }
  return out + text.slice(from);
}

/**
 * Erases one account in the caller's transaction (docs/decisions.md#account-deletion-issue-31):
 * what is the person's goes, what others wrote around it stays without them, the listings they
 * owned leave the directory without an owner, and the paid orders stay for the tax law, pointing at
 * the users row, which stays anonymised. The order of the statements matters where noted.
 */
export async function eraseAccountRows(db: Kysely<DB>, p: ErasureInput): Promise<ErasureResult> {
  const id = p.userId;
  const user = (await sql<{ email: string; name: string }>`select email, name from users where id = ${id} for update`.execute(db)).rows[0];
  if (!user) return { counts: {}, slugs: [] };
  const email = user.email.toLowerCase();
  const name = user.name.trim();
  const nameCounts = name.length >= p.nameMinLength;
  const counts: Record<string, number> = {};
  const listingIds = new Set<string>();
  const run = async (what: string, query: RawBuilder<unknown>) => {
    const r = await query.execute(db);
    counts[what] = (counts[what] ?? 0) + Number(r.numAffectedRows ?? r.rows.length);
    return r.rows as { listing_id?: string }[];
  };
  const touching = async (what: string, query: RawBuilder<unknown>) => {
    for (const row of await run(what, query)) if (row.listing_id) listingIds.add(String(row.listing_id));
  };

  // Ways in, and what only served them.
  await run('sessions', sql`delete from sessions where user_id = ${id}`);
  await run('api_keys', sql`delete from api_keys where user_id = ${id}`);
  // Their webhook endpoints (with deliveries and log) and the events meant for them.
  await run('webhook_endpoints', sql`delete from webhook_endpoints where user_id = ${id}`);
  await run('webhook_events', sql`delete from webhook_events where user_id = ${id}`);
  await run('oauth_records', sql`delete from oauth_records where grant_id in (
    select g.id from oauth_records g where g.model = 'Grant' and g.payload->>'accountId' = ${id})`);
  await run('oauth_records', sql`delete from oauth_records where payload->>'accountId' = ${id}`);
  await run('user_identities', sql`delete from user_identities where user_id = ${id}`);
  await run('email_tokens', sql`delete from email_tokens where user_id = ${id} or lower(email) = ${email}`);
  await run('email_preferences', sql`delete from email_preferences where user_id = ${id}`);
  await run('idempotency_keys', sql`delete from idempotency_keys where principal = ${`user:${id}`}`);
  await run('media_upload_log', sql`delete from media_upload_log where user_id = ${id}`);
  await run('follow_mail_deliveries', sql`delete from follow_mail_deliveries where user_id = ${id}`);
  await run('interview_answers', sql`delete from interview_answers where user_id = ${id}`);
  await run('newsletter_subscribers', sql`delete from newsletter_subscribers where lower(email) = ${email} or user_id = ${id}`);

  // Community signals. A week's votes and the points move through the votes' triggers; the counts
  // of voters and followers and a comment's upvotes are kept by the code that adds one
  // (community-store.ts, comments-store.ts), so they move here, with the comment's rank.
  await touching('votes', sql`with gone as (delete from votes where user_id = ${id} returning listing_id)
    update listings l set votes_count = greatest(l.votes_count - g.n, 0)
    from (select listing_id, count(*)::int as n from gone group by listing_id) g where l.id = g.listing_id
    returning l.id as listing_id`);
  await touching('follows', sql`with gone as (delete from follows where user_id = ${id} returning listing_id)
    update listings l set follows_count = greatest(l.follows_count - g.n, 0)
    from (select listing_id, count(*)::int as n from gone group by listing_id) g where l.id = g.listing_id
    returning l.id as listing_id`);
  await touching('reviews', sql`delete from reviews where user_id = ${id} returning listing_id`);
  await touching('comment_upvotes', sql`with gone as (delete from comment_upvotes where user_id = ${id} returning comment_id)
    update comments c set upvotes = greatest(c.upvotes - g.n, 0), rank = ${RANK(sql`greatest(c.upvotes - g.n, 0)`, sql`c.created_at`)}
    from (select comment_id, count(*)::int as n from gone group by comment_id) g where c.id = g.comment_id
    returning c.listing_id`);
  // Their comments as other owners' webhooks were told them (the delivery log keeps them 30 days): before the comments go.
  await run('webhook_events', sql`delete from webhook_events e using comments c
    where c.user_id = ${id} and e.type = 'comment.posted' and e.data->'comment'->>'id' = c.id::text`);
  // Replies first (their parents' reply counts drop by trigger), then a comment that still has
  // visible replies stays as the "deleted" placeholder, as an author's own delete leaves it; the rest go.
  await touching('comments', sql`delete from comments where user_id = ${id} and parent_id is not null returning listing_id`);
  await touching('comments', sql`update comments set status = 'deleted', body = '', body_html = '', body_hash = '', status_reason = null,
      pinned_at = null, edited_at = null, user_id = null
    where user_id = ${id} and parent_id is null and replies_count > 0 returning listing_id`);
  await touching('comments', sql`delete from comments where user_id = ${id} returning listing_id`);
  await run('comment_links', sql`delete from comment_links where user_id = ${id}`);
  await run('reports', sql`update reports set reporter_id = null where reporter_id = ${id}`);

  // What they wrote into someone else's draft on joining it by invite (their founder entry, by
  // their account's name), and its copy on the listing submitted from it: before the invites go.
  await touching('founders', sql`with gone as (
      delete from founders f where f.user_id is null and lower(btrim(f.name)) = lower(${name})
        and exists (select 1 from listing_founders lf join drafts d on d.listing_id = lf.listing_id
                    join draft_invites i on i.draft_id = d.id where lf.founder_id = f.id and i.accepted_by = ${id})
      returning f.id)
    select distinct lf.listing_id from listing_founders lf join gone on gone.id = lf.founder_id`);
  await run('drafts_joined', sql`update drafts d set updated_at = ${p.at}, founders = coalesce(
      (select jsonb_agg(x.e order by x.n) from jsonb_array_elements(d.founders) with ordinality as x(e, n)
       where lower(btrim(coalesce(x.e->>'name', ''))) <> lower(${name})), '[]'::jsonb)
    where d.id in (select draft_id from draft_invites where accepted_by = ${id})`);

  // Claims made, and invites to the person's address (someone else's drafts).
  await run('listing_claims', sql`delete from claim_emails where user_id = ${id}`);
  await run('listing_claims', sql`delete from listing_claims where user_id = ${id}`);
  await run('listing_claims', sql`update listing_claims set previous_owner_id = null where previous_owner_id = ${id}`);
  await run('draft_invites', sql`delete from draft_invites where lower(email) = ${email}`);
  await run('draft_invites', sql`update draft_invites set accepted_by = null where accepted_by = ${id}`);
  // Drafts go with their crawled pages and invites (foreign keys' cascades).
  await run('drafts', sql`delete from drafts where owner_id = ${id}`);

  // The founder profile of the account, and the person's own entry drafted onto their listings
  // (no account, their name, on no one else's listing): before the listings lose their owner.
  await touching('founders', sql`with gone as (delete from founders where user_id = ${id} returning id)
    select distinct lf.listing_id from listing_founders lf join gone on gone.id = lf.founder_id`);
  await run('founders', sql`delete from founders f where f.user_id is null and lower(btrim(f.name)) = lower(${name})
    and exists (select 1 from listing_founders lf join listings l on l.id = lf.listing_id where lf.founder_id = f.id and l.owner_id = ${id})
    and not exists (select 1 from listing_founders lf join listings l on l.id = lf.listing_id
                    where lf.founder_id = f.id and l.owner_id is distinct from ${id})`);

  // Listings owned leave the directory as a hidden listing does (status archived, the status it had
  // remembered: an administrator restores it, then anyone proves control of the site to claim it).
  await run('listing_moderation', sql`insert into listing_moderation (listing_id, status_before, reason, hidden_by, hidden_at)
    select id, status, ${p.unlistedReason}, null, ${p.at} from listings
    where owner_id = ${id} and status in ('live', 'scheduled', 'awaiting_badge')
    on conflict (listing_id) do nothing`);
  await touching('listings_unlisted', sql`update listings set status = 'archived', updated_at = ${p.at}
    where owner_id = ${id} and status in ('live', 'scheduled', 'awaiting_badge') returning id as listing_id`);
  await touching('listings_unowned', sql`update listings set owner_id = null, updated_at = ${p.at} where owner_id = ${id} returning id as listing_id`);
  await touching('listing_contact_emails', sql`update listings set contact_email = null, updated_at = ${p.at}
    where lower(contact_email) = ${email} returning id as listing_id`);

  // Records that stay (a listing's history, the administrators' log) keep no address or name of the
  // person. The rows that mention them are few: found in SQL, their JSON rewritten value by value
  // here (a text replacement in the JSON's text could hit its syntax: a name like "null").
  const needles = nameCounts ? [email, name] : [email];
  const redact = (value: unknown): unknown => {
    if (typeof value === 'string') return needles.reduce((text, needle) => replaceEvery(text, needle, p.redaction), value);
    if (Array.isArray(value)) return value.map(redact);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v)]));
    return value;
  };
  const mentions = (column: RawBuilder<unknown>) => sql.join(needles.map((n) => sql`strpos(lower(${column}), lower(${n})) > 0`), sql` or `);
  const versions = await sql<{ id: string; before: unknown; after: unknown }>`select id, before, after from listing_versions
    where ${mentions(sql`before::text`)} or ${mentions(sql`after::text`)} for update`.execute(db);
  // One statement for all of them, not one per row.
  if (versions.rows.length) {
    await sql`update listing_versions v set before = c.before, after = c.after
      from unnest(${versions.rows.map((v) => v.id)}::bigint[], ${versions.rows.map((v) => JSON.stringify(redact(v.before)))}::jsonb[],
        ${versions.rows.map((v) => JSON.stringify(redact(v.after)))}::jsonb[]) as c(id, before, after)
      where v.id = c.id`.execute(db);
  }
  counts.listing_versions = versions.rows.length;
  const logged = await sql<{ id: string; summary: string; details: unknown }>`select id, summary, details from admin_actions
    where ${mentions(sql`summary`)} or ${mentions(sql`details::text`)} for update`.execute(db);
  if (logged.rows.length) {
    await sql`update admin_actions a set summary = c.summary, details = c.details
      from unnest(${logged.rows.map((a) => a.id)}::bigint[], ${logged.rows.map((a) => redact(a.summary) as string)}::text[],
        ${logged.rows.map((a) => JSON.stringify(redact(a.details)))}::jsonb[]) as c(id, summary, details)
      where a.id = c.id`.execute(db);
  }
  counts.admin_actions = logged.rows.length;

  // The outbox: mails to the person, and mails to others that name them (a comment's author, an
  // inviter, a claimant). No mail of the service is an invoice, so none is kept for the law.
  const mailText = sql`(subject || ' ' || text_body)`;
  await run('outbox_emails', sql`delete from outbox_emails
    where lower(to_address) = ${email} or strpos(lower(${mailText}), ${email}) > 0
      ${nameCounts ? sql`or strpos(lower(${mailText}), lower(${name})) > 0` : sql``}`);

  // Orders never paid are no accounting record; paid and refunded ones are, and stay as they are.
  await run('orders', sql`delete from orders where user_id = ${id} and paid_at is null
    and (status = 'expired' or (status = 'pending' and expires_at <= ${p.at}))`);

  // Last, the row itself: the address and name replaced, no password, no role, disabled, erased.
  await run('users', sql`update users set email = ${p.placeholderEmail}, name = ${p.placeholderName}, password_hash = null,
      is_admin = false, email_verified_at = null, disabled_at = coalesce(disabled_at, ${p.at}),
      deletion_requested_at = null, deletion_due_at = null, erased_at = ${p.at}
    where id = ${id}`);

  const slugs = listingIds.size
    ? (await sql<{ slug: string }>`select slug from listings where id = any(${[...listingIds]}::bigint[])`.execute(db)).rows.map((r) => r.slug)
    : [];
  return { counts, slugs };
}
