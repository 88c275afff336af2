import { z } from 'zod';
import { Slug } from '../../contract/common.ts';
import { BlogPost } from '../../contract/blog.ts';
import { defineOperation } from '../define.ts';

export const getBlogPost = defineOperation({
  id: 'get_blog_post',
  summary: 'Get a blog post',
  description: 'The full Markdown text of a published post, with its FAQs.',
  tag: 'Blog',
  method: 'GET',
  path: '/blog/{slug}',
  scope: 'public',
  input: z.strictObject({ slug: Slug }),
  output: BlogPost,
  handle: ({ slug }, { services }) => services.blog.post(slug),
});
