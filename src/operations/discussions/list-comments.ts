import { z } from 'zod';
import { pageNumber, paginated, Slug } from '../../contract/common.ts';
import { CommentThread } from '../../contract/comment.ts';
import { COMMENTS_PER_PAGE } from '../../domain/community/discussions.ts';
import { defineOperation } from '../define.ts';

/**
 * Extension beyond the spec's 41 operations (issue 27): the discussion under a listing, read like
 * every public read. Writing comments stays on the site, like votes (docs/decisions.md#discussions).
 */
export const listComments = defineOperation({
  id: 'list_comments',
  extension: true,
  summary: 'A listing\'s discussion',
  description:
    'The comments under a public listing, one page of threads at a time: the maker\'s pinned first comment leads page 1, then by upvotes with time decay (sort=top) or newest first (sort=newest); each thread carries its first 50 replies, oldest first. Hidden and held comments are left out; a deleted comment with replies stays as deleted. Comments are written on the site by signed-in people, not through the API.',
  tag: 'Discussions',
  method: 'GET',
  path: '/listings/{slug}/comments',
  scope: 'public',
  input: z.strictObject({
    slug: Slug,
    sort: z.enum(['top', 'newest']).default('top').describe('top: pinned first, then upvotes with time decay; newest: pinned first, then newest.'),
    page: pageNumber(1000, 1, 'Page number, 1 to 1000.'),
    per_page: pageNumber(100, COMMENTS_PER_PAGE, 'Threads per page, 1 to 100.'),
  }),
  output: paginated(CommentThread),
  handle: ({ slug, sort, page, per_page }, { services }) => services.discussions.list(slug, { sort, page, per_page }),
});
