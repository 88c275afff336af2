import { z } from 'zod';
import { Pagination, paginated } from '../../contract/common.ts';
import { DraftListEntry } from '../../contract/draft.ts';
import { defineOperation } from '../define.ts';

export const listMyDrafts = defineOperation({
  id: 'list_my_drafts',
  summary: 'My drafts',
  description: "The caller's drafts, newest first, each with its status and completeness (0-100).",
  tag: 'Drafts',
  method: 'GET',
  path: '/drafts',
  scope: 'account:read',
  input: z.strictObject({ ...Pagination }),
  output: paginated(DraftListEntry),
  handle: ({ page, per_page }, { actor, services }) => services.drafts.list(actor, { page, per_page }),
});
