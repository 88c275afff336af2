import { errors, request } from 'undici';
import type { Dispatcher } from 'undici';
import type { CrawlFailure } from './types.ts';
import { BlockedAddressError } from '../outbound/safe-agent.ts';

export interface GetOptions {
  agent: Dispatcher;
  userAgent: string;
  accept: string;
  maxBytes: number;
  maxRedirects: number;
  /** The crawl's deadline (and the caller's cancellation). */
  signal: AbortSignal;
  /** Each hop also gets at most this long, so one slow answer cannot use the whole budget. */
  hopTimeoutMs: number;
  /** Called before every hop (the first URL and each redirect target); a failure stops there. */
  beforeHop?: (url: URL) => Promise<CrawlFailure | null>;
  /** Whether to read this response's body (e.g. only 2xx HTML); others are discarded unread. */
  wantBody: (status: number, contentType: string) => boolean;
}

export interface GetResponse {
  finalUrl: string;
  status: number;
  contentType: string;
  contentLanguage: string;
  /** The body up to maxBytes (a longer one is cut there); empty when wantBody said no. */
  body: Uint8Array;
}

export type GetOutcome = { ok: true; response: GetResponse } | { ok: false; failure: CrawlFailure };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** http(s) only; credentials in a URL are dropped rather than sent to a site we crawl. */
export function parseCrawlUrl(raw: string, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.username = '';
  url.password = '';
  url.hash = '';
  return url;
}

/**
 * One GET through the safe agent, following redirects by hand so each hop is counted, checked
 * (scheme, robots via beforeHop) and dialled through the connect-time address check. The body is
 * streamed and cut at maxBytes; the connection is dropped there instead of reading on.
 */
export async function boundedGet(start: URL, opts: GetOptions): Promise<GetOutcome> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const refusal = await opts.beforeHop?.(url);
    if (refusal) return { ok: false, failure: refusal };
    const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(opts.hopTimeoutMs)]);
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, {
        dispatcher: opts.agent,
        method: 'GET',
        headers: { 'user-agent': opts.userAgent, accept: opts.accept },
        signal,
      });
    } catch (err) {
      return { ok: false, failure: failureFor(err, url, signal) };
    }
    const status = res.statusCode;
    const location = headerValue(res.headers.location);
    if (REDIRECTS.has(status) && location) {
      discard(res.body);
      if (hop >= opts.maxRedirects) {
        return { ok: false, failure: { code: 'too_many_redirects', reason: `${start.href} redirected more than ${opts.maxRedirects} times.` } };
      }
      const next = parseCrawlUrl(location, url);
      if (!next) {
        return { ok: false, failure: { code: 'invalid_url', reason: `${url.href} redirected to ${location}, which is not an http(s) address.` } };
      }
      url = next;
      continue;
    }
    const contentType = headerValue(res.headers['content-type']);
    const response: GetResponse = {
      finalUrl: url.href,
      status,
      contentType,
      contentLanguage: headerValue(res.headers['content-language']),
      body: new Uint8Array(0),
    };
    if (!opts.wantBody(status, contentType)) {
      discard(res.body);
      return { ok: true, response };
    }
    try {
      response.body = await readCapped(res.body, opts.maxBytes);
    } catch (err) {
      return { ok: false, failure: failureFor(err, url, signal) };
    }
    return { ok: true, response };
  }
}

async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    if (chunk.length >= room) {
      chunks.push(chunk.subarray(0, room));
      size += room;
      truncated = chunk.length > room;
      if (truncated) break;
      continue;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  if (truncated) discard(body);
  return new Uint8Array(Buffer.concat(chunks, size));
}

/** Drops a body unread; undici reports that as an abort error, which is expected here. */
function discard(body: Dispatcher.ResponseData['body']) {
  body.on('error', () => {});
  body.destroy();
}

function headerValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** A transport error → a failure a founder can act on. */
export function failureFor(err: unknown, url: URL, signal: AbortSignal): CrawlFailure {
  if (err instanceof BlockedAddressError) {
    return { code: 'blocked_address', reason: `${err.message}; only public websites can be read.` };
  }
  if (signal.aborted || isTimeout(err)) {
    return { code: 'timeout', reason: `${url.href} did not answer in time.` };
  }
  const code = (err as { code?: string } | null)?.code ?? '';
  const why =
    code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA'
      ? `the name ${url.hostname} does not resolve`
      : code === 'ECONNREFUSED'
        ? 'the connection was refused'
        : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
          ? 'the connection was closed'
          : `${(err as Error)?.message ?? String(err)}`;
  return { code: 'unreachable', reason: `Could not read ${url.href}: ${why}.` };
}

function isTimeout(err: unknown): boolean {
  return (
    err instanceof errors.ConnectTimeoutError ||
    err instanceof errors.HeadersTimeoutError ||
    err instanceof errors.BodyTimeoutError ||
    (err as { name?: string } | null)?.name === 'TimeoutError'
  );
}
