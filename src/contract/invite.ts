import { z } from 'zod';
import { Timestamp } from './common.ts';

/** A co-founder invite as its sender sees it. The link's token is only in the mail, never here. */
export const DraftInvite = z
  .object({
    id: z.number().int().min(1),
    email: z.string().describe('Where the invite was sent.'),
    status: z.enum(['pending', 'accepted']).describe('pending until the invitee adds their profile through the link.'),
    created_at: Timestamp,
    expires_at: Timestamp.describe('The link stops working then; inviting the address again sends a fresh link.'),
  })
  .meta({ id: 'DraftInvite' });

/** Body of POST /drafts/{id}/invites (spec 4.2). */
export const InviteBody = {
  email: z.email().max(254).describe('The co-founder\'s email address.'),
};

/** What the invitee fills in on the invite page: their own founder profile (limits of the draft's founders). */
export const InviteeProfile = z.strictObject({
  name: z.string().trim().min(1, 'Enter your name.').max(160, 'At most 160 characters.'),
  title: z.string().trim().max(160, 'At most 160 characters.'),
  bio: z.string().trim().max(3000, 'At most 3000 characters.'),
});
export type InviteeProfile = z.output<typeof InviteeProfile>;
