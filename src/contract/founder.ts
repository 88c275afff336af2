import { z } from 'zod';
import { Socials } from './common.ts';
import { Story } from './listing.ts';

export const FounderCard = z
  .object({
    slug: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    avatar_url: z.string().nullable(),
    country: z.string().nullable(),
    companies: z.number().int().describe('Live listings this founder is behind.'),
  })
  .meta({ id: 'FounderCard' });

export const FounderProfile = z
  .object({
    slug: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    bio: z.string(),
    avatar_url: z.string().nullable(),
    country: z.string().nullable(),
    socials: Socials,
    companies: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        tagline: z.string().nullable(),
        logo_url: z.string().nullable(),
        role: z.string().nullable(),
        links: z.object({ page: z.string(), api: z.string() }),
      }),
    ),
    stories: z
      .array(z.object({ listing: z.string().describe('Slug of the listing the story is about.'), story: Story }))
      .describe("Published founder stories of this founder's live listings."),
    interview: z.array(z.object({ question_id: z.number().int(), question: z.string(), answer: z.string() })),
  })
  .meta({ id: 'FounderProfile' });
