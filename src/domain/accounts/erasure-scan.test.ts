import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import { obtainTokens } from '../../testing/oauth.ts';
import { aiField, insertDraft, page } from '../../operations/drafts/drafts-testing.ts';
import { checkoutForm } from '../../operations/orders/orders-testing.ts';
import { SCOPES } from '../actor.ts';
import { ACCOUNT_DELETION_GRACE_DAYS, INVOICE_RETENTION_YEARS } from '../privacy/retention.ts';
import { runAccountErasure } from '../../jobs/account-erasure.ts';
import { replaceEvery } from '../../store/account-erasure-store.ts';

// The erasure scan: one person fills every table the product lets them fill, through its own
// pages, API and domain calls (a founder, a voter, a commenter, a claimant, a customer); the account
// is deleted and the erasure job runs after the grace; then every text, varchar, json, jsonb, inet
// and text-array column of every table (read from information_schema, so a table added later is
// scanned too) is searched for every personal value used. None may remain, outside the exceptions
// the law asks for, listed in ALLOWED below.

const DAY = 86_400_000;
let clock = new Date();
const t = await createTestApp({ now: () => clock, env: { SELLER_COUNTRY: 'IE' } });

/** The person, with values that occur nowhere else. */
const ZQ = {
  email: 'Zephyrine.Quill@erasure.test',
  name: 'Zephyrine Quillfeather',
  password: 'inkwells and quills forever',
  ip: '198.51.100.77',
  userAgent: 'ZephyrBrowser/9.1 (Quillux)',
  keyName: 'Quillkey laptop',
  githubEmail: 'zq-gh@users.noreply.erasure.test',
  githubSubject: '998877665544',
  claimEmail: 'zephyrine@northwind-erasure.test',
  bio: 'Quillbio: collector of rare inkwells',
  inviteBio: 'Quillbio2: joined as a co-founder',
  comments: ['Quillcomment one, which Bob answers', 'Quillcomment two, unanswered'],
  reply: 'Quillreply to Bob',
  review: 'Quillreview: the pens are fine',
  interview: 'Quillanswer: a fountain pen',
  billingAddress: 'Inkwell Lane 7',
};

/** Every personal value the scan looks for (lower case: the scan compares lower-cased text). */
const PERSONAL = [
  ZQ.email, ZQ.name, ZQ.ip, ZQ.userAgent, ZQ.keyName, ZQ.githubEmail, ZQ.githubSubject, ZQ.claimEmail, ZQ.bio, ZQ.inviteBio,
  ...ZQ.comments, ZQ.reply, ZQ.review, ZQ.interview, ZQ.billingAddress, 'Zephyrine', 'Quillfeather',
].map((v) => v.toLowerCase());

/** Values the service never stores, even while the account lives (no address, only a coarse device label): scanned, not required before. */
const NEVER_STORED = [ZQ.ip, ZQ.userAgent].map((v) => v.toLowerCase());

/**
 * What stays, by law: a paid order keeps the billing identity its invoice needs (name and address
 * as entered at checkout), for INVOICE_RETENTION_YEARS. Nothing else.
 */
const ALLOWED: Record<string, string[]> = {
  'public.orders.billing': [ZQ.name, 'Zephyrine', 'Quillfeather', ZQ.billingAddress].map((v) => v.toLowerCase()),
};

interface Hit {
  column: string;
  value: string;
}

/** Every (column, personal value) found in the database. */
async function scan(values: string[]): Promise<Hit[]> {
  const columns = await sql<{ table_schema: string; table_name: string; column_name: string }>`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
    where c.table_schema not in ('pg_catalog', 'information_schema')
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'inet', 'cidr')
           or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
    order by 1, 2, 3`.execute(t.db);
  assert.ok(columns.rows.length > 100, `only ${columns.rows.length} columns to scan`);
  const hits: Hit[] = [];
  for (const c of columns.rows) {
    const found = await sql<{ value: string }>`
      select v.value from unnest(${values}::text[]) as v(value)
      where exists (select 1 from ${sql.id(c.table_schema, c.table_name)} x where strpos(lower(x.${sql.id(c.column_name)}::text), v.value) > 0)`.execute(t.db);
    for (const f of found.rows) hits.push({ column: `${c.table_schema}.${c.table_name}.${c.column_name}`, value: f.value });
  }
  return hits;
}

const outboxLink = async (to: string, pattern: RegExp) => {
  const mails = await t.db.selectFrom('outbox_emails').select(['to_address', 'text_body']).orderBy('id', 'desc').execute();
  const mail = mails.find((m) => m.to_address.toLowerCase() === to.toLowerCase() && pattern.test(m.text_body));
  assert.ok(mail, `a mail to ${to} matching ${pattern}`);
  return pattern.exec(mail.text_body)![1];
};

