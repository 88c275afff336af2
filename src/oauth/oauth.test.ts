// The OAuth 2.1 authorization server and the resources' token checks: metadata, PKCE, redirect
// URIs, audiences, revocation, expiry, refresh rotation, consent and the site session, storage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt, generateKeyPair, importJWK, SignJWT } from 'jose';
import { createApp } from '../app.ts';
import { createTestApp } from '../testing/harness.ts';
import { authorizeUrl, obtainTokens, pkce, registerClient, TEST_REDIRECT_URI, TestBrowser, tokenRequest } from '../testing/oauth.ts';

const t = await createTestApp();
const ISSUER = 'http://localhost:3000';
const MCP = `${ISSUER}/mcp`;
const API = `${ISSUER}/api/v1`;

let n = 0;
const newUser = (name = 'User') =>
  t.app.services.accounts.createUser({ email: `oauth-${++n}-${Math.random().toString(36).slice(2, 8)}@test.example`, name: `${name} ${n}`, password: null });

const mcpCall = (tool: string, headers: Record<string, string>) => t.mcpCall(tool, {}, headers);

/** A browser signed in as a new user, at the start of an authorization request (PKCE S256). */
async function startAuthorization(p: { scope?: string; resource?: string | string[]; clientId?: string; extra?: Record<string, string>; redirectUri?: string } = {}) {
  const userId = await newUser();
  const browser = new TestBrowser(t.app);
  await browser.signIn(t.app, userId);
  const clientId = p.clientId ?? (await registerClient(t.app)).client_id;
  const { verifier, challenge } = pkce();
  const step = await browser.visit(authorizeUrl({ clientId, scope: p.scope ?? 'account:read', resource: p.resource ?? MCP, challenge, method: 'S256', extra: p.extra, redirectUri: p.redirectUri }));
  return { userId, browser, clientId, verifier, step };
}

test('authorization server metadata (RFC 8414 and OpenID discovery) at the origin root', async () => {
  for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
    const res = await t.get(path);
    assert.equal(res.status, 200, path);
    const m = res.body;
    assert.equal(m.issuer, ISSUER);
    assert.deepEqual(m.code_challenge_methods_supported, ['S256']);
    assert.equal(m.client_id_metadata_document_supported, true);
    assert.equal(m.authorization_response_iss_parameter_supported, true);
    assert.equal(m.authorization_endpoint, `${ISSUER}/oauth/auth`);
    assert.equal(m.token_endpoint, `${ISSUER}/oauth/token`);
    assert.equal(m.registration_endpoint, `${ISSUER}/oauth/reg`);
    assert.equal(m.jwks_uri, `${ISSUER}/oauth/jwks`);
    assert.equal(m.revocation_endpoint, `${ISSUER}/oauth/revocation`);
    assert.deepEqual(m.response_types_supported, ['code']);
    assert.deepEqual(m.grant_types_supported, ['authorization_code', 'refresh_token']);
    assert.deepEqual(m.token_endpoint_auth_methods_supported, ['none']);
    for (const s of ['account:read', 'listings:write', 'orders:write']) assert.ok(m.scopes_supported.includes(s), s);
    assert.equal(m.userinfo_endpoint, undefined);
  }
  // Whatever Host the request used, the URLs are the public ones.
  const other = await t.app.http.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server', headers: { host: 'evil.example' } });
  assert.equal(other.json().token_endpoint, `${ISSUER}/oauth/token`);
  // The resources name this server.
  assert.deepEqual((await t.get('/.well-known/oauth-protected-resource/mcp')).body.authorization_servers, [ISSUER]);
});

test('the JWKS publishes public keys only, generated once per installation', async () => {
  const jwks = (await t.get('/oauth/jwks')).body;
  assert.equal(jwks.keys.length, 1);
  assert.equal(jwks.keys[0].kty, 'EC');
  assert.equal(jwks.keys[0].d, undefined);
  const row = await t.db.selectFrom('installation_secrets').select('value').where('name', '=', 'oauth_signing_keys').executeTakeFirstOrThrow();
  assert.equal((row.value as any).keys[0].kid, jwks.keys[0].kid);
  assert.ok(await t.db.selectFrom('installation_secrets').select('name').where('name', '=', 'oauth_cookie_keys').executeTakeFirst());
});

