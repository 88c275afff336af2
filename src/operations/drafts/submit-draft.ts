import { z } from 'zod';
import { SubmittedDraft } from '../../contract/draft.ts';
import { defineOperation } from '../define.ts';
import { DraftId } from './get-draft.ts';

export const submitDraft = defineOperation({
  id: 'submit_draft',
  summary: 'Save a draft as my listing',
  description:
    "Saves the draft as the caller's listing (status draft: not published) and returns listing_id. Repeating after edits updates the same listing. " +
    'A listing needs a name (409 draft_incomplete); 409 draft_busy while crawling or drafting.',
  tag: 'Drafts',
  method: 'POST',
  path: '/drafts/{id}/submit',
  scope: 'listings:write',
  idempotent: true,
  input: z.strictObject({ id: DraftId }),
  output: SubmittedDraft,
  handle: ({ id }, { actor, services }) => services.drafts.submit(actor, id),
});
