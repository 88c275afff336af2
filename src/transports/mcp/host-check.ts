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
  const verdicts = new Map<string, ReturnType<typeof validateHostHeader>>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const host = request.headers.host;
    let verdict = host === undefined ? undefined : verdicts.get(host);
    if (verdict === undefined) {
      verdict = validateHostHeader(host, allowedHostnames);
      if (host !== undefined && verdicts.size < REMEMBERED_HOSTS) verdicts.set(host, verdict);
    }
    if (verdict.ok) return;
    await reply.code(403).send({ jsonrpc: '2.0', error: { code: -32000, message: verdict.message }, id: null });
  };
}

/**
 * The transport specification's Origin rule for /mcp: a request from a web page carries an
 * Origin, and only the service's own origin and those the operator allows (MCP_ALLOWED_ORIGINS)
 * may call; anything else, "null" included, is 403. Clients outside browsers send no Origin.
 */
export function originCheck(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin)) return;
    await reply.code(403).send({ jsonrpc: '2.0', error: { code: -32000, message: `Origin ${origin.slice(0, 200)} may not call this server` }, id: null });
  };
}
