import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import type { Actor } from '../actor.ts';
import { DomainError } from '../errors.ts';

// The discussion's rules as tables: who may do what, the spam rules, every bad input (each refused
// with its code and nothing stored), and the kept counts the list's total and the cards read.
let clock = new Date('2026-03-04T10:00:00Z');
const t = await createTestApp({ now: () => clock });
const d = t.app.services.discussions;
const reports = t.app.services.reports;
const DAY = 86_400_000;

const site = (userId: string): Actor => ({ kind: 'user', via: 'session', userId, scopes: [], ip: '203.0.113.7' }) as unknown as Actor;
const apiKey = (userId: string): Actor => ({ kind: 'user', via: 'api_key', userId, scopes: ['listings:read'] }) as unknown as Actor;
const anonymous = { kind: 'anonymous' } as unknown as Actor;

let serial = 0;
/** A site account of the given age (days), verified unless said otherwise. */
async function person(opts: { ageDays?: number; verified?: boolean } = {}) {
  const email = `p${++serial}-${Math.random().toString(36).slice(2, 8)}@test.example`;
  const id = await t.app.services.accounts.createUser({ email, name: `Person ${serial}`, password: 'correct horse battery staple' });
  await t.db.updateTable('users').set({
    created_at: new Date(clock.getTime() - (opts.ageDays ?? 30) * DAY),
    email_verified_at: opts.verified === false ? null : clock,
  }).where('id', '=', id).execute();
  return id;
}
async function listing(opts: { owner?: string; status?: 'live' | 'scheduled' | 'archived' | 'draft' } = {}) {
  const slug = `talk-${++serial}`;
  const id = await t.fx.listing({ slug, name: `Talk ${serial}`, status: opts.status ?? 'live', owner_id: opts.owner });
  return { slug, id };
}
const counts = async (listingId: string) =>
  (await sql<{ comments: number; threads: number; stored: number }>`select comments_count as comments, comment_threads_count as threads,
    (select count(*)::int from comments where listing_id = ${listingId}) as stored from listings where id = ${listingId}`.execute(t.db)).rows[0];
async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof DomainError, String(e));
    return e;
  }
  assert.fail('expected a refusal');
}

const owner = await person();
const maker = await person();
const ann = await person();
const bob = await person();
const fresh = await person({ ageDays: 0.5 });
const unverified = await person({ verified: false });
const main = await listing({ owner });
// An accepted co-founder: a founder profile of the maker's account on the listing.
const cofounder = await t.fx.founder({ slug: `maker-${serial}`, name: 'Mia Maker' });
await t.db.updateTable('founders').set({ user_id: maker }).where('id', '=', cofounder).execute();
await t.fx.founderOf(main.id, cofounder);
// Made before any test runs: tests start while the module's top level still awaits.
const c0 = await d.post(site(ann), main.slug, { body: 'Ann asks a question' });
const m0 = await d.post(site(maker), main.slug, { body: 'The maker says hello' });
const reply0 = await d.post(site(bob), main.slug, { body: 'Bob replies', parent_id: c0.id });
const archived = await listing({ status: 'archived' });
const draft = await listing({ status: 'draft' });

test('a comment and a reply are shown with their authors, the maker mark, safe HTML and kept counts', async () => {
  const before = await counts(main.id);
  const c = await d.post(site(ann), main.slug, { body: 'Does it *sync* offline?\n\n- one\n- two\n\n<script>x</script>' });
  const r = await d.post(site(maker), main.slug, { body: 'Yes, `sync` works offline.', parent_id: c.id });
  const page = await d.list(main.slug, { sort: 'newest', page: 1, per_page: 20 });
  const thread = page.items.find((i) => i.id === c.id)!;
  assert.equal(thread.author?.maker, false);
  assert.match(thread.body_html, /<em>sync<\/em>/);
  assert.match(thread.body_html, /<li>one<\/li>/);
  assert.match(thread.body_html, /&lt;script&gt;/, 'raw HTML is text');
  assert.deepEqual(thread.replies.map((x) => [x.id, x.author?.maker, x.body_html.trim()]), [[r.id, true, '<p>Yes, <code>sync</code> works offline.</p>']]);
  const after = await counts(main.id);
  assert.deepEqual(after, { comments: before.comments + 2, threads: before.threads + 1, stored: before.stored + 2 });
  assert.equal(after.comments, after.stored, 'every stored comment is visible here');
  const profile = await t.get(`/api/v1/listings/${main.slug}`);
  assert.equal(profile.body.comments, after.comments);
});

