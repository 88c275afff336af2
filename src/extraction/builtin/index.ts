import type { Extraction, Extractor } from '../types.ts';
import { contactProposals, socialLinks } from './contacts.ts';
import { faqProposals } from './faq.ts';
import { founderProposals } from './founders.ts';
import { foundingProposals } from './founding.ts';
import { mediaProposals } from './media.ts';
import { placeProposals } from './places.ts';
import { pricingProposals } from './pricing.ts';
import { readSite } from './site.ts';
import { textProposals } from './text-fields.ts';

/**
 * The extractor that needs no external service: it reads what sites state in markup (JSON-LD,
 * OpenGraph, meta tags) and in their structure (headings, lists, FAQ blocks, pricing tables,
 * contact links, team cards, addresses). Like any extractor it only proposes: every proposal
 * quotes the stored page text, and verifyExtraction decides.
 */
export function createBuiltinExtractor(): Extractor {
  return {
    name: 'builtin',
    async extract(input, opts = {}): Promise<Extraction> {
      opts.signal?.throwIfAborted();
      const site = readSite(input.pages);
      if (!site) return { fields: [], faqs: [], founders: [], socials: {} };
      const fields = [
        ...textProposals(site, input.categoryNames ?? [], input.categoryKeywords ?? {}),
        ...pricingProposals(site),
        ...foundingProposals(site),
        ...placeProposals(site),
        ...contactProposals(site),
        ...mediaProposals(site),
      ];
      opts.signal?.throwIfAborted();
      if (input.only) {
        const only = new Set(input.only);
        return { fields: fields.filter((f) => only.has(f.field)), faqs: [], founders: [], socials: {} };
      }
      return { fields, faqs: faqProposals(site), founders: founderProposals(site), socials: socialLinks(site) };
    },
  };
}
