import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { oidcUpstream, type UpstreamPerson } from '../../../testing/oidc-upstream.ts';
import { gitHubUpstream, type GitHubPerson } from '../../../testing/github-upstream.ts';
import { SESSION_COOKIE } from '../site-session.ts';
import { FLOW_COOKIE } from './sign-in-flow.ts';
import { createSafeFetch } from '../../../outbound/safe-fetch.ts';
import { googleSignIn } from '../../../sign-in-providers/google.ts';

// Sign in with GitHub and with Google end to end over inject: the site's real routes against real
// upstreams on loopback (an oidc-provider playing Google; a small HTTP server playing GitHub's
// OAuth app endpoints and API, see testing/github-upstream.ts), reached through the service's safe
// fetch. The linking rule as a scenario table, then every way a flow can fail, linking and
// unlinking from the account page, and CSRF on its forms.
const PUBLIC = 'http://localhost:3000';
let clock = new Date('2026-05-04T10:00:00Z');
const google = await oidcUpstream({ clientId: 'ly-google', clientSecret: 'google-client-secret', redirectUri: `${PUBLIC}/sign-in/google/callback` });
const github = await gitHubUpstream({ clientId: 'ly-github', clientSecret: 'github-client-secret' });
after(() => Promise.all([google.close(), github.close()]));
const t = await createTestApp({ now: () => clock, env: { ...google.env, ...github.env } });

type Browser = ReturnType<typeof t.siteBrowser>;
type Provider = 'github' | 'google';

/** Puts this person at the provider's end: the next sign-in there is theirs. */
function atProvider(provider: Provider, who: { id: number; email?: string; verified?: boolean; name?: string; noEmail?: boolean }) {
  if (provider === 'google') {
    const person: UpstreamPerson = { sub: `g-${who.id}`, name: who.name };
    if (!who.noEmail) Object.assign(person, { email: who.email, email_verified: who.verified ?? true });
    google.state.person = person;
  } else {
    const person: GitHubPerson = { id: who.id, login: `user${who.id}`, name: who.name ?? null, created_at: '2015-03-01T10:00:00Z', emails: who.noEmail ? [] : [{ email: who.email!, primary: true, verified: who.verified ?? true }] };
    github.state.person = person;
  }
}

/**
 * From a start on the site (GET /sign-in/{provider}, or the account page's link form) through the
 * provider's redirects (real HTTP, with a cookie jar of its own) to the URL it sends the browser
 * back to: our callback, not requested yet.
 */
async function callbackFrom(b: Browser, start: { url: string; form?: Record<string, string> }) {
  const out = start.form ? await b.post(start.url, start.form) : await b.get(start.url);
  assert.equal(out.status, 303, out.body.slice(0, 400));
  const jar = new Map<string, string>();
  let location = out.location!;
  for (let hops = 0; hops < 20; hops++) {
    if (location.startsWith(`${PUBLIC}/`)) return location.slice(PUBLIC.length);
    const res = await fetch(location, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const next = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !next) throw new Error(`the provider stopped at ${location}: ${res.status} ${await res.text()}`);
    location = new URL(next, location).href;
  }
  throw new Error('too many redirects at the provider');
}

/** The whole sign-in: start, provider, and the site's answer to the callback. */
async function signInWith(provider: Provider, b: Browser = t.siteBrowser(), returnTo?: string) {
  const res = await b.get(await callbackFrom(b, { url: `/sign-in/${provider}${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ''}` }));
  return { b, res };
}

/** Rewrites this browser's flow cookie, signed as the service signs it (what an attacker cannot do: to reach the provider's own checks). */
function forgeFlow(b: Browser, change: (flow: Record<string, unknown>) => void) {
  const unsigned = t.app.http.unsignCookie(decodeURIComponent(b.jar.get(FLOW_COOKIE)!));
  const flow = JSON.parse(unsigned.value!);
  change(flow);
  b.jar.set(FLOW_COOKIE, encodeURIComponent(t.app.http.signCookie(JSON.stringify(flow))));
}

const userByEmail = (email: string) => t.db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
const identitiesOf = (userId: string) => t.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).orderBy('provider').execute();
const count = async (table: 'users' | 'user_identities' | 'sessions') => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.db)).rows[0].n;
const lastSession = (userId: string) => t.db.selectFrom('sessions').select(['method']).where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();

