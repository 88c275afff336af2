import { z } from 'zod';
import { Draft, DraftPatchBody } from '../../contract/draft.ts';
import { defineOperation } from '../define.ts';
import { DraftId } from './get-draft.ts';

export const updateDraft = defineOperation({
  id: 'update_draft',
  summary: 'Edit a draft',
  description:
    'Send only what changes. A value in fields marks the field edited (over an AI value) or manual; null removes it (deleted); ' +
    'lock_fields sets override (regenerate leaves it alone); restore puts back the AI\'s value; regenerate (at most 5) redrafts from the stored site evidence. ' +
    'A field may appear in only one of fields, lock_fields, restore and regenerate (400 conflicting_field_actions). ' +
    '409 draft_busy while crawling or drafting. Once submitted, the listing is updated too.',
  tag: 'Drafts',
  method: 'PATCH',
  path: '/drafts/{id}',
  scope: 'listings:write',
  idempotent: true,
  input: z.strictObject({ id: DraftId, ...DraftPatchBody }),
  output: Draft,
  handle: ({ id, ...patch }, { actor, services }) => services.drafts.update(actor, id, patch),
});
