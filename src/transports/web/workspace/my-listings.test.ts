import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../testing/harness.ts';
import { submittedListing } from '../../../operations/orders/orders-testing.ts';
import { fieldError, has, keyOf } from './testing.ts';

// The founder's listings on the site: /my/listings and every /my/listings/{id} page, each calling
// the API's operations in-process (get_my_listing, update_my_listing, post_listing_update,
// add/delete_milestone, set_founder_story, answer_interview, get_badges). Forms: CSRF, the
// operation's schema errors beside the fields with the values kept, Post/Redirect/Get and an
// Idempotency-Key. Another person's listing is a 404 page.
const t = await createTestApp({ now: () => new Date('2027-01-06T12:00:00Z') });
await t.fx.category({ slug: 'ws-invoicing', name: 'Invoicing' });
const owner = await t.signIn({ name: 'Olga Owner' });
const other = await t.signIn({ name: 'Otto Other' });
const mine = await submittedListing(t, owner.userId, { name: 'Acme Invoicing', category: 'ws-invoicing' });
const live = await t.fx.listing({ owner_id: owner.userId, slug: 'acme-live', name: 'Acme Live', status: 'live', launch_week: '2026-12-28' });
const theirs = await submittedListing(t, other.userId, { name: 'Their Product' });

const SUBPAGES = ['', '/launch', '/updates', '/milestones', '/story', '/interview', '/badges'];
const csrfOf = (body: string) => /name="csrf" value="([^"]+)"/.exec(body)![1];
const ownerView = async (id: string) => (await t.app.services.ownerListings.get(owner.userId, Number(id)));

test('/my/listings lists the person\'s own listings with status, plan and launch week, and links drafts and claims', async () => {
  const page = await owner.browser.get('/my/listings');
  assert.equal(page.status, 200);
  has(page.body, new RegExp(`<a href="/my/listings/${mine}">Acme Invoicing</a>`));
  has(page.body, /Submitted, not launched yet<br><a href="\/my\/listings\/\d+\/launch">Launch it<\/a>/);
  has(page.body, /Live<\/td>\s*<td>Free plan<\/td>\s*<td>launched in the week of 28 Dec 2026<br><a href="\/listings\/acme-live">Public page<\/a>/);
  has(page.body, /href="\/drafts"/);
  has(page.body, /href="\/my\/claims"/);
  assert.doesNotMatch(page.body, /Their Product/);
  const empty = await (await t.signIn()).browser.get('/my/listings');
  has(empty.body, /You have no listings yet/);
});

test('every page of a listing: signed out → sign in and back; another person\'s or no listing → 404 page; the owner → 200', async () => {
  const stranger = t.siteBrowser();
  for (const sub of SUBPAGES) {
    const url = `/my/listings/${mine}${sub}`;
    const out = await stranger.get(url);
    assert.deepEqual([out.status, out.location], [303, `/sign-in?return_to=${encodeURIComponent(url)}`], url);
    assert.equal((await owner.browser.get(url)).status, 200, url);
    for (const bad of [`/my/listings/${theirs}${sub}`, `/my/listings/999999${sub}`, `/my/listings/0${sub}`, `/my/listings/abc${sub}`]) {
      const res = await other.browser.get(bad.replace(String(theirs), String(mine)));
      assert.equal(res.status, 404, bad);
      assert.match(res.headers['content-type'] as string, /text\/html/);
      has(res.body, /<h1>Not found<\/h1>/);
    }
  }
  assert.equal((await other.browser.get(`/my/listings/${theirs}`)).status, 200, 'their own listing');
});

/** Every form post of the listing pages, with a body that would succeed for the owner. */
const POSTS: [string, Record<string, string>][] = [
  ['', { 'fields.tagline': 'Changed by a stranger' }],
  ['/updates', { title: 'Hello', body: 'News' }],
  ['/milestones', { date: '2026-05-01', title: 'Founded' }],
  ['/story', { story: 'It began…' }],
  ['/interview', {}],
  ['/launch/free', {}],
  ['/launch/check', {}],
  ['/launch/checkout', { week: '2027-01-18', billing_country: 'DE' }],
];

