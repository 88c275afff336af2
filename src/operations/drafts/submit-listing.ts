import { z } from 'zod';
import { Draft, WebsiteUrl } from '../../contract/draft.ts';
import { defineOperation } from '../define.ts';

export const submitListing = defineOperation({
  id: 'submit_listing',
  summary: 'Submit a product by its website',
  description:
    'Starts a draft: answers 201 at once with status crawling. The service reads the site (robots.txt respected) and drafts the profile ' +
    'in the background; poll get_draft every few seconds while status is crawling or drafting (progress shows how far it is). ' +
    'A site that cannot be read ends in status failed with failure.code and failure.reason. Nothing is published or charged.',
  tag: 'Drafts',
  method: 'POST',
  path: '/drafts',
  scope: 'listings:write',
  status: 201,
  idempotent: true,
  input: z.strictObject({ url: WebsiteUrl.describe("The product's public website, http(s), at most 2048 characters.") }),
  output: Draft,
  handle: ({ url }, { actor, services }) => services.drafts.create(actor, url),
});
