import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { createTestApp } from '../../testing/harness.ts';
import { obtainTokens, registerClient } from '../../testing/oauth.ts';
import { aiField, insertDraft, page } from '../../operations/drafts/drafts-testing.ts';
import { accountExportStore } from '../../store/account-export-store.ts';
import { buildAccountExport, EXPORT_DOCUMENT_NAME, EXPORT_FORMAT, EXPORTED_TABLES, NOT_EXPORTED } from './account-export.ts';
import { packAccountExport } from './export-archive.ts';

// What an account's export holds, on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// every table that references users(id) is either exported or left out with a reason (read from the
// database's own foreign keys, so a new table cannot slip past), Alice's rows of each are in her
// document and Bob's are not, her pictures are in the zip, and no secret is anywhere in it.
const t = await createTestApp();
const store = accountExportStore(t.db);
const exec = (q: ReturnType<typeof sql>) => q.execute(t.db);

/** The tables with a column that references users(id), from information_schema. */
async function tablesReferencingUsers() {
  const rows = await sql<{ table_name: string }>`
    select distinct kcu.table_name
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
    where ccu.table_name = 'users' and ccu.column_name = 'id' and kcu.table_schema = 'public'
    order by 1`.execute(t.db);
  return rows.rows.map((r) => r.table_name);
}

// ---------------------------------------------------------------------------------------------
// Alice touches every table; Bob has one of each of the same kinds, which must stay out of hers.

const png = (colour: string, width: number, height = width) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
const alice = await t.signIn({ email: 'Alice@Export.test', name: 'Alice Exporter' });
const bob = await t.signIn({ email: 'bob@export.test', name: 'Bob Other' });
const admin = await t.signIn({ email: 'root@export.test', admin: true });
const { key: aliceKey } = await t.app.services.accounts.createApiKey(alice.userId, { name: 'Alice laptop key', scopes: ['account:read'] });
const { key: bobKey } = await t.app.services.accounts.createApiKey(bob.userId, { name: 'Bob secret key', scopes: ['account:read'] });
const { client_id } = await registerClient(t.app, { client_name: 'Alice Assistant' });
await obtainTokens(t.app, { userId: alice.userId, scopes: ['account:read'], resource: '/mcp', clientId: client_id });

