import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { decideAwards, seedEditionWeek, standInSender, WEEKS } from '../domain/newsletter/edition-testing.ts';
import { NEWSLETTER_BUILD_JOB, runNewsletterBuild } from './newsletter-build.ts';

// The newsletter-build job: nothing until last week's awards are decided, then the edition is
// built once and rebuilt while it is a draft; automatic sending hands it to the sender once, from
// Monday's sending hour (or later in the week), never with automatic sending off.
let clock = new Date('2026-03-09T00:20:00Z');
const t = await createTestApp({ now: () => clock, env: { PUBLIC_URL: 'https://yard.example' } });
const { newsletterEditions: editions } = t.app.services;
const sender = standInSender(t);
const run = () => runNewsletterBuild({ editions, sending: () => sender });
const rows = async () => (await sql<{ id: string; status: string; built_at: Date; html: string }>`select id, status, built_at, html from newsletter_editions`.execute(t.db)).rows;
await seedEditionWeek(t);

test('through the queue: the job is registered; before the awards are decided it builds nothing', async () => {
  await t.app.services.jobs.send(NEWSLETTER_BUILD_JOB, {});
  await t.jobsIdle();
  assert.deepEqual(await run(), { week: WEEKS.closed, skipped: 'awards not decided yet' });
  assert.deepEqual(await rows(), []);
});

test('built once the awards are decided, rebuilt while a draft (same row), never sent before the hour', async () => {
  await decideAwards(t);
  clock = new Date('2026-03-09T00:20:00Z');
  const first = await run();
  assert.deepEqual({ ...first, edition: undefined }, { week: WEEKS.closed, edition: undefined, status: 'draft', rebuilt: true });
  const [built] = await rows();

  // A post published meanwhile: the next hourly run rebuilds the draft with it.
  await t.fx.blogPost({ slug: 'monday-news', title: 'Monday news', published_at: '2026-03-09T00:40:00Z' });
  clock = new Date('2026-03-09T01:20:00Z');
  await Promise.all([run(), run()]);
  const after = await rows();
  assert.equal(after.length, 1, 'one edition per week');
  assert.equal(after[0].id, built.id);
  assert.ok(after[0].built_at > built.built_at);
  assert.match(after[0].html, /Monday news/);
  assert.deepEqual(sender.started, []);
});

test('automatic sending: off → never; on → from the hour (site timezone) or any later day, once', async () => {
  await editions.saveSettings(null, { auto: false, hour: 9 });
  clock = new Date('2026-03-09T09:20:00Z');
  assert.equal((await run()).status, 'draft');
  await editions.saveSettings(null, { auto: true, hour: 10 });
  assert.equal((await run()).status, 'draft', '09:20 is before 10:00');
  assert.deepEqual(sender.started, []);

  // Tuesday, small hours: Monday's hour has passed.
  clock = new Date('2026-03-10T03:20:00Z');
  // One run at a time (a stately queue); the sender's start moves the edition once whatever calls it.
  const [a, b] = [await run(), await run()];
  assert.equal(a.sending, 'started');
  assert.equal(b.status, 'sending', 'the next run finds it going out');
  assert.equal(sender.started.length, 1);
  const [sending] = await rows();
  assert.equal(sending.status, 'sending');

  // Frozen from now on: a later run neither rebuilds nor sends again.
  await t.fx.blogPost({ slug: 'tuesday-news', title: 'Tuesday news', published_at: '2026-03-10T02:00:00Z' });
  clock = new Date('2026-03-10T04:20:00Z');
  assert.deepEqual(await run(), { week: WEEKS.closed, edition: sending.id, status: 'sending', rebuilt: false });
  assert.equal((await rows())[0].html, sending.html);
  assert.equal(sender.started.length, 1);
  const log = await sql<{ action: string; summary: string }>`select action, summary from admin_actions order by id`.execute(t.db);
  assert.deepEqual(log.rows.map((r) => r.action), ['newsletter_settings_saved', 'newsletter_settings_saved'], 'the operator (CLI) changes are logged; the job is not an administrator');
});

test('without a sender the job builds and says sending is not available yet', async () => {
  await sql`delete from newsletter_editions`.execute(t.db);
  clock = new Date('2026-03-10T05:20:00Z');
  const r = await runNewsletterBuild({ editions, sending: () => undefined });
  assert.equal(r.sending, 'not available yet');
  assert.equal((await rows())[0].status, 'draft');
});
