import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { ASSET_URLS } from '../assets.ts';

// The discussion on the listing page: what visitors read, what signed-in people can do through
// plain forms (and the same posts answering JSON for discussion.js), every refusal beside the
// text with the text kept, and the counts on cards and profiles.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Only ever moved forward: comments are never written "in the future" of a later test.
let clock = new Date('2026-12-01T10:00:00Z');
const t = await createTestApp({ now: () => clock });

await t.fx.listing({ slug: 'talkative', name: 'Talkative' });
await t.fx.listing({ slug: 'counted', name: 'Counted Co' });
await t.fx.listing({ slug: 'busy', name: 'Busy' });
await t.fx.listing({ slug: 'gone-quiet', status: 'archived' });
await t.fx.listing({ slug: 'not-yet', status: 'draft' });

type Person = Awaited<ReturnType<typeof t.signIn>>;

/** A signed-in person; their account is a month old (past the first day's limits) unless `ageDays` says otherwise. */
async function person(o: { name?: string; verified?: boolean; ageDays?: number } = {}): Promise<Person> {
  const s = await t.signIn({ name: o.name, verified: o.verified });
  await t.db.updateTable('users').set({ created_at: new Date(clock.getTime() - (o.ageDays ?? 30) * DAY) }).where('id', '=', s.userId).execute();
  return s;
}

const owner = await person({ name: 'Olive Owner' });
await t.db.updateTable('listings').set({ owner_id: owner.userId }).where('slug', '=', 'talkative').execute();

const post = (s: Person, form: Record<string, string>, slug = 'talkative', headers: Record<string, string> = {}) =>
  s.browser.post(`/listings/${slug}/comments`, { csrf: s.csrf, ...form }, headers);
