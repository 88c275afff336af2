import type { FastifyReply } from 'fastify';
import type { Budget } from '../domain/errors.ts';

/**
 * RateLimit headers (draft-ietf-httpapi-ratelimit-headers-07, as @fastify/rate-limit writes
 * them): a budget's limit, what is left and when it resets, and the policy (quota;w=window).
 */
export function setBudgetHeaders(reply: FastifyReply, b: Budget) {
  reply
    .header('ratelimit-limit', String(b.limit))
    .header('ratelimit-remaining', String(b.remaining))
    .header('ratelimit-reset', String(b.resetSeconds))
    .header('ratelimit-policy', `${b.limit};w=${b.windowSeconds}`);
}

/**
 * Adds RateLimit-Policy to responses the rate-limit plugin counted (its window is fixed): as a
 * preHandler, so routes that write the raw response themselves (/mcp) carry it too, and onSend
 * for the plugin's own 429s.
 */
export function addRateLimitPolicy(reply: FastifyReply, windowSeconds: number) {
  const limit = reply.getHeader('ratelimit-limit');
  if (limit !== undefined && !reply.hasHeader('ratelimit-policy')) reply.header('ratelimit-policy', `${limit};w=${windowSeconds}`);
}
