import { after } from 'node:test';
import { createServer, type AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { loadConfig } from '../config.ts';
import { createApp, type App } from '../app.ts';
import { freshDatabaseUrl } from './database.ts';
import { fixtures } from './fixtures.ts';
import { obtainTokens, refreshFor, TestBrowser } from './oauth.ts';
import type { Scope } from '../domain/actor.ts';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from '../domain/accounts/passwords.ts';
import type { AnyOperation } from '../operations/define.ts';

export interface TestAppOptions {
  now?: () => Date;
  extraOperations?: AnyOperation[];
  /** Off to see the MCP SDK answer tools/call where the fast path would. */
  mcpFastPath?: boolean;
  /** Public profile cache TTL; 0 (off) unless a test is about the cache. */
  profileCacheMs?: number;
  /** Listen on this port (see freePort) instead of a random one, e.g. to make it PUBLIC_URL. */
  port?: number;
  env?: Record<string, string>;
}

export type Era = 'legacy' | 'modern';

const passwordHashes = new Map<string, Promise<string>>();
/** The argon2id hash of a password, made once per test process (signIn's accounts share it). */
function hashOnce(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/**
 * The real application on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * closed after the test file. `rest` goes through Fastify inject; `mcp` through a real socket
 * with the official client SDK.
 */
export async function createTestApp(opts: TestAppOptions = {}) {
  const fresh = await freshDatabaseUrl();
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
    RATE_LIMIT_FAILED_CREDENTIALS: '100000',
    JOBS: 'off',
    // Share cards cost a drawing per page a test views first (~0.1 s of CPU each); their own tests turn them on.
    SHARE_IMAGES: 'off',
    ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
    ...opts.env,
  });
  const app: App = await createApp(config, { now: opts.now, viewFlushMs: 0, profileCacheMs: opts.profileCacheMs ?? 0, mcpFastPath: opts.mcpFastPath, extraOperations: opts.extraOperations, inlineJobs: !config.jobs, loadDataDir: config.dataDir === 'memory://' ? fresh.loadDataDir : undefined });
  let baseUrl: string | undefined;
  const clients: Client[] = [];
  let closed = false;

  const harness = {
    app,
    db: app.database.db,
    fx: fixtures(app.database.db),
    /** Resolves when every background job sent so far (crawls, drafting, mail) has finished (inline jobs, i.e. JOBS off). */
    jobsIdle: () => app.jobsIdle!(),

    async rest(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await app.http.inject({
        method: method as 'GET',
        url,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      const type = String(res.headers['content-type'] ?? '');
      return {
        status: res.statusCode,
        headers: res.headers,
        type,
        body: type.includes('json') ? res.json() : res.body,
      };
    },

    get: (url: string, headers?: Record<string, string>) => harness.rest('GET', url, undefined, headers),

    /** A new user with an API key of these scopes; returns the user id and the bearer header. */
    async apiKey(scopes: Scope[], opts: { email?: string; expiresAt?: Date } = {}) {
      const userId = await app.services.accounts.createUser({
        email: opts.email ?? `key-owner-${Math.random().toString(36).slice(2)}@test.example`,
        name: 'Key Owner',
        password: null,
      });
      const { key, record } = await app.services.accounts.createApiKey(userId, { name: 'test key', scopes, expiresAt: opts.expiresAt });
      return { userId, key, keyId: record.id, auth: { authorization: `Bearer ${key}` } };
    },

    /** A browser for the site and the OAuth pages (cookie jar, in-process requests). */
    browser: () => new TestBrowser(app),

    /** A new user and an OAuth access token of these scopes for a resource, through the real flow (DCR, PKCE, consent). */
    async oauthToken(scopes: Scope[], opts: { resource?: '/mcp' | '/api/v1'; userId?: string } = {}) {
      const userId =
        opts.userId ??
        (await app.services.accounts.createUser({ email: `oauth-${Math.random().toString(36).slice(2)}@test.example`, name: 'OAuth User', password: null }));
      return { userId, ...(await obtainTokens(app, { userId, scopes, resource: opts.resource })) };
    },

    /** A new user's OAuth grant for both resources: bearer headers for /api/v1 and for /mcp (one grant, one app). */
    async oauthTokens(scopes: Scope[]) {
      const userId = await app.services.accounts.createUser({ email: `oauth-${Math.random().toString(36).slice(2)}@test.example`, name: 'OAuth User', password: null });
      const first = await obtainTokens(app, { userId, scopes, resource: '/api/v1', also: '/mcp' });
      const mcp = await refreshFor(app, { refreshToken: first.refreshToken!, clientId: first.clientId, resource: '/mcp' });
      return { userId, rest: first.auth, mcp: { authorization: `Bearer ${mcp.access_token}` } };
    },

    /**
     * A browser for the website's forms: a cookie jar over inject. Posts are url-encoded and carry
     * this site's Origin; a header given as undefined is left out. `ip` is the client address.
     */
    siteBrowser(opts: { ip?: string; userAgent?: string } = {}) {
      const jar = new Map<string, string>();
      const remember = (setCookie: string | string[] | undefined) => {
        for (const line of [setCookie ?? []].flat()) {
          const [pair, ...attrs] = line.split(';');
          const eq = pair.indexOf('=');
          const name = pair.slice(0, eq).trim();
          const value = pair.slice(eq + 1).trim();
          const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now()));
          if (expired || value === '') jar.delete(name);
          else jar.set(name, value);
        }
      };
      const send = async (method: 'GET' | 'POST', url: string, payload: string | Buffer | undefined, headers: Record<string, string | undefined>) => {
        const all: Record<string, string> = { 'user-agent': opts.userAgent ?? 'test-browser/1.0' };
        if (jar.size) all.cookie = b.cookieHeader();
        if (payload !== undefined) {
          all['content-type'] = 'application/x-www-form-urlencoded';
          all.origin = 'http://localhost:3000';
        }
        for (const [k, v] of Object.entries(headers)) {
          if (v === undefined) delete all[k];
          else all[k] = v;
        }
        const res = await app.http.inject({ method, url, payload, headers: all, remoteAddress: opts.ip ?? '127.0.0.1' });
        remember(res.headers['set-cookie'] as string | string[] | undefined);
        return { status: res.statusCode, headers: res.headers, body: res.body, location: res.headers.location as string | undefined };
      };
      const b = {
        jar,
        cookieHeader: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        get: (url: string, headers: Record<string, string | undefined> = {}) => send('GET', url, undefined, headers),
        /** Posts a form; a header set to undefined is left out (e.g. { origin: undefined }). */
        post: (url: string, form: Record<string, string | string[]>, headers: Record<string, string | undefined> = {}) => {
          const body = new URLSearchParams();
          for (const [k, v] of Object.entries(form)) for (const one of [v].flat()) body.append(k, one);
          return send('POST', url, body.toString(), headers);
        },
        /** Posts a multipart form with one file, as a browser's file field sends it. */
        upload: (url: string, form: Record<string, string>, file: { field: string; name: string; type: string; bytes: Uint8Array }, headers: Record<string, string | undefined> = {}) => {
          const boundary = `----launchyard${Math.random().toString(36).slice(2)}`;
          const parts: Buffer[] = [];
          for (const [k, v] of Object.entries(form)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
          parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), Buffer.from(file.bytes), Buffer.from(`\r\n--${boundary}--\r\n`));
          return send('POST', url, Buffer.concat(parts), { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers });
        },
        /** The hidden csrf field of the page at `url`. */
        async csrf(url = '/account') {
          const page = await b.get(url);
          const m = /name="csrf" value="([^"]+)"/.exec(page.body);
          if (!m) throw new Error(`no csrf field on ${url} (status ${page.status})`);
          return m[1];
        },
      };
      return b;
    },

    /**
     * A site account signed in through the real sign-in form. Returns its browser, the cookie
     * header of the session and the session's CSRF token for signed-in forms.
     */
    async signIn(opts: { email?: string; password?: string; name?: string; verified?: boolean; admin?: boolean; ip?: string } = {}) {
      const email = opts.email ?? `site-${Math.random().toString(36).slice(2)}@test.example`;
      const password = opts.password ?? 'correct horse battery staple';
      // The account is made without a password and given the hash of this one: a password is
      // hashed once per test process (argon2id, ~50 ms of CPU each), and only the sign-in form
      // below checks it. A password the rules refuse goes through createUser, which says so.
      const fits = password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
      let user = await app.services.accounts.createUser({ email, name: opts.name ?? 'Site User', password: fits ? null : password, isAdmin: opts.admin }).catch(() => undefined);
      if (user && fits) await harness.db.updateTable('users').set({ password_hash: await hashOnce(password) }).where('id', '=', user).execute();
      user ??= (await harness.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
      if (opts.verified ?? true) await harness.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', user).execute();
      const browser = harness.siteBrowser({ ip: opts.ip });
      const res = await browser.post('/sign-in', { email, password, csrf: await browser.csrf('/sign-in') });
      if (res.status !== 303) throw new Error(`sign-in failed with ${res.status}`);
      return { userId: user, email, password, browser, cookie: browser.cookieHeader(), csrf: await browser.csrf('/account') };
    },

    /** The listening base URL, starting the server on a free loopback port the first time. */
    async url() {
      if (!baseUrl) {
        await app.http.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
        baseUrl = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
      }
      return baseUrl;
    },

    /**
     * A raw 2026-07-28 tools/call over the socket, for what an SDK client hides: HTTP status,
     * challenge headers, exact bodies.
     */
    async mcpCall(tool: string, args: Record<string, unknown> = {}, headers: Record<string, string> = {}, meta: Record<string, unknown> = {}) {
      const res = await fetch(`${await harness.url()}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': tool,
          ...headers,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 42,
          method: 'tools/call',
          params: {
            name: tool,
            arguments: args,
            _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, ...meta },
          },
        }),
      });
      const text = await res.text();
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        challenge: res.headers.get('www-authenticate'),
        text,
        body: text.startsWith('{') ? JSON.parse(text) : text,
      };
    },

    /** An MCP client of the official SDK, connected in the given protocol era. */
    async mcp(era: Era, headers: Record<string, string> = {}) {
      const client = new Client(
        { name: 'launchyard-tests', version: '1.0.0' },
        { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
      );
      const transport = new StreamableHTTPClientTransport(new URL('/mcp', await harness.url()), {
        requestInit: { headers },
      });
      await client.connect(transport);
      clients.push(client);
      return client;
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const c of clients) await c.close().catch(() => {});
      await app.close();
      await fresh.drop();
    },
  };
  after(() => harness.close());
  return harness;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The structured result of an MCP tool call, or its problem when isError. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    content: { type: string; text?: string }[];
  };
  return { isError: result.isError === true, data: result.structuredContent as any, result };
}

/** A TCP port free on the loopback interface right now (to know PUBLIC_URL before listening). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
