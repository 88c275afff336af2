import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import type { Actor } from '../../../domain/actor.ts';

// Reports from visitors on the site (/report): who may file one, each of the four kinds, a repeat,
// every bad input (400 beside the field, nothing stored), things that cannot be reported (404),
// the "Report" links of the pages, and the hold three established accounts put on a comment.
// The real clock: OAuth tokens are issued by the authorization server on it.
const t = await createTestApp();
const DAY = 86_400_000;

let serial = 0;
/** A signed-in site account of the given age in days. */
async function reporter(ageDays = 30) {
  const s = await t.signIn({ name: `Reporter ${++serial}` });
  await t.db.updateTable('users').set({ created_at: new Date(Date.now() - ageDays * DAY) }).where('id', '=', s.userId).execute();
  return s;
}
const site = (userId: string) => ({ kind: 'user', via: 'session', userId, scopes: [], ip: '203.0.113.1' }) as unknown as Actor;

const author = await reporter();
const listingId = await t.fx.listing({ slug: 'reported-thing', name: 'Reported Thing' });
const draftId = await t.fx.listing({ slug: 'unseen-draft', name: 'Unseen Draft', status: 'draft' });
await t.fx.review(listingId, author.userId, 2);
const reviewId = (await t.db.selectFrom('reviews').select('id').where('user_id', '=', author.userId).executeTakeFirstOrThrow()).id;
const founderId = await t.fx.founder({ slug: 'reported-founder', name: 'Rita Reported' });
await t.fx.founderOf(listingId, founderId);
const hiddenFounder = await t.fx.founder({ slug: 'hidden-founder', name: 'Hidden Founder' });
await t.fx.founderOf(listingId, hiddenFounder);
await sql`update founders set hidden_at = now() where id = ${hiddenFounder}`.execute(t.db);

async function comment(body: string) {
  return String((await t.app.services.discussions.post(site(author.userId), 'reported-thing', { body })).id);
}
const commentId = await comment('A comment someone will report.');
const hiddenComment = await comment('A comment a moderator hid.');
await sql`update comments set status = 'hidden' where id = ${hiddenComment}`.execute(t.db);

const KINDS: [type: string, id: () => string, named: RegExp, path: string][] = [
  ['listing', () => listingId, /You are reporting <a href="\/listings\/reported-thing">Reported Thing<\/a>\./, '/listings/reported-thing'],
  ['review', () => reviewId, /You are reporting <a href="\/listings\/reported-thing">Review of Reported Thing \(2\/5\)<\/a>:/, '/listings/reported-thing'],
  ['comment', () => commentId, /You are reporting <a href="\/listings\/reported-thing#comment-\d+">Comment on Reported Thing<\/a>:[\s\S]*A comment someone will report\./, `/listings/reported-thing#comment-${commentId}`],
  ['founder', () => founderId, /You are reporting <a href="\/founders\/reported-founder">Rita Reported<\/a>\./, '/founders/reported-founder'],
];

const reportsOf = (type: string, id: string) =>
  t.db.selectFrom('reports').selectAll().where('subject_type', '=', type as 'listing').where('subject_id', '=', id).orderBy('id').execute();
const allReports = async () => (await sql<{ n: number }>`select count(*)::int as n from reports`.execute(t.db)).rows[0].n;

test('who may report: signed out → sign in and back (GET) or 401 (POST); an API key → 403, an OAuth token → 401; a bad CSRF token → 403; a site session → filed', async () => {
  const url = `/report?type=listing&id=${listingId}`;
  const anon = await t.siteBrowser().get(url);
  assert.deepEqual([anon.status, anon.location], [303, `/sign-in?return_to=${encodeURIComponent(url)}`]);
  const form = { type: 'listing', id: listingId, reason: 'spam', details: '' };
  const before = await allReports();
  const { auth: key } = await t.apiKey(['account:read', 'listings:write']);
  const oauth = await t.oauthToken(['account:read']);
  const who = await reporter();
  const CALLERS: [string, () => Promise<{ status: number }>, number][] = [
    ['nobody', () => t.siteBrowser().post('/report', form), 401],
    ['an API key', () => t.siteBrowser().post('/report', form, key), 403],
    // An access token is good only at the API and MCP: anywhere else it is an invalid credential.
    ['an OAuth token', () => t.siteBrowser().post('/report', form, oauth.auth), 401],
    ['a session without the token', () => who.browser.post('/report', form), 403],
    ['a session with a forged token', () => who.browser.post('/report', { ...form, csrf: 'forged' }), 403],
    ['a session from another origin', () => who.browser.post('/report', { ...form, csrf: who.csrf }, { origin: 'https://evil.example' }), 403],
  ];
  for (const [name, call, status] of CALLERS) assert.equal((await call()).status, status, name);
  assert.equal(await allReports(), before, 'nothing filed by a refused caller');
  const filed = await who.browser.post('/report', { ...form, csrf: who.csrf });
  assert.equal(filed.status, 303);
  assert.equal(await allReports(), before + 1);
});

