import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { loopbackSite } from '../testing/loopback-site.ts';
import { sweepBadgeChecks } from './badge-check.ts';
import { runWeekStart } from './week-start.ts';

// The real crawler reads loopback sites (CRAWLER_ALLOW_HOSTS); the clock moves by hand.
let now = new Date('2027-01-06T12:00:00Z'); // Wednesday of the week of 2027-01-04
const t = await createTestApp({ now: () => now, env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' } });
const owner = await t.apiKey(['account:read', 'listings:write']);
const later = (hours: number) => (now = new Date(now.getTime() + hours * 3_600_000));

const embedFor = async (id: string) => (await t.get(`/api/v1/me/listings/${id}`, owner.auth)).body.badge.embed_html as string;
const page = (body: string) => `<!doctype html><html><head><title>Home</title></head><body>${body}</body></html>`;

/** A free listing whose homepage is a loopback site, queued through choose_free_listing. */
async function queuedListing(slug: string, homepage: string | { status: number; body: string }) {
  const site = await loopbackSite({ '/': homepage });
  after(() => site.close());
  const id = await t.fx.listing({ slug, owner_id: owner.userId, status: 'draft', url: `${site.origin}/`, domain: '127.0.0.1' });
  const res = await t.rest('POST', `/api/v1/me/listings/${id}/free`, undefined, owner.auth);
  assert.equal(res.status, 200);
  return { id, site, week: res.body.launch_week as string };
}

async function sweep() {
  const r = await sweepBadgeChecks(t.db, t.app.services.jobs, now);
  await t.jobsIdle();
  return r;
}

const statusOf = async (id: string) =>
  t.db.selectFrom('listings').select(['status', 'launch_week', 'badge_verified_at']).where('id', '=', id).executeTakeFirstOrThrow();
const checksOf = (id: string) => t.db.selectFrom('badge_checks').selectAll().where('listing_id', '=', id).orderBy('id').execute();

test('absent, then verified once the embed is on the homepage: scheduled, public, live when its week starts', async () => {
  const { id, site, week } = await queuedListing('acme', page('<p>We are listed on Launchyard (http://localhost:3000/listings/acme)!</p>'));
  assert.equal(week, '2027-02-15');
  assert.deepEqual(await sweep(), { sent: 1 });
  assert.equal((await statusOf(id)).status, 'awaiting_badge');
  const [absent] = await checksOf(id);
  assert.equal(absent.outcome, 'absent');
  assert.equal(absent.url, `${site.origin}/`);
  const seen = (await t.get(`/api/v1/me/listings/${id}`, owner.auth)).body.badge.last_check;
  assert.equal(seen.outcome, 'absent');
  assert.match(seen.detail, /No badge linking to http:\/\/localhost:3000\/listings\/acme/);
  assert.ok(site.requests.some((r) => r.path === '/' && /^LaunchyardBot/.test(r.userAgent ?? '')));

  // Checked an hour ago: not due yet.
  site.pages['/'] = page(`<footer>${await embedFor(id)}</footer>`);
  later(1);
  assert.deepEqual(await sweep(), { sent: 0 });
  later(5);
  assert.deepEqual(await sweep(), { sent: 1 });
  const verified = await statusOf(id);
  assert.deepEqual([verified.status, verified.launch_week], ['scheduled', '2027-02-15']);
  assert.ok(verified.badge_verified_at);
  assert.equal((await checksOf(id)).at(-1)!.outcome, 'verified');
  assert.equal((await t.get('/api/v1/listings/acme')).body.status, 'scheduled');
  // Scheduled listings are not checked again.
  later(7);
  assert.deepEqual(await sweep(), { sent: 0 });

  // The existing week-start job makes it live in its week, not before.
  assert.equal((await runWeekStart(t.db, new Date('2027-02-14T23:00:00Z'))).published, 0);
  await runWeekStart(t.db, new Date('2027-02-15T00:30:00Z'));
  assert.equal((await statusOf(id)).status, 'live');
  const launches = await t.get('/api/v1/launches/weeks/2027-02-15');
  assert.ok(launches.body.items.some((i: any) => i.listing.slug === 'acme'));
});

test('a homepage answering 403 is unverifiable and stays awaiting its badge', async () => {
  const { id } = await queuedListing('walled', { status: 403, body: page('Forbidden') });
  await sweep();
  const [check] = await checksOf(id);
  assert.equal(check.outcome, 'unverifiable');
  assert.match(check.detail, /403/);
  assert.equal((await statusOf(id)).status, 'awaiting_badge');
});

test('a homepage robots.txt keeps us out: unverifiable, never absent', async () => {
  const { id, site } = await queuedListing('private', page('nothing'));
  site.pages['/robots.txt'] = { type: 'text/plain', body: 'User-agent: LaunchyardBot\nDisallow: /\n' };
  site.pages['/'] = page(await embedFor(id));
  later(6);
  await sweep();
  const checks = await checksOf(id);
  assert.equal(checks.at(-1)!.outcome, 'unverifiable');
  assert.match(checks.at(-1)!.detail, /robots/i);
  assert.ok(!site.requests.some((r) => r.path === '/'), 'the homepage itself was not fetched');
  assert.equal((await statusOf(id)).status, 'awaiting_badge');
});

test('a badge found only after the queued week began is queued afresh, 6 weeks ahead', async () => {
  const { id, site } = await queuedListing('latecomer', page('soon'));
  site.pages['/'] = page(await embedFor(id));
  await sql`update listings set launch_week = '2026-12-28' where id = ${id}`.execute(t.db);
  later(6);
  await sweep();
  const row = await statusOf(id);
  assert.equal(row.status, 'scheduled');
  // Still the week of 2027-01-04: the earliest free week six weeks on.
  assert.equal(row.launch_week, '2027-02-15', now.toISOString());
});

test('lookalike links on the homepage never verify', async () => {
  const { id } = await queuedListing(
    'lookalike',
    page(
      '<a href="http://localhost:3000.evil.example/listings/lookalike"><img src="http://localhost:3000/badges/lookalike/listed.svg"></a>' +
        '<a href="http://localhost:3000@evil.example/listings/lookalike"><img src="http://localhost:3000/badges/lookalike/listed.svg"></a>' +
        '<!-- <a href="http://localhost:3000/listings/lookalike"><img src="http://localhost:3000/badges/lookalike/listed.svg"></a> -->',
    ),
  );
  later(6);
  await sweep();
  assert.equal((await checksOf(id)).at(-1)!.outcome, 'absent');
  assert.equal((await statusOf(id)).status, 'awaiting_badge');
});