/** An account made with the password form's rules; confirmed or not. */
async function passwordAccount(email: string, verified: boolean) {
  const userId = await t.app.services.accounts.createUser({ email, name: 'Local Person', password: 'a long enough password' });
  if (verified) await t.db.updateTable('users').set({ email_verified_at: clock }).where('id', '=', userId).execute();
  return userId;
}

let nextId = 1000;

// ── The linking rule ─────────────────────────────────────────────────────────────────────────────

interface RuleCase {
  provider: Provider;
  /** An account here before the sign-in: with this address, confirmed or not. */
  local?: { email: string; verified: boolean };
  who: { email?: string; verified?: boolean; noEmail?: boolean; name?: string };
  status: number;
  /** Where a success goes, or what the refusal page says. */
  expect: string | RegExp;
  /** Afterwards: the account with the address exists (and how), linked or not. */
  then: { account: 'created' | 'existing' | 'none'; linked: boolean };
}

const RULES: [string, RuleCase][] = [
  ['Google, a new person: an account is made (address confirmed, no password), linked, signed in', {
    provider: 'google', who: { email: 'nina@people.test', name: 'Nina New' }, status: 303, expect: '/account?notice=welcome-provider', then: { account: 'created', linked: true },
  }],
  ['GitHub, a new person: the same, from the verified primary address of /user/emails', {
    provider: 'github', who: { email: 'gus@people.test', name: 'Gus Hub' }, status: 303, expect: '/account?notice=welcome-provider', then: { account: 'created', linked: true },
  }],
  ['GitHub, an account here with the same confirmed address (another case): linked and signed in', {
    provider: 'github', local: { email: 'val@people.test', verified: true }, who: { email: 'VAL@People.test' }, status: 303, expect: '/account/sign-in-methods?notice=linked-at-sign-in', then: { account: 'existing', linked: true },
  }],
  ['Google, an account here with the same confirmed address: linked and signed in', {
    provider: 'google', local: { email: 'gail@people.test', verified: true }, who: { email: 'gail@people.test' }, status: 303, expect: '/account/sign-in-methods?notice=linked-at-sign-in', then: { account: 'existing', linked: true },
  }],
  ['Google, an account here whose address was never confirmed: refused, the way explained, nothing linked', {
    provider: 'google', local: { email: 'una@people.test', verified: false }, who: { email: 'una@people.test' }, status: 409, expect: /Sign in with your password first[\s\S]*una@people\.test[\s\S]*was never confirmed/, then: { account: 'existing', linked: false },
  }],
  ['GitHub, an account here whose address was never confirmed: refused the same way', {
    provider: 'github', local: { email: 'uri@people.test', verified: false }, who: { email: 'uri@people.test' }, status: 409, expect: /Sign in with your password first/, then: { account: 'existing', linked: false },
  }],
  ['GitHub, its primary address not verified: refused, nothing made', {
    provider: 'github', who: { email: 'nov@people.test', verified: false }, status: 403, expect: /GitHub did not confirm an e-mail address/, then: { account: 'none', linked: false },
  }],
  ['Google, email_verified false: refused, nothing made', {
    provider: 'google', who: { email: 'nog@people.test', verified: false }, status: 403, expect: /Google did not confirm an e-mail address/, then: { account: 'none', linked: false },
  }],
  ['GitHub, not verified, although an account here has the address confirmed: refused, not linked', {
    provider: 'github', local: { email: 'vic@people.test', verified: true }, who: { email: 'vic@people.test', verified: false }, status: 403, expect: /GitHub did not confirm an e-mail address/, then: { account: 'existing', linked: false },
  }],
  ['Google, no address at all: refused, nothing made', {
    provider: 'google', who: { noEmail: true, email: 'none@people.test' }, status: 403, expect: /Google did not confirm an e-mail address/, then: { account: 'none', linked: false },
  }],
];

