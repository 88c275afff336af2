import type { FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import type { SignInProvider } from '../../../store/schema.ts';
import type { FlowChecks } from '../../../sign-in-providers/provider.ts';
import { safeReturnTo } from '../return-to.ts';

/**
 * One sign-in at a provider, between its two legs (the redirect out, the callback back): the state,
 * nonce and PKCE verifier it was started with, where to return, and, when a signed-in person links
 * a provider, whose account. Kept in the browser itself, in a signed HttpOnly cookie on the
 * callback's path, for ten minutes: no row per started sign-in, every node reads it alike, and a
 * callback in another browser (a link forwarded, a forged one) finds no cookie and is refused.
 * SameSite=Lax: the provider's redirect back is a top-level GET navigation, which carries it.
 */
export const FLOW_COOKIE = 'ly_sign_in';
export const FLOW_PATH = '/sign-in/';
export const FLOW_LIFETIME_MS = 10 * 60_000;
/** A longer return_to is dropped (the account page instead): the cookie stays well under 4 kB. */
const RETURN_TO_MAX = 1000;

export interface Flow extends FlowChecks {
  provider: SignInProvider;
  /** A signed-in person linking a provider to this account; absent for signing in. */
  linkUserId?: string;
  returnTo?: string;
  expiresAt: number;
}

const Stored = z.object({
  p: z.enum(['github', 'google']),
  s: z.string().min(1).max(200),
  n: z.string().min(1).max(200),
  v: z.string().min(43).max(128),
  u: z.string().regex(/^\d{1,19}$/).optional(),
  r: z.string().max(RETURN_TO_MAX).optional(),
  e: z.number().int(),
});

/** A new flow's random values (openid-client's: 32 random bytes each). */
export function newFlow(provider: SignInProvider, now: Date, p: { returnTo?: string; linkUserId?: string }): Flow {
  return {
    provider,
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    returnTo: p.returnTo && p.returnTo.length <= RETURN_TO_MAX ? p.returnTo : undefined,
    linkUserId: p.linkUserId,
    expiresAt: now.getTime() + FLOW_LIFETIME_MS,
  };
}

export function setFlowCookie(reply: FastifyReply, flow: Flow, secure: boolean) {
  const value = JSON.stringify({ p: flow.provider, s: flow.state, n: flow.nonce, v: flow.verifier, u: flow.linkUserId, r: flow.returnTo, e: flow.expiresAt });
  reply.setCookie(FLOW_COOKIE, value, { signed: true, httpOnly: true, sameSite: 'lax', secure, path: FLOW_PATH, maxAge: FLOW_LIFETIME_MS / 1000 });
}

export function clearFlowCookie(reply: FastifyReply) {
  reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
}

/** Why a callback has no flow to finish. */
export type FlowProblem = 'missing' | 'expired';

/** This browser's flow: missing when there is no cookie, or one not signed by us, or not of our shape. */
export function readFlowCookie(request: FastifyRequest, now: Date): Flow | FlowProblem {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return 'missing';
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return 'missing';
  let parsed: z.infer<typeof Stored>;
  try {
    const result = Stored.safeParse(JSON.parse(unsigned.value));
    if (!result.success) return 'missing';
    parsed = result.data;
  } catch {
    return 'missing';
  }
  if (parsed.e <= now.getTime()) return 'expired';
  return { provider: parsed.p, state: parsed.s, nonce: parsed.n, verifier: parsed.v, linkUserId: parsed.u, returnTo: safeReturnTo(parsed.r), expiresAt: parsed.e };
}
