import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, createTestApp } from '../../testing/harness.ts';
import { loopbackSite } from '../../testing/loopback-site.ts';
import { txtServer } from '../../testing/dns-server.ts';
import { aiField, insertDraft } from '../drafts/drafts-testing.ts';

// The rules of claims (spec 4.4, docs/decisions.md "Claims"): inputs, statuses, what a verified
// claim changes and what it does not, the e-mail link and its throttle. The journey through every
// method is in claims-flow.test.ts.
let clock = new Date('2027-01-06T12:00:00Z');
const dns = await txtServer();
after(() => dns.close());
const t = await createTestApp({ now: () => clock, env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1', DNS_SERVERS: dns.address } });
const SCOPES = ['account:read', 'listings:write'] as const;

let serial = 0;
/** A public listing at its own test domain; returns its id and slug. */
async function listing(p: { url?: string; owner?: string; status?: 'live' | 'scheduled' | 'draft' | 'archived' } = {}) {
  const n = ++serial;
  const slug = `claimable-${n}`;
  const id = await t.fx.listing({ slug, name: `Claimable ${n}`, url: p.url ?? `https://www.claimable-${n}.test/`, owner_id: p.owner ?? null, status: p.status ?? 'live' });
  return { id, slug, domain: `claimable-${n}.test` };
}
const person = () => t.apiKey([...SCOPES]);
const claim = (auth: Record<string, string>, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.rest('POST', '/api/v1/claims', body, { ...auth, ...headers });
const verify = (auth: Record<string, string>, id: unknown) => t.rest('POST', `/api/v1/claims/${id}/verify`, undefined, auth);
const mailsTo = (to: string) => t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', to).orderBy('id').execute();

const long = (n: number) => 'x'.repeat(n);
const INVALID: [string, Record<string, unknown>, string, string][] = [
  ['slug missing', { method: 'dns' }, 'validation_failed', 'slug'],
  ['slug in capitals', { slug: 'Acme', method: 'dns' }, 'validation_failed', 'slug'],
  ['slug over 220', { slug: 'a'.repeat(221), method: 'dns' }, 'validation_failed', 'slug'],
  ['slug as a number', { slug: 42, method: 'dns' }, 'validation_failed', 'slug'],
  ['method missing', { slug: 'acme' }, 'validation_failed', 'method'],
  ['method outside the list', { slug: 'acme', method: 'phone' }, 'validation_failed', 'method'],
  ['method in capitals', { slug: 'acme', method: 'DNS' }, 'validation_failed', 'method'],
  ['email not an address', { slug: 'acme', method: 'email', email: 'nope' }, 'validation_failed', 'email'],
  ['email over 254', { slug: 'acme', method: 'email', email: `${long(250)}@a.test` }, 'validation_failed', 'email'],
  ['an unknown key', { slug: 'acme', method: 'dns', proof: 'x' }, 'validation_failed', 'proof'],
];

for (const [name, body, code, field] of INVALID) {
  test(`claim_listing: ${name} → 400 ${code} naming ${field} (REST and MCP), nothing written`, async () => {
    const me = await person();
    const res = await claim(me.auth, body);
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.code, code);
    assert.ok(res.body.errors.some((e: any) => e.field === field), JSON.stringify(res.body.errors));
    const mcp = await callTool(await t.mcp('modern', me.auth), 'claim_listing', body);
    assert.equal(mcp.isError, true);
    assert.deepEqual(mcp.data, res.body);
    assert.equal((await t.db.selectFrom('listing_claims').select('id').where('user_id', '=', me.userId).execute()).length, 0);
  });
}

test('claim_listing: email is required for method email and refused for the others (400 naming email)', async () => {
  const me = await person();
  const l = await listing();
  const missing = await claim(me.auth, { slug: l.slug, method: 'email' });
  assert.deepEqual([missing.status, missing.body.code, missing.body.errors[0].field], [400, 'validation_failed', 'email']);
  const extra = await claim(me.auth, { slug: l.slug, method: 'dns', email: `a@${l.domain}` });
  assert.deepEqual([extra.status, extra.body.code, extra.body.errors[0].field], [400, 'validation_failed', 'email']);
});

test('claim_listing: only live or scheduled listings; an unknown, draft or archived one is 400 unknown_listing naming slug', async () => {
  const me = await person();
  const hidden = [await listing({ status: 'draft' }), await listing({ status: 'archived' })];
  for (const slug of ['nobody-has-this', ...hidden.map((h) => h.slug)]) {
    const res = await claim(me.auth, { slug, method: 'dns' });
    assert.equal(res.status, 400, slug);
    assert.equal(res.body.code, 'unknown_listing');
    assert.deepEqual(res.body.errors, [{ field: 'slug', message: 'no live or scheduled listing has this slug' }]);
  }
  assert.equal((await claim(me.auth, { slug: (await listing({ status: 'scheduled' })).slug, method: 'file' })).status, 201);
});

test('claim_listing: one token per claim, the same pending claim on a repeat, another for another method or person', async () => {
  const [me, you] = [await person(), await person()];
  const l = await listing();
  const first = await claim(me.auth, { slug: l.slug, method: 'dns' });
  assert.equal(first.status, 201);
  assert.match(first.body.instructions.dns_record.value, /^[A-Za-z0-9_-]{43}$/);
  assert.deepEqual((await claim(me.auth, { slug: l.slug, method: 'dns' })).body, first.body);
  const meta = await claim(me.auth, { slug: l.slug, method: 'meta' });
  const yours = await claim(you.auth, { slug: l.slug, method: 'dns' });
  assert.equal(new Set([first.body.id, meta.body.id, yours.body.id]).size, 3);
  assert.notEqual(yours.body.instructions.dns_record.value, first.body.instructions.dns_record.value);
  assert.notEqual(meta.body.instructions.meta_tag, undefined);
  assert.equal(first.body.expires_at, new Date(clock.getTime() + 7 * 86_400_000).toISOString(), 'pending for CLAIM_PENDING_DAYS (7)');
});

test('claim_listing: 409 already_owner for your own listing; 409 claim_method_unavailable for dns or email on a site without a domain name', async () => {
  const me = await person();
  const mine = await listing({ owner: me.userId });
  const own = await claim(me.auth, { slug: mine.slug, method: 'file' });
  assert.deepEqual([own.status, own.body.code], [409, 'already_owner']);
  const ip = await listing({ url: 'http://127.0.0.1:9/' });
  for (const method of ['dns', 'email']) {
    const res = await claim(me.auth, { slug: ip.slug, method, ...(method === 'email' ? { email: 'a@example.com' } : {}) });
    assert.deepEqual([res.status, res.body.code], [409, 'claim_method_unavailable'], method);
  }
  assert.equal((await claim(me.auth, { slug: ip.slug, method: 'meta' })).status, 201);
});

test('claim_listing by email: an address anywhere under the registrable domain; another domain or a lookalike is 400', async () => {
  const me = await person();
  const l = await listing({ url: 'https://app.shop.acme-claims.co.uk/start' });
  for (const bad of ['jane@acme-claims.com', 'jane@co.uk', 'jane@acme-claims.co.uk.evil.test', 'jane@evilacme-claims.co.uk']) {
    const res = await claim(me.auth, { slug: l.slug, method: 'email', email: bad });
    assert.deepEqual([res.status, res.body.code, res.body.errors[0].field], [400, 'email_not_at_listing_domain', 'email'], bad);
    assert.match(res.body.detail, /at acme-claims\.co\.uk/);
  }
  assert.equal((await claim(me.auth, { slug: l.slug, method: 'email', email: 'Jane@EU.Acme-Claims.co.uk' })).status, 201);
});

test('claim_listing by email: refused for a listing that has an owner (409 listing_has_owner); dns, meta and file may still claim it', async () => {
  const [me, owner] = [await person(), await person()];
  const l = await listing({ owner: owner.userId });
  const res = await claim(me.auth, { slug: l.slug, method: 'email', email: `jane@${l.domain}` });
  assert.deepEqual([res.status, res.body.code], [409, 'listing_has_owner']);
  assert.equal((await mailsTo(`jane@${l.domain}`)).length, 0);
  assert.equal((await claim(me.auth, { slug: l.slug, method: 'dns' })).status, 201);
});

test('claim_listing by email: a repeat renews the link (the old one stops working), to the address now given', async () => {
  const me = await t.signIn();
  const { key } = await t.app.services.accounts.createApiKey(me.userId, { name: 'k', scopes: [...SCOPES] });
  const auth = { authorization: `Bearer ${key}` };
  const l = await listing();
  const first = await claim(auth, { slug: l.slug, method: 'email', email: `typo@${l.domain}` });
  const second = await claim(auth, { slug: l.slug, method: 'email', email: `jane@${l.domain}` });
  assert.equal(second.body.id, first.body.id);
  assert.equal(second.body.instructions.email_sent_to, `jane@${l.domain}`);
  const linkOf = async (to: string) => /(\/claims\/confirm\/\S+)/.exec((await mailsTo(to))[0].text_body)![1];
  const old = await me.browser.get(await linkOf(`typo@${l.domain}`));
  assert.equal(old.status, 404);
  assert.match(old.body, /not valid/);
  assert.equal((await me.browser.get(await linkOf(`jane@${l.domain}`))).status, 200);
});

test('the e-mailed link: a dead link says so signed out; signed out a good one asks to sign in; another account gets the unknown-link 404; the claimant verifies', async () => {
  const me = await t.signIn();
  const stranger = await t.signIn();
  const { key } = await t.app.services.accounts.createApiKey(me.userId, { name: 'k', scopes: [...SCOPES] });
  const l = await listing();
  const res = await claim({ authorization: `Bearer ${key}` }, { slug: l.slug, method: 'email', email: `ceo@${l.domain}` });
  const mail = (await mailsTo(`ceo@${l.domain}`))[0];
  assert.match(mail.subject, new RegExp(`Confirm that Claimable \\d+ on .* is yours`));
  assert.match(mail.text_body, /Site User \(site-\w+@test\.example\) asked/);
  const link = /(\/claims\/confirm\/\S+)/.exec(mail.text_body)![1];

  const dead = await t.siteBrowser().get('/claims/confirm/not-a-real-token');
  assert.equal(dead.status, 404);
  const signedOut = await t.siteBrowser().get(link);
  assert.equal(signedOut.status, 303);
  assert.equal(signedOut.location, `/sign-in?return_to=${encodeURIComponent(link)}`);
  const theirs = await stranger.browser.get(link);
  const unknown = await stranger.browser.get('/claims/confirm/not-a-real-token');
  assert.equal(theirs.status, 404);
  assert.equal(theirs.body.replace(/csrf" value="[^"]+"/g, ''), unknown.body.replace(/csrf" value="[^"]+"/g, ''));
  const row = await t.db.selectFrom('listings').select('owner_id').where('id', '=', l.id).executeTakeFirstOrThrow();
  assert.equal(row.owner_id, null, "another account's visit changed nothing");

  const mine = await me.browser.get(link);
  assert.equal(mine.status, 200);
  assert.equal((await t.db.selectFrom('listings').select('owner_id').where('id', '=', l.id).executeTakeFirstOrThrow()).owner_id, me.userId);
  const claimRow = await t.db.selectFrom('listing_claims').selectAll().where('id', '=', String(res.body.id)).executeTakeFirstOrThrow();
  assert.deepEqual([claimRow.status, claimRow.last_result], ['verified', 'found']);
  assert.equal((await me.browser.get(link)).status, 200, 'opening it again shows the same page');
});

test('claim e-mails are throttled per person (5 an hour) and per listing (5 an hour): 429 claim_mail_throttled with Retry-After, nothing written', async () => {
  const me = await person();
  const targets = await Promise.all(Array.from({ length: 6 }, () => listing()));
  for (const l of targets.slice(0, 5)) {
    const res = await claim(me.auth, { slug: l.slug, method: 'email', email: `a@${l.domain}` });
    assert.equal(res.status, 201, JSON.stringify(res.body));
  }
  const over = await claim(me.auth, { slug: targets[5].slug, method: 'email', email: `a@${targets[5].domain}` });
  assert.deepEqual([over.status, over.body.code], [429, 'claim_mail_throttled']);
  assert.equal(over.headers['retry-after'], '3600');
  assert.equal((await mailsTo(`a@${targets[5].domain}`)).length, 0);
  assert.equal((await t.db.selectFrom('listing_claims').select('id').where('listing_id', '=', targets[5].id).execute()).length, 0);

  // Per listing, across people: five accounts may mail one company, the sixth waits.
  const l = await listing();
  for (let i = 0; i < 5; i++) assert.equal((await claim((await person()).auth, { slug: l.slug, method: 'email', email: `b${i}@${l.domain}` })).status, 201);
  const sixth = await claim((await person()).auth, { slug: l.slug, method: 'email', email: `b5@${l.domain}` });
  assert.deepEqual([sixth.status, sixth.body.code], [429, 'claim_mail_throttled']);
  assert.match(sixth.body.detail, /went to this listing's domain/);

  // An hour later the budget is back.
  const saved = clock;
  clock = new Date(clock.getTime() + 3_600_001);
  try {
    assert.equal((await claim(me.auth, { slug: targets[5].slug, method: 'email', email: `a@${targets[5].domain}` })).status, 201);
  } finally {
    clock = saved;
  }
});

test('verify_claim: a DNS answer that is no answer (SERVFAIL, timeout) stays pending as could_not_check, never not_found', async () => {
  const me = await person();
  const l = await listing();
  const c = (await claim(me.auth, { slug: l.slug, method: 'dns' })).body;
  for (const failure of ['servfail', 'refused'] as const) {
    dns.zone[c.instructions.dns_record.name] = failure;
    const res = await verify(me.auth, c.id);
    assert.equal(res.status, 200);
    assert.deepEqual([res.body.status, res.body.last_check.result], ['pending', 'could_not_check'], failure);
  }
  dns.zone[c.instructions.dns_record.name] = [['someone-elses-token']];
  const other = await verify(me.auth, c.id);
  assert.deepEqual([other.body.status, other.body.last_check.result], ['pending', 'not_found']);
  assert.match(other.body.last_check.detail, /1 TXT record\(s\), none with this claim's token/);
});

test("verify_claim: a file that is not there (404) is not found; another site's answer (500) could not be checked; a meta tag outside <head> is not found", async () => {
  const site = await loopbackSite({ '/': '<html><head></head><body><meta name="launchyard-verification" content="x"></body></html>' });
  after(() => site.close());
  const me = await person();
  const l = await listing({ url: `${site.origin}/` });
  const file = (await claim(me.auth, { slug: l.slug, method: 'file' })).body;
  const missing = await verify(me.auth, file.id);
  assert.deepEqual([missing.body.status, missing.body.last_check.result], ['pending', 'not_found']);
  site.pages['/.well-known/launchyard-verification.txt'] = { status: 500, body: 'oops' };
  const broken = await verify(me.auth, file.id);
  assert.deepEqual([broken.body.last_check.result, broken.body.status], ['could_not_check', 'pending']);
  const meta = (await claim(me.auth, { slug: l.slug, method: 'meta' })).body;
  site.pages['/'] = `<html><head><title>x</title></head><body><p>hi</p>${meta.instructions.meta_tag}</body></html>`;
  const misplaced = await verify(me.auth, meta.id);
  assert.deepEqual([misplaced.body.status, misplaced.body.last_check.result], ['pending', 'not_found']);
  assert.match(misplaced.body.last_check.detail, /not in its <head>/);
});

test('a verified claim replaces the earlier owner: told by mail, their drafts of it let go, the change in the version history; plan, week and sections unchanged', async () => {
  const earlier = await t.signIn({ email: `earlier-${++serial}@owners.test` });
  const me = await person();
  const l = await listing({ owner: earlier.userId });
  await t.db.updateTable('listings').set({ plan: 'paid', unlocked_sections: ['story'] as never, status: 'scheduled', launch_week: '2027-02-01' }).where('id', '=', l.id).execute();
  const draftId = await insertDraft(t, earlier.userId, { fields: { name: aiField('Theirs') } });
  await t.db.updateTable('drafts').set({ status: 'submitted', listing_id: l.id }).where('id', '=', draftId).execute();

  const c = (await claim(me.auth, { slug: l.slug, method: 'dns' })).body;
  dns.zone[c.instructions.dns_record.name] = [[c.instructions.dns_record.value]];
  const done = await verify(me.auth, c.id);
  assert.equal(done.body.status, 'verified');
  assert.match(done.body.instructions.text, /^Verified: you own this listing .* You may remove the TXT record now\.$/);

  const row = await t.db.selectFrom('listings').selectAll().where('id', '=', l.id).executeTakeFirstOrThrow();
  assert.deepEqual([row.owner_id, row.plan, row.unlocked_sections, row.status, row.launch_week], [me.userId, 'paid', ['story'], 'scheduled', '2027-02-01']);
  assert.ok(row.verified_at);
  const draft = await t.db.selectFrom('drafts').select(['owner_id', 'status', 'listing_id']).where('id', '=', draftId).executeTakeFirstOrThrow();
  assert.deepEqual(draft, { owner_id: earlier.userId, status: 'ready', listing_id: null });
  const version = await t.db.selectFrom('listing_versions').selectAll().where('listing_id', '=', l.id).executeTakeFirstOrThrow();
  assert.deepEqual([version.source, version.editor_id, version.before, version.after], ['verify_claim', me.userId, { owner_id: earlier.userId }, { owner_id: me.userId }]);
  const claimRow = await t.db.selectFrom('listing_claims').select('previous_owner_id').where('id', '=', String(c.id)).executeTakeFirstOrThrow();
  assert.equal(claimRow.previous_owner_id, earlier.userId);
  const told = await mailsTo(earlier.email);
  assert.equal(told.length, 1);
  assert.match(told[0].subject, /has a new owner/);
  assert.match(told[0].text_body, /with a DNS record.*You can no longer edit it/s);
  assert.equal((await t.get(`/api/v1/me/listings/${l.id}`, me.auth)).status, 200);
  // The earlier owner's own credentials no longer reach it.
  const theirKey = await t.app.services.accounts.createApiKey(earlier.userId, { name: 'k', scopes: [...SCOPES] });
  assert.equal((await t.get(`/api/v1/me/listings/${l.id}`, { authorization: `Bearer ${theirKey.key}` })).status, 404);
});

test('verify_claim: a claim whose listing changed website fails (200, status failed, with the reason); an expired claim is 409 claim_expired', async () => {
  const me = await person();
  const moved = await listing();
  const c = (await claim(me.auth, { slug: moved.slug, method: 'dns' })).body;
  await t.db.updateTable('listings').set({ url: 'https://elsewhere.test/' }).where('id', '=', moved.id).execute();
  const res = await verify(me.auth, c.id);
  assert.equal(res.status, 200);
  assert.equal(res.body.status, 'failed');
  assert.match(res.body.failure_reason, /website changed from https:\/\/www\.claimable-\d+\.test\/ to https:\/\/elsewhere\.test\//);
  const again = await verify(me.auth, c.id);
  assert.deepEqual([again.status, again.body.code], [409, 'claim_failed']);

  const late = await listing();
  const old = (await claim(me.auth, { slug: late.slug, method: 'file' })).body;
  const saved = clock;
  clock = new Date(clock.getTime() + 8 * 86_400_000);
  try {
    const listed = await t.get('/api/v1/claims?per_page=100', me.auth);
    assert.equal(listed.body.items.find((i: any) => i.id === old.id).status, 'expired');
    const expired = await verify(me.auth, old.id);
    assert.deepEqual([expired.status, expired.body.code], [409, 'claim_expired']);
    const fresh = await claim(me.auth, { slug: late.slug, method: 'file' });
    assert.equal(fresh.status, 201);
    assert.notEqual(fresh.body.id, old.id, 'claiming again after expiry starts a new claim');
    assert.equal((await t.db.selectFrom('listing_claims').select('status').where('id', '=', String(old.id)).executeTakeFirstOrThrow()).status, 'expired');
  } finally {
    clock = saved;
  }
});

test('list_my_claims: the caller\'s own, newest first, paged; claim ids in the path are integers of at least 1', async () => {
  const [me, you] = [await person(), await person()];
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push((await claim(me.auth, { slug: (await listing()).slug, method: 'meta' })).body.id);
  await claim(you.auth, { slug: (await listing()).slug, method: 'meta' });
  const all = await t.get('/api/v1/claims', me.auth);
  assert.deepEqual(all.body.items.map((c: any) => c.id), [...ids].reverse());
  assert.equal(all.body.total, 3);
  const page2 = await t.get('/api/v1/claims?page=2&per_page=2', me.auth);
  assert.deepEqual([page2.body.items.map((c: any) => c.id), page2.body.total], [[ids[0]], 3]);
  assert.equal((await t.get('/api/v1/claims?per_page=101', me.auth)).status, 400);
  assert.deepEqual((await callTool(await t.mcp('legacy', me.auth), 'list_my_claims', {})).data, all.body);
  for (const bad of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
    const res = await verify(me.auth, bad);
    assert.deepEqual([res.status, res.body.errors?.[0].field], [400, 'claim_id'], bad);
  }
});

test('claim_listing and verify_claim honour Idempotency-Key: a retry replays without a second mail; another payload is 422', async () => {
  const me = await person();
  const l = await listing();
  const key = { 'idempotency-key': `claim-${serial}` };
  const first = await claim(me.auth, { slug: l.slug, method: 'email', email: `idem@${l.domain}` }, key);
  const retry = await claim(me.auth, { slug: l.slug, method: 'email', email: `idem@${l.domain}` }, key);
  assert.equal(retry.headers['idempotent-replayed'], 'true');
  assert.deepEqual(retry.body, first.body);
  assert.equal((await mailsTo(`idem@${l.domain}`)).length, 1);
  const other = await claim(me.auth, { slug: l.slug, method: 'dns' }, key);
  assert.deepEqual([other.status, other.body.code], [422, 'idempotency_key_reused']);
  const dnsClaim = (await claim(me.auth, { slug: l.slug, method: 'dns' })).body;
  const v1 = await t.rest('POST', `/api/v1/claims/${dnsClaim.id}/verify`, undefined, { ...me.auth, 'idempotency-key': 'verify-1' });
  const v2 = await t.rest('POST', `/api/v1/claims/${dnsClaim.id}/verify`, undefined, { ...me.auth, 'idempotency-key': 'verify-1' });
  assert.equal(v2.headers['idempotent-replayed'], 'true');
  assert.deepEqual(v2.body, v1.body);
});

test('claims: anonymous 401 with a challenge, a credential without the scope 403 (REST)', async () => {
  const reader = await t.apiKey(['account:read']);
  const writer = await t.apiKey(['listings:write']);
  for (const [method, url, body, scope] of [
    ['POST', '/api/v1/claims', { slug: 'x', method: 'dns' }, 'listings:write'],
    ['POST', '/api/v1/claims/1/verify', undefined, 'listings:write'],
    ['GET', '/api/v1/claims', undefined, 'account:read'],
  ] as const) {
    const anon = await t.rest(method, url, body);
    assert.deepEqual([anon.status, anon.body.code], [401, 'unauthenticated'], url);
    assert.match(String(anon.headers['www-authenticate']), new RegExp(`scope="${scope}"`));
    const lacking = await t.rest(method, url, body, scope === 'account:read' ? writer.auth : reader.auth);
    assert.deepEqual([lacking.status, lacking.body.code], [403, 'insufficient_scope'], url);
  }
});
