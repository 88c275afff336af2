// Signing in through the official MCP client SDK's OAuth flow, end to end on a real socket:
// 401 from a protected tool → RFC 9728 metadata → RFC 8414 metadata → client registration (a
// client ID metadata document served over loopback HTTPS, or dynamic registration) → PKCE
// authorization → consent (driven with the site session cookie) → token → tools/call get_account.
// The API-key variant of the same call is in src/operations/access.test.ts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { createTestApp, freePort, type TestApp } from '../testing/harness.ts';
import { TestBrowser } from '../testing/oauth.ts';

/** An MCP client's token store, in memory, as a desktop app would keep it on disk. */
class MemoryOAuthProvider implements OAuthClientProvider {
  clientMetadataUrl?: string;
  client?: StoredOAuthClientInformation;
  saved?: StoredOAuthTokens;
  verifier = '';
  discovery?: OAuthDiscoveryState;
  authorizationUrl?: URL;
  readonly redirect: string;
  constructor(redirect: string, clientMetadataUrl?: string) {
    this.redirect = redirect;
    this.clientMetadataUrl = clientMetadataUrl;
  }
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK Test Client',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

// A loopback HTTPS server with a throwaway self-signed certificate serves the client ID metadata
// document. The test process trusts the certificate (default CA store) so that TLS is not what
// stops a fetch: with the test allowance off, only the SSRF check does.
const dir = mkdtempSync(path.join(tmpdir(), 'ly-cimd-'));
execFileSync('openssl', [
  'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
  '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
  '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
], { stdio: 'ignore' });
const cert = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
const key = readFileSync(path.join(dir, 'key.pem'), 'utf8');
rmSync(dir, { recursive: true, force: true });
tls.setDefaultCACertificates([...tls.getCACertificates('default'), cert]);

const REDIRECT = 'http://127.0.0.1:45999/callback'; // never listened on: the test reads the code from the redirect
let docs: Server;
let docRequests = 0;
let docConnections = 0;
let clientIdUrl = '';

before(async () => {
  docs = createServer({ key, cert }, (req, res) => {
    docRequests++;
    const base = `https://localhost:${(docs.address() as AddressInfo).port}`;
    if (req.url === '/too-big.json') {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ client_id: `${base}/too-big.json`, client_name: 'x'.repeat(6000), redirect_uris: [REDIRECT] }));
    }
    if (req.url === '/someone-else.json') {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ client_id: `${base}/mcp-client.json`, client_name: 'Impostor', redirect_uris: [REDIRECT] }));
    }
    if (req.url === '/redirect.json') return void res.writeHead(302, { location: `${base}/mcp-client.json` }).end();
    if (req.url !== '/mcp-client.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' }).end(
      JSON.stringify({
        client_id: clientIdUrl,
        client_name: 'Metadata Document Client',
        client_uri: 'https://localhost/',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        application_type: 'native',
      }),
    );
  });
  docs.on('connection', () => docConnections++);
  await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
  clientIdUrl = `https://localhost:${(docs.address() as AddressInfo).port}/mcp-client.json`;
});
after(() => docs.close());

// PUBLIC_URL must be where the server really listens: the SDK follows the URLs in the metadata.
const port = await freePort();
// The document server is on loopback: this installation allows exactly that host for client metadata.
const t: TestApp = await createTestApp({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, CIMD_ALLOW_HOSTS: 'localhost' } });
const base = await t.url();

async function newUser(email: string) {
  return t.app.services.accounts.createUser({ email, name: email.split('@')[0], password: null });
}

/**
 * Connects, calls get_account (401 → the SDK's auth flow, ending in a redirect to the consent
 * page), approves in a browser signed in as the user, finishes the flow and calls again.
 */
async function signInWithSdk(provider: MemoryOAuthProvider, userId: string, era: 'modern' | 'legacy') {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', base), { authProvider: provider });
  const client = new Client({ name: 'sdk-oauth-test', version: '1.0.0' }, { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } });
  await client.connect(transport); // public tools need no sign-in
  await assert.rejects(client.callTool({ name: 'get_account', arguments: {} }), (err) => err instanceof UnauthorizedError);
  assert.ok(provider.authorizationUrl, 'the SDK asked to open the authorization page');
  const asked = provider.authorizationUrl.searchParams;
  assert.equal(asked.get('code_challenge_method'), 'S256');
  assert.equal(asked.get('resource'), `${base}/mcp`);
  assert.match(String(asked.get('scope')), /account:read/);

  const browser = new TestBrowser(t.app);
  await browser.signIn(t.app, userId);
  const consent = await browser.visit(provider.authorizationUrl.toString());
  assert.equal(consent.kind, 'page');
  const back = await browser.decide(consent, 'approve');
  assert.equal(back.kind, 'left');
  if (back.kind !== 'left') return { client, transport, consent };
  assert.equal(`${back.url.origin}${back.url.pathname}`, REDIRECT);
  assert.equal(back.url.searchParams.get('iss'), base, 'RFC 9207 iss in the authorization response');
  await transport.finishAuth(back.url.searchParams);

  const result = (await client.callTool({ name: 'get_account', arguments: {} })) as { isError?: boolean; structuredContent?: any };
  assert.notEqual(result.isError, true, JSON.stringify(result));
  await client.close();
  return { client, transport, consent, account: result.structuredContent };
}

