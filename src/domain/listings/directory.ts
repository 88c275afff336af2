import type { ListingsStore, SearchSort } from '../../store/listings-store.ts';
import { TtlCache } from '../../store/ttl-cache.ts';
import type { CacheFactory } from '../../store/shared-cache.ts';
import { KeptCache } from '../../store/kept-cache.ts';
import { EVERY_LISTING, type ListingChanges } from '../../store/listing-changes.ts';
import { lazyJson } from '../json-text.ts';
import { RecentMap } from '../../store/recent-map.ts';
import { ListingProfile } from '../../contract/listing.ts';
import { markChecked } from '../../contract/checked.ts';
import { correctionGroups, likelyMatches, queryWords } from './typo-query.ts';
import { DomainError, notFound } from '../errors.ts';
import { limitOffset, pageOf, totalOf, type PageRequest } from '../pagination.ts';
import { toProfile, toSummary } from './present.ts';
import { ViewCounter } from './view-counter.ts';
import { publicProfileText } from './profile-document.ts';
import type { ListingSearch } from './search-engine/listing-search.ts';
import type { SummaryRow } from '../../store/listing-summary.ts';

/**
 * Trending = sum over the votes of the last WINDOW_DAYS of 0.5^(age / HALF_LIFE): a vote counts
 * fully now, half after two days, a quarter after four. See docs/decisions.md.
 */
export const TRENDING = { halfLifeHours: 48, windowDays: 14 };
/** The job that stores the scores (jobs/trending-refresh.ts), on a schedule and after votes. */
export const TRENDING_REFRESH_JOB = 'trending-refresh';

export interface SearchInput extends PageRequest {
  q?: string;
  category?: string;
  stage?: string;
  country?: string;
  pricing_model?: string;
  domain?: string;
  status: 'live' | 'upcoming';
  sort: SearchSort;
}

