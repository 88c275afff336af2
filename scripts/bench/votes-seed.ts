/**
 * Writes the vote bench's listings and plans (votes-world.ts) with bulk unnest inserts: accounts,
 * their linked identities, their genuine activity (follows, published reviews, visible comments:
 * what the weighting counts) and their votes with the provenance a cast vote records. Votes go in
 * at the default 1000 points, as before any weighing; the job gives them their weight.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { bulkInsert } from '../../src/demo/bulk-insert.ts';
import type { Random } from '../../src/demo/random.ts';
import { saltDay } from '../../src/domain/community/vote-provenance.ts';
import type { DB } from '../../src/store/schema.ts';
import { HOUR, type Plan } from './votes-world.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const iso = (t: number) => new Date(t).toISOString();

/** Live listings of one launch week (or of the catalogue, in past weeks); ids in the order given. */
export async function insertListings(conn: Kysely<DB>, rows: { slug: string; week: string; publishedAt: number }[]): Promise<string[]> {
  const inserted = await bulkInsert<{ id: string; slug: string }>(
    conn,
    'listings',
    [
      { name: 'slug', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'url', type: 'text' },
      { name: 'domain', type: 'text' },
      { name: 'tagline', type: 'text' },
      { name: 'status', type: 'text' },
      { name: 'launch_week', type: 'date' },
      { name: 'published_at', type: 'timestamptz' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    rows.map((r) => ({
      slug: r.slug,
      name: r.slug.replace(/-/g, ' '),
      url: `https://${r.slug}.example`,
      domain: `${r.slug}.example`,
      tagline: 'A product launched in the vote bench',
      status: 'live',
      launch_week: r.week,
      published_at: iso(r.publishedAt),
      created_at: iso(r.publishedAt - 7 * 24 * HOUR),
    })),
    { returning: ['id', 'slug'] },
  );
  const ids = new Map(inserted.map((r) => [r.slug, r.id]));
  return rows.map((r) => ids.get(r.slug)!);
}

/**
 * A plan's accounts, identities, activity and votes. `catalogue`: older listings the activity is
 * about (follows and reviews need distinct listings per person). Returns the accounts' ids in the
 * plan's order.
 */
export async function insertPlan(conn: Kysely<DB>, plan: Plan, o: { tag: string; week: string; catalogue: readonly string[]; rng: Random; log?: (step: string, ms: number) => void }): Promise<string[]> {
  const { rng, tag } = o;
  let t = performance.now();
  const step = (name: string) => {
    o.log?.(name, performance.now() - t);
    t = performance.now();
  };
  const emailOf = (i: number) => `${tag}-${i}@votebench.invalid`;
  const users = await bulkInsert<{ id: string; email: string }>(
    conn,
    'users',
    [
      { name: 'email', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'email_verified_at', type: 'timestamptz' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    plan.people.map((p, i) => ({
      email: emailOf(i),
      name: `Voter ${tag} ${i}`,
      email_verified_at: p.verified ? iso(p.createdAt + 5 * 60_000) : null,
      created_at: iso(p.createdAt),
    })),
    { returning: ['id', 'email'], chunkSize: 10_000 },
  );
  const byEmail = new Map(users.map((u) => [u.email, u.id]));
  const ids = plan.people.map((_, i) => byEmail.get(emailOf(i))!);
  step('users');

  const identities = plan.people.flatMap((p, i) =>
    p.identity
      ? [{
          user_id: ids[i],
          provider: p.identity.provider,
          subject: `${tag}-${i}`,
          email: emailOf(i),
          email_verified: true,
          provider_created_at: p.identity.createdAt === null ? null : iso(p.identity.createdAt),
          linked_at: iso(p.createdAt + 60_000),
        }]
      : [],
  );
  await bulkInsert(
    conn,
    'user_identities',
    [
      { name: 'user_id', type: 'bigint' },
      { name: 'provider', type: 'text' },
      { name: 'subject', type: 'text' },
      { name: 'email', type: 'text' },
      { name: 'email_verified', type: 'boolean' },
      { name: 'provider_created_at', type: 'timestamptz' },
      { name: 'linked_at', type: 'timestamptz' },
    ],
    identities,
    { chunkSize: 10_000 },
  );
  step('identities');

  // Activity: about 70 % follows, 15 % published reviews, the rest visible comments.
  const follows: Record<string, unknown>[] = [];
  const reviews: Record<string, unknown>[] = [];
  const comments: Record<string, unknown>[] = [];
  plan.people.forEach((p, i) => {
    if (p.activity === 0) return;
    const nReviews = Math.min(o.catalogue.length, Math.round(p.activity * 0.15));
    const nFollows = Math.min(o.catalogue.length, Math.round(p.activity * 0.7));
    const nComments = p.activity - nReviews - nFollows;
    const at = () => iso(p.createdAt + HOUR + Math.floor(rng.next() * HOUR * 6));
    for (const listing of rng.sample(o.catalogue, nFollows)) follows.push({ listing_id: listing, user_id: ids[i], created_at: at() });
    for (const listing of rng.sample(o.catalogue, nReviews)) reviews.push({ listing_id: listing, user_id: ids[i], rating: rng.int(3, 5), body: 'Useful.', status: 'published', created_at: at() });
    for (let k = 0; k < nComments; k++) {
      const body = `A comment from ${tag} ${i}, number ${k}.`;
      comments.push({ listing_id: rng.pick(o.catalogue), user_id: ids[i], body, body_html: `<p>${body}</p>`, rank: 0, body_hash: md5(body), status: 'visible', created_at: at() });
    }
  });
  step('activity planned');
  await bulkInsert(conn, 'follows', [{ name: 'listing_id', type: 'bigint' }, { name: 'user_id', type: 'bigint' }, { name: 'created_at', type: 'timestamptz' }], follows, { chunkSize: 10_000 });
  step('follows');
  await bulkInsert(
    conn,
    'reviews',
    [
      { name: 'listing_id', type: 'bigint' },
      { name: 'user_id', type: 'bigint' },
      { name: 'rating', type: 'smallint' },
      { name: 'body', type: 'text' },
      { name: 'status', type: 'text' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    reviews,
    { chunkSize: 10_000 },
  );
  step('reviews');
  // The counts trigger updates the listing once per comment, as a site does over months; a bulk
  // seed writes the comments with it off and their listings' counts once.
  await sql`alter table comments disable trigger comments_counts`.execute(conn);
  await bulkInsert(
    conn,
    'comments',
    [
      { name: 'listing_id', type: 'bigint' },
      { name: 'user_id', type: 'bigint' },
      { name: 'body', type: 'text' },
      { name: 'body_html', type: 'text' },
      { name: 'rank', type: 'integer' },
      { name: 'body_hash', type: 'text' },
      { name: 'status', type: 'text' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    comments,
    { chunkSize: 10_000 },
  );
  await sql`alter table comments enable trigger comments_counts`.execute(conn);
  const perListing = new Map<string, number>();
  for (const c of comments) perListing.set(c.listing_id as string, (perListing.get(c.listing_id as string) ?? 0) + 1);
  await sql`update listings l set comments_count = l.comments_count + c.n, comment_threads_count = l.comment_threads_count + c.n
    from unnest(${[...perListing.keys()]}::bigint[], ${[...perListing.values()]}::int[]) as c(id, n) where l.id = c.id`.execute(conn);
  step('comments');

  // The network's hash changes with the day, as the daily salt makes it (vote-provenance.ts).
  await bulkInsert(
    conn,
    'votes',
    [
      { name: 'listing_id', type: 'bigint' },
      { name: 'user_id', type: 'bigint' },
      { name: 'week', type: 'date' },
      { name: 'created_at', type: 'timestamptz' },
      { name: 'network_hash', type: 'text' },
      { name: 'agent_hash', type: 'text' },
      { name: 'sign_in_method', type: 'text' },
      { name: 'seen_on', type: 'text' },
    ],
    plan.votes.map((v) => ({
      listing_id: v.listing,
      user_id: ids[v.person],
      week: o.week,
      created_at: iso(v.at),
      network_hash: md5(`network:${v.network}:${saltDay(new Date(v.at))}`).slice(0, 32),
      agent_hash: md5(`agent:${tag}:${v.person}`).slice(0, 32),
      sign_in_method: plan.people[v.person].identity?.provider ?? 'password',
      seen_on: v.seenOn,
    })),
    { chunkSize: 10_000 },
  );
  step('votes');
  return ids;
}

export interface BoardRow {
  id: string;
  votes: number;
  points: number;
}

/** The week's live listings, weekly board order (counted points, then earlier launch, then id), with people and points. */
export async function readBoard(conn: Kysely<DB>, week: string) {
  const rows = (
    await sql<{ id: string; week_votes: number; week_points: string; published_at: Date }>`
      select id, week_votes, week_points, published_at from listings where launch_week = ${week} and status = 'live'
      order by week_points desc, published_at asc nulls last, id`.execute(conn)
  ).rows;
  const weighted: BoardRow[] = rows.map((r) => ({ id: r.id, votes: r.week_votes, points: Number(r.week_points) }));
  // The board before issue 28: people, then the same tie-breaks.
  const order = new Map(rows.map((r, i) => [r.id, { at: new Date(r.published_at).getTime(), i }]));
  const unweighted = [...weighted].sort((a, b) => b.votes - a.votes || order.get(a.id)!.at - order.get(b.id)!.at || Number(a.id) - Number(b.id));
  return { weighted, unweighted };
}
export type Board = Awaited<ReturnType<typeof readBoard>>;

export const placeOf = (rows: readonly BoardRow[], id: string) => rows.findIndex((r) => r.id === id) + 1;
