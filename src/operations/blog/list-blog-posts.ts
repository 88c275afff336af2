import { z } from 'zod';
import { Pagination, paginated } from '../../contract/common.ts';
import { BlogPostCard } from '../../contract/blog.ts';
import { defineOperation } from '../define.ts';

export const listBlogPosts = defineOperation({
  id: 'list_blog_posts',
  summary: 'List blog posts',
  description: 'Published posts and guides, newest first, or best match first when q is given.',
  tag: 'Blog',
  method: 'GET',
  path: '/blog',
  scope: 'public',
  input: z.strictObject({
    q: z.string().max(200).optional().describe('Search text, at most 200 characters.'),
    ...Pagination,
  }),
  output: paginated(BlogPostCard),
  handle: (input, { services }) => services.blog.list(input),
});