test('an access token says who, which app and what: get_account over REST and MCP', async () => {
  const { userId, accessToken, auth, clientId } = await t.oauthToken(['account:read'], { resource: '/api/v1' });
  const claims = decodeJwt(accessToken);
  assert.equal(claims.iss, ISSUER);
  assert.equal(claims.aud, API);
  assert.equal(claims.sub, userId);
  assert.equal(claims.scope, 'account:read');
  assert.equal(claims.client_id, clientId);
  const me = await t.get('/api/v1/me', auth);
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.user.id, Number(userId));
  assert.equal(me.body.access.credential, 'oauth');
  assert.equal(me.body.access.credential_id, claims.grant_id);
  assert.equal(me.body.access.client_id, clientId);
  assert.equal(me.body.access.name, 'Test App');
  assert.equal(me.body.access.expires_at, new Date((claims.exp as number) * 1000).toISOString());
  assert.deepEqual(me.body.access.scopes, ['account:read']);

  const mcp = await t.oauthToken(['account:read'], { resource: '/mcp' });
  const call = await mcpCall('get_account', mcp.auth);
  assert.equal(call.status, 200, JSON.stringify(call.body));
  assert.equal(call.body.result.structuredContent.access.credential, 'oauth');
});

test('audience: an /mcp token is refused by /api/v1 and an /api/v1 token by /mcp (401 invalid_token)', async () => {
  const mcp = await t.oauthToken(['account:read'], { resource: '/mcp' });
  const api = await t.oauthToken(['account:read'], { resource: '/api/v1' });
  const rest = await t.get('/api/v1/me', mcp.auth);
  assert.equal(rest.status, 401);
  assert.equal(rest.body.code, 'invalid_token');
  assert.match(rest.body.detail, /issued for another resource/);
  assert.match(String(rest.headers['www-authenticate']), /^Bearer error="invalid_token".*resource_metadata="http:\/\/localhost:3000\/.well-known\/oauth-protected-resource\/api\/v1"/);
  // Also on public operations: a token for the wrong resource is not silently ignored.
  assert.equal((await t.get('/api/v1/site', mcp.auth)).status, 401);
  const call = await mcpCall('get_account', api.auth);
  assert.equal(call.status, 401);
  assert.match(String(call.challenge), /error="invalid_token".*oauth-protected-resource\/mcp/);
  // Elsewhere (not a resource) access tokens are not credentials at all.
  const elsewhere = await t.get('/healthz', mcp.auth);
  assert.equal(elsewhere.status, 401);
  assert.match(elsewhere.body.detail, /accepted at \/mcp and \/api\/v1 only/);
});

test('resource indicators: an unknown resource is invalid_target; without one the token is for /mcp', async () => {
  const bad = await startAuthorization({ resource: 'https://elsewhere.example/api' });
  assert.equal(bad.step.kind, 'left');
  assert.ok(bad.step.kind === 'left');
  assert.equal(bad.step.url.searchParams.get('error'), 'invalid_target');

  const userId = await newUser();
  const browser = new TestBrowser(t.app);
  await browser.signIn(t.app, userId);
  const { client_id } = await registerClient(t.app);
  const { verifier, challenge } = pkce();
  let step = await browser.visit(authorizeUrl({ clientId: client_id, scope: 'account:read', challenge, method: 'S256' }));
  assert.ok(step.kind === 'page');
  assert.match(step.body, /the Launchyard MCP server|MCP server/);
  step = await browser.decide(step, 'approve');
  assert.ok(step.kind === 'left');
  const token = await tokenRequest(t.app, { grant_type: 'authorization_code', code: step.url.searchParams.get('code')!, redirect_uri: TEST_REDIRECT_URI, code_verifier: verifier, client_id });
  assert.equal(token.status, 200, JSON.stringify(token.body));
  assert.equal(decodeJwt(token.body.access_token).aud, MCP);
});

