import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { App } from '../app.ts';
import type { Scope } from '../domain/actor.ts';

/**
 * A browser for tests: follows the authorization server's redirects in-process (Fastify inject)
 * with a cookie jar, stops at the consent page, at /sign-in, or when it leaves the service (the
 * client's redirect URI).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  private readonly http: FastifyInstance;
  private readonly publicUrl: string;
  constructor(app: App) {
    this.http = app.http;
    this.publicUrl = app.config.publicUrl;
  }

  /** Signs the browser in on the site as this user (a server-side session and its signed cookie). */
  async signIn(app: App, userId: string) {
    const { token } = await app.services.sessions.start(userId, { userAgent: 'test' });
    this.cookies.set('ly_session', encodeURIComponent(this.http.signCookie(token)));
  }

  signOut() {
    this.cookies.delete('ly_session');
  }

  private store(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now()) || attrs.some((a) => /^\s*max-age=0\b/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>, headers: Record<string, string> = {}) {
    const path = url.startsWith(this.publicUrl) ? url.slice(this.publicUrl.length) : url;
    const res = await this.http.inject({
      method,
      url: path,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.store(res.headers['set-cookie']);
    return res;
  }

  /** Follows redirects from `url` until a page is shown or the browser leaves for another site. */
  async visit(url: string, method: 'GET' | 'POST' = 'GET', form?: Record<string, string>, headers?: Record<string, string>): Promise<BrowseResult> {
    let res = await this.request(method, url, form, headers);
    for (let hops = 0; hops < 20; hops++) {
      const location = res.headers.location as string | undefined;
      if (res.statusCode >= 300 && res.statusCode < 400 && location) {
        const internal = location.startsWith('/') || location.startsWith(this.publicUrl);
        if (!internal) return { kind: 'left', url: new URL(location), status: res.statusCode };
        const target = new URL(location, this.publicUrl);
        if (target.pathname === '/sign-in') return { kind: 'sign-in', returnTo: target.searchParams.get('return_to'), status: res.statusCode };
        res = await this.request('GET', location);
        continue;
      }
      return { kind: 'page', status: res.statusCode, body: res.body, headers: res.headers };
    }
    throw new Error('too many redirects');
  }

  /** Submits the consent form of a consent page (as shown), approving or denying. */
  async decide(page: BrowseResult, decision: 'approve' | 'deny', overrides: Record<string, string> = {}, headers?: Record<string, string>) {
    if (page.kind !== 'page') throw new Error(`not on a page: ${JSON.stringify(page)}`);
    const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
    if (!action || !csrf) throw new Error(`no consent form on the page: ${page.body.slice(0, 500)}`);
    return this.visit(action.replace(/&amp;/g, '&'), 'POST', { csrf, decision, ...overrides }, headers);
  }
}

export type BrowseResult =
  | { kind: 'left'; url: URL; status: number }
  | { kind: 'sign-in'; returnTo: string | null; status: number }
  | { kind: 'page'; status: number; body: string; headers: Record<string, unknown> };

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const TEST_REDIRECT_URI = 'http://127.0.0.1:7777/callback';

/** Registers a public client by dynamic client registration (RFC 7591); returns its client_id. */
export async function registerClient(app: App, metadata: Record<string, unknown> = {}) {
  const res = await app.http.inject({
    method: 'POST',
    url: '/oauth/reg',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      client_name: 'Test App',
      redirect_uris: [TEST_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      ...metadata,
    }),
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  return res.json() as { client_id: string } & Record<string, unknown>;
}

export function authorizeUrl(p: { clientId: string; redirectUri?: string; scope: string; resource?: string | string[]; challenge?: string; method?: string; state?: string; extra?: Record<string, string> }) {
  const q = new URLSearchParams({ client_id: p.clientId, response_type: 'code', redirect_uri: p.redirectUri ?? TEST_REDIRECT_URI, scope: p.scope, state: p.state ?? 'st4te' });
  for (const r of [p.resource ?? []].flat()) q.append('resource', r);
  if (p.challenge !== undefined) q.set('code_challenge', p.challenge);
  if (p.method !== undefined) q.set('code_challenge_method', p.method);
  for (const [k, v] of Object.entries(p.extra ?? {})) q.set(k, v);
  return `/oauth/auth?${q}`;
}

/** A token endpoint request (form-encoded, public client). */
export async function tokenRequest(app: App, params: Record<string, string>) {
  const res = await app.http.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
  return { status: res.statusCode, body: res.json() as Record<string, any>, headers: res.headers };
}

/**
 * The whole authorization-code flow for a signed-in user, in-process: DCR, authorize with PKCE and
 * a resource, consent, token. Returns the token response and who/what it belongs to.
 */
export async function obtainTokens(
  app: App,
  p: { userId: string; scopes: Scope[]; resource?: '/mcp' | '/api/v1'; also?: '/mcp' | '/api/v1'; browser?: TestBrowser; clientId?: string },
) {
  const browser = p.browser ?? new TestBrowser(app);
  if (!browser.cookies.has('ly_session')) await browser.signIn(app, p.userId);
  const clientId = p.clientId ?? (await registerClient(app)).client_id;
  const { verifier, challenge } = pkce();
  const resource = `${app.config.publicUrl}${p.resource ?? '/mcp'}`;
  const resources = p.also ? [resource, `${app.config.publicUrl}${p.also}`] : resource;
  let step = await browser.visit(authorizeUrl({ clientId, scope: p.scopes.join(' '), resource: resources, challenge, method: 'S256' }));
  if (step.kind === 'page') step = await browser.decide(step, 'approve');
  if (step.kind !== 'left') throw new Error(`authorization did not return to the client: ${JSON.stringify(step).slice(0, 500)}`);
  const code = step.url.searchParams.get('code');
  if (!code) throw new Error(`no code: ${step.url}`);
  const token = await tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT_URI, code_verifier: verifier, client_id: clientId, resource });
  if (token.status !== 200) throw new Error(`token request failed: ${token.status} ${JSON.stringify(token.body)}`);
  return {
    clientId,
    browser,
    code,
    accessToken: token.body.access_token as string,
    refreshToken: token.body.refresh_token as string | undefined,
    body: token.body,
    auth: { authorization: `Bearer ${token.body.access_token}` },
  };
}

/** A refresh-token request for a (granted) resource; throws unless it succeeds. */
export async function refreshFor(app: App, p: { refreshToken: string; clientId: string; resource: '/mcp' | '/api/v1' }) {
  const res = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: p.refreshToken, client_id: p.clientId, resource: `${app.config.publicUrl}${p.resource}` });
  if (res.status !== 200) throw new Error(`refresh failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { access_token: string; refresh_token: string };
}
