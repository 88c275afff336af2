import { z } from 'zod';
import { Timestamp } from './common.ts';

const CommentFields = {
  id: z.number().int(),
  parent_id: z.number().int().nullable().describe('The comment this replies to; null for a comment (replies go one level deep).'),
  author: z
    .object({
      name: z.string().describe('The author\'s display name.'),
      maker: z.boolean().describe('The author is the listing\'s owner or one of its accepted co-founders.'),
    })
    .nullable()
    .describe('Null for a comment its author deleted or a moderator hid (kept while it has replies).'),
  body: z.string().describe('The text as written: plain text with a small Markdown subset. Empty when deleted or hidden.'),
  body_html: z.string().describe('The text as safe HTML (no raw HTML; links rel="nofollow ugc noopener"). Empty when deleted or hidden.'),
  deleted: z.boolean().describe('Its author deleted it; shown because it has replies.'),
  hidden: z.boolean().describe('A moderator hid it (or holds it for review); shown because it has replies.'),
  pinned: z.boolean().describe('The maker\'s first comment, pinned by the listing\'s owner; shown first.'),
  upvotes: z.number().int().min(0),
  replies_count: z.number().int().min(0).describe('Visible replies; a thread carries its first 50.'),
  created_at: Timestamp,
  edited_at: Timestamp.nullable().describe('When its author last edited it (within 15 minutes of posting).'),
};

export const Comment = z.object(CommentFields).meta({ id: 'Comment' });

export const CommentThread = z
  .object({ ...CommentFields, replies: z.array(Comment).describe('The first 50 replies, oldest first.') })
  .meta({ id: 'CommentThread' });
