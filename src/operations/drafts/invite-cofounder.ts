import { z } from 'zod';
import { DraftInvite, InviteBody } from '../../contract/invite.ts';
import { defineOperation } from '../define.ts';
import { DraftId } from './get-draft.ts';

export const inviteCofounder = defineOperation({
  id: 'invite_cofounder',
  summary: 'Invite a co-founder to a draft',
  description:
    'Emails a one-time link (valid 14 days) through which the invitee signs in to the site and adds their own founder profile to the draft ' +
    '(after the founders there, never as primary; once the draft is submitted, the listing gets it too). At most 10 invites per draft ' +
    '(409 invite_limit_reached). Inviting an address that has an open invite sends it a fresh link, revokes the old one and uses no new slot. ' +
    '404 draft_not_found for an unknown id or another user\'s draft.',
  tag: 'Drafts',
  method: 'POST',
  path: '/drafts/{id}/invites',
  scope: 'listings:write',
  status: 201,
  idempotent: true,
  input: z.strictObject({ id: DraftId, ...InviteBody }),
  output: DraftInvite,
  handle: ({ id, email }, { actor, services }) => services.draftInvites.invite(actor, id, email),
});
