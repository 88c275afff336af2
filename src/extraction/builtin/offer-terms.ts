import type { FieldProposal } from '../types.ts';
import { nodesOf, textOf } from '../json-ld.ts';
import { offersTrial, pricingModelOf, pricingSignals } from '../pricing-models.ts';
import { clean, propose, type Site } from './site.ts';
import { statements } from './statements.ts';

/** An offer's terms are a sentence or two; a longer text is a description of the product. */
const MAX_TERMS = 300;

/**
 * The terms of the product's schema.org Offer (`"offers": {"price": 0, "description": "The chart
 * is free; add one-time purchases if you like, no subscription."}`): how the site itself says one
 * pays, written for search engines and app stores. The model is read from those words as from a
 * pricing page's, and the terms are the summary when they state one; a bare price says neither.
 */
export function offerTerms(site: Site): FieldProposal[] {
  // "Comenzar ahora gratis" on a site whose pages offer a trial (a free pilot) starts the trial.
  let trial: boolean | undefined;
  const offeredTrial = () => (trial ??= site.byRole('pricing', 'home').some((p) => offersTrial(statements(p).join('\n'))));
  for (const page of site.byRole('home', 'pricing', 'features')) {
    for (const node of page.jsonLd) {
      for (const offer of nodesOf(node.offers)) {
        const terms = clean(textOf(offer.description));
        if (!terms || terms.length > MAX_TERMS) continue;
        const model = pricingModelOf(pricingSignals(terms, { trial: offeredTrial() }));
        if (!model) continue;
        const evidence = page.quote(terms);
        return [propose('pricing_model', model, [evidence]), propose('pricing_summary', terms, [evidence])].filter((p): p is FieldProposal => p !== null);
      }
    }
  }
  return [];
}