for (const [name, c] of RULES) {
  test(`linking rule: ${name}`, async () => {
    const id = nextId++;
    const email = c.who.email!;
    const localId = c.local ? await passwordAccount(c.local.email, c.local.verified) : undefined;
    const [users, identities] = [await count('users'), await count('user_identities')];
    atProvider(c.provider, { id, ...c.who });
    const { b, res } = await signInWith(c.provider);
    assert.equal(res.status, c.status, res.body.slice(0, 500));
    if (typeof c.expect === 'string') assert.equal(res.location, c.expect);
    else assert.match(res.body, c.expect);

    const user = await userByEmail(email);
    if (c.then.account === 'none') {
      assert.equal(user, undefined);
      assert.equal(await count('users'), users, 'no account made');
    } else if (c.then.account === 'existing') {
      assert.equal(user?.id, localId);
      assert.equal(await count('users'), users);
    } else {
      assert.ok(user, 'an account is made');
      assert.equal(await count('users'), users + 1);
      assert.equal(user.password_hash, null, 'no password');
      assert.equal(new Date(user.email_verified_at!).getTime(), clock.getTime(), 'its address is confirmed by the provider');
      assert.equal(user.name, c.who.name);
    }
    if (c.then.linked) {
      const [identity] = await identitiesOf(user!.id);
      assert.equal(identity.provider, c.provider);
      assert.equal(identity.subject, c.provider === 'google' ? `g-${id}` : String(id));
      assert.equal(identity.email, email);
      assert.equal(identity.email_verified, true);
      assert.equal(identity.provider_created_at && new Date(identity.provider_created_at).toISOString(), c.provider === 'github' ? '2015-03-01T10:00:00.000Z' : null);
      assert.ok(b.jar.has(SESSION_COOKIE), 'signed in');
      assert.equal((await lastSession(user!.id))?.method, c.provider, 'the session records how');
    } else {
      assert.equal(await count('user_identities'), identities, 'nothing linked');
      assert.ok(!b.jar.has(SESSION_COOKIE), 'not signed in');
    }
    assert.ok(!b.jar.has(FLOW_COOKIE), 'the flow cookie is spent');
  });
}

test('a known identity signs its account in, whatever its address became; the provider\'s latest word is kept', async () => {
  const id = nextId++;
  atProvider('github', { id, email: 'kim@people.test', name: 'Kim' });
  const first = await signInWith('github');
  assert.equal(first.res.status, 303);
  const user = (await userByEmail('kim@people.test'))!;
  clock = new Date(clock.getTime() + 3_600_000);
  // The person changed their primary address at GitHub and has not verified the new one yet.
  atProvider('github', { id, email: 'kim@elsewhere.test', verified: false });
  const users = await count('users');
  const again = await signInWith('github', t.siteBrowser(), '/launches');
  assert.equal(again.res.status, 303);
  assert.equal(again.res.location, '/launches', 'return_to is kept through the provider');
  assert.equal(await count('users'), users);
  const [identity] = await identitiesOf(user.id);
  assert.equal(identity.email, 'kim@elsewhere.test');
  assert.equal(identity.email_verified, false);
  assert.equal(new Date(identity.last_used_at!).getTime(), clock.getTime());
  assert.equal((await again.b.get('/account')).status, 200);
});

test('a disabled account is not signed in by its identity', async () => {
  const id = nextId++;
  atProvider('google', { id, email: 'dis@people.test' });
  await signInWith('google');
  await t.db.updateTable('users').set({ disabled_at: clock }).where('email', '=', 'dis@people.test').execute();
  const { b, res } = await signInWith('google');
  assert.equal(res.status, 403);
  assert.match(res.body, /This account is disabled/);
  assert.ok(!b.jar.has(SESSION_COOKIE));
});

// ── Failures of the flow: a clear page, never a 500, nothing changed ──────────────────────────────

const FAILURES: [string, Provider, (b: Browser, callback: string) => Promise<string | undefined>, number, RegExp][] = [
  ['the state in the answer is not this browser\'s', 'google', async (_b, cb) => cb.replace(/state=[^&]+/, 'state=forged-state-value'), 400, /its <code>state<\/code> does not match/],
  ['no state in the answer', 'github', async (_b, cb) => cb.replace(/[?&]state=[^&]+/, ''), 400, /its <code>state<\/code> does not match/],
  ['no flow cookie (the answer opened in another browser)', 'github', async (b) => void b.jar.delete(FLOW_COOKIE), 400, /has no sign-in under way/],
  ['a flow cookie not signed by the service', 'google', async (b) => void b.jar.set(FLOW_COOKIE, encodeURIComponent('{"p":"google","s":"x"}')), 400, /has no sign-in under way/],
  ['the flow started more than ten minutes ago', 'google', async () => void (clock = new Date(clock.getTime() + 11 * 60_000)), 400, /more than ten minutes ago and has expired/],
  ['a PKCE verifier that does not match the challenge (Google: invalid_grant)', 'google', async (b) => void forgeFlow(b, (f) => (f.v = 'x'.repeat(43))), 400, /does not match the proof this browser kept \(PKCE\)/],
  ['a PKCE verifier that does not match the challenge (GitHub: 200 with an error)', 'github', async (b) => void forgeFlow(b, (f) => (f.v = 'y'.repeat(43))), 400, /does not match the proof this browser kept \(PKCE\)/],
  ['an ID token for another nonce', 'google', async (b) => void forgeFlow(b, (f) => (f.n = 'another-nonce-value')), 400, /its <code>nonce<\/code> does not match/],
  ['the callback of the other provider', 'github', async (_b, cb) => cb.replace('/sign-in/github/', '/sign-in/google/'), 400, /has no sign-in under way/],
];

