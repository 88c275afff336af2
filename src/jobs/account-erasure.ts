import type { AccountDeletion } from '../domain/accounts/account-deletion.ts';

export const ACCOUNT_ERASURE_JOB = 'account-erasure';
/**
 * Hourly: an account is erased within the hour after its grace ends. The queue is stately (one run
 * at a time across nodes), and each account is erased under its row lock after checking it is
 * still due and not erased, so a second run or a retry erases nothing twice.
 */
export const ACCOUNT_ERASURE_CRON = '20 * * * *';

/** Erases every account whose deletion is due; the counts go to the job run's record. */
export const runAccountErasure = (deletion: Pick<AccountDeletion, 'eraseDue'>) => deletion.eraseDue();