for (const [type, id, named, path] of KINDS) {
  test(`reporting a ${type}: the form names it; filing stores the report and thanks; a second report says it was already received`, async () => {
    const who = await reporter();
    const page = await who.browser.get(`/report?type=${type}&id=${id()}`);
    assert.equal(page.status, 200, page.body.slice(0, 300));
    assert.match(page.body, named);
    assert.match(page.body, /<fieldset><legend>What is wrong with it\?<\/legend>/);
    assert.match(page.body, /<input type="radio" name="reason" value="harassment" required> Harassment or hate<\/label>/);
    assert.match(page.body, /<textarea id="details" name="details" maxlength="1000" aria-describedby="details-hint">/);
    assert.match(page.body, new RegExp(`name="csrf" value="${who.csrf}"`));

    const res = await who.browser.post('/report', { csrf: who.csrf, type, id: id(), reason: 'misleading', details: '  Says things that are not true.  ' });
    assert.equal(res.status, 303);
    assert.equal(res.location, `/report/received?report=new&return_to=${encodeURIComponent(path)}`);
    const thanks = await who.browser.get(res.location!);
    assert.match(thanks.body, /Your report is in: a moderator will look at it\./);
    assert.ok(thanks.body.includes(`<a href="${path}">Back to where you were</a>`));
    const mine = (await reportsOf(type, id())).filter((r) => r.reporter_id === who.userId);
    assert.equal(mine.length, 1);
    assert.deepEqual([mine[0].reason, mine[0].details, mine[0].status], ['misleading', 'Says things that are not true.', 'open']);

    const again = await who.browser.post('/report', { csrf: who.csrf, type, id: id(), reason: 'spam', details: '' });
    assert.equal(again.location, `/report/received?report=repeat&return_to=${encodeURIComponent(path)}`);
    assert.match((await who.browser.get(again.location!)).body, /We already have your report/);
    const still = (await reportsOf(type, id())).filter((r) => r.reporter_id === who.userId);
    assert.deepEqual(still.map((r) => r.reason), ['misleading'], 'the first report stands');
  });
}

// Bad input: the form again with 400, the message beside the field, the text kept, nothing stored.
const BAD: [string, Record<string, string>, field: 'reason' | 'details', message: RegExp][] = [
  ['no reason', { reason: '', details: 'Spam.' }, 'reason', /choose a reason from the list/],
  ['a reason not on the list', { reason: 'boring', details: '' }, 'reason', /choose a reason from the list/],
  ['details over 1,000 characters', { reason: 'spam', details: 'x'.repeat(1001) }, 'details', /at most 1,000 characters/],
  ['details over 1,000 characters in emoji', { reason: 'spam', details: '🙂'.repeat(1001) }, 'details', /at most 1,000 characters/],
  ['a NUL in the details', { reason: 'spam', details: 'before\0after' }, 'details', /contains a character that cannot be stored/],
];
for (const [name, form, field, message] of BAD) {
  test(`a report with ${name} → 400 with the message beside the ${field} field, nothing stored`, async () => {
    const who = await reporter();
    const before = await allReports();
    const res = await who.browser.post('/report', { csrf: who.csrf, type: 'comment', id: commentId, ...form });
    assert.equal(res.status, 400);
    assert.match(res.body, new RegExp(`<p class="field-error" id="${field}-error">${message.source}`));
    assert.match(res.body, /role="alert"/);
    if (field === 'details') {
      assert.match(res.body, /<textarea id="details"[^>]*aria-invalid="true"/);
      assert.ok(res.body.includes(`value="${form.reason}" required checked`), 'the reason chosen stays chosen');
    } else assert.match(res.body, /<fieldset aria-describedby="reason-error">/);
    assert.ok(!res.body.includes('\0'), 'no NUL in the page');
    assert.equal(await allReports(), before);
  });
}

test('details of exactly 1,000 characters are accepted', async () => {
  const who = await reporter();
  const res = await who.browser.post('/report', { csrf: who.csrf, type: 'listing', id: listingId, reason: 'other', details: 'y'.repeat(1000) });
  assert.equal(res.status, 303);
  assert.equal((await reportsOf('listing', listingId)).find((r) => r.reporter_id === who.userId)?.details.length, 1000);
});

