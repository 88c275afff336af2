import type { FaqRow, ListingPlan, ListingStatus, PaidSection } from '../store/schema.ts';
import { addWeeks, localDate, weekOf, type IsoDate } from '../domain/launches/weeks.ts';
import type { AttributeSpec, FlatCategory } from './category-tree.ts';
import { writeListingText, type ListingText } from './listing-text.ts';
import { productName, slugAllocator, slugify } from './naming.ts';
import type { DemoFounder, DemoUser } from './people.ts';
import { pickPlace } from './people.ts';
import type { Random } from './random.ts';
import { AUDIENCES, MILESTONE_TITLES, PAINS } from './vocabulary.ts';
import { weekBounds } from '../domain/launches/zoned-time.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export interface DemoListing {
  slug: string;
  name: string;
  ownerIndex: number | null;
  status: ListingStatus;
  plan: ListingPlan;
  launchWeek: IsoDate | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  url: string;
  domain: string;
  text: ListingText;
  seoTitle: string | null;
  seoDescription: string | null;
  stage: string;
  country: string | null;
  city: string | null;
  foundedYear: number | null;
  contactEmail: string | null;
  demoVideoUrl: string | null;
  faqs: FaqRow[];
  socials: Record<string, string>;
  story: Record<string, string> | null;
  unlockedSections: PaidSection[];
  notFoundOnWebsite: string[];
  /** Primary first. */
  categorySlugs: string[];
  founders: { index: number; title: string | null }[];
  attributes: { categorySlug: string; key: string; value: string }[];
  milestones: { date: IsoDate; title: string; description: string | null; url: string | null }[];
  media: { kind: 'image' | 'video'; url: string; caption: string | null }[];
  revenueMrrCents: number | null;
  revenueVerified: boolean;
  votesCount: number;
  followsCount: number;
  viewsCount: number;
}

export interface ListingPlanContext {
  now: Date;
  timeZone: string;
  users: DemoUser[];
  founders: DemoFounder[];
  categories: FlatCategory[];
}

export const LISTING_MIX: readonly (readonly [ListingStatus, number])[] = [
  ['live', 250],
  ['scheduled', 25],
  ['awaiting_badge', 15],
  ['draft', 10],
];
/** Live launches spread over this many past weeks, plus the current one. */
export const PAST_WEEKS = 26;
const CURRENT_WEEK_LIVE = 8;

const STAGE_WEIGHTS: Record<'public' | 'early', readonly (readonly [string, number])[]> = {
  public: [['idea', 2], ['prototype', 5], ['beta', 15], ['launched', 35], ['growing', 28], ['mature', 15]],
  early: [['idea', 20], ['prototype', 30], ['beta', 30], ['launched', 20]],
};

