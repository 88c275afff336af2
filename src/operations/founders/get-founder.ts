import { z } from 'zod';
import { Slug } from '../../contract/common.ts';
import { FounderProfile } from '../../contract/founder.ts';
import { defineOperation } from '../define.ts';

export const getFounder = defineOperation({
  id: 'get_founder',
  summary: 'Get a founder',
  description: "A founder's bio, socials, companies on the site and published stories.",
  tag: 'Founders',
  method: 'GET',
  path: '/founders/{slug}',
  scope: 'public',
  input: z.strictObject({ slug: Slug }),
  output: FounderProfile,
  handle: ({ slug }, { services }) => services.founders.profile(slug),
});
