import type { AdminUsersStore, AdminUsersTx, AccountState } from '../../store/admin-users-store.ts';
import { DomainError, notFound } from '../errors.ts';
import { mustBeAdmin, type AdminId } from './acting-admin.ts';

/** An account by its id (the users page) or its address (the CLI). */
export type AccountRef = { id: string } | { email: string };

const lockAccount = async (tx: AdminUsersTx, ref: AccountRef): Promise<AccountState> => {
  const user = 'id' in ref ? await tx.lock(ref.id) : await tx.lockByEmail(ref.email);
  if (!user) throw notFound('user_not_found', 'id' in ref ? `No account has the id ${ref.id}.` : `No account has the address ${ref.email}.`);
  return user;
};

/**
 * Accounts as administrators manage them. A disabled account cannot sign in (sign-in.ts), its
 * sessions end at once (and a session is refused while the account is disabled), and its API
 * keys and OAuth grants are refused while it is disabled: enabling it again brings the keys and
 * connected apps back, not the sessions. Nobody disables their own account (the last
 * administrator would lock everyone out); the first administrator is made with the CLI.
 */
export function createAccountAdmin(deps: { store: AdminUsersStore; now: () => Date }) {
  const { store, now } = deps;
  return {
    async disable(adminId: AdminId, ref: AccountRef) {
      const at = now();
      return store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const user = await lockAccount(tx, ref);
        if (user.id === adminId) throw new DomainError('conflict', 'cannot_disable_self', 'You cannot disable your own account.');
        if (user.disabled_at) return user;
        await tx.setDisabled(user.id, at);
        await tx.endSessions(user.id, at);
        await tx.record({
          adminId,
          action: 'user_disabled',
          subjectType: 'user',
          subjectId: user.id,
          summary: `Disabled ${user.email}: no sign-in, every session ended, API keys and connected apps refused`,
          details: { email: user.email },
          at,
        });
        return { ...user, disabled_at: at };
      });
    },

    async enable(adminId: AdminId, ref: AccountRef) {
      const at = now();
      return store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const user = await lockAccount(tx, ref);
        if (!user.disabled_at) return user;
        await tx.setDisabled(user.id, null);
        await tx.record({ adminId, action: 'user_enabled', subjectType: 'user', subjectId: user.id, summary: `Enabled ${user.email} again`, details: { email: user.email }, at });
        return { ...user, disabled_at: null };
      });
    },

    /** Makes an account an administrator (the CLI's user:admin). False when it was one already. */
    async grantAdmin(adminId: AdminId, ref: AccountRef) {
      const at = now();
      return store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const user = await lockAccount(tx, ref);
        if (user.is_admin) return false;
        await tx.grantAdmin(user.id);
        await tx.record({ adminId, action: 'admin_granted', subjectType: 'user', subjectId: user.id, summary: `Made ${user.email} an administrator`, details: { email: user.email }, at });
        return true;
      });
    },

    list: (p: { q?: string; disabledOnly?: boolean; limit: number; offset: number }) => store.list({ ...p, now: now() }),
  };
}
export type AccountAdmin = ReturnType<typeof createAccountAdmin>;