test('the MCP SDK signs in with a client ID metadata document (CIMD) and calls get_account', async () => {
  const userId = await newUser('cimd@test.example');
  const provider = new MemoryOAuthProvider(REDIRECT, clientIdUrl);
  const before = docRequests;
  const { consent, account } = await signInWithSdk(provider, userId, 'modern');
  assert.ok(docRequests > before, 'the metadata document was fetched');
  assert.equal(provider.client?.client_id, clientIdUrl, 'no registration: the URL is the client_id');

  // The consent page names the client, the client_id host and where the answer goes.
  assert.ok(consent.kind === 'page');
  assert.match(consent.body, /Metadata Document Client/);
  assert.match(consent.body, new RegExp(`Identified by <strong>localhost:\\d+</strong>`));
  assert.match(consent.body, /goes back to <strong>127\.0\.0\.1:45999<\/strong>, an app on this computer/);
  assert.match(consent.body, /account:read/);

  assert.equal(account.user.email, 'cimd@test.example');
  assert.equal(account.access.credential, 'oauth');
  assert.equal(account.access.client_id, clientIdUrl);
  assert.equal(account.access.name, 'Metadata Document Client');
  assert.deepEqual(account.access.scopes, ['account:read']);
  assert.ok(provider.saved?.refresh_token, 'a refresh token without asking for offline_access is fine too');
});

test('the MCP SDK signs in with dynamic client registration (DCR) on the legacy era and calls get_account', async () => {
  const userId = await newUser('dcr@test.example');
  const provider = new MemoryOAuthProvider(REDIRECT);
  const { consent, account } = await signInWithSdk(provider, userId, 'legacy');
  assert.ok(provider.client?.client_id && !provider.client.client_id.startsWith('https://'), 'registered a client');
  assert.equal(provider.client?.client_secret, undefined, 'public client: no secret issued');
  assert.ok(consent.kind === 'page');
  assert.match(consent.body, /SDK Test Client/);
  assert.match(consent.body, /registered itself; its name is not verified/);
  assert.equal(account.user.email, 'dcr@test.example');
  assert.equal(account.access.credential, 'oauth');
  assert.equal(account.access.name, 'SDK Test Client');
});

test('the SDK refreshes an expired session with the rotated refresh token and keeps working', async () => {
  const userId = await newUser('refresh@test.example');
  const provider = new MemoryOAuthProvider(REDIRECT);
  await signInWithSdk(provider, userId, 'modern');
  const first = provider.saved!;
  // The access token is no longer accepted (as if expired): the SDK refreshes on the 401.
  provider.saved = { ...first, access_token: 'x.y.z' };
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', base), { authProvider: provider });
  const client = new Client({ name: 'sdk-oauth-test', version: '1.0.0' });
  await client.connect(transport);
  const result = (await client.callTool({ name: 'get_account', arguments: {} })) as { isError?: boolean };
  assert.notEqual(result.isError, true);
  assert.ok(provider.saved.refresh_token && provider.saved.refresh_token !== first.refresh_token, 'the refresh token rotated');
  await client.close();
});

test('without the allowance, a client_id on a loopback address is refused before any connection is made (SSRF)', async () => {
  const guarded = await createTestApp(); // the production setting: no private host allowed
  // TLS is not the obstacle: this process trusts the certificate.
  assert.equal((await fetch(clientIdUrl)).status, 200);
  const before = docRequests;
  const connectionsBefore = docConnections;
  const browser = new TestBrowser(guarded.app);
  const userId = await guarded.app.services.accounts.createUser({ email: 'ssrf@test.example', name: 'S', password: null });
  await browser.signIn(guarded.app, userId);
  const q = new URLSearchParams({
    client_id: clientIdUrl,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'account:read',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  const page = await browser.visit(`/oauth/auth?${q}`);
  assert.equal(page.kind, 'page');
  assert.ok(page.kind === 'page');
  assert.equal(page.status, 400);
  assert.match(page.body, /invalid_client/);
  assert.match(page.body, /client_id metadata document fetch failed/);
  assert.equal(docRequests, before, 'no request reached the loopback server');
  assert.equal(docConnections, connectionsBefore, 'not even a TCP connection: the address is refused before connecting');
  await guarded.close();
});

test('client ID metadata documents: too large, naming another client_id, redirected, or with another redirect_uri → refused', async () => {
  const userId = await newUser('cimd-bad@test.example');
  const browser = new TestBrowser(t.app);
  await browser.signIn(t.app, userId);
  const origin = new URL(clientIdUrl).origin;
  const attempt = (clientId: string, redirectUri = REDIRECT) =>
    browser.visit(
      `/oauth/auth?${new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: redirectUri, scope: 'account:read', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })}`,
    );
  for (const [clientId, redirectUri, why] of [
    [`${origin}/too-big.json`, REDIRECT, /client_id metadata document fetch failed/],
    [`${origin}/someone-else.json`, REDIRECT, /client_id does not match/],
    [`${origin}/redirect.json`, REDIRECT, /client_id metadata document fetch failed/],
    [clientIdUrl, 'http://127.0.0.1:45999/elsewhere', /redirect_uri did not match/],
  ] as const) {
    const page = await attempt(clientId, redirectUri);
    assert.ok(page.kind === 'page', `${clientId}: ${JSON.stringify(page).slice(0, 200)}`);
    assert.equal(page.status, 400, clientId);
    assert.match(page.body, why, clientId);
  }
});