test('every form post: signed out 401, without the CSRF token 403, another person\'s listing 404; nothing changes', async () => {
  const before = JSON.stringify(await ownerView(String(mine)));
  for (const [sub, form] of POSTS) {
    const url = `/my/listings/${mine}${sub}`;
    assert.equal((await t.siteBrowser().post(url, { ...form, csrf: 'x' })).status, 401, url);
    assert.equal((await owner.browser.post(url, form)).status, 403, `${url} without csrf`);
    assert.equal((await owner.browser.post(url, { ...form, csrf: other.csrf })).status, 403, `${url} with another session's csrf`);
    const res = await other.browser.post(url, { ...form, csrf: other.csrf });
    assert.equal(res.status, 404, `${url} by another person`);
    has(res.body, /<h1>Not found<\/h1>/);
  }
  assert.equal(JSON.stringify(await ownerView(String(mine))), before);
});

test('the editor shows the listing\'s fields; a save publishes at once, redirects (303) and is kept in the history', async () => {
  const url = `/my/listings/${live}`;
  const page = await owner.browser.get(url);
  has(page.body, /<label for="f-fields-tagline">Tagline/);
  has(page.body, /<select id="f-fields-country" name="fields.country"/);
  has(page.body, /No edits yet/);
  const saved = {
    'fields.tagline': 'Invoices in one click',
    'fields.description': 'Line one.\r\n\r\nLine two.',
    'fields.country': 'de',
    'fields.founded_year': '2019',
    'fields.features': 'Recurring invoices\r\n\r\n  Reminders  \r\n',
    'socials.github': 'https://github.com/acme',
    'faqs.0.question': 'Is it free?',
    'faqs.0.answer': 'There is a free plan.',
  };
  const res = await owner.browser.post(url, { csrf: csrfOf(page.body), idempotency_key: keyOf(page.body, url), ...saved });
  assert.deepEqual([res.status, res.location], [303, `${url}?notice=saved`]);
  const publicPage = (await t.get('/api/v1/listings/acme-live')).body;
  assert.equal(publicPage.tagline, 'Invoices in one click');
  assert.equal(publicPage.description, 'Line one.\n\nLine two.');
  assert.equal(publicPage.country, 'DE');
  assert.equal(publicPage.founded_year, 2019);
  assert.deepEqual(publicPage.features, ['Recurring invoices', 'Reminders']);
  assert.deepEqual(publicPage.socials, { github: 'https://github.com/acme' });
  assert.deepEqual(publicPage.faqs, [{ question: 'Is it free?', answer: 'There is a free plan.' }]);
  const after = await owner.browser.get(`${url}?notice=saved`);
  has(after.body, /role="status">Saved\./);
  has(after.body, /value="Invoices in one click"/);
  has(after.body, /<option value="DE" selected>Germany<\/option>/);
  has(after.body, /<h2 id="history">Recent changes<\/h2>/);
  has(after.body, /Edit: Tagline, Description, Features, Country, Year founded, Social links, Questions and answers<\/summary>/);
  has(after.body, /<th scope="row">Tagline<\/th><td>\(empty\)<\/td><td>Invoices in one click<\/td>/);

  // Clearing a field: sent empty, stored as nothing.
  const again = await owner.browser.get(url);
  assert.equal((await owner.browser.post(url, { ...saved, 'fields.tagline': '', csrf: owner.csrf, idempotency_key: keyOf(again.body, url) })).status, 303);
  assert.equal((await t.get('/api/v1/listings/acme-live')).body.tagline, null);
});

const FIELD_ERRORS: [string, Record<string, string>, string, RegExp][] = [
  ['a year that is not a number', { 'fields.founded_year': 'nineteen' }, 'fields.founded_year', /Enter a year as digits/],
  ['a year out of range', { 'fields.founded_year': '1700' }, 'fields.founded_year', /1800/],
  ['a video link that is not http(s)', { 'fields.demo_video_url': 'ftp://acme.test/demo' }, 'fields.demo_video_url', /must be an http\(s\) URL/],
  ['a contact address that is no address', { 'fields.contact_email': 'not-an-address' }, 'fields.contact_email', /email/i],
  ['a social link that is no link', { 'socials.x': 'acme' }, 'socials.x', /must be an http\(s\) URL/],
  ['a tagline over 200 characters', { 'fields.tagline': 'x'.repeat(201) }, 'fields.tagline', /200/],
  ['a question without its answer', { 'faqs.0.question': 'Why?' }, 'faqs.0.answer', /./],
  ['21 features', { 'fields.features': Array.from({ length: 21 }, (_, i) => `F${i}`).join('\n') }, 'fields.features', /20/],
];