test('an erased account leaves no personal value in any column of any table, outside the orders the law keeps', async () => {
  // ── Other people: Bob makes a listing and a draft; an administrator; a company to claim. ──
  const bob = await t.signIn({ email: 'bob@erasure.test', name: 'Bob Builder' });
  await t.db.updateTable('users').set({ created_at: new Date(clock.getTime() - 30 * DAY) }).where('id', '=', bob.userId).execute();
  const admin = await t.signIn({ email: 'admin@erasure.test', admin: true });
  const bobsSlug = 'bobs-pens';
  await t.fx.listing({ slug: bobsSlug, owner_id: bob.userId, status: 'live', name: 'Bobs Pens' });
  const northwind = 'northwind-erasure';
  await t.fx.listing({ slug: northwind, status: 'live', name: 'Northwind', url: 'https://www.northwind-erasure.test/', domain: 'northwind-erasure.test' });
  const question = await t.fx.question('What did you build first?', 1);
  await t.fx.product({ code: 'erasure-story', price_cents: 2900, kind: 'section_unlock', options: { section: 'story' } });

  // ── The person signs up on the site, from their browser, and confirms the address. ──
  const zq = t.siteBrowser({ ip: ZQ.ip, userAgent: ZQ.userAgent });
  const signUp = await zq.post('/sign-up', { name: ZQ.name, email: ZQ.email, password: ZQ.password, csrf: await zq.csrf('/sign-up') });
  assert.equal(signUp.status, 303, signUp.body.slice(0, 300));
  const verify = await outboxLink(ZQ.email, /http:\/\/localhost:3000(\/verify-email\?token=\S+)/);
  assert.equal((await zq.get(verify)).status, 200);
  const user = await t.db.selectFrom('users').select('id').where(sql`lower(email)`, '=', ZQ.email.toLowerCase()).executeTakeFirstOrThrow();
  const userId = user.id;
  // Older than the new-account limits of the discussion.
  await t.db.updateTable('users').set({ created_at: new Date(clock.getTime() - 30 * DAY) }).where('id', '=', userId).execute();
  const csrf = await zq.csrf('/account');

  // Ways in: an API key, an OAuth grant, a linked GitHub identity; e-mail switches; the newsletter.
  const { key } = await t.app.services.accounts.createApiKey(userId, { name: ZQ.keyName, scopes: [...SCOPES] });
  const api = { authorization: `Bearer ${key}` };
  await obtainTokens(t.app, { userId, scopes: [...SCOPES], resource: '/api/v1' });
  assert.equal((await t.app.services.identities.link(userId, { provider: 'github', subject: ZQ.githubSubject, email: ZQ.githubEmail, emailVerified: true, name: ZQ.name, createdAt: null })).ok, true);
  assert.equal((await zq.post('/account/email', { csrf, on: ['comments'] })).status, 303);
  await t.app.services.newsletter.subscribeAccount({ userId, email: ZQ.email, verified: true, consent: { page: '/account/email', text: 'The weekly newsletter.' }, ip: ZQ.ip });

  // A founder: a draft with crawled evidence naming them, submitted as their listing, edited, answered.
  const draftId = await insertDraft(t, userId, {
    url: 'https://zq-inks.test/',
    fields: { name: aiField('ZQ Inks'), tagline: aiField('Inks for everyone') },
    founders: [{ name: ZQ.name, title: 'CEO', bio: ZQ.bio, evidence: [] }],
    pages: [page('https://zq-inks.test/about', `${ZQ.name} founded ZQ Inks. ${ZQ.bio}`, 'About')],
  });
  const submitted = await t.rest('POST', `/api/v1/drafts/${draftId}/submit`, undefined, api);
  assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
  const listingId = String(submitted.body.listing_id);
  const edit = await t.rest('PATCH', `/api/v1/me/listings/${listingId}`, { fields: { contact_email: ZQ.email } }, { ...api, 'idempotency-key': 'zq-edit-1' });
  assert.equal(edit.status, 200, JSON.stringify(edit.body));
  assert.equal((await t.rest('PUT', '/api/v1/me/interview', { answers: [{ question_id: Number(question), answer: ZQ.interview }] }, api)).status, 200);
  const zqSlug = (await t.db.selectFrom('listings').select('slug').where('id', '=', listingId).executeTakeFirstOrThrow()).slug;
  await t.db.updateTable('listings').set({ status: 'live', published_at: clock }).where('id', '=', listingId).execute();

  // A co-founder on Bob's draft: invited to their address, joined with their name and words.
  const bobsDraft = await insertDraft(t, bob.userId, { fields: { name: aiField('Bobs Second') }, founders: [{ name: 'Bob Builder', title: 'CEO', bio: 'Pens.', evidence: [] }] });
  const bobKey = await t.app.services.accounts.createApiKey(bob.userId, { name: 'bob', scopes: [...SCOPES] });
  const bobApi = { authorization: `Bearer ${bobKey.key}` };
  assert.equal((await t.rest('POST', `/api/v1/drafts/${bobsDraft}/invites`, { email: ZQ.email }, bobApi)).status, 201);
  const invite = await outboxLink(ZQ.email, /http:\/\/localhost:3000(\/invites\/\S+)/);
  const joined = await zq.post(invite, { csrf, name: ZQ.name, title: 'CTO', bio: ZQ.inviteBio });
  assert.equal(joined.status, 303, /<main[\s\S]*<\/main>/.exec(joined.body)?.[0]);
  assert.equal((await t.rest('POST', `/api/v1/drafts/${bobsDraft}/submit`, undefined, bobApi)).status, 200);

  // A member of the community on Bob's listing: vote, follow, review, comments, a reply, an upvote, a report.
  for (const [url, form] of [
    [`/listings/${bobsSlug}/vote`, { intent: 'add' }],
    [`/listings/${bobsSlug}/follow`, { intent: 'add' }],
    [`/listings/${bobsSlug}/reviews`, { rating: '4', body: ZQ.review }],
    [`/listings/${bobsSlug}/comments`, { body: ZQ.comments[0] }],
    [`/listings/${bobsSlug}/comments`, { body: ZQ.comments[1] }],
  ] as const) {
    const res = await zq.post(url, { csrf, ...form });
    assert.equal(res.status, 303, `${url}: ${res.body.slice(0, 300)}`);
  }
  const comment = async (body: string) => (await t.db.selectFrom('comments').select('id').where('body', '=', body).executeTakeFirstOrThrow()).id;
  const answered = await comment(ZQ.comments[0]);
  assert.equal((await bob.browser.post(`/listings/${bobsSlug}/comments`, { csrf: bob.csrf, body: 'Bob answers the first question', parent_id: answered })).status, 303);
  assert.equal((await bob.browser.post(`/listings/${bobsSlug}/comments`, { csrf: bob.csrf, body: 'Bob asks everyone' })).status, 303);
  const bobs = await comment('Bob asks everyone');
  assert.equal((await zq.post(`/listings/${bobsSlug}/comments`, { csrf, body: ZQ.reply, parent_id: bobs })).status, 303);
  assert.equal((await zq.post(`/comments/${bobs}/upvote`, { csrf, intent: 'add' })).status, 303);
  assert.equal((await zq.post('/report', { csrf, type: 'comment', id: bobs, reason: 'off_topic', details: 'Not about the product.' })).status, 303);
  // Bob comments on their listing (a mail to them) and they on his (mails to Bob name them).
  assert.equal((await bob.browser.post(`/listings/${zqSlug}/comments`, { csrf: bob.csrf, body: 'Nice inks' })).status, 303);
  await t.jobsIdle();

  // A claimant: Northwind by an address at its domain.
  const claim = await zq.post(`/listings/${northwind}/claim`, { csrf, idempotency_key: 'zq-claim-1', method: 'email', email: ZQ.claimEmail });
  assert.ok(claim.status === 303, claim.body.slice(0, 300));

  // A customer: a paid order for their listing, billed to their name and address.
  const order = await t.rest('POST', '/api/v1/orders/checkout', { items: [{ product: 'erasure-story', listing_id: Number(listingId) }], billing_country: 'DE' }, { ...api, 'idempotency-key': 'zq-order-1' });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  // The checkout link is a page of its own (its token is the credential), opened as from the mail.
  const payer = t.siteBrowser({ ip: ZQ.ip, userAgent: ZQ.userAgent });
  const form = await checkoutForm(payer, order.body.checkout_url.replace('http://localhost:3000', ''));
  const paid = await payer.post(form.action, { csrf: form.csrf, token: form.token, name: ZQ.name, address: ZQ.billingAddress, postal_code: '10115', city: 'Berlin' });
  assert.equal(paid.status, 303, paid.body.slice(0, 300));

  // An administrator disabled and enabled the account once: the log names it.
  await t.app.services.admin.accounts.disable(admin.userId, { id: userId });
  await t.app.services.admin.accounts.enable(admin.userId, { id: userId });

  // They downloaded their data once: a zip of all of it, kept in the media storage.
  await t.app.services.dataExports.start(userId);
  await t.jobsIdle();
  const exported = await t.db.selectFrom('data_exports').select('storage_key').where('user_id', '=', userId).executeTakeFirstOrThrow();
  assert.ok(exported.storage_key && (await t.app.services.mediaStorage.getPrivate(exported.storage_key)), 'the export is stored');

  // The control: before the erasure, every personal value is somewhere.
  const before = new Set((await scan(PERSONAL)).map((h) => h.value));
  assert.deepEqual(PERSONAL.filter((v) => !before.has(v) && !NEVER_STORED.includes(v)), [], 'values the fill did not store (the scan could not see them go)');
  assert.deepEqual(NEVER_STORED.filter((v) => before.has(v)), [], 'a network address or a whole User-Agent header is stored');

  // ── The person deletes their account; a week later the job erases it. ──
  const me = t.siteBrowser({ ip: ZQ.ip, userAgent: ZQ.userAgent });
  const signIn = await me.post('/sign-in', { email: ZQ.email, password: ZQ.password, csrf: await me.csrf('/sign-in') });
  assert.equal(signIn.status, 303);
  const asked = await me.post('/account/delete', { csrf: await me.csrf('/account/delete'), password: ZQ.password });
  assert.equal(asked.status, 200, asked.body.slice(0, 300));
  clock = new Date(clock.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY + 60_000);
  const run = await runAccountErasure(t.app.services.accountDeletion);
  assert.equal(run.erased, 1);

  // The export's file is gone with its row (files are no column: checked here).
  assert.equal(await t.app.services.mediaStorage.getPrivate(exported.storage_key), null);
  assert.equal((await t.db.selectFrom('data_exports').select('id').where('user_id', '=', userId).execute()).length, 0);

  // ── The scan. ──
  const left = (await scan(PERSONAL)).filter((h) => !ALLOWED[h.column]?.includes(h.value));
  assert.deepEqual(left, [], 'personal values left after the erasure');

  // What stays, stays: the paid order with its billing identity, pointing at the anonymised row.
  const kept = await t.db.selectFrom('orders').select(['status', 'billing', 'user_id']).where('number', '=', order.body.number).executeTakeFirstOrThrow();
  assert.deepEqual([kept.status, kept.billing?.name, kept.user_id], ['paid', ZQ.name, userId]);
  // And what others wrote around them: Bob's reply under the "deleted" placeholder, Bob's comment with one upvote less.
  const thread = await t.db.selectFrom('comments').select(['status', 'body', 'user_id', 'replies_count']).where('id', '=', answered).executeTakeFirstOrThrow();
  assert.deepEqual(thread, { status: 'deleted', body: '', user_id: null, replies_count: 1 });
  const bobsComment = await t.db.selectFrom('comments').select(['upvotes', 'replies_count']).where('id', '=', bobs).executeTakeFirstOrThrow();
  assert.deepEqual(bobsComment, { upvotes: 0, replies_count: 0 });
  const counts = await t.db.selectFrom('listings').select(['votes_count', 'vote_points', 'follows_count', 'comments_count']).where('slug', '=', bobsSlug).executeTakeFirstOrThrow();
  assert.deepEqual([counts.votes_count, Number(counts.vote_points), counts.follows_count, counts.comments_count], [0, 0, 0, 2]);
  const theirs = await t.db.selectFrom('listings').select(['status', 'owner_id', 'contact_email']).where('id', '=', listingId).executeTakeFirstOrThrow();
  assert.deepEqual(theirs, { status: 'archived', owner_id: null, contact_email: null });
  assert.equal((await t.get(`/listings/${zqSlug}`)).status, 404, 'unlisted');
  const reports = await t.db.selectFrom('reports').select(['reporter_id', 'status']).where('subject_id', '=', bobs).execute();
  assert.deepEqual(reports, [{ reporter_id: null, status: 'open' }], 'the report stays for the moderators, without its reporter');

  // The kept order goes once its retention is over, and not a day before.
  const paidAt = (await t.db.selectFrom('orders').select('paid_at').where('number', '=', order.body.number).executeTakeFirstOrThrow()).paid_at!;
  const retentionEnds = new Date(paidAt);
  retentionEnds.setUTCFullYear(retentionEnds.getUTCFullYear() + INVOICE_RETENTION_YEARS);
  clock = new Date(retentionEnds.getTime() - DAY);
  assert.equal((await runAccountErasure(t.app.services.accountDeletion)).ordersPurged, 0);
  clock = new Date(retentionEnds.getTime() + 60_000);
  assert.equal((await runAccountErasure(t.app.services.accountDeletion)).ordersPurged, 1);
  assert.deepEqual(await scan(PERSONAL), [], 'after its retention, not even the order names them');
});

test('the logs\' redaction replaces every occurrence in any letter case, and nothing else', () => {
  const cases: [string, string, string][] = [
    ['Disabled Zoe@Example.TEST: no sign-in', 'zoe@example.test', 'Disabled [x]: no sign-in'],
    ['zoe, ZOE and Zoe', 'zoe', '[x], [x] and [x]'],
    ['nothing here', 'zoe', 'nothing here'],
    ['', 'zoe', ''],
  ];
  for (const [text, needle, expected] of cases) assert.equal(replaceEvery(text, needle, '[x]'), expected, text);
});
