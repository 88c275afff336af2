import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../src/testing/harness.ts';
import { authorizeUrl, obtainTokens, pkce, registerClient, tokenRequest, TestBrowser } from '../../src/testing/oauth.ts';

// The authorization server as an attacker (or a sloppy client) meets it: redirect URIs that would
// send codes over the network in clear, tokens revoked with someone else's client, requests that
// name no scope, registrations nobody uses.
const t = await createTestApp();
const MCP = `${t.app.config.publicUrl}/mcp`;
const API = `${t.app.config.publicUrl}/api/v1`;

const register = (metadata: Record<string, unknown>) =>
  t.app.http.inject({
    method: 'POST',
    url: '/oauth/reg',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ client_name: 'Probe', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', ...metadata }),
  });

const registrations: [string, string[], number, string?][] = [
  ['http on a public host', ['http://app.example/callback'], 400, 'invalid_redirect_uri'],
  ['http on a private address', ['http://10.0.0.5/callback'], 400, 'invalid_redirect_uri'],
  ['http on a name that merely starts with localhost', ['http://localhost.evil.example/cb'], 400, 'invalid_redirect_uri'],
  ['one good and one http public', ['https://app.example/cb', 'http://app.example/cb'], 400, 'invalid_redirect_uri'],
  ['javascript:', ['javascript:alert(1)'], 400],
  ['data:', ['data:text/html,hi'], 400],
  ['https', ['https://app.example/callback'], 201],
  ['loopback http on 127.0.0.1', ['http://127.0.0.1:7777/callback'], 201],
  ['loopback http on [::1]', ['http://[::1]:7777/callback'], 201],
  ['loopback http on localhost', ['http://localhost:7777/callback'], 201],
  ['a private-use scheme', ['com.example.app:/oauth/callback'], 201],
];
for (const [name, uris, status, error] of registrations) {
  test(`dynamic registration, redirect URIs ${name} → ${status}${error ? ` ${error}` : ''}`, async () => {
    const res = await register({ redirect_uris: uris });
    assert.equal(res.statusCode, status, res.body);
    if (error) assert.equal(res.json().error, error);
  });
}

test('a loopback redirect URI accepts any port at authorization time (RFC 8252 §7.3), but not another path or host', async () => {
  const reg = (await register({ redirect_uris: ['http://127.0.0.1:7777/callback'] })).json();
  assert.equal(reg.application_type, 'native');
  const userId = await t.app.services.accounts.createUser({ email: 'ports@test.example', name: 'Ports', password: null });
  const browser = new TestBrowser(t.app);
  await browser.signIn(t.app, userId);
  const { challenge } = pkce();
  const tryRedirect = (redirectUri: string) => browser.visit(authorizeUrl({ clientId: reg.client_id, redirectUri, scope: 'account:read', resource: MCP, challenge, method: 'S256' }));
  const otherPort = await tryRedirect('http://127.0.0.1:51234/callback');
  assert.equal(otherPort.kind, 'page');
  assert.match(otherPort.kind === 'page' ? otherPort.body : '', /Allow|approve/i, 'the consent page');
  for (const refused of ['http://127.0.0.1:51234/elsewhere', 'http://[::1]:51234/callback', 'http://127.0.0.2:7777/callback']) {
    const res = await tryRedirect(refused);
    assert.equal(res.kind, 'page');
    assert.match(res.kind === 'page' ? res.body : '', /redirect_uri/, `${refused} is refused without redirecting`);
  }
});

test('an authorization request without scope gets the consent page and the client’s registered scopes', async () => {
  const reg = (await register({ redirect_uris: ['http://127.0.0.1:7777/callback'], scope: 'account:read listings:write' })).json();
  const userId = await t.app.services.accounts.createUser({ email: 'noscope@test.example', name: 'No Scope', password: null });
  const browser = new TestBrowser(t.app);
  await browser.signIn(t.app, userId);
  const { verifier, challenge } = pkce();
  const url = authorizeUrl({ clientId: reg.client_id, scope: 'x', resource: MCP, challenge, method: 'S256' }).replace(/&?scope=x/, '');
  assert.ok(!url.includes('scope='));
  const consent = await browser.visit(url);
  assert.equal(consent.kind, 'page', JSON.stringify(consent).slice(0, 300));
  const back = await browser.decide(consent, 'approve');
  assert.ok(back.kind === 'left' && back.url.searchParams.get('code'), JSON.stringify(back).slice(0, 300));
  const token = await tokenRequest(t.app, { grant_type: 'authorization_code', code: back.url.searchParams.get('code')!, redirect_uri: 'http://127.0.0.1:7777/callback', code_verifier: verifier, client_id: reg.client_id, resource: MCP });
  assert.equal(token.status, 200, JSON.stringify(token.body));
  assert.deepEqual(String(token.body.scope).split(' ').sort(), ['account:read', 'listings:write']);
});