// What cannot be reported is not there: 404 for the form and for a post, nothing stored.
const MISSING: [string, () => string][] = [
  ['an unknown kind', () => 'type=user&id=1'],
  ['no kind', () => `id=${listingId}`],
  ['an id that is not a number', () => 'type=comment&id=abc'],
  ['an id of nothing', () => 'type=comment&id=99999999'],
  ['a hidden comment', () => `type=comment&id=${hiddenComment}`],
  ['a draft listing', () => `type=listing&id=${draftId}`],
  ['a hidden founder profile', () => `type=founder&id=${hiddenFounder}`],
  ['a review id of nothing', () => 'type=review&id=99999999'],
];
for (const [name, query] of MISSING) {
  test(`reporting ${name} → 404, nothing stored`, async () => {
    const who = await reporter();
    const page = await who.browser.get(`/report?${query()}`);
    assert.equal(page.status, 404);
    assert.match(page.body, /nothing with this address to report/);
    const q = new URLSearchParams(query());
    const before = await allReports();
    const res = await who.browser.post('/report', { csrf: who.csrf, type: q.get('type') ?? '', id: q.get('id') ?? '', reason: 'spam' });
    assert.equal(res.status, 404);
    assert.equal(await allReports(), before);
  });
}

test('a rejected review cannot be reported (404)', async () => {
  const other = await t.fx.user();
  await t.fx.review(listingId, other, 1, 'rejected');
  const rejected = (await t.db.selectFrom('reviews').select('id').where('user_id', '=', other).executeTakeFirstOrThrow()).id;
  const who = await reporter();
  assert.equal((await who.browser.get(`/report?type=review&id=${rejected}`)).status, 404);
});

test('the pages carry "Report" links: the listing, each review, a founder profile; signed out too', async () => {
  for (const browser of [t.siteBrowser(), (await reporter()).browser]) {
    const listing = await browser.get('/listings/reported-thing');
    assert.equal(listing.status, 200);
    assert.ok(listing.body.includes(`<a class="report-link" href="/report?type=listing&amp;id=${listingId}" rel="nofollow">Report<span class="visually-hidden"> Reported Thing</span></a>`), 'the listing');
    assert.ok(listing.body.includes(`href="/report?type=review&amp;id=${reviewId}" rel="nofollow">Report<span class="visually-hidden"> the review by Reporter 1.</span>`), 'the review');
    const founder = await browser.get('/founders/reported-founder');
    assert.ok(founder.body.includes(`href="/report?type=founder&amp;id=${founderId}" rel="nofollow">Report<span class="visually-hidden"> the profile of Rita Reported</span>`), 'the founder');
  }
  // The link leads to the form, through sign-in for a visitor.
  const anon = await t.siteBrowser().get(`/report?type=review&id=${reviewId}`);
  assert.equal(anon.location, `/sign-in?return_to=${encodeURIComponent(`/report?type=review&id=${reviewId}`)}`);
});

// The hold: three accounts older than 7 days hide a comment until a moderator decides; a ring of
// new accounts cannot.
const HOLDS: [string, number[], boolean][] = [
  ['three accounts older than 7 days hold it', [30, 8, 400], true],
  ['two old accounts and one new do not', [30, 30, 2], false],
  ['three new accounts do not', [1, 3, 6.5], false],
];
for (const [name, ages, held] of HOLDS) {
  test(`reports on a comment: ${name}`, async () => {
    const id = await comment(`Reported by accounts aged ${ages.join(', ')} days.`);
    const listed = async () => (await t.get('/api/v1/listings/reported-thing/comments?sort=newest&per_page=100')).body.items.some((c: { id: number }) => String(c.id) === id);
    assert.equal(await listed(), true);
    for (const age of ages) {
      const who = await reporter(age);
      assert.equal((await who.browser.post('/report', { csrf: who.csrf, type: 'comment', id, reason: 'harassment' })).status, 303);
    }
    const row = await t.db.selectFrom('comments').select(['status', 'status_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.status, held ? 'held' : 'visible');
    assert.equal(await listed(), !held, 'the public list follows (the harness caches with TTL 0)');
    if (held) {
      assert.match(row.status_reason ?? '', /reported by 3 accounts/);
      const late = await reporter();
      assert.equal((await late.browser.get(`/report?type=comment&id=${id}`)).status, 404, 'a held comment is not there to report');
    }
  });
}
