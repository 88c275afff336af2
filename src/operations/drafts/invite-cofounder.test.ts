import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createTestApp } from '../../testing/harness.ts';
import { aiField, insertDraft } from './drafts-testing.ts';

// invite_cofounder (spec 4.2, 6, 7, 8) and the invite link's page on the site.
const t = await createTestApp();
const owner = await t.apiKey(['listings:write', 'account:read']);
await t.db.updateTable('users').set({ name: 'Ada Lovelace' }).where('id', '=', owner.userId).execute();

const invite = (id: string, body: unknown, headers: Record<string, string> = {}) => t.rest('POST', `/api/v1/drafts/${id}/invites`, body, { ...owner.auth, ...headers });
const ada = { name: 'Ada Lovelace', title: 'CEO', bio: 'Counts.', evidence: [] };
const draft = (opts: Parameters<typeof insertDraft>[2] = {}) => insertDraft(t, owner.userId, { fields: { name: aiField('Acme Invoicing') }, founders: [ada], ...opts });
const mails = (to: string) => t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', to).orderBy('id').execute();
const tokenIn = (text: string) => {
  const m = /http:\/\/localhost:3000\/invites\/([A-Za-z0-9_-]+)/.exec(text);
  assert.ok(m, `no invite link in: ${text}`);
  return m[1];
};
const lastToken = async (to: string) => tokenIn((await mails(to)).at(-1)!.text_body);
const founders = async (id: string) => (await t.get(`/api/v1/drafts/${id}`, owner.auth)).body.founders as { name: string; title: string | null; bio: string | null }[];
let n = 0;
const address = () => `cofounder-${++n}@test.example`;

test('invite_cofounder answers 201 with the invite (no token) and mails a one-time link; only its hash is stored', async () => {
  const id = await draft();
  const email = address();
  const res = await invite(id, { email });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.deepEqual(Object.keys(res.body).sort(), ['created_at', 'email', 'expires_at', 'id', 'status']);
  assert.equal(res.body.email, email);
  assert.equal(res.body.status, 'pending');
  const days = (Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)) / 86_400_000;
  assert.equal(Math.round(days), 14);

  const [mail] = await mails(email);
  assert.match(mail.subject, /Ada Lovelace invited you .* Acme Invoicing/);
  const token = tokenIn(mail.text_body);
  assert.ok(token.length >= 43);
  const row = await t.db.selectFrom('draft_invites').selectAll().where('id', '=', String(res.body.id)).executeTakeFirstOrThrow();
  assert.equal(row.token_hash, createHash('sha256').update(token).digest('hex'));
  assert.ok(!JSON.stringify(row).includes(token), 'the token itself is never stored');
  assert.equal(row.invited_by, owner.userId);
});

test('invite_cofounder over MCP: the same result and a mail', async () => {
  const id = await draft();
  const email = address();
  const call = await t.mcpCall('invite_cofounder', { id, email }, owner.auth);
  const result = call.body.result;
  assert.notEqual(result.isError, true, JSON.stringify(result.structuredContent));
  assert.equal(result.structuredContent.email, email);
  assert.equal(result.structuredContent.status, 'pending');
  assert.equal((await mails(email)).length, 1);
});

test('invalid input is a 400 validation_failed naming the field, on REST and MCP', async () => {
  const id = await draft();
  const cases: [string, unknown, string][] = [
    ['missing email', {}, 'email'],
    ['not an email', { email: 'not-an-address' }, 'email'],
    ['255 characters', { email: `${'a'.repeat(243)}@example.com` }, 'email'],
    ['unknown key', { email: address(), role: 'cto' }, 'role'],
    ['email not a string', { email: 42 }, 'email'],
  ];
  for (const [name, body, field] of cases) {
    const res = await invite(id, body);
    assert.equal(res.status, 400, name);
    assert.equal(res.body.code, 'validation_failed', name);
    assert.ok(res.body.errors.some((e: { field: string }) => e.field === field), `${name}: ${JSON.stringify(res.body.errors)}`);
    const viaMcp = (await t.mcpCall('invite_cofounder', { id, ...(body as object) }, owner.auth)).body.result;
    assert.equal(viaMcp.isError, true, name);
    assert.equal(viaMcp.structuredContent.code, 'validation_failed', name);
  }
  assert.equal((await invite('not-a-uuid', { email: address() })).status, 400);
  assert.equal((await t.db.selectFrom('draft_invites').select('id').where('draft_id', '=', id).execute()).length, 0, 'nothing written');
});