test('scopes: unknown ones are ignored, and asking for nothing we know is access_denied', async () => {
  const { step } = await startAuthorization({ scope: 'admin everything' });
  assert.ok(step.kind === 'left', JSON.stringify(step).slice(0, 300));
  assert.equal(step.url.searchParams.get('error'), 'access_denied');
  const mixed = await startAuthorization({ scope: 'admin account:read' });
  assert.ok(mixed.step.kind === 'page');
  const back = await mixed.browser.decide(mixed.step, 'approve');
  assert.ok(back.kind === 'left');
  const token = await tokenRequest(t.app, { grant_type: 'authorization_code', code: back.url.searchParams.get('code')!, redirect_uri: TEST_REDIRECT_URI, code_verifier: mixed.verifier, client_id: mixed.clientId });
  assert.equal(token.body.scope, 'account:read');
});

test('PKCE is required: no code_challenge, or the plain method, is refused', async () => {
  const userId = await newUser();
  const browser = new TestBrowser(t.app);
  await browser.signIn(t.app, userId);
  const { client_id } = await registerClient(t.app);
  const missing = await browser.visit(authorizeUrl({ clientId: client_id, scope: 'account:read', resource: MCP }));
  assert.ok(missing.kind === 'left');
  assert.equal(missing.url.searchParams.get('error'), 'invalid_request');
  assert.match(String(missing.url.searchParams.get('error_description')), /PKCE/);
  assert.equal(missing.url.searchParams.get('iss'), ISSUER, 'errors carry iss too (RFC 9207)');
  const plain = await browser.visit(authorizeUrl({ clientId: client_id, scope: 'account:read', resource: MCP, challenge: 'a'.repeat(43), method: 'plain' }));
  assert.ok(plain.kind === 'left');
  assert.equal(plain.url.searchParams.get('error'), 'invalid_request');
  assert.match(String(plain.url.searchParams.get('error_description')), /code_challenge_method/);
});

test('PKCE: a wrong or missing code_verifier burns the code (an intercepted code gets one try)', async () => {
  const redeemAfter = async (first: Record<string, string>) => {
    const { browser, clientId, verifier, step } = await startAuthorization();
    assert.ok(step.kind === 'page');
    const back = await browser.decide(step, 'approve');
    assert.ok(back.kind === 'left');
    const base = { grant_type: 'authorization_code', code: back.url.searchParams.get('code')!, redirect_uri: TEST_REDIRECT_URI, client_id: clientId, resource: MCP };
    const failed = await tokenRequest(t.app, { ...base, ...first });
    assert.equal(failed.status, 400);
    assert.equal(failed.body.error, 'invalid_grant');
    return tokenRequest(t.app, { ...base, code_verifier: verifier });
  };
  for (const [name, first] of [['a wrong verifier', { code_verifier: pkce().verifier }], ['no verifier', {}]] as const) {
    const right = await redeemAfter(first);
    assert.equal(right.status, 400, `after ${name}, the right verifier no longer redeems the code`);
    assert.equal(right.body.error, 'invalid_grant');
  }
});

test('PKCE: the right verifier on the first try redeems the code, once', async () => {
  const { browser, clientId, verifier, step } = await startAuthorization();
  assert.ok(step.kind === 'page');
  const back = await browser.decide(step, 'approve');
  assert.ok(back.kind === 'left');
  const base = { grant_type: 'authorization_code', code: back.url.searchParams.get('code')!, redirect_uri: TEST_REDIRECT_URI, client_id: clientId, resource: MCP, code_verifier: verifier };
  const right = await tokenRequest(t.app, base);
  assert.equal(right.status, 200, JSON.stringify(right.body));
  const again = await tokenRequest(t.app, base);
  assert.equal(again.status, 400);
  assert.equal(again.body.error, 'invalid_grant');
});

test('redirect URIs match exactly: an unregistered one is refused without redirecting', async () => {
  for (const redirectUri of ['http://127.0.0.1:7777/other', 'https://evil.example/callback', 'http://127.0.0.1:7777/callback/']) {
    const { step } = await startAuthorization({ redirectUri });
    assert.equal(step.kind, 'page', redirectUri);
    assert.ok(step.kind === 'page');
    assert.equal(step.status, 400);
    assert.match(step.body, /redirect_uri did not match/);
  }
  // At the token endpoint the redirect_uri must be the authorization request's.
  const { browser, clientId, verifier, step } = await startAuthorization();
  assert.ok(step.kind === 'page');
  const back = await browser.decide(step, 'approve');
  assert.ok(back.kind === 'left');
  const res = await tokenRequest(t.app, { grant_type: 'authorization_code', code: back.url.searchParams.get('code')!, redirect_uri: 'http://127.0.0.1:7777/other', code_verifier: verifier, client_id: clientId });
  assert.equal(res.status, 400);
  assert.equal(res.body.error, 'invalid_grant');
});

