import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import type { Actor } from '../../../domain/actor.ts';

// The moderators' queue (/admin/reports, /admin/comments): who may see and post (administrators
// only, with the session's CSRF token), the reports grouped by thing, and each decision through
// the domain: hide (log entry before/after, reports closed, the author mailed, out of its public
// read), restore, dismiss (a held comment shows again), disabling the author; the dashboard's counts.
const t = await createTestApp();
const DAY = 86_400_000;
const admin = await t.signIn({ admin: true, email: 'moderator@site.test', name: 'Mo Derator' });
const person = await t.signIn({ email: 'person@site.test' });

let serial = 0;
async function reporter(ageDays = 30) {
  const s = await t.signIn({ name: `Reporter ${++serial}`, email: `reporter-${serial}@site.test` });
  await t.db.updateTable('users').set({ created_at: new Date(Date.now() - ageDays * DAY) }).where('id', '=', s.userId).execute();
  return s;
}
const site = (userId: string) => ({ kind: 'user', via: 'session', userId, scopes: [], ip: '203.0.113.1' }) as unknown as Actor;

const authorId = await t.app.services.accounts.createUser({ email: 'author@site.test', name: 'Ada Author', password: null });
await t.db.updateTable('users').set({ email_verified_at: new Date(), created_at: new Date(Date.now() - 60 * DAY) }).where('id', '=', authorId).execute();
const listingId = await t.fx.listing({ slug: 'talked-about', name: 'Talked About', owner_id: authorId });
await t.fx.review(listingId, person.userId, 1);
const reviewId = (await t.db.selectFrom('reviews').select('id').where('user_id', '=', person.userId).executeTakeFirstOrThrow()).id;
const founderId = await t.fx.founder({ slug: 'fiona-founder', name: 'Fiona Founder', userId: authorId });
await t.fx.founderOf(listingId, founderId);

let comments = 0;
async function comment(body = `Comment number ${++comments}.`) {
  const id = String((await t.app.services.discussions.post(site(authorId), 'talked-about', { body })).id);
  // One author writes every comment here: dated back, they stay clear of the per-minute rule.
  await sql`update comments set created_at = created_at - interval '2 hours' where id = ${id}`.execute(t.db);
  return id;
}
async function report(type: string, id: string, by: { browser: ReturnType<typeof t.siteBrowser>; csrf: string }, reason = 'spam', details = '') {
  const res = await by.browser.post('/report', { csrf: by.csrf, type, id, reason, details });
  assert.equal(res.status, 303, `report of ${type} ${id}`);
}
const publicComments = async () => (await t.get('/api/v1/listings/talked-about/comments?sort=newest&per_page=100')).body.items.map((c: { id: number }) => String(c.id));
const reportStates = async (type: string, id: string) =>
  (await t.db.selectFrom('reports').select('status').where('subject_type', '=', type as 'comment').where('subject_id', '=', id).orderBy('id').execute()).map((r) => r.status);
const lastAction = () => t.db.selectFrom('admin_actions').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
const actionCount = async () => (await sql<{ n: number }>`select count(*)::int as n from admin_actions`.execute(t.db)).rows[0].n;
const mailsTo = (address: string) => t.db.selectFrom('outbox_emails').select(['subject', 'text_body']).where('to_address', '=', address).orderBy('id').execute();

const victim = await comment('The comment of the refusal tests.');
await report('comment', victim, await reporter());

const PAGES = ['/admin/reports', '/admin/comments', '/admin/comments?status=hidden', '/admin/comments?status=visible'];
test('the queue\'s pages: signed out → sign in and back; a person → 403; an administrator → 200 under the navigation, which links them', async () => {
  for (const url of PAGES) {
    const anon = await t.siteBrowser().get(url);
    assert.deepEqual([anon.status, anon.location], [303, `/sign-in?return_to=${encodeURIComponent(url)}`], url);
    assert.equal((await person.browser.get(url)).status, 403, url);
    const page = await admin.browser.get(url);
    assert.equal(page.status, 200, url);
    assert.match(page.body, /<a href="\/admin\/reports"( aria-current="page")?>Reports<\/a>/, url);
    assert.match(page.body, /<a href="\/admin\/comments"( aria-current="page")?>Comments<\/a>/, url);
  }
});