for (const [name, provider, spoil, status, message] of FAILURES) {
  test(`a failed flow → ${status} page: ${name}`, async () => {
    atProvider(provider, { id: nextId++, email: `fail-${nextId}@people.test` });
    const b = t.siteBrowser();
    const callback = await callbackFrom(b, { url: `/sign-in/${provider}` });
    const changed = await spoil(b, callback);
    const [users, identities, sessions] = [await count('users'), await count('user_identities'), await count('sessions')];
    const res = await b.get(changed ?? callback);
    assert.equal(res.status, status, res.body.slice(0, 500));
    assert.match(res.body, message);
    assert.match(res.body, /did not work/);
    assert.match(res.body, /Try again with (GitHub|Google)/);
    assert.deepEqual([await count('users'), await count('user_identities'), await count('sessions')], [users, identities, sessions]);
    assert.ok(!b.jar.has(SESSION_COOKIE));
  });
}

// The callback's query is the browser's to write: hostile values with this browser's own flow.
const HOSTILE: [string, (cb: URL) => void, RegExp][] = [
  ['the state twice', (cb) => cb.searchParams.append('state', cb.searchParams.get('state')!), /<code>state<\/code> does not match/],
  ['no code', (cb) => cb.searchParams.delete('code'), /parameters are missing or were changed/],
  ['the code twice', (cb) => cb.searchParams.append('code', 'other'), /parameters are missing or were changed/],
  ['an iss that is not the issuer', (cb) => cb.searchParams.set('iss', 'https://evil.example'), /parameters are missing or were changed/],
  ['a code of 5,000 characters', (cb) => cb.searchParams.set('code', 'c'.repeat(5000)), /would not confirm this sign-in/],
  ['an error of another kind, with markup', (cb) => cb.searchParams.set('error', '<script>alert(1)</script>'), /answered with an error \(<code>&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/code>\)/],
];
for (const [name, spoil, message] of HOSTILE) {
  test(`a hostile callback → 400 page, never a 500: ${name}`, async () => {
    atProvider('google', { id: nextId++, email: `hostile-${nextId}@people.test` });
    const b = t.siteBrowser();
    const callback = new URL(await callbackFrom(b, { url: '/sign-in/google' }), PUBLIC);
    spoil(callback);
    const res = await b.get(callback.pathname + callback.search);
    assert.equal(res.status, 400, res.body.slice(0, 500));
    assert.match(res.body, message);
    assert.ok(!b.jar.has(SESSION_COOKIE));
  });
}

test('the person refuses at the provider: error=access_denied → 400 page saying so', async () => {
  for (const [provider, upstream] of [['google', google], ['github', github]] as const) {
    upstream.state.deny = true;
    try {
      const { res } = await signInWith(provider);
      assert.equal(res.status, 400);
      assert.match(res.body, /You did not allow the sign-in at (Google|GitHub)/);
    } finally {
      upstream.state.deny = false;
    }
  }
});

test('a callback used twice: the second finds its flow spent', async () => {
  atProvider('github', { id: nextId++, email: 'twice@people.test' });
  const b = t.siteBrowser();
  const callback = await callbackFrom(b, { url: '/sign-in/github' });
  assert.equal((await b.get(callback)).status, 303);
  const again = await b.get(callback);
  assert.equal(again.status, 400);
  assert.match(again.body, /has no sign-in under way/);
});

// ── The sign-in pages and the account's sign-in methods ──────────────────────────────────────────