test('links in comments get rel="nofollow ugc noopener"; javascript: links are not made', async () => {
  const c = await d.post(site(bob), main.slug, { body: 'See [the docs](https://docs.example.com/start) and [x](javascript:alert(1))' });
  const thread = (await d.list(main.slug, { sort: 'newest', page: 1, per_page: 50 })).items.find((i) => i.id === c.id)!;
  assert.match(thread.body_html, /<a href="https:\/\/docs\.example\.com\/start" rel="nofollow ugc noopener">the docs<\/a>/);
  assert.doesNotMatch(thread.body_html, /href="javascript/);
});

// Who may do what: [name, how, expected code or 'ok'].
const ACCESS: [string, () => Promise<unknown>, string][] = [
  ['anonymous posts', () => d.post(anonymous, main.slug, { body: 'hi' }), 'sign_in_required'],
  ['an API key posts', () => d.post(apiKey(ann), main.slug, { body: 'hi' }), 'site_session_required'],
  ['an unverified account posts', () => d.post(site(unverified), main.slug, { body: 'hi' }), 'email_unverified'],
  ['another person edits', () => d.edit(site(bob), c0.id, 'changed'), 'not_your_comment'],
  ['another person deletes', () => d.remove(site(bob), c0.id), 'not_your_comment'],
  ['an API key edits', () => d.edit(apiKey(ann), c0.id, 'changed'), 'site_session_required'],
  ['a co-founder (not the owner) pins', () => d.pin(site(maker), m0.id, true), 'not_listing_owner'],
  ['a visitor pins', () => d.pin(site(ann), m0.id, true), 'not_listing_owner'],
  ['the owner pins a visitor\'s comment', () => d.pin(site(owner), c0.id, true), 'comment_not_pinnable'],
  ['the owner pins a reply', () => d.pin(site(owner), reply0.id, true), 'comment_not_pinnable'],
  ['the author upvotes their own', () => d.upvote(site(ann), c0.id, true), 'own_comment'],
  ['an unverified account upvotes', () => d.upvote(site(unverified), c0.id, true), 'email_unverified'],
  ['anonymous upvotes', () => d.upvote(anonymous, c0.id, true), 'sign_in_required'],
  ['an upvote of no comment', () => d.upvote(site(bob), 999_999, true), 'comment_not_found'],
  ['the author edits within 15 minutes', () => d.edit(site(ann), c0.id, 'Ann asks a better question'), 'ok'],
  ['the owner pins a maker\'s comment', () => d.pin(site(owner), m0.id, true), 'ok'],
  ['another person upvotes', () => d.upvote(site(bob), c0.id, true), 'ok'],
  ['the same person upvotes again', () => d.upvote(site(bob), c0.id, true), 'already_upvoted'],
];
for (const [name, act, expected] of ACCESS) {
  test(`access: ${name} → ${expected}`, async () => {
    if (expected === 'ok') return void (await act());
    assert.equal((await refusal(act())).code, expected);
  });
}

test('an edit is marked edited; after 15 minutes it is refused', async () => {
  const c = await d.post(site(bob), main.slug, { body: 'first words' });
  clock = new Date(clock.getTime() + 10 * 60_000);
  await d.edit(site(bob), c.id, 'second words');
  const shown = (await d.list(main.slug, { sort: 'newest', page: 1, per_page: 50 })).items.find((i) => i.id === c.id)!;
  assert.equal(shown.body, 'second words');
  assert.equal(shown.edited_at, clock.toISOString());
  clock = new Date(clock.getTime() + 6 * 60_000);
  assert.equal((await refusal(d.edit(site(bob), c.id, 'third words'))).code, 'edit_window_closed');
});

test('the pinned comment leads page 1 once; pages after it neither repeat nor skip a thread', async () => {
  const l = await listing({ owner });
  const pinned = await d.post(site(owner), l.slug, { body: 'The maker\'s first comment' });
  const others = [];
  for (let i = 0; i < 7; i++) {
    const who = [ann, bob, maker][i % 3];
    clock = new Date(clock.getTime() + 61_000);
    others.push((await d.post(site(who), l.slug, { body: `thread ${i}` })).id);
  }
  await d.pin(site(owner), pinned.id, true);
  for (const sort of ['newest', 'top'] as const) {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const p = await d.list(l.slug, { sort, page, per_page: 3 });
      assert.equal(p.total, 8);
      seen.push(...p.items.map((i) => i.id));
      if (page === 1) assert.equal(p.items[0].id, pinned.id);
    }
    assert.deepEqual([...seen].sort((a, b) => a - b), [pinned.id, ...others].sort((a, b) => a - b), sort);
  }
  const newest = await d.list(l.slug, { sort: 'newest', page: 1, per_page: 10 });
  assert.deepEqual(newest.items.slice(1).map((i) => i.id), [...others].reverse(), 'newest first after the pin');
});

