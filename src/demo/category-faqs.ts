import type { FaqRow } from '../store/schema.ts';
import type { FlatCategory } from './category-tree.ts';
import { listPhrase, plural } from './listing-text.ts';
import type { Random } from './random.ts';

type Template = (c: FlatCategory) => FaqRow;

const lower = (c: FlatCategory) => c.spec.name.toLowerCase();

const TEMPLATES: readonly Template[] = [
  (c) => ({
    question: `What kind of products are listed under ${c.spec.name}?`,
    answer: `${c.spec.name} covers ${listPhrase(c.spec.things.slice(0, 3).map(plural))}: tools that help you ${c.spec.jobs[0]}.`,
  }),
  (c) => ({
    question: `How do I choose ${lower(c) === 'apis' ? 'an API' : `a ${lower(c)} tool`}?`,
    answer: `Start from the job you need done, such as ${c.spec.jobs[1] ?? c.spec.jobs[0]}, then compare pricing models and the facts each listing states. Community votes and published reviews help narrow the shortlist.`,
  }),
  (c) => ({
    question: `Are there free ${lower(c)} tools?`,
    answer: `Yes. Filter by pricing model: many ${lower(c)} listings are free, freemium or open source, and every profile shows its pricing summary.`,
  }),
  (c) => ({
    question: `Can I list my own ${lower(c)} product?`,
    answer: `Submit it for a free launch week, or choose a paid launch to pick your week and add up to three more categories.`,
  }),
  (c) => ({
    question: `Which ${lower(c)} tools can I self-host?`,
    answer: `Listings that state it show a self-hosted option in their facts. Compare two listings side by side to see the difference at a glance.`,
  }),
  (c) => ({
    question: `What do ${lower(c)} tools cost?`,
    answer: `Most ${plural(c.spec.things[0])} here start free or under $30 a month; usage-based and one-time pricing are common too.`,
  }),
];

/** Two or three FAQs per category, drawn from templates filled with the category's own words. */
export function categoryFaqs(rng: Random, category: FlatCategory): FaqRow[] {
  return rng.sample(TEMPLATES, rng.int(2, 3)).map((t) => t(category));
}