const act = (s: Person, id: number, what: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  s.browser.post(`/comments/${id}/${what}`, { csrf: s.csrf, ...form }, headers);

/** The new comment's id from a post's redirect (…#comment-{id}). */
function idOf(res: { status: number; location?: string; body: string }) {
  assert.equal(res.status, 303, res.body.slice(0, 300));
  const m = /#comment-(\d+)$/.exec(res.location ?? '');
  assert.ok(m, `a redirect to the comment: ${res.location}`);
  return Number(m[1]);
}

/** A comment posted through the form, by someone; its id. */
const posted = async (s: Person, body: string, extra: Record<string, string> = {}, slug = 'talkative') => idOf(await post(s, { body, ...extra }, slug));

const visitor = t.siteBrowser();
const load = async (browser: { get(url: string): Promise<{ status: number; body: string }> }, url = '/listings/talkative') => {
  const res = await browser.get(url);
  return { ...res, $: cheerio.load(res.body) };
};
const countComments = async () => (await sql<{ n: number }>`select count(*)::int as n from comments`.execute(t.db)).rows[0].n;
const commentRow = (id: number) => t.db.selectFrom('comments').selectAll().where('id', '=', String(id)).executeTakeFirst();

test('a visitor reads the discussion: threads, replies, the Maker mark, the count; no forms, a sign-in link back here', async () => {
  const rita = await person({ name: 'Rita Reader' });
  const top = await posted(owner, 'Hi, I **made** this. Ask me anything.');
  const reply = await posted(rita, 'Does it export to CSV?', { parent_id: String(top) });

  const { status, $, body } = await load(visitor);
  assert.equal(status, 200);
  const section = $('section#discussion');
  assert.equal(section.length, 1);
  assert.equal(section.attr('aria-labelledby'), 'discussion-heading');
  assert.match($('#discussion-heading').text(), /Discussion\s+\(2 comments\)/);
  const first = $(`#comment-${top}`);
  assert.equal(first.find('.comment-body strong').text(), 'made', 'body_html, as the domain made it');
  assert.equal(first.find('.maker-mark').text(), 'Maker');
  assert.match(first.find('.comment-meta').text(), /Olive Owner/);
  assert.equal(first.find('time').attr('datetime'), clock.toISOString());
  const second = $(`.replies #comment-${reply}`);
  assert.equal(second.length, 1, 'the reply sits under its comment');
  assert.equal(second.find('.maker-mark').length, 0, 'no Maker mark on someone who does not make it');
  assert.match(second.text(), /0 upvotes/);

  assert.equal(section.find('form, textarea').length, 0, 'no forms for visitors');
  assert.equal(section.find('a.report-link').length, 0, 'a visitor signs in first (the join link), not once per comment');
  // Signed in, each other person's comment has its Report link (nofollow: crawlers stay off /report).
  const signedIn = (await load(owner.browser)).$(`.replies #comment-${reply} a.report-link`);
  assert.equal(signedIn.attr('href'), `/report?type=comment&id=${reply}`);
  assert.equal(signedIn.attr('rel'), 'nofollow');
  const join = section.find('a:contains("Sign in to join the discussion")');
  assert.equal(join.attr('href'), '/sign-in?return_to=%2Flistings%2Ftalkative%23discussion');

  // The enhancement is loaded here, and the page may fetch its own discussion.
  assert.equal($(`script[src="${ASSET_URLS.discussionJs}"]`).length, 1);
  const res = await visitor.get('/listings/talkative');
  assert.match(String(res.headers['content-security-policy']), /script-src 'self'; connect-src 'self'/);
  const js = await visitor.get(ASSET_URLS.discussionJs);
  assert.equal(js.status, 200);
  assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.ok(Buffer.byteLength(js.body) < 3200, `a small script (${Buffer.byteLength(js.body)} bytes)`);
  assert.ok(!body.includes('Leave this empty'), 'no honeypot without a form');

  // The kept page for visitors changes with the discussion it was built from.
  const etag = String(res.headers.etag);
  await posted(rita, 'A second thought.');
  const after = await visitor.get('/listings/talkative');
  assert.notEqual(String(after.headers.etag), etag);
  assert.match(after.body, /A second thought\./);
});

test('commenting: 303 to the comment with a notice; the text is shown as the domain rendered it, HTML as text', async () => {
  const s = await person({ name: 'Cora Commenter' });
  const res = await post(s, { body: 'Love the **API**.\n\n<script>alert(1)</script>', website: '' });
  const id = idOf(res);
  assert.equal(res.location, `/listings/talkative?notice=commented#comment-${id}`);
  const { $ } = await load(s.browser, res.location!);
  assert.match($('main > .notice').text(), /Your comment is posted/);
  const body = $(`#comment-${id} .comment-body`);
  assert.equal(body.find('strong').text(), 'API');
  assert.equal(body.find('script').length, 0);
  assert.match(body.text(), /<script>alert\(1\)<\/script>/);
  assert.equal((await commentRow(id))?.status, 'visible');
  // The person's own form: labelled box with its limit and hint, the honeypot out of sight and hearing.
  const box = $('#comment-form textarea#comment-body');
  assert.equal(box.attr('name'), 'body');
  assert.equal(box.attr('maxlength'), '5000');
  assert.equal($('label[for="comment-body"]').text(), 'Your comment');
  assert.match($(`#${box.attr('aria-describedby')}`).text(), /At most 5,000 characters/);
  const trap = $('#comment-form input[name="website"]');
  assert.equal(trap.attr('tabindex'), '-1');
  assert.equal(trap.attr('autocomplete'), 'off');
  assert.equal(trap.closest('[aria-hidden="true"]').length, 1);
  assert.equal($('label[for="comment-website"]').text(), 'Leave this empty');
});

test('a reply goes under its comment; a reply to a reply is refused beside the text, kept, nothing stored', async () => {
  const a = await person({ name: 'Ann' });
  const b = await person({ name: 'Ben' });
  const top = await posted(a, 'Which plan do you use?');
  const res = await post(b, { body: 'The free one.', parent_id: String(top) });
  const reply = idOf(res);
  assert.equal(res.location, `/listings/talkative?notice=replied#comment-${reply}`);
  const { $ } = await load(b.browser);
  assert.equal($(`#comment-${top}`).closest('li').find(`.replies #comment-${reply}`).length, 1);
  assert.equal($(`#reply-${top} form input[name="parent_id"]`).attr('value'), String(top), 'a Reply form under each comment');
  assert.equal($(`#reply-${reply}`).length, 0, 'none under a reply');

  const cases = [
    { name: 'to a reply', parent: String(reply), message: /Replies go one level deep/ },
    { name: 'to no comment', parent: '999999999', message: /no longer there/ },
    { name: 'to something that is not an id', parent: 'abc', message: /not there/ },
  ];
  for (const c of cases) {
    const before = await countComments();
    const refused = await post(b, { body: `Me too (${c.name}).`, parent_id: c.parent });
    assert.equal(refused.status, 400, c.name);
    const $$ = cheerio.load(refused.body);
    assert.equal($$('#comment-body').text(), `Me too (${c.name}).`, `${c.name}: the text kept`);
    assert.equal($$('#comment-body').attr('aria-invalid'), 'true', c.name);
    assert.match($$('#comment-body').attr('aria-describedby') ?? '', /comment-body-error/, c.name);
    assert.equal($$('#comment-body-error').attr('role'), 'alert', c.name);
    assert.match($$('#comment-body-error').text(), c.message, c.name);
    assert.equal(await countComments(), before, `${c.name}: nothing stored`);
  }
});

test('bad text is refused with its reason beside the box, the text kept, nothing stored', async () => {
  const s = await person();
  const cases = [
    { name: 'empty', body: '', message: /Write something first/ },
    { name: 'only spaces', body: '  \n\t ', message: /Write something first/ },
    { name: '5,001 characters', body: 'x'.repeat(5001), message: /At most 5,000 characters/ },
    { name: 'a NUL', body: 'hello\0world', message: /cannot be stored/, kept: 'hello\uFFFDworld' },
  ];
  for (const c of cases) {
    const before = await countComments();
    const res = await post(s, { body: c.body });
    assert.equal(res.status, 400, c.name);
    assert.match(String(res.headers['content-type']), /text\/html/, c.name);
    const $ = cheerio.load(res.body);
    assert.equal($('#comment-body').text(), c.kept ?? c.body, `${c.name}: the text kept`);
    assert.match($('#comment-body-error').text(), c.message, c.name);
    assert.equal($('h1').text(), 'Talkative', `${c.name}: the listing page, not an error page`);
    assert.equal(await countComments(), before, `${c.name}: nothing stored`);
  }
  assert.equal((await post(s, { body: 'y'.repeat(5000) })).status, 303, '5,000 characters are fine');
});

test('the honeypot: a filled "website" field is refused and nothing is stored', async () => {
  const s = await person();
  const before = await countComments();
  const res = await post(s, { body: 'Great product, visit my site', website: 'https://spam.example' });
  assert.equal(res.status, 403);
  const $ = cheerio.load(res.body);
  assert.match($('#comment-body-error').text(), /This comment was refused/);
  assert.equal($('#comment-body').text(), 'Great product, visit my site');
  assert.equal(await countComments(), before);
});

test('who may comment: visitors sign in, unconfirmed addresses confirm first, API keys are not the site', async () => {
  const before = await countComments();
  const anon = await visitor.post('/listings/talkative/comments', { body: 'Hello' });
  assert.equal(anon.status, 401);
  const unverified = await person({ verified: false });
  const { $ } = await load(unverified.browser);
  assert.equal($('#discussion #comment-form').length, 0);
  assert.match($('#discussion .notice').text(), /Confirm your email address to join the discussion/);
  assert.equal((await post(unverified, { body: 'Hello' })).status, 403);
  const forged = await post(await person(), { body: 'Hello', csrf: 'wrong' });
  assert.equal(forged.status, 403, 'a wrong CSRF token');
  const key = await t.apiKey(['listings:write' as never]);
  const res = await t.app.http.inject({ method: 'POST', url: '/listings/talkative/comments', headers: { ...key.auth, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'body=Hello' });
  assert.equal(res.statusCode, 403);
  assert.equal(await countComments(), before);
});

test('a comment on a listing that is not public is the 404 page', async () => {
  const s = await person();
  const before = await countComments();
  for (const slug of ['gone-quiet', 'not-yet', 'no-such-listing']) {
    const res = await post(s, { body: `Hello ${slug}` }, slug);
    assert.equal(res.status, 404, slug);
    assert.match(String(res.headers['content-type']), /text\/html/, slug);
    assert.match(res.body, /<h1>Not found<\/h1>/, slug);
  }
  assert.equal(await countComments(), before);
});

test('edit: the author, within 15 minutes, marked edited; after that the edit is refused beside the text', async () => {
  const a = await person({ name: 'Edda' });
  const b = await person();
  const id = await posted(a, 'Frist!');
  assert.equal((await load(b.browser)).$(`form[action="/comments/${id}/edit"]`).length, 0, 'no Edit for others');
  const { $ } = await load(a.browser);
  assert.equal($(`#edit-${id} form[action="/comments/${id}/edit"] textarea`).text(), 'Frist!', 'Edit (a details element) holds the text');

  const res = await act(a, id, 'edit', { body: 'First!', slug: 'talkative' });
  assert.equal(res.status, 303);
  assert.equal(res.location, `/listings/talkative?notice=comment-edited#comment-${id}`);
  const page = await load(a.browser);
  assert.equal(page.$(`#comment-${id} .comment-body`).text().trim(), 'First!');
  assert.match(page.$(`#comment-${id} .comment-meta`).text(), /\(edited\)/);

  assert.equal((await act(b, id, 'edit', { body: 'Hijacked', slug: 'talkative' })).status, 403, "someone else's comment");
  assert.equal((await commentRow(id))?.body, 'First!');

  clock = new Date(clock.getTime() + 16 * MINUTE);
  assert.equal((await load(a.browser)).$(`form[action="/comments/${id}/edit"]`).length, 0, 'no Edit after 15 minutes');
  const late = await act(a, id, 'edit', { body: 'Second thoughts', slug: 'talkative' });
  assert.equal(late.status, 400);
  const $$ = cheerio.load(late.body);
  assert.equal($$(`#edit-${id}`).attr('open'), 'open', 'the refused edit stays open');
  assert.equal($$(`#edit-${id}-body`).text(), 'Second thoughts');
  assert.match($$(`#edit-${id}-body-error`).text(), /edited for 15 minutes after posting/);
  assert.equal((await commentRow(id))?.body, 'First!');
});

test('delete: the author alone; a comment without replies goes, one with replies stays as "deleted" above them', async () => {
  const a = await person({ name: 'Dora' });
  const b = await person({ name: 'Bo' });
  const cases = [
    { name: 'without replies', replies: 0 },
    { name: 'with a reply', replies: 1 },
  ];
  for (const c of cases) {
    const id = await posted(a, `To be deleted (${c.name}).`);
    const reply = c.replies ? await posted(b, `A reply (${c.name}).`, { parent_id: String(id) }) : undefined;
    assert.equal((await act(b, id, 'delete')).status, 403, `${c.name}: not by someone else`);
    const res = await act(a, id, 'delete');
    assert.equal(res.status, 303, c.name);
    assert.equal(res.location, '/listings/talkative?notice=comment-deleted#discussion', c.name);
    const { $ } = await load(visitor);
    if (!reply) {
      assert.equal($(`#comment-${id}`).length, 0, c.name);
      assert.equal(await commentRow(id), undefined, c.name);
    } else {
      const gone = $(`#comment-${id}`);
      assert.equal(gone.text().trim(), 'This comment was deleted', c.name);
      assert.ok(!gone.text().includes('Dora'), `${c.name}: no author`);
      assert.equal(gone.closest('li').find(`.replies #comment-${reply}`).length, 1, `${c.name}: the replies stay under it`);
    }
    assert.equal((await act(a, id, 'delete')).status, 404, `${c.name}: twice`);
  }
});

test('upvotes: one per person on others\' comments; refusals by rule', async () => {
  const a = await person({ name: 'Uma' });
  const b = await person({ name: 'Vic' });
  const id = await posted(a, 'Upvote me, maybe.');
  assert.equal((await load(a.browser)).$(`form[action="/comments/${id}/upvote"]`).length, 0, 'no Upvote on your own');
  assert.equal((await load(visitor)).$(`form[action="/comments/${id}/upvote"]`).length, 0, 'none for visitors');

  const res = await act(b, id, 'upvote', { intent: 'add' });
  assert.equal(res.status, 303);
  assert.equal(res.location, `/listings/talkative?notice=comment-upvoted#comment-${id}`);
  let $ = (await load(b.browser)).$;
  assert.match($(`#comment-${id} .upvotes`).text(), /1 upvote\b/);
  assert.match($(`form[action="/comments/${id}/upvote"] button`).text(), /Remove upvote/);
  assert.equal($(`form[action="/comments/${id}/upvote"] input[name="intent"]`).attr('value'), 'remove');

  const unverified = await person({ verified: false });
  const refusals = [
    { name: 'twice', who: b, intent: 'add', status: 409 },
    { name: 'your own', who: a, intent: 'add', status: 403 },
    { name: 'unconfirmed address', who: unverified, intent: 'add', status: 403 },
    { name: 'no intent', who: b, intent: 'maybe', status: 400 },
  ];
  for (const r of refusals) {
    assert.equal((await act(r.who, id, 'upvote', { intent: r.intent })).status, r.status, r.name);
    assert.equal((await commentRow(id))?.upvotes, 1, `${r.name}: the count stays`);
  }
  assert.equal((await act(b, id, 'upvote', { intent: 'remove' })).location, `/listings/talkative?notice=comment-unvoted#comment-${id}`);
  $ = (await load(b.browser)).$;
  assert.match($(`#comment-${id} .upvotes`).text(), /0 upvotes/);
  assert.equal((await commentRow(id))?.upvotes, 0);
});

test("pin: the listing's owner pins a maker's comment to the top; others and other comments are refused", async () => {
  const other = await person({ name: 'Pat' });
  const maker = await posted(owner, 'Maker here: what should we build next?');
  clock = new Date(clock.getTime() + MINUTE);
  const plain = await posted(other, 'Dark mode, please.');
  const reply = await posted(owner, 'Noted!', { parent_id: String(plain) });

  let { $ } = await load(owner.browser);
  assert.equal($(`form[action="/comments/${maker}/pin"]`).length, 1, "a Pin button on the maker's comment");
  assert.equal($(`form[action="/comments/${plain}/pin"]`).length, 0, 'none on anyone else’s');
  assert.equal((await load(other.browser)).$('form[action$="/pin"]').length, 0, 'none for others');

  const cases = [
    { name: 'by someone who does not own the listing', who: other, id: maker, status: 403 },
    { name: "a comment that is not a maker's", who: owner, id: plain, status: 409 },
    { name: 'a reply', who: owner, id: reply, status: 409 },
  ];
  for (const c of cases) {
    const res = await act(c.who, c.id, 'pin', { intent: 'add' });
    assert.equal(res.status, c.status, c.name);
    assert.match(String(res.headers['content-type']), /text\/html/, `${c.name}: an error page`);
  }
  assert.equal((await t.db.selectFrom('comments').select('id').where('pinned_at', 'is not', null).execute()).length, 0);

  const res = await act(owner, maker, 'pin', { intent: 'add' });
  assert.equal(res.location, `/listings/talkative?notice=comment-pinned#comment-${maker}`);
  ({ $ } = await load(visitor));
  const first = $('.threads > li').first().children('article');
  assert.equal(first.attr('id'), `comment-${maker}`, 'the pinned comment leads');
  assert.match(first.find('.pin-mark').text(), /Pinned by the maker/);
  assert.equal((await act(owner, maker, 'pin', { intent: 'remove' })).location, `/listings/talkative?notice=comment-unpinned#comment-${maker}`);
  assert.equal((await load(visitor)).$('.pin-mark').length, 0);
});

test('with Accept: application/json the posts answer JSON: where to go, or the error by field', async () => {
  const s = await person();
  const other = await person();
  const json = { accept: 'application/json' };
  const ok = await post(s, { body: 'Posted by script.' }, 'talkative', json);
  assert.equal(ok.status, 200);
  const answer = JSON.parse(ok.body);
  assert.equal(answer.ok, true);
  assert.equal(typeof answer.id, 'number');
  assert.equal(answer.held, false);
  assert.equal(answer.location, `/listings/talkative?notice=commented#comment-${answer.id}`);

  const cases = [
    { name: 'empty text', res: () => post(s, { body: ' ' }, 'talkative', json), status: 400, code: 'validation_failed', error: /Write something first/, field: 'body' },
    { name: 'a reply to a reply', res: async () => post(other, { body: 'Deep.', parent_id: String(idOf(await post(other, { body: 'Shallow.', parent_id: String(answer.id) }))) }, 'talkative', json), status: 400, code: 'validation_failed', error: /one level deep/, field: 'parent_id' },
    { name: "someone else's edit", res: () => act(other, answer.id, 'edit', { body: 'Mine now', slug: 'talkative' }, json), status: 403, code: 'not_your_comment' },
    { name: 'a forged post', res: () => post(s, { body: 'Forged', csrf: 'nope' }, 'talkative', json), status: 403, code: 'csrf_failed' },
    { name: 'an archived listing', res: () => post(s, { body: 'Hello?' }, 'gone-quiet', json), status: 404, code: 'listing_not_found' },
  ];
  for (const c of cases) {
    const res = await c.res();
    assert.equal(res.status, c.status, c.name);
    assert.match(String(res.headers['content-type']), /application\/json/, c.name);
    const body = JSON.parse(res.body);
    assert.equal(body.ok, false, c.name);
    assert.equal(body.code, c.code, c.name);
    if (c.error) assert.match(body.error, c.error, c.name);
    if (c.field) assert.match(body.fields[c.field], c.error!, c.name);
  }
});

test('the pace: a day-old account posts 3 comments an hour and no links; the 4th is 429 with Retry-After, text kept', async () => {
  const s = await person({ ageDays: 0 });
  const link = await post(s, { body: 'See https://example.com/deal' });
  assert.equal(link.status, 400);
  assert.match(cheerio.load(link.body)('#comment-body-error').text(), /cannot post links yet/);
  for (const n of [1, 2, 3]) await posted(s, `Comment number ${n}.`);
  const res = await post(s, { body: 'Comment number 4.' });
  assert.equal(res.status, 429);
  assert.equal(res.headers['retry-after'], '3600');
  const $ = cheerio.load(res.body);
  assert.equal($('#comment-body').text(), 'Comment number 4.');
  assert.match($('#comment-body-error').text(), /new accounts post at most 3 comments an hour/);
});

test('a comment held by the spam rules says so after the redirect and is not shown', async () => {
  // The same link from three accounts younger than a week within the hour: the third is held.
  const link = 'Try https://ring.example/offer today';
  for (const n of [1, 2]) await posted(await person({ ageDays: 2 }), `${link} (${n})`);
  const third = await person({ ageDays: 2 });
  const res = await post(third, { body: `${link} (3)` });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/listings/talkative?notice=comment-held#discussion');
  const { $ } = await load(third.browser, res.location!);
  assert.match($('main > .notice').text(), /held for a moderator/);
  assert.ok(!$('#discussion').text().includes('(3)'));
});

test('order and pages: ?comments=newest and ?comments_page=N, each link keeping the other', async () => {
  const s = await person();
  const listing = (await t.db.selectFrom('listings').select('id').where('slug', '=', 'busy').executeTakeFirstOrThrow()).id;
  // 21 threads, older ones with more upvotes, so the two orders differ.
  await sql`insert into comments (listing_id, user_id, body, body_html, body_hash, upvotes, rank, created_at)
    select ${listing}, ${s.userId}, 'Thread ' || i, '<p>Thread ' || i || '</p>', md5(i::text), 21 - i, 100 - i, ${clock}::timestamptz + i * interval '1 minute'
    from generate_series(1, 21) i`.execute(t.db);
  const first = (await load(visitor, '/listings/busy')).$;
  assert.equal(first('.threads > li').length, 20);
  assert.equal(first('.threads > li').first().find('.comment-body').text(), 'Thread 1', 'top: most upvoted first');
  assert.equal(first('.pager a[rel="next"]').attr('href'), '/listings/busy?comments_page=2#discussion');
  assert.match(first('#discussion-heading').text(), /21 comments/);

  const newest = (await load(visitor, '/listings/busy?comments=newest')).$;
  assert.equal(newest('.threads > li').first().find('.comment-body').text(), 'Thread 21');
  assert.equal(newest('.pager a[rel="next"]').attr('href'), '/listings/busy?comments=newest&comments_page=2#discussion');
  assert.equal(newest('.comment-order a[aria-current]').text(), 'Newest');

  const second = (await load(visitor, '/listings/busy?comments=newest&comments_page=2')).$;
  assert.equal(second('.threads > li').length, 1);
  assert.equal(second('.threads > li').first().find('.comment-body').text(), 'Thread 1');
  assert.equal(second('.pager a[rel="prev"]').attr('href'), '/listings/busy?comments=newest#discussion');
  assert.equal(second('.comment-order a:contains("Top")').attr('href'), '/listings/busy?comments_page=2#discussion');

  for (const odd of ['?comments_page=abc', '?comments_page=-3', '?comments=sideways', '?comments_page=99999']) {
    const res = await load(visitor, `/listings/busy${odd}`);
    assert.equal(res.status, 200, odd);
    assert.ok(res.$('#discussion').length, odd);
  }
});

test('comment counts: on the card (search results) and the profile, after posting; none shown at 0', async () => {
  const card = async () => (await load(visitor, '/search?sort=newest')).$('a.comment-count[href="/listings/counted#discussion"]');
  assert.equal((await card()).length, 0, 'no count at 0');
  const a = await person();
  const b = await person();
  const top = await posted(a, 'Counting one.', {}, 'counted');
  await posted(b, 'Counting two.', { parent_id: String(top) }, 'counted');
  const shown = await card();
  assert.equal(shown.find('[aria-hidden="true"]').text().trim(), '2');
  assert.equal(shown.find('svg').length, 1, 'a drawn bubble, not an emoji a font may lack');
  assert.equal(shown.find('.visually-hidden').text(), '2 comments');
  const profile = await t.get('/api/v1/listings/counted');
  assert.equal((profile.body as { comments: number }).comments, 2);
  assert.match((await load(visitor, '/listings/counted')).$('#discussion-heading').text(), /\(2 comments\)/);
});

test('a discussion whose comments are all gone shows what list_comments answers, in both orders', async () => {
  // The page skips list_comments when the profile counts no comment (every thread holds one).
  await t.fx.listing({ slug: 'quiet', name: 'Quiet' });
  const shown = async () => {
    const out = [];
    for (const url of ['/listings/quiet', '/listings/quiet?comments=newest']) out.push((await load(visitor, url)).$('[id^="comment-"]').toArray().map((e) => e.attribs.id).filter((id) => /^comment-\d+$/.test(id)));
    return out;
  };
  const listed = async () => ((await t.get('/api/v1/listings/quiet/comments')).body as { total: number }).total;
  assert.deepEqual(await shown(), [[], []]);
  assert.equal(await listed(), 0);
  const a = await person({ name: 'Quincy' });
  const b = await person({ name: 'Rae' });
  const root = await posted(a, 'First words here.', {}, 'quiet');
  assert.deepEqual(await shown(), [[`comment-${root}`], [`comment-${root}`]], 'the first comment at once');
  const reply = await posted(b, 'An answer to it.', { parent_id: String(root) }, 'quiet');
  assert.equal((await act(a, root, 'delete')).status, 303);
  // The deleted comment stays above its visible reply: one comment counted, one thread listed.
  assert.deepEqual(await shown(), [[`comment-${root}`, `comment-${reply}`], [`comment-${root}`, `comment-${reply}`]]);
  assert.equal(await listed(), 1);
  assert.equal((await act(b, reply, 'delete')).status, 303);
  assert.deepEqual(await shown(), [[], []], 'nothing visible left: no placeholder either');
  assert.equal(await listed(), 0);
});
