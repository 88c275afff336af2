import { sql, type Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { EmailPreferences } from '../domain/accounts/email-preferences.ts';

export const LISTING_UPDATE_MAIL_JOB = 'listing-update-mail';

/**
 * Tells a listing's followers about an update, by email. The update is claimed first
 * (followers_notified_at), so a retried or duplicated job never mails anyone twice; the price is
 * that a crash in the middle leaves the rest of that update's followers unmailed (at most once).
 * Only a public listing's followers are mailed: the mail links to its public page.
 */
export async function mailFollowers(deps: { db: Kysely<DB>; mailer: Pick<Mailer, 'send'>; preferences: EmailPreferences; publicUrl: string; now: () => Date }, updateId: string) {
  const claimed = await sql<{ listing_id: string; title: string; body: string }>`
    update listing_updates set followers_notified_at = ${deps.now()}
    where id = ${updateId} and followers_notified_at is null
    returning listing_id, title, body`.execute(deps.db);
  const update = claimed.rows[0];
  if (!update) return { updateId, mailed: 0, skipped: 'already notified or deleted' };
  const listing = await deps.db
    .selectFrom('listings')
    .innerJoin('site_settings', (j) => j.onTrue())
    .select(['listings.slug', 'listings.name', 'listings.status', 'site_settings.name as site_name'])
    .where('listings.id', '=', update.listing_id)
    .executeTakeFirst();
  if (!listing || (listing.status !== 'live' && listing.status !== 'scheduled')) return { updateId, mailed: 0, skipped: 'listing not public' };
  const followers = await deps.db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.user_id')
    .select(['users.id', 'users.email'])
    .where('follows.listing_id', '=', update.listing_id)
    .where('users.disabled_at', 'is', null)
    .orderBy('follows.created_at')
    .execute();
  const page = `${deps.publicUrl}/listings/${listing.slug}`;
  const optedOut = await deps.preferences.optedOut(followers.map((f) => f.id), 'updates');
  let mailed = 0;
  for (const f of followers) {
    if (optedOut.has(f.id)) continue;
    const unsubscribe = await deps.preferences.unsubscribeUrl(f.id, 'updates');
    await deps.mailer.send({
      to: f.email,
      subject: `${listing.name}: ${update.title}`,
      text: `${listing.name} posted an update on ${listing.site_name}.\n\n${update.title}\n\n${update.body}\n\n${page}\n\n--\nYou get this because you follow ${listing.name}. Unfollow on its page, or stop every update mail (one click, no sign-in): ${unsubscribe}\n`,
      headers: await deps.preferences.headers(f.id, 'updates'),
    });
    mailed++;
  }
  return { updateId, mailed };
}