/** Index of the first user who signed up after `t`: users[0 .. n) existed at time t. */
export function usersAt(users: readonly DemoUser[], t: number): number {
  let lo = 0;
  let hi = users.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (users[mid].createdAt.getTime() <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function attributeValue(rng: Random, spec: AttributeSpec, l: { text: ListingText }): string {
  const model = l.text.pricingModel;
  switch (spec.kind) {
    case 'boolean': {
      // Keep facts consistent with the pricing model where one implies the other.
      if (spec.key === 'open_source') return String(model === 'open-source' || rng.chance(0.08));
      if (spec.key === 'self_hosted') return String(model === 'open-source' ? rng.chance(0.9) : rng.chance(0.12));
      if (spec.key === 'free_tier') return String(['free', 'freemium', 'open-source'].includes(model));
      return String(rng.chance(0.6));
    }
    case 'number': {
      const [lo, hi] = spec.range ?? [1, 100];
      return String(Math.round(lo + (hi - lo) * Math.pow(rng.next(), 2)));
    }
    case 'list':
      return rng.sample(spec.options ?? [], rng.int(1, Math.min(4, spec.options?.length ?? 1))).join(', ');
    case 'text':
      if (spec.key === 'license') return model === 'open-source' ? rng.pick(['MIT', 'Apache-2.0', 'AGPL-3.0']) : 'Proprietary';
      return rng.pick(spec.options ?? ['Yes']);
  }
}

function listingFaqs(rng: Random, name: string, text: ListingText): FaqRow[] {
  const free = ['free', 'freemium', 'open-source'].includes(text.pricingModel);
  const all: FaqRow[] = [
    { question: 'Is there a free plan?', answer: free ? `Yes. ${text.pricingSummary}.` : `No, but there is a trial. ${text.pricingSummary}.` },
    {
      question: `Can I self-host ${name}?`,
      answer: text.pricingModel === 'open-source' ? 'Yes: the source code is public and a Docker image is published with every release.' : `Not at the moment; ${name} is a hosted service.`,
    },
    { question: `Does ${name} have an API?`, answer: 'Yes, a REST API with webhooks is available on every plan.' },
    { question: 'How is my data protected?', answer: 'Data is encrypted in transit and at rest, and you can export or delete it at any time.' },
    { question: `Who is ${name} for?`, answer: text.shortDescription },
  ];
  return rng.sample(all, rng.int(1, 3));
}

function storyFor(rng: Random, name: string, founder: DemoFounder, l: { foundedYear: number | null; text: ListingText }): Record<string, string> {
  const first = founder.name.split(' ')[0];
  const pain = rng.pick(PAINS).replace(/^the /, '');
  const audience = rng.pick(AUDIENCES);
  return {
    title: rng.pick([`How we built ${name}`, `Why ${name} exists`, `The story of ${name}`]),
    story: `${name} started ${l.foundedYear ? `in ${l.foundedYear}` : 'a few years ago'} as a weekend project by ${first}. ${l.text.shortDescription}`,
    why_started: `${first} spent too many evenings fighting ${pain} and decided there had to be a better way.`,
    problem: `Most ${audience} still stitch together three or four tools and a spreadsheet. It is slow and error-prone.`,
    journey: `The first version was shown to ten friends. Their feedback reshaped the product twice before the public launch.`,
    challenges: rng.pick(['Pricing was the hardest part to get right.', 'Finding the first hundred users took longer than building the product.', 'Scaling the infrastructure on a bootstrapped budget.']),
    achievements: rng.pick(['Profitable within eighteen months.', 'Thousands of weekly active users across forty countries.', 'Featured in several industry newsletters.']),
    lessons: rng.pick(['Talk to users every week.', 'Ship small, ship often.', 'Charge earlier than feels comfortable.']),
    whats_next: rng.pick(['A mobile app and deeper integrations.', 'Team features and an enterprise plan.', 'Opening up the API to partners.']),
  };
}

/** Everything about the listings except who votes, follows and reviews (activity.ts). */
export function generateListings(rng: Random, ctx: ListingPlanContext): DemoListing[] {
  const { now, timeZone, users, founders, categories } = ctx;
  const nowMs = now.getTime();
  const currentWeek = weekOf(now, timeZone);
  const bySlug = new Map(categories.map((c) => [c.spec.slug, c]));
  // Leaves hold most products; a few sit directly in a top-level category.
  const categoryWeights = categories.map((c) => [c, c.depth === 0 ? 1 : 3] as const);
  const statuses = LISTING_MIX.flatMap(([status, n]) => Array.from({ length: n }, () => status));
  const founderOrder = rng.shuffle(founders.map((_, i) => i));
  const usedNames = new Set<string>();
  const slugs = slugAllocator();
  const pastWeekWeights = Array.from({ length: PAST_WEEKS }, (_, k) => [k + 1, 2 - (k + 1) / PAST_WEEKS] as const);
  let liveSeen = 0;

  const listings = statuses.map((status, i): DemoListing => {
    const r = rng.fork(`listing-${i}`);
    let name = productName(r);
    for (let tries = 0; usedNames.has(name.toLowerCase()); tries++) name = tries < 40 ? productName(r) : `${productName(r)} ${tries}`;
    usedNames.add(name.toLowerCase());
    const slug = slugs(slugify(name));
    const domain = `${slug}.example`;
    const url = r.chance(0.2) ? `https://www.${domain}` : `https://${domain}`;
    const plan: ListingPlan = (status === 'live' || status === 'scheduled') && r.chance(0.25) ? 'paid' : 'free';

    let launchWeek: IsoDate | null = null;
    let publishedAt: Date | null = null;
    let createdMs: number;
    if (status === 'live') {
      const weeksAgo = liveSeen++ < CURRENT_WEEK_LIVE ? 0 : r.weighted(pastWeekWeights);
      launchWeek = addWeeks(currentWeek, -weeksAgo);
      const { start } = weekBounds(launchWeek, timeZone);
      let published = start.getTime() + (plan === 'free' ? r.int(0, 180) : r.int(0, 48 * 60)) * MIN;
      if (published > nowMs) published = start.getTime() + Math.floor((nowMs - start.getTime()) * r.next());
      publishedAt = new Date(published);
      createdMs = plan === 'free' ? published - r.int(42, 56) * DAY - r.int(0, 1440) * MIN : published - r.int(1, 21) * DAY - r.int(0, 1440) * MIN;
    } else if (status === 'scheduled') {
      launchWeek = addWeeks(currentWeek, r.int(1, 8));
      const { start } = weekBounds(launchWeek, timeZone);
      createdMs = plan === 'free' ? start.getTime() - r.int(42, 56) * DAY : nowMs - r.int(0, 20) * DAY;
      createdMs = Math.min(createdMs, nowMs - r.int(1, 72) * HOUR);
    } else {
      createdMs = nowMs - r.int(1, status === 'draft' ? 60 * 24 : 10 * 24) * HOUR;
    }
    const createdAt = new Date(createdMs);

    const primary = r.weighted(categoryWeights);
    const extras =
      plan === 'paid'
        ? r.sample(
            categories.filter((c) => c !== primary && !primary.path.includes(c.spec.slug)),
            r.int(0, 3),
          )
        : [];
    const categorySlugs = [primary.spec.slug, ...extras.map((c) => c.spec.slug)];
    const specs = [...primary.path].reverse().map((s) => bySlug.get(s)!.spec);
    const text = writeListingText(r, name, specs);

    const stage = r.weighted(STAGE_WEIGHTS[status === 'live' || status === 'scheduled' ? 'public' : 'early']);
    const place = r.chance(0.85) ? pickPlace(r) : null;
    const city = place && r.chance(0.8) ? place.city : null;
    const nowYear = Number(localDate(now, timeZone).slice(0, 4));
    const foundedYear = r.chance(0.8)
      ? stage === 'idea' || stage === 'prototype'
        ? nowYear - r.int(0, 1)
        : nowYear - Math.floor(Math.pow(r.next(), 1.8) * 14)
      : null;
    const contactEmail = r.chance(0.7) ? `${r.pick(['hello', 'team', 'founders', 'support'])}@${domain}` : null;
    const notFoundOnWebsite = (
      [
        ['country', place],
        ['city', city],
        ['founded_year', foundedYear],
        ['contact_email', contactEmail],
      ] as const
    )
      .filter(([, v]) => v === null)
      .map(([k]) => k);

    const socials: Record<string, string> = {};
    const handle = slug.replace(/-/g, '');
    if (r.chance(0.6)) socials.website = url;
    if (r.chance(0.7)) socials.x = `https://x.example/${handle}`;
    if (r.chance(0.5)) socials.linkedin = `https://linkedin.example/company/${slug}`;
    if (r.chance(['developer-tools', 'ai', 'no-code'].includes(primary.path[0]) ? 0.6 : 0.15)) socials.github = `https://github.example/${handle}`;
    if (r.chance(0.15)) socials.youtube = `https://youtube.example/@${handle}`;
    if (r.chance(0.1)) socials.instagram = `https://instagram.example/${handle}`;
    if (r.chance(0.05)) socials.tiktok = `https://tiktok.example/@${handle}`;
    if (r.chance(0.05)) socials.custom = `https://community.${domain}`;

    const founderCount = r.weighted([[1, 55], [2, 35], [3, 10]] as const);
    const primaryFounder = i < founderOrder.length ? founderOrder[i] : r.int(0, founders.length - 1);
    const coFounders = r.sample(
      founders.map((_, f) => f).filter((f) => f !== primaryFounder),
      founderCount - 1,
    );
    const listingFounders = [primaryFounder, ...coFounders].map((index, pos) => ({
      index,
      title: pos > 0 && r.chance(0.3) ? r.pick(['Co-founder', 'Maker', 'Engineering lead']) : null,
    }));

    const founderUser = founders[primaryFounder].userIndex;
    let ownerIndex: number | null;
    if (status === 'live' && r.chance(0.07)) ownerIndex = null; // imported by an administrator
    else if (founderUser !== null && users[founderUser].createdAt.getTime() <= createdMs) ownerIndex = founderUser;
    else {
      const eligible = usersAt(users, createdMs);
      ownerIndex = eligible > 0 ? r.int(0, eligible - 1) : null;
    }

    const unlockedSections: PaidSection[] =
      plan === 'paid' ? (['story', 'milestones', 'media'] as const).filter(() => r.chance(0.6)) : [];
    const story = unlockedSections.includes('story') ? storyFor(r, name, founders[primaryFounder], { foundedYear, text }) : null;

    const milestones: DemoListing['milestones'] = [];
    if (unlockedSections.includes('milestones')) {
      const startMs = foundedYear ? Math.max(Date.UTC(foundedYear, 0, 1), createdMs - 3 * 365 * DAY) : createdMs - 365 * DAY;
      const titles = r.sample(MILESTONE_TITLES.map((t, k) => [t, k] as const), r.int(3, 5)).sort((a, b) => a[1] - b[1]);
      const times = titles.map(() => startMs + Math.floor((nowMs - DAY - startMs) * r.next())).sort((a, b) => a - b);
      titles.forEach(([title], k) =>
        milestones.push({
          date: new Date(times[k]).toISOString().slice(0, 10),
          title,
          description: r.chance(0.6) ? `${title} for ${name}.` : null,
          url: r.chance(0.3) ? `${url}/blog/${slugify(title)}` : null,
        }),
      );
    }
    const media: DemoListing['media'] = [];
    if (unlockedSections.includes('media')) {
      const n = r.int(2, 4);
      for (let k = 1; k <= n; k++) media.push({ kind: 'image', url: `${url}/media/screenshot-${k}.png`, caption: r.chance(0.7) ? `${name} screenshot ${k}` : null });
      if (r.chance(0.4)) media.push({ kind: 'video', url: `${url}/media/demo.mp4`, caption: `${name} in two minutes` });
    }

    const attributes: DemoListing['attributes'] = [];
    const seen = new Set<string>();
    for (const slugOfCategory of categorySlugs) {
      // A listing in "APIs" can state Developer Tools facts too: walk up to the root.
      for (const s of bySlug.get(slugOfCategory)!.path) {
        for (const spec of bySlug.get(s)!.spec.attributes ?? []) {
          // One value per key: the profile lists every stated fact, and two categories may both
          // define "free_tier".
          if (seen.has(spec.key)) continue;
          seen.add(spec.key);
          // Roughly a third of facts stay unstated, so comparisons have empty cells.
          if (r.chance(0.65)) attributes.push({ categorySlug: s, key: spec.key, value: attributeValue(r, spec, { text }) });
        }
      }
    }

    const revenue =
      status === 'live' && ['launched', 'growing', 'mature'].includes(stage) && r.chance(0.22)
        ? Math.round(Math.exp(Math.log(5_000) + r.next() * (Math.log(8_000_000) - Math.log(5_000))) / 100) * 100
        : null;
    const lastTouch = Math.max(createdMs, publishedAt?.getTime() ?? 0);

    return {
      slug,
      name,
      ownerIndex,
      status,
      plan,
      launchWeek,
      publishedAt,
      createdAt,
      updatedAt: new Date(Math.min(nowMs, lastTouch + r.int(0, 3 * 24 * 60) * MIN)),
      url,
      domain,
      text,
      seoTitle: r.chance(0.5) ? `${name}: ${text.tagline}` : null,
      seoDescription: r.chance(0.5) ? text.shortDescription : null,
      stage,
      country: place?.country ?? null,
      city,
      foundedYear,
      contactEmail,
      demoVideoUrl: plan === 'paid' && r.chance(0.3) ? `${url}/media/demo.mp4` : null,
      faqs: r.chance(0.6) ? listingFaqs(r, name, text) : [],
      socials,
      story,
      unlockedSections,
      notFoundOnWebsite,
      categorySlugs,
      founders: listingFounders,
      attributes,
      milestones,
      media,
      revenueMrrCents: revenue,
      revenueVerified: revenue !== null && r.chance(0.55),
      votesCount: 0,
      followsCount: 0,
      viewsCount: 0,
    };
  });
  // Insert (and so number) listings in the order they were created, like a real site would.
  return listings.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.slug < b.slug ? -1 : 1));
}