// Every post of the queue: refused without an administrator's session and token, nothing changing.
const POSTS: [string, string, () => Record<string, string>][] = [
  ['hide', '/admin/reports/hide', () => ({ type: 'comment', id: victim, reason: 'Rude.' })],
  ['restore', '/admin/reports/restore', () => ({ type: 'comment', id: victim })],
  ['dismiss', '/admin/reports/dismiss', () => ({ type: 'comment', id: victim })],
  ['disable the author', '/admin/reports/disable-author', () => ({ user_id: authorId })],
];
for (const [name, url, form] of POSTS) {
  test(`${name}: signed out 401, a person 403, an administrator without the token, with a forged one or from another origin 403; nothing changes`, async () => {
    const before = await actionCount();
    assert.equal((await t.siteBrowser().post(url, form())).status, 401);
    assert.equal((await person.browser.post(url, { csrf: person.csrf, ...form() })).status, 403);
    assert.equal((await admin.browser.post(url, form())).status, 403, 'no token');
    assert.equal((await admin.browser.post(url, { csrf: 'forged', ...form() })).status, 403, 'a forged token');
    assert.equal((await admin.browser.post(url, { csrf: admin.csrf, ...form() }, { origin: 'https://evil.example' })).status, 403, 'another origin');
    assert.equal(await actionCount(), before);
    assert.deepEqual(await reportStates('comment', victim), ['open']);
    assert.equal((await t.db.selectFrom('users').select('disabled_at').where('id', '=', authorId).executeTakeFirstOrThrow()).disabled_at, null);
    assert.ok((await publicComments()).includes(victim));
  });
}

test('the queue groups the reports by thing: the thing, its author, its state, every reporter with reason, details and time', async () => {
  const id = await comment('Buy cheap watches at my shop.');
  const [r1, r2] = [await reporter(), await reporter()];
  await report('comment', id, r1, 'spam', 'An advert.');
  await report('comment', id, r2, 'off_topic', 'Nothing to do with <the product>.');
  const page = (await admin.browser.get('/admin/reports')).body;
  const groups = page.split('<article class="report-group"').slice(1);
  const mine = groups.filter((g) => g.includes(`id="group-comment-${id}"`));
  assert.equal(mine.length, 1, 'one group for the comment');
  const g = mine[0];
  assert.match(g, /<h2 id="group-comment-\d+">Comment: Comment on Talked About<\/h2>/);
  assert.match(g, /Buy cheap watches at my shop\./);
  assert.ok(g.includes(`<a href="/listings/talked-about#comment-${id}">`), 'a link to where it is');
  assert.match(g, /Ada Author<br><span class="muted">author@site\.test<\/span>/);
  assert.match(g, /<dt>State<\/dt><dd>shown \(visible\)<\/dd>/);
  assert.match(g, /<h3>2 open reports<\/h3>/);
  assert.ok(g.includes(`<strong>Spam or advertising</strong>, by Reporter ${serial - 1} <span class="muted">(${r1.email})</span>`));
  assert.ok(g.includes('<p class="report-details">Nothing to do with &lt;the product&gt;.</p>'), 'details escaped');
  assert.match(g, /<time datetime=/);
  for (const action of ['hide', 'dismiss', 'disable-author']) assert.ok(g.includes(`action="/admin/reports/${action}"`), action);
  assert.ok(!g.includes('action="/admin/reports/restore"'), 'nothing to restore while it is shown');
  // Another kind of thing is its own group.
  await report('review', reviewId, await reporter(), 'misleading');
  assert.match((await admin.browser.get('/admin/reports')).body, new RegExp(`id="group-review-${reviewId}">Review: Review of Talked About \\(1/5\\)`));
});