test('no credential is 401; a credential without listings:write is 403 (REST and MCP)', async () => {
  const id = await draft();
  assert.equal((await t.rest('POST', `/api/v1/drafts/${id}/invites`, { email: address() })).status, 401);
  const reader = await t.apiKey(['account:read']);
  const res = await t.rest('POST', `/api/v1/drafts/${id}/invites`, { email: address() }, reader.auth);
  assert.equal(res.status, 403);
  assert.equal(res.body.code, 'insufficient_scope');
  assert.equal((await t.mcpCall('invite_cofounder', { id, email: address() }, reader.auth)).status, 403);
  assert.equal((await t.mcpCall('invite_cofounder', { id, email: address() })).status, 401);
});

test('exactly listings:write is enough: an API key, and OAuth tokens on REST and MCP; an OAuth token without it is 403', async () => {
  const writer = await t.apiKey(['listings:write']);
  const own = await insertDraft(t, writer.userId, { founders: [ada] });
  assert.equal((await t.rest('POST', `/api/v1/drafts/${own}/invites`, { email: address() }, writer.auth)).status, 201);

  const oauth = await t.oauthTokens(['listings:write']);
  const theirs = await insertDraft(t, oauth.userId, { founders: [ada] });
  assert.equal((await t.rest('POST', `/api/v1/drafts/${theirs}/invites`, { email: address() }, oauth.rest)).status, 201);
  const viaMcp = await t.mcpCall('invite_cofounder', { id: theirs, email: address() }, oauth.mcp);
  assert.notEqual(viaMcp.body.result.isError, true, JSON.stringify(viaMcp.body));

  const readOnly = await t.oauthTokens(['account:read']);
  const res = await t.rest('POST', `/api/v1/drafts/${theirs}/invites`, { email: address() }, readOnly.rest);
  assert.equal(res.status, 403);
  assert.equal(res.body.code, 'insufficient_scope');
});

test("another user's draft and an unknown id are 404 draft_not_found, and nothing is mailed", async () => {
  const id = await draft();
  const other = await t.apiKey(['listings:write', 'account:read']);
  const email = address();
  const res = await t.rest('POST', `/api/v1/drafts/${id}/invites`, { email }, other.auth);
  assert.equal(res.status, 404);
  assert.equal(res.body.code, 'draft_not_found');
  assert.equal((await invite('00000000-0000-4000-8000-000000000000', { email })).status, 404);
  assert.equal((await mails(email)).length, 0);
});

test('at most 10 invites per draft: the 11th is 409 invite_limit_reached; inviting an open address again still works', async () => {
  const id = await draft();
  const sent: string[] = [];
  for (let i = 0; i < 10; i++) {
    sent.push(address());
    assert.equal((await invite(id, { email: sent[i] })).status, 201);
  }
  const eleventh = address();
  const res = await invite(id, { email: eleventh });
  assert.equal(res.status, 409);
  assert.equal(res.body.code, 'invite_limit_reached');
  assert.equal((await mails(eleventh)).length, 0);
  assert.equal((await invite(id, { email: sent[3] })).status, 201, 'a renewal takes no slot');
  const count = await t.db.selectFrom('draft_invites').select(t.db.fn.countAll<number>().as('n')).where('draft_id', '=', id).executeTakeFirstOrThrow();
  assert.equal(Number(count.n), 10);
});

test('invites sent at once cannot overshoot the limit: the draft row lock counts them one by one', async () => {
  const id = await draft();
  const results = await Promise.all(Array.from({ length: 12 }, () => invite(id, { email: address() })));
  assert.deepEqual(results.map((r) => r.status).sort(), [...Array(10).fill(201), 409, 409]);
  const count = await t.db.selectFrom('draft_invites').select(t.db.fn.countAll<number>().as('n')).where('draft_id', '=', id).executeTakeFirstOrThrow();
  assert.equal(Number(count.n), 10);
});

test('inviting an address with an open invite again sends a fresh link, revokes the old one and keeps the invite', async () => {
  const id = await draft();
  const email = address();
  const first = await invite(id, { email });
  const oldToken = await lastToken(email);
  const again = await invite(id, { email: email.toUpperCase() });
  assert.equal(again.status, 201);
  assert.equal(again.body.id, first.body.id);
  assert.equal((await mails(email.toUpperCase())).length, 1);
  const newToken = await lastToken(email.toUpperCase());
  assert.notEqual(newToken, oldToken);

  const s = await t.signIn();
  const old = await s.browser.get(`/invites/${oldToken}`);
  assert.equal(old.status, 404);
  assert.match(old.body, /not valid/);
  assert.equal((await s.browser.get(`/invites/${newToken}`)).status, 200);
});