/** A domain filter matches the host and its subdomains: "example.com", never "https://www.example.com/". */
export function normaliseDomain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    // Everything from the first '/', '?' or '#' (".*$" was searched for from each of them: quadratic).
    .replace(/[/?#][\s\S]*/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
}

/** A word new to the directory becomes a typo correction within this long. */
export const CORRECTIONS_CACHE_MS = 30_000;

/**
 * A category's first listings by votes kept for the alternatives of all its listings: a page of
 * alternatives within them (the listing page's 6, the API's first pages) reads no category.
 */
export const ALTERNATIVE_LEADERS = 100;

/** Public reads may be this stale on a node that did not make the change itself. */
export const PROFILE_CACHE_MS = 5000;
/**
 * With the change feed live, a profile is kept until it changes, and this long at most: the
 * longest its view count lags (views are flushed in bulk and do not announce themselves).
 */
export const PROFILE_KEPT_MS = 5 * 60_000;
/**
 * What the kept profiles may weigh (their text, about 1.7 KB each at the bench's scale, and what
 * holds it). A profile read for the first time is one indexed lookup of its precomputed document,
 * so keeping them only spares repeated reads that lookup. An embedded node holds the database in
 * the same process and keeps the most-read 15,000 or so (50,000 kept took 194 MiB of its 1 GiB,
 * issue 32 goal 4); a node with PostgreSQL beside it keeps a crawler's 50,000.
 */
export const PROFILE_CACHE_BYTES = { pglite: 64 * 2 ** 20, postgres: 256 * 2 ** 20 } as const;
/** A kept profile's weight: its text as two-byte characters (an upper bound) and the objects around it. */
const weighProfile = (kept: KeptProfile) => (kept ? 2 * (kept.json.length + kept.tag.length) + 1024 : 64);
/**
 * Of those, up to this many also as objects (about 5 KB more each), for the pages and MCP results
 * that read inside them; the most recently read. A REST answer needs only the text.
 */
export const PROFILE_OBJECTS = 2_000;

type Profile = ReturnType<typeof toProfile>;
/**
 * A kept profile: its text, the text's tag and the answer handed out (the text as an object that
 * parses it when read inside: domain/json-text.ts); null for a slug that is not public.
 */
type KeptProfile = { id: string; json: string; tag: string; answer?: Profile } | null;
const PROFILE_KEYS: ReadonlySet<string> = new Set(Object.keys(ListingProfile.shape));

export function createListingDirectory(deps: {
  store: ListingsStore;
  publicUrl: string;
  now: () => Date;
  viewFlushMs?: number;
  profileCacheMs?: number;
  /** PROFILE_CACHE_BYTES for the engine (the embedded one's by default). */
  profileCacheBytes?: number;
  cache: CacheFactory;
  changes: ListingChanges;
  /** The in-memory search (search-engine/): words sorted by relevance without filters, when it is ready. */
  engine?: { search: ListingSearch; summaries: (ids: number[]) => Promise<SummaryRow[]> };
  /** ALTERNATIVE_LEADERS (tests reach past it with fewer listings). */
  alternativeLeaders?: number;
}) {
  const { store, publicUrl, now } = deps;
  const ttl = deps.profileCacheMs ?? PROFILE_CACHE_MS;
  // The most-read page of the directory, read across tens of thousands of slugs by crawlers and
  // agents: profiles are kept until the database announces a change to them (migration 0022),
  // as text, since a presented object weighs three times its text in memory.
  const profiles = new KeptCache<KeptProfile>({ maxAgeMs: PROFILE_KEPT_MS, shortMs: ttl, maxBytes: deps.profileCacheBytes ?? PROFILE_CACHE_BYTES.pglite, weigh: weighProfile, live: deps.changes.live });
  // The objects behind the answers pages and MCP read inside, most recently read first. Keyed
  // by the kept entry, so a changed profile's old object is never found again.
  const objects = new RecentMap<NonNullable<KeptProfile>, Profile>(PROFILE_OBJECTS);
  deps.changes.subscribe((slug) => {
    if (slug === EVERY_LISTING) {
      profiles.clear();
      objects.clear();
    } else profiles.delete(slug);
  });
  // Browsing (no query): the lists the home page, feeds and crawlers ask for most.
  const lists = deps.cache<Awaited<ReturnType<typeof browse>>>('browse', ttl, 2_000);
  // Searches with words, by their words once normalised: the same query asked again within the
  // lifetime (a popular search, a crawler, a page and its API twin) is read once. Distinct queries
  // still each cost a search (the bench measures both).
  const searches = deps.cache<Awaited<ReturnType<typeof browse>>>('search', ttl, 2_000);
  // Shown on every listing page beside the profile: kept as long as the profile is.
  const alternativePages = deps.cache<Awaited<ReturnType<typeof alternativesOf>>>('alternatives', ttl, 10_000);
  // What every listing of a category shows after its approved alternatives: read once per category,
  // not per listing (a listing page viewed for the first time otherwise counted its category).
  const leaders = deps.cache<Awaited<ReturnType<ListingsStore['categoryLeaders']>>>('alternative-leaders', ttl, 1_000);
  // The dictionary of known words changes slowly; its trigram lookup cost as much as a common search.
  const known = new TtlCache<Awaited<ReturnType<ListingsStore['suggestions']>>>(CORRECTIONS_CACHE_MS, 10_000);
  const views = new ViewCounter((counts, day) => store.addViews(counts, day), now, deps.viewFlushMs);

  async function alternativesOf(slug: string, page: PageRequest) {
    const found = await store.refWithApproved(slug);
    if (!found) throw notFound('listing_not_found', `No listing with slug "${slug}".`);
    const { ref, approved } = found;
    const { limit, offset } = limitOffset(page);
    const shown = approved.slice(offset, offset + limit);
    const category = ref.primary_category_id;
    const present = (rows: (SummaryRow & { approved: boolean })[], total: number, totalIsEstimate: boolean) =>
      pageOf(rows.map((r) => ({ ...toSummary(r, publicUrl), approved: r.approved })), page, total, totalIsEstimate);
    if (category === null) return present(shown, approved.length, false);
    // Same-category listings by votes, the listing itself and its approved ones left out.
    const skip = new Set([ref.id, ...approved.map((r) => r.id)].map(String));
    const from = Math.max(0, offset - approved.length);
    const room = limit - shown.length;
    const kept = deps.alternativeLeaders ?? ALTERNATIVE_LEADERS;
    if (from + room + skip.size <= kept) {
      const top = await leaders.through(String(category), () => store.categoryLeaders(category, kept));
      const others = top.rows.filter((r) => !skip.has(String(r.id))).slice(from, from + room);
      // The category's count holds the listing when it is live, and each approved one of the category.
      const counted = (ref.status === 'live' ? 1 : 0) + approved.filter((r) => String(r.primary_category_id) === String(category)).length;
      return present([...shown, ...others], approved.length + Math.max(0, top.total - counted), top.totalIsEstimate);
    }
    const rest = await store.alternatives(ref.id, category, approved, room, from);
    return present([...shown, ...rest.rows], approved.length + rest.total, rest.totalIsEstimate);
  }

  /** One page of the search (or browse): from the in-memory index when it can answer, else the database. */
  async function browse(input: SearchInput) {
    const { limit, offset } = limitOffset(input);
    const words = queryWords(input.q ?? '');
    const engine = deps.engine;
    if (words.length && engine && (await engine.search.usable())) {
      const filtered = input.category || input.stage || input.country || input.pricing_model || input.domain;
      if (!filtered && input.sort === 'relevance') {
        const { ids, total } = engine.search.search(words, input.status === 'upcoming' ? 'scheduled' : 'live', offset, limit);
        const rows = await engine.summaries(ids);
        return pageOf(rows.map((r) => toSummary(r, publicUrl)), input, total, false);
      }
    }
    // Filters and other orders: the database's full-text index, corrections from its dictionary.
    const found = words.length ? await known.through(words.join(' '), () => store.suggestions(words)) : undefined;
    const { rows, total, totalIsEstimate } = await store.search({
      groups: found && correctionGroups(words, found.corrections),
      likelyMatches: found && likelyMatches(words, found.documents),
      categorySlug: input.category,
      stage: input.stage,
      country: input.country,
      pricingModel: input.pricing_model,
      domain: input.domain ? normaliseDomain(input.domain) : undefined,
      status: input.status === 'upcoming' ? 'scheduled' : 'live',
      sort: input.sort,
      limit,
      offset,
    });
    return pageOf(rows.map((r) => toSummary(r, publicUrl)), input, total, totalIsEstimate);
  }

  return {
    views,
    /** The in-memory search, when there is one (its readiness, for tests and shutdown). */
    searchEngine: deps.engine?.search,

    async search(input: SearchInput) {
      const words = queryWords(input.q ?? '');
      const { page, per_page, category, stage, country, pricing_model, domain, status, sort } = input;
      const key = JSON.stringify([page, per_page, category, stage, country, pricing_model, domain, status, sort]);
      if (words.length > 0) return searches.through(`${words.join(' ')} ${key}`, () => browse(input));
      return lists.through(key, () => browse(input));
    },

    /**
     * The sitemap's listing files: file n holds the public listings with ids in
     * ((n − 1) × perFile, n × perFile], so every file is one primary-key range at any directory
     * size (pages of a sorted list would cost their offset and stop at the list's last page).
     */
    sitemap: {
      files: async (perFile: number) => Math.ceil((await store.lastListingId()) / perFile),
      slugs: (file: number, perFile: number) => store.publicSlugsInIdRange((file - 1) * perFile, file * perFile),
    },

    /** Forgets a cached profile after a write to it on this node (the feed's notice comes later). */
    forget: (slug: string) => profiles.delete(slug),

    async profile(slug: string): Promise<Profile> {
      const kept = await profiles.through(slug, async () => {
        // The precomputed document (migration 0038): one indexed lookup returning the text; when
        // missing, computed (checked once, contract/checked.ts) and written back (profile-document.ts).
        const text = await publicProfileText(store, slug, publicUrl);
        return text && { id: text.id, json: text.body, tag: text.tag };
      });
      if (!kept) throw notFound('listing_not_found', `No listing with slug "${slug}".`);
      views.record(kept.id);
      // One answer per kept text: the same object until the profile changes (so its text, tag and
      // a page built from it are found again), parsed only when something reads inside it.
      return (kept.answer ??= markChecked(
        ListingProfile,
        lazyJson<Profile>(kept.json, kept.tag, PROFILE_KEYS, () => {
          let object = objects.get(kept);
          if (object === undefined) objects.set(kept, (object = JSON.parse(kept.json) as Profile));
          return object;
        }),
      ));
    },

    async alternatives(slug: string, page: PageRequest) {
      return alternativePages.through(JSON.stringify([slug, page.page, page.per_page]), () => alternativesOf(slug, page));
    },

    async compare(a: string, b: string) {
      if (a === b) {
        throw new DomainError('invalid', 'same_listing', 'Compare two different listings.', [
          { field: 'b', message: 'must differ from a' },
        ]);
      }
      const [ra, rb] = await Promise.all([store.profileBySlug(a), store.profileBySlug(b)]);
      const missing = [
        ...(!ra || ra.status !== 'live' ? [{ field: 'a', message: `no live listing "${a}"` }] : []),
        ...(!rb || rb.status !== 'live' ? [{ field: 'b', message: `no live listing "${b}"` }] : []),
      ];
      if (missing.length) throw new DomainError('invalid', 'unknown_listing', 'Both listings must exist and be live.', missing);
      const pa = toProfile(ra!, publicUrl);
      const pb = toProfile(rb!, publicUrl);
      const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
      const facts: { key: string; label: string; a: string | null; b: string | null }[] = [
        { key: 'pricing_model', label: 'Pricing model', a: str(pa.pricing.model), b: str(pb.pricing.model) },
        { key: 'pricing_summary', label: 'Pricing', a: str(pa.pricing.summary), b: str(pb.pricing.summary) },
        { key: 'stage', label: 'Stage', a: str(pa.stage), b: str(pb.stage) },
        { key: 'country', label: 'Country', a: str(pa.country), b: str(pb.country) },
        { key: 'founded_year', label: 'Founded', a: str(pa.founded_year), b: str(pb.founded_year) },
        { key: 'primary_category', label: 'Category', a: str(pa.categories[0]?.name), b: str(pb.categories[0]?.name) },
        {
          key: 'community_rating',
          label: 'Community rating',
          a: str(pa.community_rating.average),
          b: str(pb.community_rating.average),
        },
        { key: 'domain_rating', label: 'Domain Rating', a: str(pa.domain_rating?.value), b: str(pb.domain_rating?.value) },
      ];
      const attributes = await store.comparisonAttributes(ra!.id, rb!.id);
      const summary = (p: typeof pa) => ({
        slug: p.slug,
        name: p.name,
        url: p.url,
        tagline: p.tagline,
        logo_url: p.logo_url,
        votes: p.votes,
        links: { page: p.links.page, api: p.links.api },
      });
      return {
        a: summary(pa),
        b: summary(pb),
        rows: [
          ...facts.map((f) => ({ ...f, source: 'listing' as const })),
          ...attributes.map((r) => ({ ...r, source: 'category_attribute' as const })),
        ],
      };
    },
  };
}
export type ListingDirectory = ReturnType<typeof createListingDirectory>;
