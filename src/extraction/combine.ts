import type { Extraction } from './types.ts';

/**
 * Several extractors' proposals as one, in order of preference: for each field the verifier keeps
 * the first candidate that passes, so `combineExtractions(llm, builtin)` means "the model's value
 * if its quotes hold, else the built-in one". FAQs and founders are pooled (the verifier drops
 * repeats, keeping the first); a social platform keeps the first link.
 */
export function combineExtractions(...extractions: Extraction[]): Extraction {
  const socials: Record<string, string> = {};
  for (const e of extractions) for (const [key, url] of Object.entries(e.socials)) socials[key] ??= url;
  return {
    fields: extractions.flatMap((e) => e.fields),
    faqs: extractions.flatMap((e) => e.faqs),
    founders: extractions.flatMap((e) => e.founders),
    socials,
  };
}