test('the sign-in and sign-up pages offer both providers, carrying return_to; a signed-in visitor is sent on', async () => {
  for (const page of ['/sign-in', '/sign-up']) {
    const res = await t.siteBrowser().get(`${page}?return_to=%2Fsubmit`);
    assert.match(res.body, /<form method="get" action="\/sign-in\/github"><input type="hidden" name="return_to" value="\/submit"><button type="submit" class="secondary">Sign in with GitHub<\/button><\/form>/);
    assert.match(res.body, /Sign in with Google/);
  }
  const start = await t.siteBrowser().get('/sign-in/google?return_to=%2Fsubmit');
  assert.equal(start.status, 303);
  const url = new URL(start.location!);
  assert.equal(url.origin, google.issuer);
  assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
  assert.equal(url.searchParams.get('redirect_uri'), `${PUBLIC}/sign-in/google/callback`);
  assert.ok(url.searchParams.get('nonce') && url.searchParams.get('state'));
  const cookie = [start.headers['set-cookie']].flat().find((c) => String(c).startsWith(`${FLOW_COOKIE}=`));
  assert.match(String(cookie), /HttpOnly/);
  assert.match(String(cookie), /SameSite=Lax/);
  assert.match(String(cookie), /Path=\/sign-in\//);
  assert.ok(!String(cookie).includes(url.searchParams.get('code_challenge')!), 'the challenge is sent, the verifier kept');

  const signedIn = await t.signIn();
  const away = await signedIn.browser.get('/sign-in/github');
  assert.equal(away.status, 303);
  assert.equal(away.location, '/account');
  assert.equal((await t.siteBrowser().get('/sign-in/gitlab')).status, 404);
});

test('account page: link GitHub to a password account, see it, unlink it; the password remains', async () => {
  const s = await t.signIn({ email: 'pat@people.test' });
  assert.match((await s.browser.get('/account')).body, /href="\/account\/sign-in-methods"/);
  const before = await s.browser.get('/account/sign-in-methods');
  assert.match(before.body, /<strong>Password<\/strong>: set\./);
  assert.match(before.body, /<strong>GitHub<\/strong>: not linked\./);

  // Another address at GitHub is fine: the person is signed in here and at GitHub both.
  const id = nextId++;
  atProvider('github', { id, email: 'pat.work@people.test' });
  const res = await s.browser.get(await callbackFrom(s.browser, { url: '/account/sign-in-methods/github/link', form: { csrf: s.csrf } }));
  assert.equal(res.status, 303);
  assert.equal(res.location, '/account/sign-in-methods?notice=identity-linked');
  const page = await s.browser.get(res.location!);
  assert.match(page.body, /Linked: you can now sign in with it too/);
  assert.match(page.body, /<strong>GitHub<\/strong>: linked as pat\.work@people\.test/);
  assert.equal((await identitiesOf(s.userId))[0].subject, String(id));
  assert.equal((await lastSession(s.userId))?.method, 'password', 'linking starts no session');

  // The identity now signs this account in.
  const viaGitHub = await signInWith('github');
  assert.equal(viaGitHub.res.location, '/account');
  assert.match((await viaGitHub.b.get('/account')).body, /pat@people\.test/);

  const unlink = await s.browser.post('/account/sign-in-methods/github/unlink', { csrf: s.csrf });
  assert.equal(unlink.status, 303);
  assert.equal(unlink.location, '/account/sign-in-methods?notice=identity-unlinked');
  assert.deepEqual(await identitiesOf(s.userId), []);
  const gone = await s.browser.post('/account/sign-in-methods/github/unlink', { csrf: s.csrf });
  assert.equal(gone.status, 409);
  assert.match(gone.body, /GitHub is not linked to this account/);
});

test('unlinking the last way to sign in is refused; with a second provider linked it works', async () => {
  atProvider('google', { id: nextId++, email: 'solo@people.test', name: 'Solo' });
  const { b } = await signInWith('google');
  const user = (await userByEmail('solo@people.test'))!;
  const csrf = await b.csrf('/account/sign-in-methods');
  assert.match((await b.get('/account/sign-in-methods')).body, /<strong>Password<\/strong>: none/);

  const refused = await b.post('/account/sign-in-methods/google/unlink', { csrf });
  assert.equal(refused.status, 409);
  assert.match(refused.body, /Google is the only way to sign in to this account, so it stays linked/);
  assert.equal((await identitiesOf(user.id)).length, 1);

  atProvider('github', { id: nextId++, email: 'solo.gh@people.test' });
  const linked = await b.get(await callbackFrom(b, { url: '/account/sign-in-methods/github/link', form: { csrf } }));
  assert.equal(linked.location, '/account/sign-in-methods?notice=identity-linked');
  const ok = await b.post('/account/sign-in-methods/google/unlink', { csrf });
  assert.equal(ok.status, 303);
  assert.deepEqual((await identitiesOf(user.id)).map((i) => i.provider), ['github']);
  const last = await b.post('/account/sign-in-methods/github/unlink', { csrf });
  assert.equal(last.status, 409);
});

test('linking refused: an identity that signs in another account; a provider address not verified; another identity of the provider already linked', async () => {
  const owner = nextId++;
  atProvider('github', { id: owner, email: 'owner@people.test' });
  await signInWith('github');

  const s = await t.signIn({ email: 'taker@people.test' });
  const link = () => callbackFrom(s.browser, { url: '/account/sign-in-methods/github/link', form: { csrf: s.csrf } }).then((cb) => s.browser.get(cb));
  const taken = await link();
  assert.equal(taken.status, 409);
  assert.match(taken.body, /This GitHub account is linked to another account/);

  atProvider('github', { id: nextId++, email: 'taker.gh@people.test', verified: false });
  const unverified = await link();
  assert.equal(unverified.status, 403);
  assert.match(unverified.body, /GitHub gave no e-mail address it has verified/);
  assert.deepEqual(await identitiesOf(s.userId), []);

  atProvider('github', { id: nextId++, email: 'taker.gh@people.test' });
  assert.equal((await link()).status, 303);
  atProvider('github', { id: nextId++, email: 'taker.second@people.test' });
  const second = await link();
  assert.equal(second.status, 409);
  assert.match(second.body, /already linked to a different GitHub account/);
});

test('a link finished after signing out (or as someone else) links nothing', async () => {
  const s = await t.signIn({ email: 'leaver@people.test' });
  atProvider('google', { id: nextId++, email: 'leaver@people.test' });
  const callback = await callbackFrom(s.browser, { url: '/account/sign-in-methods/google/link', form: { csrf: s.csrf } });
  await s.browser.post('/sign-out', { csrf: s.csrf });
  const res = await s.browser.get(callback);
  assert.equal(res.status, 400);
  assert.match(res.body, /no longer signed in as the account that asked for this link/);
  assert.deepEqual(await identitiesOf(s.userId), []);
});

test('the account page\'s link and unlink forms refuse forged posts (no token, another site) and change nothing', async () => {
  const s = await t.signIn({ email: 'csrf@people.test' });
  for (const url of ['/account/sign-in-methods/google/link', '/account/sign-in-methods/google/unlink']) {
    for (const [form, headers] of [[{}, {}], [{ csrf: 'x'.repeat(32) }, {}], [{ csrf: s.csrf }, { origin: 'https://evil.example' }], [{ csrf: s.csrf }, { origin: undefined, 'sec-fetch-site': 'cross-site' }]] as const) {
      const res = await s.browser.post(url, form, headers);
      assert.equal(res.status, 403, `${url} ${JSON.stringify(form)}`);
      assert.match(res.body, /This form has expired or was sent from another site/);
      assert.ok(!res.location);
    }
  }
  const anonymous = await t.siteBrowser().post('/account/sign-in-methods/google/link', { csrf: 'x' });
  assert.equal(anonymous.status, 401);
  assert.equal((await t.siteBrowser().get('/account/sign-in-methods')).location, '/sign-in?return_to=%2Faccount%2Fsign-in-methods');
});

test('a provider reached only through the safe fetch: a loopback issuer it does not allow is refused before connecting → 502 page, not a 500', async () => {
  const configured = t.app.services.signInProviders.google;
  const strict = createSafeFetch({ allowHosts: [], timeoutMs: 2000, maxBodyBytes: 65_536 });
  t.app.services.signInProviders.google = googleSignIn({ clientId: 'ly-google', clientSecret: 'google-client-secret', issuer: google.issuer }, strict);
  try {
    const res = await t.siteBrowser().get('/sign-in/google');
    assert.equal(res.status, 502);
    assert.match(res.body, /Google could not be reached just now/);
  } finally {
    t.app.services.signInProviders.google = configured;
    await strict.close();
  }
});
