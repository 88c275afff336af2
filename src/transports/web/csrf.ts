import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { randomToken } from '../../domain/accounts/secrets.ts';
import { DomainError } from '../../domain/errors.ts';
import type { SiteSession } from '../../domain/accounts/sessions.ts';

/**
 * CSRF protection of the site's forms, in two layers:
 *
 * 1. A token in a hidden `csrf` field. Signed-in forms echo the session's own token (stored with
 *    the session). The sign-in and sign-up forms, which have no session yet, use a double-submit
 *    token: a random value in a signed, HttpOnly cookie (`ly_csrf`) that the form repeats.
 * 2. The browser's word on where the post came from: an `Origin` header other than this site (or
 *    "null"), or `Sec-Fetch-Site` other than same-origin/none, is refused even with a good token.
 *    Requests without these headers (old browsers, scripts) rely on the token alone.
 */
export const PRE_SESSION_COOKIE = 'ly_csrf';

export const csrfRefused = () =>
  new DomainError('forbidden', 'csrf_failed', 'This form has expired or was sent from another site. Go back, reload the page and try again.');

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Whether the browser says the request came from one of our own pages. */
export function fromOurOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
}

const fieldOf = (request: FastifyRequest) => {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body && typeof body === 'object' ? body.csrf : undefined;
  return typeof value === 'string' ? value : '';
};

/** For signed-in forms: the hidden field must be the session's token. */
export function checkSessionCsrf(request: FastifyRequest, session: SiteSession, publicUrl: string) {
  if (!fromOurOrigin(request, publicUrl) || !same(fieldOf(request), session.csrf)) throw csrfRefused();
}

/** The pre-session token of this browser, setting the cookie when there is none yet. */
export function preSessionToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = readPreSessionCookie(request);
  if (existing) return existing;
  const token = randomToken(24);
  reply.setCookie(PRE_SESSION_COOKIE, token, { signed: true, httpOnly: true, sameSite: 'lax', secure, path: '/' });
  return token;
}

function readPreSessionCookie(request: FastifyRequest) {
  const raw = request.cookies[PRE_SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** For the sign-in and sign-up forms: the hidden field must repeat the signed cookie. */
export function checkPreSessionCsrf(request: FastifyRequest, publicUrl: string) {
  const cookie = readPreSessionCookie(request);
  if (!fromOurOrigin(request, publicUrl) || !cookie || !same(fieldOf(request), cookie)) throw csrfRefused();
}
