import { DomainError } from '../errors.ts';

/** Who does an administrator's action: an account (checked to be an administrator) or the operator's CLI (null). */
export type AdminId = string | null;

export const adminOnly = () => new DomainError('forbidden', 'admin_only', 'This is for administrators.');

/**
 * Refuses an account that is not an administrator (or is disabled) at the moment of the action,
 * inside its transaction. Pages check the session first; this is the rule itself, so a role taken
 * away while a page was open, or a caller that forgot the page's check, changes nothing.
 */
export async function mustBeAdmin(tx: { isActingAdmin(userId: string): Promise<boolean> }, adminId: AdminId) {
  if (adminId !== null && !(await tx.isActingAdmin(adminId))) throw adminOnly();
}
