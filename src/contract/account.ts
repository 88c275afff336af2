import { z } from 'zod';
import { Timestamp } from './common.ts';

export const Account = z
  .object({
    user: z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      email_verified: z.boolean(),
      created_at: Timestamp,
    }),
    access: z
      .object({
        credential: z.enum(['api_key', 'oauth', 'session']).describe('How this request was signed in.'),
        credential_id: z.string().describe('The API key id, or the OAuth grant.'),
        name: z.string().nullable().describe('The API key name, or the OAuth client name.'),
        client_id: z.string().nullable().describe('OAuth only: the client the token was issued to.'),
        scopes: z.array(z.enum(['account:read', 'listings:write', 'orders:write', 'webhooks:write'])),
        expires_at: Timestamp.nullable().describe('When this credential stops working; null if it does not expire.'),
        allows: z.array(z.object({ scope: z.string(), granted: z.boolean(), description: z.string() })),
      })
      .describe('What the access allows.'),
  })
  .meta({ id: 'Account' });