test('the same Idempotency-Key replays the invite: one mail, one link', async () => {
  const id = await draft();
  const email = address();
  const first = await invite(id, { email }, { 'idempotency-key': 'invite-1' });
  const again = await invite(id, { email }, { 'idempotency-key': 'invite-1' });
  assert.equal(first.status, 201);
  assert.equal(again.status, 201);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.deepEqual(again.body, first.body);
  assert.equal((await mails(email)).length, 1);
});

test('the link, signed out, sends the browser to sign in and back; a new account can sign up and return', async () => {
  const id = await draft();
  const email = address();
  await invite(id, { email });
  const token = await lastToken(email);
  const browser = t.siteBrowser();
  const res = await browser.get(`/invites/${token}`);
  assert.equal(res.status, 303);
  assert.equal(res.location, `/sign-in?return_to=${encodeURIComponent(`/invites/${token}`)}`);

  const signIn = await browser.get(res.location!);
  assert.match(signIn.body, new RegExp(`href="/sign-up\\?return_to=%2Finvites%2F${token}"`), 'the sign-in page offers sign-up, keeping return_to');
  const signUpUrl = `/sign-up?return_to=${encodeURIComponent(`/invites/${token}`)}`;
  const created = await browser.post('/sign-up', { name: 'Charles Babbage', email, password: 'difference engine 2', csrf: await browser.csrf(signUpUrl), return_to: `/invites/${token}` });
  assert.equal(created.status, 303);
  assert.equal(created.location, `/invites/${token}`);
  const form = await browser.get(created.location!);
  assert.equal(form.status, 200);
  assert.match(form.body, /value="Charles Babbage"/, 'the name is prefilled from the account');
  assert.match(form.body, /Acme Invoicing/);
  assert.match(form.body, /name="csrf"/);
});

test('signed in: the form adds the profile after the founders, the invite is accepted, and the link is then used up', async () => {
  const id = await draft();
  const email = address();
  const sent = await invite(id, { email });
  const token = await lastToken(email);
  const s = await t.signIn({ name: 'Charles Babbage' });
  const form = await s.browser.get(`/invites/${token}`);
  assert.equal(form.status, 200);
  assert.match(form.body, /value="Charles Babbage"/);

  const posted = await s.browser.post(`/invites/${token}`, { csrf: s.csrf, name: '  Charles Babbage ', title: 'CTO', bio: 'Engines.\r\nMostly analytical.' });
  assert.equal(posted.status, 303);
  assert.equal(posted.location, `/invites/${token}`);
  const thanks = await s.browser.get(posted.location!);
  assert.equal(thanks.status, 200);
  assert.match(thanks.body, /Thank you/);

  assert.deepEqual(await founders(id), [
    { name: 'Ada Lovelace', title: 'CEO', bio: 'Counts.', evidence: [] },
    { name: 'Charles Babbage', title: 'CTO', bio: 'Engines.\nMostly analytical.', evidence: [] },
  ]);
  const row = await t.db.selectFrom('draft_invites').selectAll().where('id', '=', String(sent.body.id)).executeTakeFirstOrThrow();
  assert.equal(row.accepted_by, s.userId);
  assert.ok(row.accepted_at);
  const d = await t.db.selectFrom('drafts').select('owner_sections').where('id', '=', id).executeTakeFirstOrThrow();
  assert.ok(d.owner_sections.includes('founders'), 'a re-run of the pipeline keeps the founders');

  // Used: a second post by the same person and the link in anyone else's hands add nothing.
  const twice = await s.browser.post(`/invites/${token}`, { csrf: s.csrf, name: 'Charles Babbage', title: '', bio: '' });
  assert.equal(twice.status, 409);
  assert.match(twice.body, /already used/);
  const other = await t.signIn();
  const used = await other.browser.get(`/invites/${token}`);
  assert.equal(used.status, 409);
  assert.match(used.body, /already used/);
  assert.equal((await t.siteBrowser().get(`/invites/${token}`)).status, 409, 'signed out too');
  assert.equal((await founders(id)).length, 2);
  // Inviting the same address again after acceptance is a new invite.
  const anew = await invite(id, { email });
  assert.notEqual(anew.body.id, sent.body.id);
});

test('an expired link and an unknown link are clear error pages, and change nothing', async () => {
  const id = await draft();
  const email = address();
  const sent = await invite(id, { email });
  const token = await lastToken(email);
  await t.db.updateTable('draft_invites').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', String(sent.body.id)).execute();
  const s = await t.signIn();
  const page = await s.browser.get(`/invites/${token}`);
  assert.equal(page.status, 409);
  assert.match(page.body, /expired/);
  assert.match(page.headers['content-type'] as string, /text\/html/);
  const post = await s.browser.post(`/invites/${token}`, { csrf: s.csrf, name: 'Late', title: '', bio: '' });
  assert.equal(post.status, 409);
  assert.equal((await t.siteBrowser().get(`/invites/${token}`)).status, 409, 'signed out: the error, not a sign-in detour');

  const unknown = await s.browser.get('/invites/nope-this-is-not-a-token');
  assert.equal(unknown.status, 404);
  assert.match(unknown.body, /not valid/);
  assert.equal((await founders(id)).length, 1);
});