async function world(userId: string, tag: string, email: string) {
  const listing = await t.fx.listing({ owner_id: userId, slug: `${tag}-listing`, name: `${tag} Listing`, status: 'live' });
  const other = await t.fx.listing({ slug: `${tag}-other`, status: 'live' });
  await t.app.services.pictures.setLogo(userId, Number(listing), await png('#204080', 300));
  await t.app.services.pictures.addImage(userId, Number(listing), await png('#802040', 1400, 900), { alt: `${tag} screenshot`, caption: `${tag} caption` });
  await t.fx.update(listing, `${tag} update`, '2026-02-01T10:00:00Z');
  await t.fx.milestone(listing, '2026-02-02', `${tag} milestone`);
  await exec(sql`insert into listing_versions (listing_id, editor_id, source, before, after) values (${listing}, ${userId}, 'update_my_listing', '{"tagline":"old"}', ${JSON.stringify({ tagline: `${tag} new tagline` })})`);
  await exec(sql`insert into user_identities (user_id, provider, subject, email, email_verified) values (${userId}, 'github', ${`${tag}-gh`}, ${email}, true)`);
  await exec(sql`insert into email_preferences (user_id, kind, enabled, changed_at) values (${userId}, 'replies', false, now())`);
  await exec(sql`insert into newsletter_subscribers (email, status, user_id, consented_at, consent_page, consent_text, confirmed_at, token_hash, token_sent_at, token_expires_at)
    values (${email.toLowerCase()}, 'confirmed', ${userId}, now(), '/account/email', ${`${tag} agreed to the weekly mail`}, now(), ${(tag === 'alice' ? 'f' : 'e').repeat(64)}, now(), now())`);
  const founder = await t.fx.founder({ slug: `${tag}-founder`, name: `${tag} Founder`, userId });
  await t.fx.founderOf(listing, founder);
  const question = await t.fx.question(`${tag} question?`, 1);
  await t.fx.answer(userId, question, `${tag} answer`);
  const draft = await insertDraft(t, userId, { url: `https://${tag}.test/`, fields: { tagline: aiField(`${tag} drafted tagline`) }, pages: [page(`https://${tag}.test/`, `${tag} page text the tagline quotes`, `${tag} home`)] });
  await exec(sql`insert into draft_invites (draft_id, email, token_hash, invited_by, expires_at) values (${draft}, ${`cofounder-${tag}@export.test`}, ${`${tag}-invite-hash`.padEnd(64, '0')}, ${userId}, now() + interval '1 day')`);
  const claim = (
    await sql<{ id: string }>`insert into listing_claims (listing_id, user_id, method, homepage, domain, email, token_hash, expires_at)
      values (${other}, ${userId}, 'email', ${`https://${tag}-other.example`}, ${`${tag}-other.example`}, ${`me@${tag}-other.example`}, ${`${tag}-claim-hash`.padEnd(64, '0')}, now() + interval '7 days') returning id`.execute(t.db)
  ).rows[0].id;
  await exec(sql`insert into claim_emails (claim_id, user_id, listing_id, email) values (${claim}, ${userId}, ${other}, ${`me@${tag}-other.example`})`);
  const order = (
    await sql<{ id: string }>`insert into orders (number, user_id, subtotal_cents, vat_rate_bp, vat_cents, total_cents, vat_treatment, vat_note, billing_country, vat_evidence, checkout_token_hash, provider, expires_at, status, paid_at)
      values (${`LY-2026-00000${tag === 'alice' ? 1 : 2}`}, ${userId}, 4900, 0, 0, 4900, 'outside_eu', 'No VAT', 'US', '{}', ${`${tag}-checkout-hash`}, 'test', now() + interval '1 day', 'paid', now()) returning id`.execute(t.db)
  ).rows[0].id;
  const product = (await sql<{ id: string }>`insert into products (code, name, kind, price_cents) values (${`${tag}-launch`}, 'Paid launch', 'paid_launch', 4900) returning id`.execute(t.db)).rows[0].id;
  await exec(sql`insert into order_lines (order_id, position, product_id, product_code, product_name, kind, listing_id, description, quantity, unit_price_cents, amount_cents)
    values (${order}, 1, ${product}, ${`${tag}-launch`}, 'Paid launch', 'paid_launch', ${listing}, ${`${tag} paid launch`}, 1, 4900, 4900)`);
  await t.fx.vote(other, userId);
  await exec(sql`update votes set network_hash = ${`${tag}nethash`.padEnd(32, '0')}, agent_hash = ${`${tag}agenthash`.padEnd(32, '0')} where user_id = ${userId}`);
  await exec(sql`insert into follows (listing_id, user_id) values (${other}, ${userId})`);
  await t.fx.review(other, userId, 4);
  await exec(sql`update reviews set body = ${`${tag} review text`} where user_id = ${userId}`);
  const comment = (
    await sql<{ id: string }>`insert into comments (listing_id, user_id, body, body_html, rank, body_hash) values (${other}, ${userId}, ${`${tag} comment body`}, '<p>x</p>', 1, ${`${tag}-hash`}) returning id`.execute(t.db)
  ).rows[0].id;
  await exec(sql`insert into comment_links (comment_id, link, user_id, created_at) values (${comment}, ${`https://${tag}.test/link`}, ${userId}, now())`);
  await exec(sql`insert into comment_upvotes (comment_id, user_id) values (${comment}, ${userId})`);
  await exec(sql`insert into reports (subject_type, subject_id, reporter_id, reason, details) values ('listing', ${other}, ${userId}, 'spam', ${`${tag} report details`})`);
  const event = (await sql<{ id: string }>`insert into follow_mail_events (kind, listing_id, week, happened_at) values ('followed_live', ${other}, '2026-01-05', now()) returning id`.execute(t.db)).rows[0].id;
  await exec(sql`insert into follow_mail_deliveries (event_id, user_id, claimed_at) values (${event}, ${userId}, now())`);
  await t.app.services.mailer.send({ to: email, subject: `${tag} mail subject`, text: `Hello ${tag}, this is your mail.` });
  return { listing, other };
}
const aliceWorld = await world(alice.userId, 'alice', 'Alice@Export.test');
await world(bob.userId, 'bob', 'bob@export.test');
// Moderators' records naming Alice, and what she did as an administrator (none: she is not one; the admin's row is his).
await exec(sql`insert into admin_actions (admin_id, action, subject_type, subject_id, summary) values (${admin.userId}, 'user_disabled', 'user', ${bob.userId}, 'Disabled bob@export.test for spam')`);
await exec(sql`insert into listing_claims (listing_id, user_id, method, status, homepage, token, previous_owner_id, expires_at, verified_at)
  values (${aliceWorld.other}, ${bob.userId}, 'dns', 'verified', 'https://alice-other.example', 'published-token', ${alice.userId}, now(), now())`);

const built = (await buildAccountExport(store, alice.userId, { now: new Date('2026-03-01T12:00:00Z'), publicUrl: 'http://localhost:3000' }))!;
const doc = JSON.parse(JSON.stringify(built.document));
const text = JSON.stringify(doc);

test('every table that references users(id) is exported or left out with a reason, and the lists name real tables only', async () => {
  const referencing = await tablesReferencingUsers();
  assert.ok(referencing.length >= 25 && referencing.includes('votes') && referencing.includes('data_exports'), referencing.join(', '));
  const named = new Set([...Object.keys(EXPORTED_TABLES), ...Object.keys(NOT_EXPORTED)]);
  const missing = referencing.filter((table) => !named.has(table));
  assert.deepEqual(missing, [], `tables about people that the export neither exports nor explains (domain/privacy/account-export.ts): ${missing.join(', ')}`);
  for (const table of named) assert.ok(referencing.includes(table), `${table} is named in the export's lists but has no column referencing users(id)`);
  for (const table of Object.keys(EXPORTED_TABLES)) assert.ok(!(table in NOT_EXPORTED), `${table} is both exported and left out`);
  for (const reason of Object.values(NOT_EXPORTED)) assert.ok(reason.length > 20, 'each reason says why');
});

test('the document says what it is, whose it is, and has a key for every exported table', () => {
  assert.equal(doc.format, EXPORT_FORMAT);
  assert.equal(doc.version, 1);
  assert.equal(doc.generated_at, '2026-03-01T12:00:00.000Z');
  assert.deepEqual(doc.account, { ...doc.account, id: alice.userId, email: 'Alice@Export.test', name: 'Alice Exporter', is_admin: false });
  for (const [table, key] of Object.entries(EXPORTED_TABLES)) assert.ok(key in doc, `${table} → ${key}`);
  for (const table of Object.keys(NOT_EXPORTED)) assert.ok(table in doc.not_exported, `${table} is explained in the document too`);
});

// [what, where in Alice's document it must be]
const present: [string, (d: any) => unknown][] = [
  ['her password and GitHub identity', (d) => d.sign_in_methods.password === true && d.sign_in_methods.identities[0].subject === 'alice-gh'],
  ['her session, by device and method', (d) => d.sessions.length >= 1 && d.sessions[0].method === 'password' && typeof d.sessions[0].device === 'string'],
  ['her API key by name and prefix', (d) => d.api_keys.some((k: any) => k.name === 'Alice laptop key' && aliceKey.startsWith(k.prefix) && k.scopes[0] === 'account:read')],
  ['her connected app by name and scopes', (d) => d.oauth_grants.some((g: any) => g.client_name === 'Alice Assistant' && g.access.some((a: any) => a.resource === '/mcp' && a.scopes.includes('account:read')))],
  ['every e-mail switch, replies off', (d) => d.email_preferences.length === 5 && d.email_preferences.find((p: any) => p.kind === 'replies').enabled === false],
  ['her newsletter consent', (d) => d.newsletter[0].consent_text === 'alice agreed to the weekly mail' && d.newsletter[0].status === 'confirmed'],
  ['her founder profile and where it shows', (d) => d.founder_profiles[0].slug === 'alice-founder' && d.founder_profiles[0].listings[0].listing === 'alice-listing'],
  ['her interview answer', (d) => d.interview_answers[0].answer === 'alice answer'],
  ['her draft with its evidence and pages', (d) => d.drafts[0].fields.tagline.evidence[0].quote === 'alice drafted tagline' && d.drafts[0].pages[0].text === 'alice page text the tagline quotes'],
  ['the invite she sent', (d) => d.drafts[0].invites[0].email === 'cofounder-alice@export.test'],
  ['her listing with updates, milestones, founders and pictures', (d) => {
    const l = d.listings.find((x: any) => x.slug === 'alice-listing');
    return l.updates[0].title === 'alice update' && l.milestones[0].title === 'alice milestone' && l.founders[0].slug === 'alice-founder' && l.logo_file === 'files/listings/alice-listing/logo.png' && l.gallery[0].file === 'files/listings/alice-listing/gallery-1.jpg' && l.gallery[0].alt === 'alice screenshot';
  }],
  ['the versions of her listing', (d) => d.listing_versions.some((v: any) => v.listing === 'alice-listing' && v.after.tagline === 'alice new tagline' && v.by_you === true)],
  ['her claim and its mail', (d) => d.claims[0].listing === 'alice-other' && d.claims[0].email === 'me@alice-other.example' && d.claim_emails.length === 1],
  ['the listing taken from her by a claim', (d) => d.listings_claimed_from_you[0].listing === 'alice-other'],
  ['her order with its line', (d) => d.orders[0].number === 'LY-2026-000001' && d.orders[0].total_cents === 4900 && d.orders[0].lines[0].listing === 'alice-listing'],
  ['her vote, follow, review, comment, upvote and report', (d) =>
    d.votes[0].listing === 'alice-other' && d.follows[0].listing === 'alice-other' && d.reviews[0].body === 'alice review text' &&
    d.comments[0].body === 'alice comment body' && d.comment_upvotes.length === 1 && d.reports[0].details === 'alice report details'],
  ['the follow mail she was sent', (d) => d.follow_mails[0].listing === 'alice-other' && d.follow_mails[0].kind === 'followed_live'],
  ['her picture uploads', (d) => d.picture_uploads.length === 2],
  ['the mail sent to her address (any case)', (d) => d.mail.some((m: any) => m.subject === 'alice mail subject' && m.text === 'Hello alice, this is your mail.')],
];
for (const [what, check] of present) {
  test(`Alice's document has ${what}`, () => assert.ok(check(doc), JSON.stringify(doc).slice(0, 200)));
}

test("nothing of Bob's, the admin's log entry about Bob, and no secret is in Alice's document", () => {
  for (const bobs of ['bob-listing', 'Bob secret key', 'bob-gh', 'bob drafted', 'bob comment', 'bob review', 'bob report', 'bob mail', 'bob agreed', 'bob@export.test', 'Disabled bob']) {
    assert.ok(!text.includes(bobs), `${bobs} leaked into Alice's export`);
  }
  const secrets = [aliceKey, aliceKey.slice(12), bobKey, 'alice-checkout-hash', 'alice-claim-hash', 'alice-invite-hash', 'alicenethash', 'aliceagenthash', 'f'.repeat(64), 'published-token', '$argon2'];
  for (const secret of secrets) assert.ok(!text.includes(secret), `a secret is in the export: ${secret.slice(0, 12)}…`);
});

test('the keys a secret lives under never appear, whatever their value', () => {
  for (const key of ['password_hash', 'secret_hash', 'token_hash', 'checkout_token_hash', 'csrf_token', 'network_hash', 'agent_hash', 'held_reason']) {
    assert.ok(!text.includes(`"${key}"`), key);
  }
});

test('the zip holds the document and her pictures (the largest kept variants), and names a picture the storage lost', async () => {
  const zip = await packAccountExport(built, async (key) => (await t.app.services.mediaStorage.get(key))?.body ?? null);
  const files = unzipSync(new Uint8Array(zip));
  assert.deepEqual(Object.keys(files).sort(), ['files/listings/alice-listing/gallery-1.jpg', 'files/listings/alice-listing/logo.png', EXPORT_DOCUMENT_NAME]);
  const inZip = JSON.parse(strFromU8(files[EXPORT_DOCUMENT_NAME]));
  assert.equal(inZip.format, EXPORT_FORMAT);
  assert.deepEqual(inZip.files, ['files/listings/alice-listing/logo.png', 'files/listings/alice-listing/gallery-1.jpg']);
  const logo = await sharp(Buffer.from(files['files/listings/alice-listing/logo.png'])).metadata();
  assert.deepEqual([logo.format, logo.width], ['png', 256]);
  const shot = await sharp(Buffer.from(files['files/listings/alice-listing/gallery-1.jpg'])).metadata();
  assert.deepEqual([shot.format, shot.width], ['jpeg', 1280]);

  const lossy = unzipSync(new Uint8Array(await packAccountExport(built, async (key) => (key.endsWith('.png') ? null : ((await t.app.services.mediaStorage.get(key))?.body ?? null)))));
  const said = JSON.parse(strFromU8(lossy[EXPORT_DOCUMENT_NAME]));
  assert.deepEqual(said.files_missing, ['files/listings/alice-listing/logo.png']);
  assert.deepEqual(said.files, ['files/listings/alice-listing/gallery-1.jpg']);
});

test('an account with nothing but itself exports every key, empty; an unknown account exports nothing', async () => {
  const lonely = await t.fx.user({ email: 'lonely@export.test' });
  const empty = JSON.parse(JSON.stringify((await buildAccountExport(store, lonely, { now: new Date(), publicUrl: 'http://localhost:3000' }))!.document));
  for (const key of ['sessions', 'api_keys', 'drafts', 'listings', 'orders', 'votes', 'comments', 'mail']) assert.deepEqual(empty[key], [], key);
  assert.equal(empty.sign_in_methods.password, false);
  assert.equal(await buildAccountExport(store, '987654321', { now: new Date(), publicUrl: 'http://localhost:3000' }), null);
});
