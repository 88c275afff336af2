import type { CategorySpec } from './category-tree.ts';
import type { Random } from './random.ts';
import { ADJECTIVES, AUDIENCES, CLOSERS, INTEGRATION_NAMES, PAINS, TAGS, USPS } from './vocabulary.ts';

/** The searchable prose of one listing, written from its category's vocabulary. */
export interface ListingText {
  tagline: string;
  shortDescription: string;
  description: string;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[];
  pricingModel: string;
  pricingSummary: string;
}

const OPEN_ADJECTIVES = new Set<string>(['open-source', 'self-hostable']);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const article = (word: string) => (/^[aeiou]/i.test(word) && !/^(uni|one)/i.test(word) ? 'an' : 'a');
const PROPER_NOUN = /^(Figma|Slack|Chrome|Search Console|Sketch)\b/;
/** Lowercases a leading capital unless the word is a name or an acronym ("GitHub", "SEO", "A/B"). */
const midSentence = (s: string) =>
  /^[A-Z][a-z]/.test(s) && !/^[A-Za-z]*[a-z][A-Z]/.test(s) && !PROPER_NOUN.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
const withArticle = (phrase: string) => `${article(phrase)} ${phrase}`;

export function plural(thing: string): string {
  if (/(s|x|ch|sh)$/.test(thing)) return `${thing}es`;
  if (/[^aeiou]y$/.test(thing)) return `${thing.slice(0, -1)}ies`;
  return `${thing}s`;
}

export function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const PRICING_WEIGHTS: readonly (readonly [string, number])[] = [
  ['free', 8], ['freemium', 30], ['subscription', 30], ['one-time', 8], ['usage-based', 10], ['open-source', 14],
];

function pricingSummary(rng: Random, model: string): string {
  const monthly = rng.pick([5, 8, 9, 12, 15, 19, 24, 29, 39, 49, 79, 99, 149]);
  switch (model) {
    case 'free':
      return rng.pick(['Free forever', 'Completely free, no account needed', 'Free for personal and commercial use']);
    case 'freemium':
      return `Free plan available; Pro from $${monthly}/month`;
    case 'subscription':
      return `From $${monthly}/month, ${rng.pick([7, 14, 30])}-day free trial`;
    case 'one-time':
      return `$${rng.pick([19, 29, 49, 79, 99, 149])} one-time purchase, free updates for a year`;
    case 'usage-based':
      return rng.pick([
        `First ${rng.pick(['1,000', '10,000', '100,000'])} requests free, then pay as you go`,
        `Pay as you go from $${(rng.int(1, 9) / 1000).toFixed(3)} per unit`,
      ]);
    default:
      return `Free and open source; hosted cloud from $${monthly}/month`;
  }
}

/**
 * `specs` is the listing's category first, then its ancestors: the category's own words are
 * used most, the ancestors' add variety.
 */
export function writeListingText(rng: Random, name: string, specs: readonly CategorySpec[]): ListingText {
  const own = specs[0];
  const pool = (get: (s: CategorySpec) => readonly string[]) => [...get(own), ...get(own), ...specs.slice(1).flatMap(get)];
  const things = pool((s) => s.things);
  const jobs = rng.shuffle(pool((s) => s.jobs));
  const thing = rng.pick(own.things);
  const [job, job2, job3] = [jobs[0], jobs.find((j) => j !== jobs[0]) ?? jobs[0], jobs.find((j) => j !== jobs[0] && j !== jobs[1]) ?? jobs[0]];
  const pricingModel = rng.weighted(PRICING_WEIGHTS);
  const audience = rng.pick(AUDIENCES);
  // Only an open-source product may call itself open-source or self-hostable.
  const adjective = rng.pick(pricingModel === 'open-source' ? ADJECTIVES : ADJECTIVES.filter((a) => !OPEN_ADJECTIVES.has(a)));
  const pain = rng.pick(PAINS);

  const tagline = rng.pick([
    () => `${cap(job)} without ${pain}`,
    () => `The ${adjective} ${thing} for ${audience}`,
    () => (/ in (seconds|minutes|one click)/.test(job) ? `${cap(job)}, no setup required` : `${cap(job)} in minutes`),
    () => `${cap(withArticle(`${adjective} ${thing}`))} that helps you ${job}`,
    () => `${cap(job)}, built for ${audience}`,
    () => `${cap(plural(thing))} for ${audience}, finally done right`,
  ])();

  const features = rng.sample([...new Set(pool((s) => s.features))], rng.int(3, 6));
  const integrations = rng.sample(INTEGRATION_NAMES, 3);
  const secondThing = rng.pick(things.filter((t) => t !== thing)) ?? thing;

  const sentences = [
    rng.pick([
      () => `${name} is ${withArticle(`${adjective} ${thing}`)} for ${audience}.`,
      () => `${name} helps ${audience} ${job}.`,
      () => `Meet ${name}: ${withArticle(thing)} that lets you ${job}.`,
    ])(),
    rng.pick([
      () => `Use it to ${job2} and ${job3}.`,
      () => `Highlights include ${listPhrase(features.slice(0, 3).map(midSentence))}.`,
      () => `Unlike a typical ${secondThing}, it is designed to ${job2} from day one.`,
    ])(),
  ];
  const extra = rng.int(0, 2);
  if (extra >= 1) {
    sentences.push(
      rng.pick([
        () => `It connects to ${listPhrase(integrations)}.`,
        () => `Teams switch to it to get rid of ${pain}.`,
        () => `Popular with ${rng.pick(AUDIENCES)} who need to ${job3}.`,
      ])(),
    );
  }
  if (extra >= 2) sentences.push(rng.pick(CLOSERS));

  const keywords = rng.sample([...new Set([...own.keywords, ...specs.slice(1).flatMap((s) => s.keywords), thing.toLowerCase()])], rng.int(4, 7));
  const tags = rng.sample(TAGS, rng.int(2, 4));
  if (pricingModel === 'open-source' && !tags.includes('open-source')) tags[0] = 'open-source';

  return {
    tagline,
    shortDescription: `${name} is ${withArticle(thing)} that helps ${audience} ${job}.`,
    description: sentences.join(' '),
    features,
    usps: rng.sample(USPS, rng.int(1, 3)),
    keywords,
    tags,
    pricingModel,
    pricingSummary: pricingSummary(rng, pricingModel),
  };
}