test('hiding a comment: log entry with before and after, reports closed, the author mailed the reason, out of list_comments; restoring brings it back', async () => {
  const id = await comment('Something unkind.');
  await report('comment', id, await reporter(), 'harassment');
  await report('comment', id, await reporter(), 'harassment');
  const mailsBefore = (await mailsTo('author@site.test')).length;
  const res = await admin.browser.post('/admin/reports/hide', { csrf: admin.csrf, type: 'comment', id, reason: 'Personal attacks are not allowed here.', back: '/admin/reports' });
  assert.deepEqual([res.status, res.location], [303, '/admin/reports?done=content-hidden']);
  assert.match((await admin.browser.get(res.location!)).body, /its author is mailed the reason/);
  const logged = await lastAction();
  assert.deepEqual([logged.action, logged.admin_id, logged.subject_type, logged.subject_id], ['content_hidden', admin.userId, 'comment', id]);
  assert.deepEqual(logged.details, { before: 'visible', after: 'hidden', reason: 'Personal attacks are not allowed here.', reports_closed: 2 });
  assert.deepEqual(await reportStates('comment', id), ['actioned', 'actioned']);
  const mails = (await mailsTo('author@site.test')).slice(mailsBefore);
  assert.equal(mails.length, 1);
  assert.match(mails[0].subject, /^Your comment on .+ was hidden$/);
  assert.match(mails[0].text_body, /The reason: Personal attacks are not allowed here\./);
  assert.ok(!(await publicComments()).includes(id));
  assert.ok(!(await admin.browser.get('/admin/reports')).body.includes(`group-comment-${id}"`), 'out of the queue');
  // A second click is the state asked for.
  assert.equal((await admin.browser.post('/admin/reports/hide', { csrf: admin.csrf, type: 'comment', id, reason: 'Again.' })).location, '/admin/reports?done=content-hidden');

  const hiddenList = (await admin.browser.get('/admin/comments?status=hidden')).body;
  assert.ok(hiddenList.includes(`id="comment-${id}"`), 'listed as hidden');
  const back = await admin.browser.post('/admin/reports/restore', { csrf: admin.csrf, type: 'comment', id, back: '/admin/comments?status=hidden' });
  assert.deepEqual([back.status, back.location], [303, '/admin/comments?status=hidden&done=content-restored']);
  const restored = await lastAction();
  assert.deepEqual([restored.action, restored.subject_id, (restored.details as { before: string }).before, (restored.details as { after: string }).after], ['content_restored', id, 'hidden', 'visible']);
  assert.ok((await publicComments()).includes(id));
});

test('hiding a review takes it off the listing page; restoring puts it back', async () => {
  const shown = async () => (await t.siteBrowser().get('/listings/talked-about')).body.includes(`/report?type=review&amp;id=${reviewId}"`);
  assert.equal(await shown(), true);
  const res = await admin.browser.post('/admin/reports/hide', { csrf: admin.csrf, type: 'review', id: reviewId, reason: 'A fake review.' });
  assert.equal(res.location, '/admin/reports?done=content-hidden');
  assert.equal(await shown(), false);
  const logged = await lastAction();
  assert.deepEqual([logged.action, logged.subject_type, logged.details], ['content_hidden', 'review', { before: 'published', after: 'rejected', reason: 'A fake review.', reports_closed: 1 }]);
  assert.deepEqual(await reportStates('review', reviewId), ['actioned']);
  const mail = (await mailsTo('person@site.test')).at(-1);
  assert.match(mail?.text_body ?? '', /The reason: A fake review\./);
  assert.equal((await admin.browser.post('/admin/reports/restore', { csrf: admin.csrf, type: 'review', id: reviewId })).location, '/admin/reports?done=content-restored');
  assert.equal(await shown(), true);
});

test('hiding a founder profile: get_founder and its page answer 404; restoring brings it back', async () => {
  await report('founder', founderId, await reporter(), 'misleading', 'Not a real person.');
  assert.equal((await t.get('/api/v1/founders/fiona-founder')).status, 200);
  const res = await admin.browser.post('/admin/reports/hide', { csrf: admin.csrf, type: 'founder', id: founderId, reason: 'An invented person.' });
  assert.equal(res.location, '/admin/reports?done=content-hidden');
  assert.equal((await t.get('/api/v1/founders/fiona-founder')).status, 404);
  assert.equal((await t.siteBrowser().get('/founders/fiona-founder')).status, 404);
  assert.deepEqual((await lastAction()).details, { before: 'shown', after: 'hidden', reason: 'An invented person.', reports_closed: 1 });
  assert.match((await mailsTo('author@site.test')).at(-1)?.subject ?? '', /Your founder profile on .+ was hidden/);
  await admin.browser.post('/admin/reports/restore', { csrf: admin.csrf, type: 'founder', id: founderId });
  assert.equal((await t.get('/api/v1/founders/fiona-founder')).status, 200);
});

