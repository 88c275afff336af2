import { fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { createSafeAgent } from './safe-agent.ts';

/**
 * The service's fetch for everything that is not the crawler (which reads pages through the same
 * agent with its own robots.txt and page rules): client metadata documents of OAuth clients, the
 * language model, the Domain Rating provider. Every connection goes through the safe agent, so a
 * private, loopback or link-local address is refused before connecting, on every redirect hop
 * too; each call has a deadline, and a body longer than the bound is cut off with an error.
 */
export interface SafeFetchOptions {
  /** Hosts reachable although private (an operator's own model or provider, tests), as written in a URL. */
  allowHosts: string[];
  /** The whole call, body included. */
  timeoutMs: number;
  maxBodyBytes: number;
  userAgent?: string;
}

export type SafeFetch = ((input: string | URL, init?: RequestInit) => Promise<Response>) & { close(): Promise<void> };

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`the answer is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

export function createSafeFetch(opts: SafeFetchOptions): SafeFetch {
  const agent = createSafeAgent({ allowHosts: opts.allowHosts, connectTimeoutMs: Math.min(5_000, opts.timeoutMs) });
  const call = async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    // A dispatcher someone else chose (oidc-provider passes its own) is replaced by ours.
    const { dispatcher: _theirs, signal, ...rest } = init as RequestInit & { dispatcher?: unknown };
    const deadline = AbortSignal.timeout(opts.timeoutMs);
    const headers = new Headers(rest.headers as HeadersInit | undefined);
    if (opts.userAgent && !headers.has('user-agent')) headers.set('user-agent', opts.userAgent);
    const res = await undiciFetch(String(input), {
      ...(rest as UndiciRequestInit),
      headers: Object.fromEntries(headers),
      signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      dispatcher: agent,
    });
    return new Response(bounded(res.body as ReadableStream<Uint8Array> | null, opts.maxBodyBytes), {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers as unknown as Headers,
    });
  };
  return Object.assign(call, { close: () => agent.close() });
}

/** The body, failing once it passes `limit` bytes (a huge answer is never held whole). */
function bounded(body: ReadableStream<Uint8Array> | null, limit: number): ReadableStream<Uint8Array> | null {
  if (!body) return null;
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new BodyTooLargeError(limit));
        else controller.enqueue(chunk);
      },
    }),
  );
}
