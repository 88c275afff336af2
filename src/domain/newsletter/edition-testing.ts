import { sql } from 'kysely';
import type { createTestApp } from '../../testing/harness.ts';
import { runWeekStart } from '../../jobs/week-start.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The weeks of the seeded story (Mondays, site timezone UTC). */
export const WEEKS = { closed: '2026-03-02', current: '2026-03-09', next: '2026-03-16', later: '2026-03-23' } as const;
/** A listing's name that tries everything: markup, a script handler, a header line, the sender's placeholder. */
export const HOSTILE_NAME = 'Evil <img src=x onerror=alert(1)>\r\nBcc: victim@example.com {{unsubscribe_url}}';
export const HOSTILE_TAGLINE = '"><script>alert(1)</script> & {{{{unsubscribe_url}}}}';
/** A kept logo's folder (only its address matters outside the browser test). */
export const LOGO_HASH = 'a1'.repeat(32);

/**
 * A closed launch week for the newsletter's tests: twelve live launches with votes (the hostile
 * one first, then Alpha with a kept logo, Bravo, Charlie, eight more), two launches scheduled for
 * the week after (they go live at week-start), one for the week after that, one later still; blog
 * posts before, during and after. `decide` runs week-start on Monday 00:30 with the detection job
 * having looked after the close, so the awards are decided.
 */
export async function seedEditionWeek(t: TestApp, p: { logoHash?: string; ownerId?: string } = {}) {
  const at = new Date('2026-03-04T12:00:00Z');
  const live = (slug: string, name: string, tagline: string | null = null, extra: Record<string, unknown> = {}) =>
    t.fx.listing({ slug, name, tagline, status: 'live', launch_week: WEEKS.closed, published_at: new Date('2026-03-02T00:30:00Z'), ...(p.ownerId ? { owner_id: p.ownerId } : {}), ...extra });
  const ids = {
    evil: await live('evil', HOSTILE_NAME, HOSTILE_TAGLINE),
    alpha: await live('alpha', 'Alpha', 'The first letter', { logo_url: `https://yard.example/media/${p.logoHash ?? LOGO_HASH}/logo-256.png` }),
    bravo: await live('bravo', 'Bravo', 'Second to none'),
    charlie: await live('charlie', 'Charlie'),
  };
  const fillers: string[] = [];
  for (let i = 1; i <= 8; i++) fillers.push(await live(`filler-${i}`, `Filler ${i}`));
  const voters: string[] = [];
  for (let i = 0; i < 6; i++) voters.push(await t.fx.user());
  const votes: [string, number][] = [[ids.evil, 6], [ids.alpha, 5], [ids.bravo, 4], [ids.charlie, 3], ...fillers.map((f): [string, number] => [f, 1])];
  for (const [id, n] of votes) for (const v of voters.slice(0, n)) await t.fx.vote(id, v, at);

  const scheduled = (slug: string, name: string, week: string) => t.fx.listing({ slug, name, tagline: `${name} launches`, status: 'scheduled', launch_week: week, published_at: null });
  await scheduled('delta', 'Delta', WEEKS.current);
  await scheduled('echo', 'Echo', WEEKS.current);
  await scheduled('foxtrot', 'Foxtrot', WEEKS.next);
  await scheduled('golf', 'Golf', WEEKS.later);

  await t.fx.blogPost({ slug: 'old-news', title: 'Old news', published_at: '2026-02-20T10:00:00Z' });
  await t.fx.blogPost({ slug: 'fresh-post', title: 'A fresh post <b>bold</b>', published_at: '2026-03-05T10:00:00Z' });
  await t.fx.blogPost({ slug: 'unpublished', title: 'Not yet', status: 'draft', published_at: null });
  return ids;
}

/** Week-start on Monday 00:30 after the detection job looked at the votes: the week's launches live, its awards decided. */
export async function decideAwards(t: TestApp) {
  await sql`insert into vote_detection_runs (id, ran_at, votes, held) values (1, '2026-03-09T00:10:00Z', 0, 0)
    on conflict (id) do update set ran_at = excluded.ran_at`.execute(t.db);
  return runWeekStart(t.db, new Date('2026-03-09T00:30:00Z'));
}

/** The sender as the admin page and the job call it, standing in until the real one is wired: draft → sending, once. */
export function standInSender(t: TestApp) {
  const started: string[] = [];
  return {
    started,
    async start(editionId: string) {
      started.push(editionId);
      await sql`update newsletter_editions set status = 'sending', sending_at = now() where id = ${editionId} and status = 'draft'`.execute(t.db);
      return {};
    },
    async progress(_editionId: string) {
      return { sent: 3, failed: 1, remaining: 6 };
    },
  };
}
