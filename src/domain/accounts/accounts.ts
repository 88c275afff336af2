import type { ApiKeysStore } from '../../store/api-keys-store.ts';
import type { UsersStore } from '../../store/users-store.ts';
import { SCOPES, type Actor, type Scope } from '../actor.ts';
import { DomainError } from '../errors.ts';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords.ts';
import { looksLikeApiKey, newApiKey, sameDigest, sha256 } from './secrets.ts';

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'account:read': "Read your account, drafts, listings, claims and orders.",
  'listings:write': 'Create and edit drafts and listings, and claim listings.',
  'orders:write': 'Quote orders and create checkouts.',
  'webhooks:write': 'Register, list and delete your webhook endpoints, read their delivery log and send deliveries again.',
};

const invalidToken = (detail: string) => new DomainError('unauthenticated', 'invalid_token', detail);

export function createAccounts(deps: { users: UsersStore; apiKeys: ApiKeysStore; now: () => Date }) {
  const { users, apiKeys, now } = deps;
  return {
    async createUser(p: { email: string; name: string; password: string | null; isAdmin?: boolean }) {
      if (p.password !== null && (p.password.length < PASSWORD_MIN || p.password.length > PASSWORD_MAX)) {
        throw new DomainError('invalid', 'weak_password', `A password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`, [
          { field: 'password', message: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters` },
        ]);
      }
      const id = await users.create({
        email: p.email.trim(),
        name: p.name.trim(),
        passwordHash: p.password === null ? null : await hashPassword(p.password),
        isAdmin: p.isAdmin,
      });
      if (!id) throw new DomainError('conflict', 'email_taken', 'An account with this email exists.', [{ field: 'email', message: 'taken' }]);
      return id;
    },

    /** Creates a key; the plain key is in the result and nowhere else, ever. */
    async createApiKey(userId: string, p: { name: string; scopes: Scope[]; expiresAt?: Date | null }) {
      const scopes = [...new Set(p.scopes)];
      if (!scopes.length || scopes.some((s) => !SCOPES.includes(s))) {
        throw new DomainError('invalid', 'invalid_scope', `Choose scopes among ${SCOPES.join(', ')}.`, [{ field: 'scopes', message: 'unknown or empty' }]);
      }
      const name = p.name.trim();
      if (!name || name.length > 100) throw new DomainError('invalid', 'validation_failed', 'A key name has 1 to 100 characters.', [{ field: 'name', message: '1 to 100 characters' }]);
      const made = newApiKey();
      const record = await apiKeys.create({ userId, name, prefix: made.prefix, hash: made.hash, scopes, expiresAt: p.expiresAt });
      return { key: made.key, record };
    },

    listApiKeys: (userId: string) => apiKeys.listForUser(userId),

    /** Revokes one of the user's keys; false when it is not theirs or already revoked. */
    revokeApiKey: (userId: string, keyId: string) => apiKeys.revoke(keyId, userId),

    /**
     * The actor an API key stands for. A presented key that is unknown, revoked or expired is a
     * 401 invalid_token, also on public operations: a client should learn its key is bad.
     */
    async actorForApiKey(token: string, ip: string): Promise<Actor> {
      if (!looksLikeApiKey(token)) throw invalidToken('The bearer token is not a valid API key or access token.');
      const hash = sha256(token);
      const key = await apiKeys.byHash(hash);
      if (!key || !sameDigest(key.secret_hash, hash)) throw invalidToken('Unknown API key.');
      if (key.revoked_at) throw invalidToken('This API key was revoked.');
      if (key.expires_at && key.expires_at <= now()) throw invalidToken('This API key has expired.');
      if (key.user_disabled_at) throw invalidToken('The account of this API key is disabled by the site\'s administrators.');
      void apiKeys.touch(key.id, now()).catch(() => {});
      return {
        kind: 'user',
        userId: key.user_id,
        ip,
        via: 'api_key',
        scopes: key.scopes as Scope[],
        credential: { id: key.id, name: key.name, expiresAt: key.expires_at },
      };
    },

    async account(actor: Actor) {
      if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'unauthenticated', 'Sign in first.');
      const user = await users.byId(actor.userId);
      if (!user) throw invalidToken('The account behind this credential no longer exists.');
      return {
        user: {
          id: Number(user.id),
          email: user.email,
          name: user.name,
          email_verified: user.email_verified_at !== null,
          created_at: new Date(user.created_at).toISOString(),
        },
        access: {
          credential: actor.via,
          credential_id: actor.credential.id,
          name: actor.credential.name,
          client_id: actor.credential.clientId ?? null,
          scopes: [...actor.scopes],
          expires_at: actor.credential.expiresAt ? new Date(actor.credential.expiresAt).toISOString() : null,
          allows: SCOPES.map((scope) => ({ scope, granted: actor.scopes.includes(scope), description: SCOPE_DESCRIPTIONS[scope] })),
        },
      };
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