test('the form checks its fields, its CSRF token and the session', async () => {
  const id = await draft();
  const email = address();
  await invite(id, { email });
  const token = await lastToken(email);
  const s = await t.signIn();
  const cases: [string, Record<string, string>, RegExp][] = [
    ['empty name', { name: '  ', title: '', bio: '' }, /Enter your name/],
    ['long name', { name: 'x'.repeat(161), title: '', bio: '' }, /At most 160/],
    ['long title', { name: 'Charles', title: 'x'.repeat(161), bio: '' }, /At most 160/],
    ['long bio', { name: 'Charles', title: '', bio: 'x'.repeat(3001) }, /At most 3000/],
  ];
  for (const [name, form, message] of cases) {
    const res = await s.browser.post(`/invites/${token}`, { csrf: s.csrf, ...form });
    assert.equal(res.status, 400, name);
    assert.match(res.body, message, name);
    assert.match(res.body, /role="alert"/, name);
  }
  assert.equal((await s.browser.post(`/invites/${token}`, { name: 'Charles', title: '', bio: '' })).status, 403, 'no CSRF token');
  assert.equal((await s.browser.post(`/invites/${token}`, { csrf: s.csrf, name: 'Charles', title: '', bio: '' }, { origin: 'https://evil.example' })).status, 403, 'another origin');
  assert.equal((await t.siteBrowser().post(`/invites/${token}`, { csrf: s.csrf, name: 'Charles', title: '', bio: '' })).status, 401, 'no session');
  assert.equal((await founders(id)).length, 1);
  const ok = await s.browser.post(`/invites/${token}`, { csrf: s.csrf, name: 'Charles', title: '', bio: '' });
  assert.equal(ok.status, 303);
  assert.deepEqual((await founders(id))[1], { name: 'Charles', title: null, bio: null, evidence: [] });
});

test('accepting needs a primary founder, room for one more, and a draft the AI has finished', async () => {
  const cases: [string, Parameters<typeof insertDraft>[2], string][] = [
    ['no founder yet', { founders: [] }, 'primary_founder_missing'],
    ['six founders', { founders: Array.from({ length: 6 }, (_, i) => ({ ...ada, name: `Founder ${i}` })) }, 'founder_limit_reached'],
    ['still drafting', { status: 'drafting', stage: 'drafting' }, 'draft_busy'],
  ];
  for (const [name, opts, code] of cases) {
    const id = await draft(opts);
    const email = address();
    assert.equal((await invite(id, { email })).status, 201, name);
    const token = await lastToken(email);
    const s = await t.signIn();
    const before = await t.db.selectFrom('drafts').select('founders').where('id', '=', id).executeTakeFirstOrThrow();
    const res = await s.browser.post(`/invites/${token}`, { csrf: s.csrf, name: 'Charles', title: '', bio: '' });
    assert.equal(res.status, 409, name);
    const after = await t.db.selectFrom('drafts').select('founders').where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual(after.founders, before.founders, `${name}: ${code} changes nothing`);
    assert.equal((await s.browser.get(`/invites/${token}`)).status, 200, `${name}: the link keeps working`);
  }
});

test('once the draft is submitted, the accepted co-founder reaches the listing too', async () => {
  const id = await draft();
  const submitted = await t.rest('POST', `/api/v1/drafts/${id}/submit`, undefined, owner.auth);
  assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
  const listingId = String(submitted.body.listing_id);
  const email = address();
  await invite(id, { email });
  const s = await t.signIn();
  const token = await lastToken(email);
  assert.equal((await s.browser.post(`/invites/${token}`, { csrf: s.csrf, name: 'Charles Babbage', title: 'CTO', bio: '' })).status, 303);
  const onListing = await t.db
    .selectFrom('listing_founders as lf')
    .innerJoin('founders as f', 'f.id', 'lf.founder_id')
    .select(['f.name', 'lf.title', 'lf.position'])
    .where('lf.listing_id', '=', listingId)
    .orderBy('lf.position')
    .execute();
  assert.deepEqual(onListing.map((f) => [f.name, f.title]), [['Ada Lovelace', 'CEO'], ['Charles Babbage', 'CTO']]);
});
