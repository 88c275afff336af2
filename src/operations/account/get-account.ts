import { z } from 'zod';
import { Account } from '../../contract/account.ts';
import { defineOperation } from '../define.ts';

export const getAccount = defineOperation({
  id: 'get_account',
  summary: 'Who am I',
  description: 'The signed-in account and what this access allows: the kind of credential, its scopes and when it expires.',
  tag: 'Account',
  method: 'GET',
  path: '/me',
  scope: 'account:read',
  input: z.strictObject({}),
  output: Account,
  handle: (_input, { actor, services }) => services.accounts.account(actor),
});
