import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './generated/openapi.ts';
import { OPERATIONS } from './generated/operations.ts';
import { retrying, type RetryOptions } from './retry.ts';

export interface LaunchyardClientOptions {
  /** The installation's address, its PUBLIC_URL (https://launches.example.com); the API is under /api/v1. */
  baseUrl: string;
  /** An API key from the account's API keys page, sent as Authorization: Bearer. */
  apiKey?: string;
  /**
   * An OAuth access token issued for the REST API (resource PUBLIC_URL/api/v1), or a function that
   * gives the current one (called before every request, so a refreshed token is used at once).
   */
  accessToken?: string | (() => string | Promise<string>);
  /** Retries after 429 Too Many Requests (on by default); false turns them off. */
  retry?: RetryOptions | false;
  /** Makes an Idempotency-Key for each write that takes one (default: a random UUID). */
  idempotencyKey?: () => string;
  /** The fetch to send requests with (default: globalThis.fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers for every request (a User-Agent naming your app, say). */
  headers?: Record<string, string>;
}

export type LaunchyardClient = Client<paths, 'application/json'>;

/** "POST /drafts" for every operation that takes an Idempotency-Key. */
const KEYED: ReadonlySet<string> = new Set(
  Object.values(OPERATIONS)
    .filter((op) => op.idempotencyKey)
    .map((op) => `${op.method} ${op.path}`),
);

/** True when the operation at this method and OpenAPI path takes an Idempotency-Key. */
export const takesIdempotencyKey = (method: string, schemaPath: string) => KEYED.has(`${method.toUpperCase()} ${schemaPath}`);

function credentials(options: LaunchyardClientOptions): Middleware | undefined {
  const { apiKey, accessToken } = options;
  if (apiKey !== undefined && accessToken !== undefined) throw new TypeError('Give apiKey or accessToken, not both.');
  if (apiKey === undefined && accessToken === undefined) return undefined;
  return {
    async onRequest({ request }) {
      const token = apiKey ?? (typeof accessToken === 'function' ? await accessToken() : accessToken);
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  };
}

/**
 * Every write that takes an Idempotency-Key gets one unless the call gave its own: the service then
 * runs it at most once, and a retry (after a 429 here, or yours with the same key) answers as the
 * first attempt did.
 */
function idempotencyKeys(make: () => string): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (takesIdempotencyKey(request.method, schemaPath) && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', make());
      return request;
    },
  };
}

/**
 * A typed client of one launchyard installation's REST API: every path, parameter, body, answer and
 * problem as the OpenAPI document describes it (openapi-fetch over types from openapi-typescript).
 */
export function createLaunchyardClient(options: LaunchyardClientOptions): LaunchyardClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  let origin = options.baseUrl;
  while (origin.endsWith('/')) origin = origin.slice(0, -1);
  const client = createClient<paths, 'application/json'>({
    baseUrl: `${origin}/api/v1`,
    fetch: options.retry === false ? send : retrying(send, options.retry),
    headers: options.headers,
  });
  const auth = credentials(options);
  if (auth) client.use(auth);
  client.use(idempotencyKeys(options.idempotencyKey ?? (() => crypto.randomUUID())));
  return client;
}