for (const [name, form, fieldName, message] of FIELD_ERRORS) {
  test(`the editor refuses ${name}: 400, the message beside the field, the values kept, nothing saved`, async () => {
    const url = `/my/listings/${mine}`;
    const before = await ownerView(String(mine));
    const res = await owner.browser.post(url, { csrf: owner.csrf, idempotency_key: crypto.randomUUID(), 'fields.city': 'Berlin', ...form });
    assert.equal(res.status, 400, res.body.slice(0, 300));
    assert.match(fieldError(res.body, fieldName), message);
    has(res.body, /role="alert"><p>Please correct the fields marked below\./);
    has(res.body, /value="Berlin"/, 'the other values are kept');
    const shown = Object.values(form)[0].split('\n')[0];
    assert.ok(res.body.includes(shown.length > 50 ? shown.slice(0, 50) : shown), 'the refused value is kept');
    assert.deepEqual(await ownerView(String(mine)), before);
  });
}

test('updates: posted with PRG; followers of a public listing are told; a double post with one key posts once; an empty title is refused', async () => {
  const url = `/my/listings/${live}/updates`;
  const follow = await other.browser.post('/listings/acme-live/follow', { csrf: other.csrf, intent: 'add' });
  assert.equal(follow.status, 303);
  const page = await owner.browser.get(url);
  const key = keyOf(page.body, url);
  const form = { csrf: owner.csrf, idempotency_key: key, title: 'Version 2 is out', body: 'Faster.\n\nAnd nicer.' };
  const first = await owner.browser.post(url, form);
  const second = await owner.browser.post(url, form);
  assert.deepEqual([first.status, first.location], [303, `${url}?notice=posted-told`]);
  assert.deepEqual([second.status, second.location], [303, `${url}?notice=posted-told`]);
  const updates = await t.db.selectFrom('listing_updates').select('title').where('listing_id', '=', live).execute();
  assert.deepEqual(updates.map((u) => u.title), ['Version 2 is out']);
  has((await owner.browser.get(`${url}?notice=posted-told`)).body, /followers are being told by email[\s\S]*<h3>Version 2 is out<\/h3>/);

  const bad = await owner.browser.post(url, { csrf: owner.csrf, idempotency_key: crypto.randomUUID(), title: '  ', body: 'Kept text' });
  assert.equal(bad.status, 400);
  assert.ok(fieldError(bad.body, 'title'));
  has(bad.body, />Kept text<\/textarea>/);
  // A draft-status listing has no followers to tell.
  const quiet = await owner.browser.post(`/my/listings/${mine}/updates`, { csrf: owner.csrf, idempotency_key: crypto.randomUUID(), title: 'Soon', body: 'Coming.' });
  assert.equal(quiet.location, `/my/listings/${mine}/updates?notice=posted`);
});

test('milestones: added, refused with the reason beside the field, deleted; another listing\'s milestone is 404', async () => {
  const url = `/my/listings/${mine}/milestones`;
  const added = await owner.browser.post(url, { csrf: owner.csrf, idempotency_key: crypto.randomUUID(), date: '2026-03-01', title: 'First customer', description: '', url: 'https://acme.test/blog/first' });
  assert.deepEqual([added.status, added.location], [303, `${url}?notice=milestone-added`]);
  const page = await owner.browser.get(url);
  has(page.body, /<time datetime="2026-03-01">1 Mar 2026<\/time> <strong>First customer<\/strong>/);
  has(page.body, /paid section/);

  for (const [form, id, message] of [
    [{ date: '2026-02-30', title: 'Leap' }, 'date', /real calendar date/],
    [{ date: '2026-02-01', title: 'Blog', url: 'http://acme.test/' }, 'url', /https/],
    [{ date: '2026-02-01', title: '' }, 'title', /./],
  ] as const) {
    const res = await owner.browser.post(url, { csrf: owner.csrf, idempotency_key: crypto.randomUUID(), ...form });
    assert.equal(res.status, 400, JSON.stringify(form));
    assert.match(fieldError(res.body, id), message);
  }

  const milestoneId = /action="\/my\/listings\/\d+\/milestones\/(\d+)\/delete"/.exec(page.body)![1];
  const foreign = await other.browser.post(`/my/listings/${theirs}/milestones/${milestoneId}/delete`, { csrf: other.csrf });
  assert.equal(foreign.status, 404, 'a milestone of another listing');
  assert.equal((await owner.browser.post(`${url}/abc/delete`, { csrf: owner.csrf })).status, 404);
  const deleted = await owner.browser.post(`${url}/${milestoneId}/delete`, { csrf: owner.csrf, idempotency_key: crypto.randomUUID() });
  assert.deepEqual([deleted.status, deleted.location], [303, `${url}?notice=milestone-deleted`]);
  has((await owner.browser.get(url)).body, /No milestones yet/);
  const twice = await owner.browser.post(`${url}/${milestoneId}/delete`, { csrf: owner.csrf, idempotency_key: crypto.randomUUID() });
  assert.equal(twice.status, 404);
});

