import { z } from 'zod';
import { Faq, Timestamp } from './common.ts';

export const BlogPostCard = z
  .object({
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    author: z.string(),
    cover_url: z.string().nullable(),
    tags: z.array(z.string()),
    published_at: Timestamp,
  })
  .meta({ id: 'BlogPostCard' });

export const BlogPost = BlogPostCard.extend({
  updated_at: Timestamp,
  body_markdown: z.string().describe('The full text, in Markdown.'),
  faqs: z.array(Faq),
}).meta({ id: 'BlogPost' });