test('dynamic registration: public clients only, no secret issued', async () => {
  const confidential = await t.app.http.inject({
    method: 'POST',
    url: '/oauth/reg',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'client_secret_basic' }),
  });
  assert.equal(confidential.statusCode, 400);
  assert.equal(confidential.json().error, 'invalid_client_metadata');
  const pub = await registerClient(t.app, { token_endpoint_auth_method: undefined });
  assert.equal(pub.token_endpoint_auth_method, 'none');
  assert.equal(pub.client_secret, undefined);
  assert.equal(pub.registration_access_token, undefined);
});

test('consent needs the site session: nobody signed in → /sign-in with return_to, then back to consent', async () => {
  const browser = new TestBrowser(t.app);
  const { client_id } = await registerClient(t.app);
  const { challenge } = pkce();
  const start = await browser.visit(authorizeUrl({ clientId: client_id, scope: 'account:read', resource: MCP, challenge, method: 'S256' }));
  assert.equal(start.kind, 'sign-in');
  assert.ok(start.kind === 'sign-in');
  assert.match(String(start.returnTo), /^\/oauth\/interaction\/[\w-]+$/);
  await browser.signIn(t.app, await newUser('Later'));
  const consent = await browser.visit(start.returnTo!);
  assert.ok(consent.kind === 'page');
  assert.equal(consent.status, 200);
  assert.match(consent.body, /Allow Test App to use your .* account\?/);
  assert.match(consent.body, /Signed in as <strong>Later \d+<\/strong>/);
  assert.equal(consent.headers['x-frame-options'], 'DENY');
  assert.equal(consent.headers['cache-control'], 'no-store');
  assert.match(String(consent.headers['content-security-policy']), /frame-ancestors 'none'/);
});

test('with the real sign-in page: sign in with a password, come back to the consent page', async () => {
  const email = `pw-${Math.random().toString(36).slice(2, 8)}@test.example`;
  await t.app.services.accounts.createUser({ email, name: 'Pat', password: 'a long enough password' });
  const browser = new TestBrowser(t.app);
  const { client_id } = await registerClient(t.app);
  const { challenge } = pkce();
  const start = await browser.visit(authorizeUrl({ clientId: client_id, scope: 'account:read', resource: MCP, challenge, method: 'S256' }));
  assert.ok(start.kind === 'sign-in');
  const form = await browser.request('GET', `/sign-in?return_to=${encodeURIComponent(start.returnTo!)}`);
  assert.equal(form.statusCode, 200);
  const hidden = Object.fromEntries([...form.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]));
  assert.equal(hidden.return_to, start.returnTo);
  const signedIn = await browser.request('POST', '/sign-in', { ...hidden, email, password: 'a long enough password' });
  assert.equal(signedIn.statusCode, 303, signedIn.body);
  assert.equal(signedIn.headers.location, start.returnTo);
  const consent = await browser.visit(start.returnTo!);
  assert.ok(consent.kind === 'page');
  assert.match(consent.body, /Signed in as <strong>Pat<\/strong>/);
  const back = await browser.decide(consent, 'approve');
  assert.ok(back.kind === 'left');
  assert.ok(back.url.searchParams.get('code'));
});

