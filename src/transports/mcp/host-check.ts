import type { FastifyReply, FastifyRequest } from 'fastify';
import { validateHostHeader } from '@modelcontextprotocol/server';

/** Distinct Host values remembered; past this, each one is checked afresh (no unbounded growth). */
const REMEMBERED_HOSTS = 64;

/**
 * DNS-rebinding protection for /mcp: the SDK's Host check and its 403 answer, with the verdict
 * per Host value remembered. The SDK parses the header as a URL on every request, a measurable
 * share of a cached tool call, and callers send the same one or two Host values.
 */
export function hostCheck(allowedHostnames: string[]) {
  const verdicts = new Map<string, boolean>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const host = request.headers.host;
    let ok = host === undefined ? false : verdicts.get(host);
    if (ok === undefined) {
      ok = validateHostHeader(host, allowedHostnames).ok;
      if (verdicts.size < REMEMBERED_HOSTS) verdicts.set(host!, ok);
    }
    if (ok) return;
    const result = validateHostHeader(host, allowedHostnames);
    await reply.code(403).send({ jsonrpc: '2.0', error: { code: -32000, message: result.ok ? 'Invalid Host' : result.message }, id: null });
  };
}