test('founder story: saved whole (an empty section is removed), a section over 8,000 characters refused beside it', async () => {
  const url = `/my/listings/${mine}/story`;
  const ok = await owner.browser.post(url, { csrf: owner.csrf, idempotency_key: crypto.randomUUID(), title: 'How Acme began', story: 'In a garage.', problem: 'Invoices.' });
  assert.deepEqual([ok.status, ok.location], [303, `${url}?notice=story-saved`]);
  let story = (await ownerView(String(mine))).story;
  assert.deepEqual([story.title, story.story, story.problem], ['How Acme began', 'In a garage.', 'Invoices.']);
  const page = await owner.browser.get(url);
  has(page.body, /value="How Acme began"/);
  has(page.body, />In a garage\.<\/textarea>/);

  const bad = await owner.browser.post(url, { csrf: owner.csrf, idempotency_key: crypto.randomUUID(), title: 'How Acme began', lessons: 'x'.repeat(8001) });
  assert.equal(bad.status, 400);
  assert.match(fieldError(bad.body, 'lessons'), /8000/);
  await owner.browser.post(url, { csrf: owner.csrf, idempotency_key: crypto.randomUUID(), title: 'How Acme began', story: 'In a garage.' });
  story = (await ownerView(String(mine))).story;
  assert.equal(story.problem, null);
  const history = await owner.browser.get(`/my/listings/${mine}`);
  has(history.body, /Founder story: Founder story<\/summary>/);
});

test('interview: the questions with the founder\'s answers; saved answers appear again; an empty answer removes it; a forged question is refused', async () => {
  const q1 = await t.fx.question('What did you build first?', 1);
  const q2 = await t.fx.question('Best advice you got?', 2);
  const url = `/my/listings/${mine}/interview`;
  const page = await owner.browser.get(url);
  has(page.body, /<label for="f-answers-0-answer">What did you build first\?/);
  const ok = await owner.browser.post(url, {
    csrf: owner.csrf,
    idempotency_key: crypto.randomUUID(),
    'answers.0.question_id': String(q1),
    'answers.0.answer': 'A spreadsheet.',
    'answers.1.question_id': String(q2),
    'answers.1.answer': '',
  });
  assert.deepEqual([ok.status, ok.location], [303, `${url}?notice=answers-saved`]);
  has((await owner.browser.get(url)).body, />A spreadsheet\.<\/textarea>/);
  const answers = await t.app.services.ownerListings.interviewAnswers(owner.userId);
  assert.deepEqual(answers.map((a) => a.answer), ['A spreadsheet.']);

  const forged = await owner.browser.post(url, { csrf: owner.csrf, idempotency_key: crypto.randomUUID(), 'answers.0.question_id': '999999', 'answers.0.answer': 'Kept' });
  assert.equal(forged.status, 400);
  has(forged.body, /role="alert"><p>Answer only the questions list_interview_questions lists\./);
  has(forged.body, /answers\.0\.question_id: no active interview question has id 999999/);
});

test('badges: a public listing shows get_badges with embed code to copy; before launch only the homepage badge', async () => {
  const pub = await owner.browser.get(`/my/listings/${live}/badges`);
  has(pub.body, /<h2 id="badge-0">/);
  has(pub.body, /data-copy="HTML embed code for /);
  has(pub.body, /<script src="\/assets\/enhance\.[^"]+\.js" defer><\/script>/);
  const before = await owner.browser.get(`/my/listings/${mine}/badges`);
  has(before.body, /Badges are available once the listing is scheduled or live/);
});
