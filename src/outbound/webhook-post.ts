import { request, type Dispatcher } from 'undici';
import { createSafeAgent, BlockedAddressError } from './safe-agent.ts';

/** What one webhook attempt came to, as the delivery log records it. */
export interface WebhookAnswer {
  outcome: 'delivered' | 'http_error' | 'redirect' | 'timeout' | 'address_refused' | 'connection_failed';
  statusCode: number | null;
  /** The answer's first bytes as text (at most `excerptBytes` bytes read; the rest is never read). */
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

export type WebhookPost = ((url: string, headers: Record<string, string>, body: string) => Promise<WebhookAnswer>) & { close(): Promise<void> };

/**
 * Posts webhook deliveries through the safe agent (outbound/safe-agent.ts): every address is
 * judged when dialled, so a host whose DNS now names a private address is refused although it was
 * public at registration. Redirects are never followed (a 3xx is a failed attempt, as GitHub and
 * Svix do): the receiver's own URL is the only place a delivery goes. One deadline covers connect,
 * send, headers and the excerpt; the socket is dropped after `excerptBytes`, so a 10 MB answer
 * costs 1 KiB of memory and a receiver that never answers costs the deadline.
 */
export function createWebhookPost(opts: { allowHosts: string[]; timeoutMs: number; excerptBytes: number; userAgent: string }): WebhookPost {
  const agent = createSafeAgent({ allowHosts: opts.allowHosts, connectTimeoutMs: Math.min(5_000, opts.timeoutMs) });
  const post = async (url: string, headers: Record<string, string>, body: string): Promise<WebhookAnswer> => {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error('deadline')), opts.timeoutMs);
    let res: Dispatcher.ResponseData | undefined;
    try {
      res = await request(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': opts.userAgent },
        body,
        dispatcher: agent,
        signal: deadline.signal,
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
      });
      const excerpt = await firstBytes(res.body, opts.excerptBytes);
      const status = res.statusCode;
      const outcome = status >= 200 && status < 300 ? 'delivered' : status >= 300 && status < 400 ? 'redirect' : 'http_error';
      const location = outcome === 'redirect' ? res.headers.location : undefined;
      return {
        outcome,
        statusCode: status,
        excerpt,
        error: outcome === 'redirect' ? `redirects are not followed${location ? ` (to ${String(location).slice(0, 200)})` : ''}` : null,
        durationMs: took(),
      };
    } catch (err) {
      res?.body.destroy();
      return { ...failure(err, deadline.signal.aborted, opts.timeoutMs), statusCode: null, excerpt: null, durationMs: took() };
    } finally {
      clearTimeout(timer);
    }
  };
  return Object.assign(post, { close: () => agent.close() });
}

/** Reads at most `limit` bytes of the body, then drops the connection's remainder. */
async function firstBytes(body: Dispatcher.ResponseData['body'], limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let seen = 0;
  try {
    for await (const chunk of body) {
      const b = chunk as Buffer;
      chunks.push(b.subarray(0, limit - seen));
      seen += Math.min(b.byteLength, limit - seen);
      if (seen >= limit) break;
    }
  } finally {
    body.destroy();
  }
  // Text only: a NUL cannot be stored, and a cut character becomes U+FFFD.
  return Buffer.concat(chunks).toString('utf8').replaceAll('\u0000', '\uFFFD');
}

function failure(err: unknown, timedOut: boolean, timeoutMs: number): Pick<WebhookAnswer, 'outcome' | 'error'> {
  const e = err as Error & { code?: string; cause?: Error & { code?: string } };
  const blocked = e instanceof BlockedAddressError || e?.cause instanceof BlockedAddressError || e?.code === 'ESSRF' || e?.cause?.code === 'ESSRF';
  if (blocked) return { outcome: 'address_refused', error: (e instanceof BlockedAddressError ? e : e.cause!).message.slice(0, 300) };
  const code = e?.code ?? e?.cause?.code;
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return { outcome: 'timeout', error: `no answer within ${timeoutMs / 1000} s` };
  }
  return { outcome: 'connection_failed', error: `${code ? `${code}: ` : ''}${e?.message ?? String(err)}`.slice(0, 300) };
}