test('a reported listing hidden from the queue: out of the directory, its reports closed', async () => {
  const id = await t.fx.listing({ slug: 'scam-listing', name: 'Scam Listing' });
  await report('listing', id, await reporter(), 'illegal');
  assert.ok((await admin.browser.get('/admin/reports')).body.includes(`id="group-listing-${id}"`));
  const res = await admin.browser.post('/admin/reports/hide', { csrf: admin.csrf, type: 'listing', id, reason: 'Sells counterfeit goods.' });
  assert.equal(res.location, '/admin/reports?done=hidden');
  assert.equal((await t.get('/api/v1/listings/scam-listing')).status, 404);
  assert.deepEqual(await reportStates('listing', id), ['actioned']);
  assert.equal((await lastAction()).action, 'listing_hidden');
});

// A hide needs its reason: 400 beside that thing's field, the text kept, nothing changed.
const BAD_REASONS: [string, string][] = [['empty', ''], ['only spaces', '   '], ['over 500 characters', 'x'.repeat(501)]];
for (const [name, reason] of BAD_REASONS) {
  for (const back of ['/admin/reports', '/admin/comments?status=visible']) {
    test(`hiding with a reason ${name} from ${back} → 400 beside the field on that page, nothing changed`, async () => {
      const id = await comment(`A comment for the ${name} reason from ${back}.`);
      await report('comment', id, await reporter());
      const before = await actionCount();
      const res = await admin.browser.post('/admin/reports/hide', { csrf: admin.csrf, type: 'comment', id, reason, back });
      assert.equal(res.status, 400);
      assert.match(res.body, new RegExp(`<p class="field-error" id="reason-comment-${id}-error">1 to 500 characters`));
      assert.match(res.body, new RegExp(`id="reason-comment-${id}"[^>]*aria-invalid="true"`));
      assert.match(res.body, new RegExp(`<h1>${back.startsWith('/admin/comments') ? 'Comments' : 'Reports'}</h1>`));
      if (reason.trim()) assert.ok(res.body.includes(`>${reason}</textarea>`), 'the text is kept');
      assert.equal(await actionCount(), before);
      assert.deepEqual(await reportStates('comment', id), ['open']);
      assert.ok((await publicComments()).includes(id));
    });
  }
}

test('three established reporters hold a comment: the dashboard counts it, /admin/comments shows it first; dismissing shows it again and closes the reports', async () => {
  const id = await comment('Held by three reports.');
  for (let i = 0; i < 3; i++) await report('comment', id, await reporter(), 'off_topic');
  assert.ok(!(await publicComments()).includes(id), 'held: out of the public list');
  const dashboard = (await admin.browser.get('/admin')).body;
  const reported = (await t.app.services.contentModeration.openCount());
  assert.ok(dashboard.includes(`<a href="/admin/reports">${reported} reported thing${reported === 1 ? '' : 's'}</a>`), 'reported things counted');
  assert.match(dashboard, /<a href="\/admin\/comments\?status=held">1 held comment<\/a>/);
  const held = (await admin.browser.get('/admin/comments')).body;
  assert.match(held, /<option value="held" selected>/, 'held first, by default');
  assert.ok(held.includes(`id="comment-${id}"`));
  assert.match(held, /Held because: reported by 3 accounts/);
  assert.ok(held.includes('Show it<span class="visually-hidden">'), 'it can be shown');
  assert.ok(held.includes(`id="reason-comment-${id}"`), 'or hidden for good');
  assert.match((await admin.browser.get('/admin/reports')).body, new RegExp(`id="group-comment-${id}"[\\s\\S]*?held: hidden until a moderator decides`));

  const res = await admin.browser.post('/admin/reports/dismiss', { csrf: admin.csrf, type: 'comment', id });
  assert.deepEqual([res.status, res.location], [303, '/admin/reports?done=reports-dismissed']);
  assert.deepEqual(await reportStates('comment', id), ['dismissed', 'dismissed', 'dismissed']);
  assert.ok((await publicComments()).includes(id), 'shown again');
  const logged = await lastAction();
  assert.deepEqual([logged.action, logged.details], ['reports_dismissed', { before: 'held', after: 'visible', reports_closed: 3 }]);
  assert.match((await admin.browser.get('/admin')).body, /<a href="\/admin\/comments\?status=held">0 held comments<\/a>/);
});

