import { after } from 'node:test';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { loadConfig } from '../config.ts';
import { createApp, type App } from '../app.ts';
import { freshDatabaseUrl } from './database.ts';
import { fixtures } from './fixtures.ts';
import type { Scope } from '../domain/actor.ts';
import type { AnyOperation } from '../operations/define.ts';

export interface TestAppOptions {
  now?: () => Date;
  extraOperations?: AnyOperation[];
  env?: Record<string, string>;
}

export type Era = 'legacy' | 'modern';

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
    JOBS: 'off',
    ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
    ...opts.env,
  });
  const app: App = await createApp(config, { now: opts.now, viewFlushMs: 0, extraOperations: opts.extraOperations });
  let baseUrl: string | undefined;
  const clients: Client[] = [];
  let closed = false;

  const harness = {
    app,
    db: app.database.db,
    fx: fixtures(app.database.db),

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

    /** The listening base URL, starting the server on a free loopback port the first time. */
    async url() {
      if (!baseUrl) {
        await app.http.listen({ port: 0, host: '127.0.0.1' });
        baseUrl = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
      }
      return baseUrl;
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