test('deleting: a comment with replies stays as "deleted" with them, one without goes; the counts follow', async () => {
  const l = await listing();
  const a = await d.post(site(ann), l.slug, { body: 'to be deleted, with a reply' });
  const b = await d.post(site(ann), l.slug, { body: 'to be deleted, alone' });
  const r = await d.post(site(bob), l.slug, { body: 'a reply', parent_id: a.id });
  assert.deepEqual(await counts(l.id), { comments: 3, threads: 2, stored: 3 });
  await d.remove(site(ann), a.id);
  await d.remove(site(ann), b.id);
  assert.deepEqual(await counts(l.id), { comments: 1, threads: 1, stored: 2 });
  const [thread] = (await d.list(l.slug, { sort: 'top', page: 1, per_page: 20 })).items;
  assert.deepEqual([thread.deleted, thread.author, thread.body, thread.replies.map((x) => x.id)], [true, null, '', [r.id]]);
  assert.equal((await t.db.selectFrom('comments').select('body').where('id', '=', String(a.id)).executeTakeFirstOrThrow()).body, '', 'the text is erased');
  await d.remove(site(bob), r.id);
  assert.deepEqual(await counts(l.id), { comments: 0, threads: 0, stored: 1 });
  assert.equal((await d.list(l.slug, { sort: 'top', page: 1, per_page: 20 })).items.length, 0);
  assert.equal((await refusal(d.post(site(bob), l.slug, { body: 'reply to a deleted one', parent_id: a.id }))).code, 'validation_failed');
});

// Bad input: [name, act, code, field]. Each stores nothing.
const BAD: [string, () => Promise<unknown>, string, string | null][] = [
  ['an empty comment', () => d.post(site(bob), main.slug, { body: '' }), 'validation_failed', 'body'],
  ['only spaces and newlines', () => d.post(site(bob), main.slug, { body: '  \n \r\n ' }), 'validation_failed', 'body'],
  ['5,001 characters', () => d.post(site(bob), main.slug, { body: 'x'.repeat(5001) }), 'validation_failed', 'body'],
  ['a NUL', () => d.post(site(bob), main.slug, { body: 'a\u0000b' }), 'validation_failed', 'body'],
  ['a lone surrogate', () => d.post(site(bob), main.slug, { body: 'a\ud800b' }), 'validation_failed', 'body'],
  ['a hidden (archived) listing', () => d.post(site(bob), archived.slug, { body: 'hello' }), 'listing_not_found', null],
  ['a draft listing', () => d.post(site(bob), draft.slug, { body: 'hello' }), 'listing_not_found', null],
  ['an unknown listing', () => d.post(site(bob), 'no-such-listing', { body: 'hello' }), 'listing_not_found', null],
  ['a reply to a reply (third level)', () => d.post(site(ann), main.slug, { body: 'deeper', parent_id: reply0.id }), 'validation_failed', 'parent_id'],
  ['a reply to no comment', () => d.post(site(ann), main.slug, { body: 'reply', parent_id: 987_654 }), 'validation_failed', 'parent_id'],
  ['the honeypot filled', () => d.post(site(bob), main.slug, { body: 'buy now', honeypot: 'https://spam.example' }), 'comment_refused', null],
  ['an edit to nothing', () => d.edit(site(ann), c0.id, ''), 'validation_failed', 'body'],
  ['an edit over 5,000', () => d.edit(site(ann), c0.id, 'y'.repeat(5001)), 'validation_failed', 'body'],
];
for (const [name, act, code, field] of BAD) {
  test(`bad input: ${name} → ${code}${field ? ` (${field})` : ''}, nothing stored`, async () => {
    const before = await sql<{ n: number; h: string }>`select count(*)::int as n, coalesce(string_agg(body, '|' order by id), '') as h from comments`.execute(t.db);
    const e = await refusal(act());
    assert.equal(e.code, code);
    if (field) assert.equal(e.fields?.[0]?.field, field);
    const after = await sql<{ n: number; h: string }>`select count(*)::int as n, coalesce(string_agg(body, '|' order by id), '') as h from comments`.execute(t.db);
    assert.deepEqual(after.rows[0], before.rows[0]);
  });
}

test('a reply to a hidden comment is refused', async () => {
  const l = await listing();
  const c = await d.post(site(ann), l.slug, { body: 'will be hidden' });
  await t.db.updateTable('comments').set({ status: 'hidden' }).where('id', '=', String(c.id)).execute();
  assert.equal((await refusal(d.post(site(bob), l.slug, { body: 'reply', parent_id: c.id }))).fields?.[0]?.field, 'parent_id');
  assert.equal((await refusal(d.upvote(site(bob), c.id, true))).code, 'comment_not_found');
});