test('consent: the form needs the session CSRF token; Deny returns access_denied to the app', async () => {
  const { browser, step } = await startAuthorization();
  assert.ok(step.kind === 'page');
  const forged = await browser.decide(step, 'approve', { csrf: 'not-the-token' });
  assert.ok(forged.kind === 'page');
  assert.equal(forged.status, 403);
  const crossSite = await browser.decide(step, 'approve', {}, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
  assert.ok(crossSite.kind === 'page');
  assert.equal(crossSite.status, 403, 'a good token posted from another site is refused too');
  const denied = await browser.decide(step, 'deny');
  assert.ok(denied.kind === 'left');
  assert.equal(denied.url.searchParams.get('error'), 'access_denied');
  assert.equal(denied.url.searchParams.get('state'), 'st4te');
});

test('consent: if another account signs in on the site meanwhile, the request fails', async () => {
  const { browser, step } = await startAuthorization();
  assert.ok(step.kind === 'page');
  browser.signOut();
  await browser.signIn(t.app, await newUser('Intruder'));
  const other = await browser.visit(`/oauth/interaction/${/action="\/oauth\/interaction\/([^"]+)"/.exec(step.body)![1]}`);
  assert.ok(other.kind === 'left');
  assert.equal(other.url.searchParams.get('error'), 'access_denied');
});

test('the authorization server follows the site session: a new site user gets their own grant', async () => {
  const { client_id } = await registerClient(t.app);
  const browser = new TestBrowser(t.app);
  const alice = await newUser('Alice');
  const bob = await newUser('Bob');
  const a = await obtainTokens(t.app, { userId: alice, scopes: ['account:read'], browser, clientId: client_id });
  browser.signOut();
  await browser.signIn(t.app, bob);
  const b = await obtainTokens(t.app, { userId: bob, scopes: ['account:read'], browser, clientId: client_id });
  assert.equal(decodeJwt(a.accessToken).sub, alice);
  assert.equal(decodeJwt(b.accessToken).sub, bob);
  // Signed out of the site: the next request asks to sign in again, whatever the AS remembered.
  browser.signOut();
  const { challenge } = pkce();
  const next = await browser.visit(authorizeUrl({ clientId: client_id, scope: 'account:read', resource: MCP, challenge, method: 'S256' }));
  assert.equal(next.kind, 'sign-in');
});

test('connected apps: one grant per app, listed with name and scopes; revoking it kills its tokens at once', async () => {
  const userId = await newUser();
  const browser = new TestBrowser(t.app);
  const { client_id } = await registerClient(t.app, { client_name: 'Claude Desktop' });
  const first = await obtainTokens(t.app, { userId, scopes: ['account:read'], browser, clientId: client_id });
  const second = await obtainTokens(t.app, { userId, scopes: ['account:read', 'orders:write'], browser, clientId: client_id });
  assert.equal(decodeJwt(first.accessToken).grant_id, decodeJwt(second.accessToken).grant_id, 'the returning app extends its grant');
  const apps = await t.app.services.oauth.listGrants(userId);
  assert.equal(apps.length, 1);
  assert.equal(apps[0].name, 'Claude Desktop');
  assert.equal(apps[0].clientId, client_id);
  assert.equal(apps[0].redirectHost, '127.0.0.1:7777');
  assert.deepEqual(apps[0].access, [{ resource: '/mcp', scopes: ['account:read', 'orders:write'] }]);
  assert.ok(apps[0].expiresAt && apps[0].expiresAt > new Date());

  const call = await mcpCall('get_account', second.auth);
  assert.equal(call.status, 200);
  assert.equal(await t.app.services.oauth.revokeGrant(await newUser(), apps[0].grantId), false, "another user's grant");
  assert.equal(await t.app.services.oauth.revokeGrant(userId, apps[0].grantId), true);
  assert.deepEqual(await t.app.services.oauth.listGrants(userId), []);
  const after = await mcpCall('get_account', second.auth);
  assert.equal(after.status, 401);
  assert.match(String(after.challenge), /error="invalid_token"/);
  const refresh = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: second.refreshToken!, client_id });
  assert.equal(refresh.status, 400);
  assert.equal(refresh.body.error, 'invalid_grant');
  assert.equal((await t.db.selectFrom('oauth_records').select('id').where('grant_id', '=', apps[0].grantId).execute()).length, 0);
});

