export const SCOPES = ['account:read', 'listings:write', 'orders:write', 'webhooks:write'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Who is calling, as the domain sees it. Transports build it from a session, an API key or an
 * OAuth token; the domain never sees how.
 */
export type Actor =
  | { kind: 'anonymous'; ip: string }
  | {
      kind: 'user';
      userId: string;
      ip: string;
      /** How the caller proved who they are. Votes, reviews and follows require 'session'. */
      via: 'session' | 'api_key' | 'oauth';
      scopes: readonly Scope[];
      /** The credential itself: which key or grant, and until when it is good. */
      credential: { id: string; name: string | null; clientId?: string; expiresAt: Date | null };
    };

export const hasScope = (actor: Actor, scope: Scope) => actor.kind === 'user' && actor.scopes.includes(scope);

export const anonymous = (ip = '127.0.0.1'): Actor => ({ kind: 'anonymous', ip });