// The spam rules, each with its refusal (or hold) and the control just inside it.
test('spam: an account younger than 24 h cannot post links (a link refused, plain text fine)', async () => {
  const l = await listing();
  const e = await refusal(d.post(site(fresh), l.slug, { body: 'try https://cheap.example/deal' }));
  assert.equal(e.code, 'links_not_allowed');
  assert.equal(e.fields?.[0]?.field, 'body');
  await d.post(site(fresh), l.slug, { body: 'plain words are fine' });
});

test('spam: an account younger than 24 h posts at most 3 comments an hour, then a 429 with Retry-After', async () => {
  const l = await listing();
  const young = await person({ ageDays: 0.2 });
  for (let i = 0; i < 3; i++) {
    clock = new Date(clock.getTime() + 61_000);
    await d.post(site(young), l.slug, { body: `young ${i}` });
  }
  const e = await refusal(d.post(site(young), l.slug, { body: 'young 3' }));
  assert.equal(e.kind, 'rate_limited');
  assert.equal(e.code, 'comment_rate_limited');
  assert.ok(e.retryAfterSeconds! > 3000 && e.retryAfterSeconds! <= 3600, `Retry-After ${e.retryAfterSeconds}`);
  clock = new Date(clock.getTime() + e.retryAfterSeconds! * 1000);
  await d.post(site(young), l.slug, { body: 'young 4, an hour on' });
});

test('spam: everyone at most 10 a minute and 30 an hour', async () => {
  const l = await listing();
  const busy = await person();
  for (let i = 0; i < 10; i++) await d.post(site(busy), l.slug, { body: `quick ${i}` });
  const minute = await refusal(d.post(site(busy), l.slug, { body: 'quick 10' }));
  assert.equal(minute.kind, 'rate_limited');
  assert.ok(minute.retryAfterSeconds! <= 60);
  for (let i = 10; i < 30; i++) {
    if (i % 10 === 0) clock = new Date(clock.getTime() + 61_000);
    await d.post(site(busy), l.slug, { body: `steady ${i}` });
  }
  clock = new Date(clock.getTime() + 61_000);
  const hour = await refusal(d.post(site(busy), l.slug, { body: 'steady 30' }));
  assert.equal(hour.code, 'comment_rate_limited');
  assert.ok(hour.retryAfterSeconds! > 60, `Retry-After ${hour.retryAfterSeconds}`);
  clock = new Date(clock.getTime() + 3_600_000);
});

test('spam: the same text by the same person within an hour is refused; another person or an hour later is fine', async () => {
  const l = await listing();
  await d.post(site(ann), l.slug, { body: 'Great product!' });
  assert.equal((await refusal(d.post(site(ann), l.slug, { body: '  great   PRODUCT! ' }))).code, 'duplicate_comment');
  await d.post(site(bob), l.slug, { body: 'Great product!' });
  clock = new Date(clock.getTime() + 3_601_000);
  await d.post(site(ann), l.slug, { body: 'Great product!' });
});

test('spam: the same link from 3 new accounts within an hour is held for review, not shown', async () => {
  const l = await listing();
  const ring = [await person({ ageDays: 2 }), await person({ ageDays: 3 }), await person({ ageDays: 4 })];
  const first = await d.post(site(ring[0]), l.slug, { body: 'Look: https://ring.example/offer' });
  const second = await d.post(site(ring[1]), l.slug, { body: 'Wow https://www.ring.example/offer/' });
  const third = await d.post(site(ring[2]), l.slug, { body: 'Also https://ring.example/offer' });
  assert.deepEqual([first.held, second.held, third.held], [false, false, true]);
  const shown = (await d.list(l.slug, { sort: 'newest', page: 1, per_page: 20 })).items.map((i) => i.id);
  assert.ok(!shown.includes(third.id) && shown.includes(first.id));
  const row = await t.db.selectFrom('comments').select(['status', 'status_reason']).where('id', '=', String(third.id)).executeTakeFirstOrThrow();
  assert.equal(row.status, 'held');
  assert.match(row.status_reason!, /3 new accounts/);
  // An established account posting the same link is not held.
  assert.equal((await d.post(site(bob), l.slug, { body: 'https://ring.example/offer is theirs' })).held, false);
});