test('Account → Connected apps lists the grant and its Disconnect button revokes it', async () => {
  const userId = await newUser();
  const browser = new TestBrowser(t.app);
  const { client_id } = await registerClient(t.app, { client_name: 'Inspector' });
  const tok = await obtainTokens(t.app, { userId, scopes: ['account:read', 'listings:write'], browser, clientId: client_id, resource: '/api/v1' });
  assert.equal((await t.get('/api/v1/me', tok.auth)).status, 200);
  const page = await browser.request('GET', '/account/apps');
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Inspector/);
  assert.match(page.body, /account:read, listings:write/);
  const form = /action="(\/account\/apps\/[^"]+\/revoke)"><input type="hidden" name="csrf" value="([^"]+)"/.exec(page.body);
  assert.ok(form, page.body);
  const res = await browser.request('POST', form[1], { csrf: form[2] });
  assert.equal(res.statusCode, 303);
  assert.equal((await t.get('/api/v1/me', tok.auth)).status, 401);
  assert.doesNotMatch((await browser.request('GET', '/account/apps')).body, /Inspector/);
});

test('the revocation endpoint (RFC 7009): revoking the refresh token ends the grant', async () => {
  const tok = await t.oauthToken(['account:read'], { resource: '/api/v1' });
  assert.equal((await t.get('/api/v1/me', tok.auth)).status, 200);
  const res = await t.app.http.inject({
    method: 'POST',
    url: '/oauth/revocation',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: tok.refreshToken!, client_id: tok.clientId }).toString(),
  });
  assert.equal(res.statusCode, 200);
  assert.equal((await t.get('/api/v1/me', tok.auth)).status, 401);
});

test('refresh tokens rotate; a used one is refused and its reuse revokes the grant', async () => {
  const tok = await t.oauthToken(['account:read'], { resource: '/api/v1' });
  assert.ok(tok.refreshToken, 'issued without offline_access');
  const r1 = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: tok.refreshToken!, client_id: tok.clientId });
  assert.equal(r1.status, 200, JSON.stringify(r1.body));
  assert.notEqual(r1.body.refresh_token, tok.refreshToken);
  assert.equal(decodeJwt(r1.body.access_token).aud, API, 'same resource as granted');
  assert.equal((await t.get('/api/v1/me', { authorization: `Bearer ${r1.body.access_token}` })).status, 200);
  const reused = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: tok.refreshToken!, client_id: tok.clientId });
  assert.equal(reused.status, 400);
  assert.equal(reused.body.error, 'invalid_grant');
  // Reuse means the token leaked: everything of that grant is revoked.
  const next = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: r1.body.refresh_token, client_id: tok.clientId });
  assert.equal(next.status, 400);
  assert.equal((await t.get('/api/v1/me', { authorization: `Bearer ${r1.body.access_token}` })).status, 401);
});

