import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteSession } from '../../domain/accounts/sessions.ts';
import type { Services } from '../../services.ts';
import type { SignInMethod } from '../../store/schema.ts';

export const SESSION_COOKIE = 'ly_session';

/** The signed-in site user of a browser request, from the signed session cookie; undefined if none. */
export async function readSiteSession(request: FastifyRequest, services: Services): Promise<SiteSession | undefined> {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  const session = await services.sessions.resolve(unsigned.value);
  // Every list's vote forms carry it: the vote then says a page of the site showed the listing.
  if (session) session.pageToken = await services.voteTrust.pageToken(session.userId, '*', 'list');
  return session;
}

/**
 * Starts a session for a user who just proved who they are (by `method`), and sets the cookie.
 * Signing in cancels a deletion the account is waiting for (domain/accounts/account-deletion.ts):
 * `deletionCancelled` says so, for the page after sign-in to tell.
 */
export async function startSiteSession(request: FastifyRequest, reply: FastifyReply, services: Services, userId: string, method: SignInMethod = 'password') {
  const deletionCancelled = await services.accountDeletion.cancelOnSignIn(userId);
  const { token, maxAgeSeconds } = await services.sessions.start(
    userId,
    { userAgent: request.headers['user-agent'] ?? null },
    method,
  );
  reply.setCookie(SESSION_COOKIE, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: services.publicUrl.startsWith('https://'),
    path: '/',
    maxAge: maxAgeSeconds,
  });
  return { deletionCancelled };
}

export function clearSiteSession(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