test('reports: three accounts older than 7 days hold a comment; two old and one new do not; one open report per person', async () => {
  const l = await listing();
  const target = await d.post(site(bob), l.slug, { body: 'a rude remark' });
  const other = await d.post(site(bob), l.slug, { body: 'another rude remark' });
  const old = [await person({ ageDays: 10 }), await person({ ageDays: 20 }), await person({ ageDays: 30 })];
  const young = await person({ ageDays: 3 });
  for (const who of [old[0], old[1], young]) await reports.file(site(who), { subject_type: 'comment', subject_id: other.id, reason: 'harassment' });
  assert.equal((await t.db.selectFrom('comments').select('status').where('id', '=', String(other.id)).executeTakeFirstOrThrow()).status, 'visible');
  const again = await reports.file(site(old[0]), { subject_type: 'comment', subject_id: other.id, reason: 'spam' });
  assert.deepEqual(again, { created: false, held: false });
  const results = [];
  for (const who of old) results.push(await reports.file(site(who), { subject_type: 'comment', subject_id: target.id, reason: 'harassment', details: 'rude' }));
  assert.deepEqual(results.map((r) => r.held), [false, false, true]);
  assert.ok(!(await d.list(l.slug, { sort: 'top', page: 1, per_page: 20 })).items.some((i) => i.id === target.id));
});

const BAD_REPORTS: [string, Record<string, unknown>, string][] = [
  ['an unknown kind', { subject_type: 'user', subject_id: 1, reason: 'spam' }, 'validation_failed'],
  ['no reason', { subject_type: 'comment', subject_id: c0.id, reason: '' }, 'validation_failed'],
  ['a reason off the list', { subject_type: 'comment', subject_id: c0.id, reason: 'boring' }, 'validation_failed'],
  ['1,001 characters of details', { subject_type: 'comment', subject_id: c0.id, reason: 'spam', details: 'd'.repeat(1001) }, 'validation_failed'],
  ['a NUL in the details', { subject_type: 'comment', subject_id: c0.id, reason: 'spam', details: 'a\u0000' }, 'validation_failed'],
  ['a comment that does not exist', { subject_type: 'comment', subject_id: 424_242, reason: 'spam' }, 'report_subject_not_found'],
  ['a listing that is not public', { subject_type: 'listing', subject_id: archived.id, reason: 'spam' }, 'report_subject_not_found'],
];
for (const [name, input, code] of BAD_REPORTS) {
  test(`report: ${name} → ${code}, nothing stored`, async () => {
    const before = (await sql<{ n: number }>`select count(*)::int as n from reports`.execute(t.db)).rows[0].n;
    assert.equal((await refusal(reports.file(site(ann), input as never))).code, code);
    assert.equal((await sql<{ n: number }>`select count(*)::int as n from reports`.execute(t.db)).rows[0].n, before);
  });
}

test('reports: anonymous callers and API keys cannot report', async () => {
  assert.equal((await refusal(reports.file(anonymous, { subject_type: 'comment', subject_id: c0.id, reason: 'spam' }))).code, 'sign_in_required');
  assert.equal((await refusal(reports.file(apiKey(ann), { subject_type: 'comment', subject_id: c0.id, reason: 'spam' }))).code, 'site_session_required');
});

test('a hidden or held comment with replies stays as a placeholder above them; without replies it leaves; counts follow', async () => {
  const l = await listing();
  const asked = await d.post(site(ann), l.slug, { body: 'a question a moderator will hide' });
  const answer = await d.post(site(bob), l.slug, { body: 'an answer worth keeping', parent_id: asked.id });
  const lone = await d.post(site(ann), l.slug, { body: 'a lone remark a moderator will hold' });
  assert.deepEqual(await counts(l.id), { comments: 3, threads: 2, stored: 3 });
  await t.db.updateTable('comments').set({ status: 'hidden' }).where('id', '=', String(asked.id)).execute();
  await t.db.updateTable('comments').set({ status: 'held' }).where('id', '=', String(lone.id)).execute();
  assert.deepEqual(await counts(l.id), { comments: 1, threads: 1, stored: 3 }, 'the visible answer, under one shown thread');
  const page = await d.list(l.slug, { sort: 'top', page: 1, per_page: 20 });
  assert.equal(page.total, 1);
  const [thread] = page.items;
  assert.deepEqual([thread.id, thread.hidden, thread.deleted, thread.author, thread.body, thread.body_html], [asked.id, true, false, null, '', '']);
  assert.deepEqual(thread.replies.map((r) => r.id), [answer.id]);
  await t.db.updateTable('comments').set({ status: 'visible' }).where('id', 'in', [String(asked.id), String(lone.id)]).execute();
  assert.deepEqual(await counts(l.id), { comments: 3, threads: 2, stored: 3 }, 'restored');
});