const revoke = (params: Record<string, string>) =>
  t.app.http.inject({ method: 'POST', url: '/oauth/revocation', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(params).toString() });
const me = (auth: Record<string, string>) => t.get('/api/v1/me', auth);

test('revoking an access token (RFC 7009): it fails from the next request on; the grant and its refresh token live on', async () => {
  const userId = await t.app.services.accounts.createUser({ email: 'revoke@test.example', name: 'Revoke', password: null });
  const tokens = await obtainTokens(t.app, { userId, scopes: ['account:read'], resource: '/api/v1' });
  assert.equal((await me(tokens.auth)).status, 200);
  const res = await revoke({ token: tokens.accessToken, client_id: tokens.clientId, token_type_hint: 'access_token' });
  assert.equal(res.statusCode, 200, res.body);
  const after = await me(tokens.auth);
  assert.equal(after.status, 401);
  assert.equal(after.body.code, 'invalid_token');
  assert.match(after.body.detail, /revoked/);
  const refreshed = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken!, client_id: tokens.clientId, resource: API });
  assert.equal(refreshed.status, 200, 'the refresh token still works');
  assert.equal((await me({ authorization: `Bearer ${refreshed.body.access_token}` })).status, 200, 'and its new access token');
  const row = await t.db.selectFrom('oauth_records').select(['expires_at']).where('model', '=', 'RevokedAccessToken').executeTakeFirstOrThrow();
  assert.ok(row.expires_at && new Date(row.expires_at).getTime() > Date.now(), 'denied until the token would expire, then forgotten');
});

test('revocation with another client’s credentials is refused (unauthorized_client) and the token keeps working', async () => {
  const userId = await t.app.services.accounts.createUser({ email: 'victim@test.example', name: 'Victim', password: null });
  const victim = await obtainTokens(t.app, { userId, scopes: ['account:read'], resource: '/api/v1' });
  const attacker = await registerClient(t.app);
  for (const [token, hint] of [
    [victim.accessToken, 'access_token'],
    [victim.refreshToken!, 'refresh_token'],
  ]) {
    const res = await revoke({ token, client_id: attacker.client_id, token_type_hint: hint });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().error, 'unauthorized_client');
  }
  assert.equal((await me(victim.auth)).status, 200, 'the access token still works');
  const refreshed = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: victim.refreshToken!, client_id: victim.clientId, resource: API });
  assert.equal(refreshed.status, 200, 'the refresh token still works');
});

test('revoking an unknown, malformed or forged token is a 200 that changes nothing', async () => {
  const { client_id } = await registerClient(t.app);
  for (const token of ['nonsense', 'a.b.c', `${'e'.repeat(20)}.${'f'.repeat(20)}.${'g'.repeat(20)}`]) {
    const res = await revoke({ token, client_id });
    assert.equal(res.statusCode, 200, `${token}: ${res.body}`);
  }
});

test('a registration nobody connects expires after OAUTH_UNUSED_CLIENT_DAYS (30); the first grant keeps it', async () => {
  const unused = await registerClient(t.app);
  const used = await registerClient(t.app);
  const expiry = async (id: string) => (await t.db.selectFrom('oauth_records').select('expires_at').where('model', '=', 'Client').where('id', '=', id).executeTakeFirst())?.expires_at;
  const days = (d: Date | null | undefined) => (d ? (new Date(d).getTime() - Date.now()) / 86_400_000 : null);
  assert.ok(Math.abs(days(await expiry(unused.client_id))! - 30) < 0.1);
  const userId = await t.app.services.accounts.createUser({ email: 'keeps@test.example', name: 'Keeps', password: null });
  await obtainTokens(t.app, { userId, scopes: ['account:read'], clientId: used.client_id });
  assert.equal(await expiry(used.client_id), null, 'connected once: kept');

  const store = (await import('../../src/store/oauth-store.ts')).oauthStore(t.db);
  while ((await store.purgeExpired(new Date(Date.now() + 31 * 86_400_000))) > 0);
  assert.equal(await expiry(unused.client_id), undefined, 'the unused one is gone');
  assert.equal(await expiry(used.client_id), null, 'the used one stays');
  const gone = await t.browser().visit(authorizeUrl({ clientId: unused.client_id, scope: 'account:read', resource: MCP, challenge: pkce().challenge, method: 'S256' }));
  assert.equal(gone.kind, 'page');
  assert.match(gone.kind === 'page' ? gone.body : '', /invalid_client|client/i);
});