test('expired, tampered, foreign-key and wrong-issuer tokens are 401 invalid_token', async () => {
  const tok = await t.oauthToken(['account:read'], { resource: '/api/v1' });
  const claims = decodeJwt(tok.accessToken);
  const keys = await t.app.services.oauth.keys();
  const jwk = keys.signing.keys[0];
  const ours = await importJWK(jwk as Parameters<typeof importJWK>[0], 'ES256');
  const sign = (payload: Record<string, unknown>, key: Parameters<SignJWT['sign']>[0] = ours, kid = jwk.kid) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid }).sign(key);
  const now = Math.floor(Date.now() / 1000);

  const expired = await sign({ ...claims, iat: now - 7200, exp: now - 3600 });
  const res = await t.get('/api/v1/me', { authorization: `Bearer ${expired}` });
  assert.equal(res.status, 401);
  assert.match(res.body.detail, /expired/);

  const control = await sign({ ...claims });
  assert.equal((await t.get('/api/v1/me', { authorization: `Bearer ${control}` })).status, 200, 'the forging helper itself works');

  const [header, , signature] = tok.accessToken.split('.');
  const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, scope: 'account:read listings:write orders:write' })).toString('base64url')}.${signature}`;
  assert.equal((await t.get('/api/v1/me', { authorization: `Bearer ${tampered}` })).status, 401);

  const foreign = await sign({ ...claims }, (await generateKeyPair('ES256')).privateKey, jwk.kid);
  assert.equal((await t.get('/api/v1/me', { authorization: `Bearer ${foreign}` })).status, 401);
  assert.equal((await t.get('/api/v1/me', { authorization: `Bearer ${await sign({ ...claims, iss: 'https://other.example' })}` })).status, 401);
  assert.equal((await t.get('/api/v1/me', { authorization: `Bearer ${await sign({ ...claims, grant_id: 'nope' })}` })).status, 401);
  assert.equal((await t.get('/api/v1/me', { authorization: `Bearer ${await sign({ ...claims, cnf: { jkt: 'x' } })}` })).status, 401, 'sender-constrained');
});

test('a token carries only the scopes asked and granted: the wrong scope is 403 insufficient_scope', async () => {
  const tok = await t.oauthToken(['orders:write'], { resource: '/api/v1' });
  const res = await t.get('/api/v1/me', tok.auth);
  assert.equal(res.status, 403);
  assert.equal(res.body.code, 'insufficient_scope');
  assert.match(String(res.headers['www-authenticate']), /error="insufficient_scope", scope="account:read"/);
});

test('no bearer secret is stored in plain: codes, refresh tokens and sessions are hashed', async () => {
  const userId = await newUser();
  const tok = await obtainTokens(t.app, { userId, scopes: ['account:read'] });
  const rotated = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: tok.refreshToken!, client_id: tok.clientId });
  assert.equal(rotated.status, 200);
  const sessionCookie = decodeURIComponent(tok.browser.cookies.get('ly_oauth_session') ?? '');
  assert.ok(sessionCookie, 'the AS has a browser session');
  const dump = JSON.stringify(await t.db.selectFrom('oauth_records').selectAll().execute());
  for (const [what, secret] of [
    ['authorization code', tok.code],
    ['refresh token', tok.refreshToken!],
    ['rotated refresh token', rotated.body.refresh_token],
    ['access token', tok.accessToken],
    ['AS session id', sessionCookie],
  ] as const) {
    assert.equal(dump.includes(secret), false, what);
  }
  const kinds = await t.db.selectFrom('oauth_records').select('model').distinct().execute();
  assert.ok(kinds.some((k) => k.model === 'RefreshToken') && kinds.some((k) => k.model === 'Grant'), JSON.stringify(kinds));
});

test('the authorization server is rate limited like the rest', async () => {
  const limited = await createTestApp({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3' } });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await limited.get('/oauth/jwks')).status);
  assert.deepEqual(statuses, [200, 200, 200, 429]);
  await limited.close();
});

test('client authentication headers reach the authorization server untouched', async () => {
  const res = await t.app.http.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic ' + Buffer.from('x:y').toString('base64') },
    payload: 'grant_type=refresh_token&refresh_token=abc',
  });
  assert.equal(res.statusCode >= 400 && res.statusCode < 500, true);
  assert.match(String(res.headers['content-type']), /application\/json/);
  assert.ok(['invalid_client', 'invalid_request'].includes(res.json().error), res.body);
});

test(
  'several app nodes share the authorization server state (start on one, finish on the other)',
  { skip: process.env.TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL (PGlite is one process)' },
  async () => {
    const other = await createApp(t.app.config, { viewFlushMs: 0, inlineJobs: true });
    try {
      const userId = await newUser();
      const browser = new TestBrowser(t.app);
      await browser.signIn(t.app, userId);
      const { client_id } = await registerClient(other); // registered on node 2
      const { verifier, challenge } = pkce();
      const step = await browser.visit(authorizeUrl({ clientId: client_id, scope: 'account:read', resource: API, challenge, method: 'S256' })); // node 1
      assert.ok(step.kind === 'page');
      const nodeTwo = new TestBrowser(other);
      for (const [k, v] of browser.cookies) nodeTwo.cookies.set(k, v);
      const back = await nodeTwo.decide(step, 'approve'); // consent on node 2
      assert.ok(back.kind === 'left', JSON.stringify(back));
      const token = await tokenRequest(t.app, { grant_type: 'authorization_code', code: back.url.searchParams.get('code')!, redirect_uri: TEST_REDIRECT_URI, code_verifier: verifier, client_id, resource: API });
      assert.equal(token.status, 200, JSON.stringify(token.body));
      const me = await other.http.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token.body.access_token}` } });
      assert.equal(me.statusCode, 200, me.body);
    } finally {
      await other.close();
    }
  },
);
