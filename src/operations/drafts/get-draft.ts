import { z } from 'zod';
import { Draft } from '../../contract/draft.ts';
import { defineOperation } from '../define.ts';

export const DraftId = z.uuid().describe('The draft id (UUID).');

export const getDraft = defineOperation({
  id: 'get_draft',
  summary: 'A draft',
  description:
    'The draft with its progress, every profile field (value, state, evidence quotes from the site), FAQs, founders, socials, story, ' +
    'milestones, SEO text, the competitor comparison, completeness and what is still missing. 404 draft_not_found for an unknown id or another user\'s draft.',
  tag: 'Drafts',
  method: 'GET',
  path: '/drafts/{id}',
  scope: 'account:read',
  input: z.strictObject({ id: DraftId }),
  output: Draft,
  handle: ({ id }, { actor, services }) => services.drafts.get(actor, id),
});
