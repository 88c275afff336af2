import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteSession } from '../../domain/accounts/sessions.ts';
import { SCOPES, type Actor } from '../../domain/actor.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Services } from '../../services.ts';
import { checkSessionCsrf } from './csrf.ts';
import { html, type Html } from './html.ts';
import { layout, pageHeaders } from './layout.ts';
import { pageHead } from './head.ts';
import { withReturnTo } from './return-to.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in site user, resolved once per site request; undefined when signed out. */
    siteSession: SiteSession | undefined;
  }
}

export interface WebOptions {
  services: Services;
  publicUrl: string;
  siteName: string;
  /** Sign-in form posts per client address and minute (its own budget, not the anonymous API's). */
  signInPerMinute: number;
}

/** Fixed confirmation texts, chosen by ?notice=… after a redirect (never echoing input). */
const NOTICES: Record<string, string> = {
  welcome: 'Welcome! We sent you a link to confirm your email address.',
  'verify-sent': 'We sent you a new confirmation link. It works once, for 24 hours.',
  'signed-out': 'You are signed out.',
  'signed-out-everywhere': 'You are signed out on every browser and device.',
  'deletion-cancelled': 'Welcome back: signing in cancelled the deletion of your account. Your API keys and connected apps stay revoked; make new ones if you need them.',
  'deletion-link-sent': 'We e-mailed you a link to confirm the deletion. It works once, for an hour; nothing is deleted before you use it.',
  'welcome-provider': 'Welcome! Your account is made, with the e-mail address the provider verified.',
  'linked-at-sign-in': 'You are signed in, and this sign-in method is now linked to your account.',
  'identity-linked': 'Linked: you can now sign in with it too.',
  'identity-unlinked': 'Unlinked: it no longer signs you in to this account.',
  'key-revoked': 'The API key is revoked. Requests with it now get 401.',
  'app-revoked': 'The app is disconnected from your account.',
  voted: 'Your vote is in.',
  unvoted: 'Your vote is withdrawn.',
  followed: 'You follow this listing.',
  unfollowed: 'You no longer follow this listing.',
  reviewed: 'Thank you: your review is saved.',
  commented: 'Your comment is posted.',
  replied: 'Your reply is posted.',
  'comment-held': 'Thank you: your comment is held for a moderator, who checks it before it appears.',
  'comment-edited': 'Your comment is updated.',
  'comment-deleted': 'Your comment is deleted.',
  'comment-upvoted': 'Your upvote is in.',
  'comment-unvoted': 'Your upvote is withdrawn.',
  'comment-pinned': 'The comment is pinned to the top of the discussion.',
  'comment-unpinned': 'The comment is no longer pinned.',
  'price-saved': 'The price is saved: quotes and checkouts use it from now on; existing orders keep theirs.',
  'product-added': 'The product is on sale.',
  'product-retired': 'The product is off sale. Existing orders keep it.',
};

export const noticeOf = (request: FastifyRequest) => NOTICES[String((request.query as Record<string, unknown> | undefined)?.notice ?? '')];

export function createWeb(opts: WebOptions) {
  const secure = opts.publicUrl.startsWith('https://');
  // Account pages, forms and error pages: named and linkable, but not for search engines.
  const accountHead = (request: FastifyRequest, p: { title: string; status?: number }) =>
    pageHead({ siteName: opts.siteName, publicUrl: opts.publicUrl, title: p.title, path: (p.status ?? 200) < 400 ? request.url.split('?')[0] : undefined, noindex: true });
  return {
    ...opts,
    secure,

    /** Sends a page in the site layout. */
    page(request: FastifyRequest, reply: FastifyReply, p: { title: string; body: Html; status?: number; notice?: string; script?: boolean; connect?: boolean; head?: Html }) {
      const head = p.head ? html`${accountHead(request, p)}${p.head}` : accountHead(request, p);
      return pageHeaders(reply, { script: p.script, connect: p.connect })
        .code(p.status ?? 200)
        .send(layout({ title: p.title, siteName: opts.siteName, session: request.siteSession, notice: p.notice ?? noticeOf(request), body: p.body, head, script: p.script }));
    },

    /** The session of a page that needs one; without, the browser is sent to sign in and back. */
    pageSession(request: FastifyRequest, reply: FastifyReply): SiteSession | undefined {
      if (request.siteSession) return request.siteSession;
      void reply.redirect(withReturnTo('/sign-in', request.url), 303);
      return undefined;
    },

    /**
     * The session of a signed-in form post, whose CSRF token must match. Without a session the
     * post is refused: 401 for nobody, 403 for an API key or OAuth token (the site takes neither).
     */
    formSession(request: FastifyRequest): SiteSession {
      const session = request.siteSession;
      if (!session) throw notSignedIn(request.actor);
      checkSessionCsrf(request, session, opts.publicUrl);
      return session;
    },
  };
}
export type Web = ReturnType<typeof createWeb>;

export function notSignedIn(actor: Actor) {
  return actor.kind === 'user'
    ? new DomainError('forbidden', 'site_session_required', 'The site takes only its own sign-in: API keys and OAuth tokens are not accepted here.')
    : new DomainError('unauthenticated', 'sign_in_required', 'Sign in first.');
}

/** The actor of a site session, as the domain sees it: the person themselves, on the site. */
export function sessionActor(request: FastifyRequest, session: SiteSession): Actor {
  return { kind: 'user', userId: session.userId, ip: request.ip, via: 'session', scopes: SCOPES, credential: { id: session.id, name: null, expiresAt: null } };
}

/** A string field of a url-encoded form body ('' when absent or repeated). */
export function field(request: FastifyRequest, name: string): string {
  const body = request.body as Record<string, unknown> | undefined;
  const v = body && typeof body === 'object' ? body[name] : undefined;
  return typeof v === 'string' ? v : '';
}

/** Every value of a field that may repeat (checkboxes). */
export function fields(request: FastifyRequest, name: string): string[] {
  const body = request.body as Record<string, unknown> | undefined;
  const v = body && typeof body === 'object' ? body[name] : undefined;
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string');
}

/** Options of every site route: pages and form posts are not API operations, so OpenAPI leaves them out. */
export const SITE_ROUTE = { schema: { hide: true } };