test('a held comment hidden for good from /admin/comments: back there, the author mailed', async () => {
  const id = await comment('Held, then hidden.');
  for (let i = 0; i < 3; i++) await report('comment', id, await reporter(), 'harassment');
  const res = await admin.browser.post('/admin/reports/hide', { csrf: admin.csrf, type: 'comment', id, reason: 'Harassment.', back: '/admin/comments?status=held' });
  assert.deepEqual([res.status, res.location], [303, '/admin/comments?status=held&done=content-hidden']);
  assert.deepEqual((await lastAction()).details, { before: 'held', after: 'hidden', reason: 'Harassment.', reports_closed: 3 });
  assert.match((await mailsTo('author@site.test')).at(-1)?.text_body ?? '', /The reason: Harassment\./);
  assert.ok(!(await publicComments()).includes(id));
});

test('a post goes back only to the queue\'s own pages', async () => {
  const id = await comment('Dismissed with a foreign back.');
  await report('comment', id, await reporter());
  for (const back of ['https://evil.example/', '//evil.example', '/admin/users', '/account']) {
    const res = await admin.browser.post('/admin/reports/dismiss', { csrf: admin.csrf, type: 'comment', id, back });
    assert.equal(res.location, '/admin/reports?done=reports-dismissed', back);
  }
});

test('disabling the author from the queue: the account is disabled and logged; the button is gone', async () => {
  const badId = await t.app.services.accounts.createUser({ email: 'troll@site.test', name: 'Tim Troll', password: null });
  await t.db.updateTable('users').set({ email_verified_at: new Date(), created_at: new Date(Date.now() - 60 * DAY) }).where('id', '=', badId).execute();
  const id = String((await t.app.services.discussions.post(site(badId), 'talked-about', { body: 'Trolling.' })).id);
  await report('comment', id, await reporter(), 'harassment');
  const group = () => admin.browser.get('/admin/reports').then((r) => r.body.split('<article class="report-group"').find((g) => g.includes(`group-comment-${id}"`)) ?? '');
  assert.ok((await group()).includes(`<input type="hidden" name="user_id" value="${badId}">`));
  const res = await admin.browser.post('/admin/reports/disable-author', { csrf: admin.csrf, user_id: badId, back: '/admin/reports' });
  assert.deepEqual([res.status, res.location], [303, '/admin/reports?done=disabled']);
  assert.notEqual((await t.db.selectFrom('users').select('disabled_at').where('id', '=', badId).executeTakeFirstOrThrow()).disabled_at, null);
  assert.deepEqual([(await lastAction()).action, (await lastAction()).subject_id], ['user_disabled', badId]);
  const g = await group();
  assert.match(g, /<strong>account disabled<\/strong>/);
  assert.ok(!g.includes('name="user_id"'), 'no second disable button');
  // Nobody disables themselves from the queue either.
  const self = await admin.browser.post('/admin/reports/disable-author', { csrf: admin.csrf, user_id: admin.userId });
  assert.equal(self.status, 409);
  assert.match(self.body, /You cannot disable your own account/);
});

test('unknown things: a post about nothing is a 404, a kind that is not one a 404', async () => {
  const CASES: Record<string, string>[] = [
    { type: 'comment', id: '99999999', reason: 'x' },
    { type: 'user', id: authorId, reason: 'x' },
    { type: 'comment', id: 'abc', reason: 'x' },
  ];
  for (const form of CASES) {
    assert.equal((await admin.browser.post('/admin/reports/hide', { csrf: admin.csrf, ...form })).status, 404, JSON.stringify(form));
    assert.equal((await admin.browser.post('/admin/reports/dismiss', { csrf: admin.csrf, ...form })).status, 404, JSON.stringify(form));
  }
  assert.equal((await admin.browser.post('/admin/reports/disable-author', { csrf: admin.csrf, user_id: '99999999' })).status, 404);
});
