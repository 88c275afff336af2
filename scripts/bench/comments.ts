/**
 * The discussion rows: list_comments on the listing with 5,000 comments (page 1, and page 50 of
 * newest), on one with 5, and the first page of each of 2,000 small discussions read once (what
 * an uncached read costs the engine). seed:scale writes them (src/demo/scale-comments.ts): the
 * busy listing is the first of sort=votes, the small ones the next 2,000, so the API finds them.
 */
import type { Target } from './load.ts';
import { clean, dirty, ENGINE_NAMES, type Engine, type EngineResult, type Verdict } from './report.ts';
import type { Services } from '../../src/services.ts';

type GetJson = (url: string) => Promise<{ status: number; body: any; text: string }>;

export interface Discussions {
  busy?: { slug: string; comments: number };
  /** Listings with exactly 5 comments. */
  small: string[];
}

const SMALL = 2000;
const PAGES = 25;

export async function findDiscussions(baseUrl: string, getJson: GetJson): Promise<Discussions> {
  const found: Discussions = { small: [] };
  for (let page = 1; page <= PAGES && found.small.length < SMALL; page++) {
    const r = await getJson(`${baseUrl}/api/v1/listings?sort=votes&per_page=100&page=${page}`);
    const items: { slug: string; comments: number }[] = r.status === 200 ? (r.body.items ?? []) : [];
    if (!items.length) break;
    for (const item of items) {
      if (!found.busy || item.comments > found.busy.comments) found.busy = { slug: item.slug, comments: item.comments };
      if (item.comments === 5 && found.small.length < SMALL) found.small.push(item.slug);
    }
  }
  return found;
}

type BenchTarget = Target & { preflight: () => Promise<string | undefined> };

export function commentTargets(baseUrl: string, found: Discussions, getJson: GetJson): BenchTarget[] {
  const busy = found.busy?.slug ?? '';
  const small = found.small[0] ?? '';
  const path = (slug: string, query = '') => `/api/v1/listings/${encodeURIComponent(slug)}/comments${query}`;
  const get = (p: string) => ({ method: 'GET', path: p });
  /** The pre-flight: a 200 page with threads, and (for the busy listing) as many comments as the row claims. */
  const check = (p: string, want: { threads?: number; comments?: number }) => async () => {
    const r = await getJson(baseUrl + p);
    if (r.status !== 200) return `pre-flight answered ${r.status}${r.body?.code ? ` ${r.body.code}` : ''}`;
    if (want.threads && r.body.items?.length !== want.threads) return `pre-flight answered ${r.body.items?.length ?? 0} threads, not ${want.threads}`;
    const comments = busy && p.includes(encodeURIComponent(busy)) ? found.busy!.comments : undefined;
    if (want.comments && comments !== undefined && comments < want.comments) return `the busy listing has ${comments} comments (the row asks for ${want.comments}; run seed:scale on a fresh database)`;
    return undefined;
  };
  return [
    {
      name: 'list_comments',
      label: `GET /api/v1/listings/{busy}/comments (${found.busy?.comments.toLocaleString('en-US') ?? 0} comments, page 1)`,
      baseUrl,
      requests: [get(path(busy))],
      preflight: check(path(busy), { threads: 20, comments: 5000 }),
    },
    {
      name: 'list_comments small',
      label: 'GET /api/v1/listings/{slug}/comments (5 comments)',
      baseUrl,
      requests: [get(path(small))],
      preflight: check(path(small), {}),
    },
    {
      name: 'list_comments newest page 50',
      label: 'GET /api/v1/listings/{busy}/comments?sort=newest&page=50',
      baseUrl,
      requests: [get(path(busy, '?sort=newest&page=50'))],
      preflight: check(path(busy, '?sort=newest&page=50'), { threads: 20, comments: 5000 }),
    },
    {
      // Each discussion read once, so no cache answers: what a first read costs (no goal).
      name: 'list_comments first reads',
      label: `GET /api/v1/listings/{slug}/comments, each of ${found.small.length.toLocaleString('en-US')} 5-comment discussions read once`,
      baseUrl,
      requests: found.small.map((s) => get(path(s))),
      shared: true,
      once: true,
      preflight: async () => (found.small.length >= SMALL ? undefined : `only ${found.small.length} listings with 5 comments (the row asks for ${SMALL})`),
    },
  ];
}

/** The same reads one at a time, caches off (bench/single.ts). */
export function commentSingles(found: Discussions) {
  const busy = found.busy?.slug ?? '';
  const list = (slug: string, sort: 'top' | 'newest', page: number) => (sv: Services) => sv.discussions.list(slug, { sort, page, per_page: 20 });
  return [
    { name: 'list_comments', call: list(busy, 'top', 1) },
    { name: 'list_comments small', call: list(found.small[0] ?? busy, 'top', 1) },
    { name: 'list_comments newest page 50', call: list(busy, 'newest', 50) },
    { name: 'list_comments first reads', call: (sv: Services, i: number) => sv.discussions.list(found.small[i % Math.max(1, found.small.length)] ?? busy, { sort: 'top', page: 1, per_page: 20 }) },
  ];
}

/**
 * Per engine: list_comments ≥ 10 % of hello-world, and the busy listing's first page as fast as a
 * small one's ("a listing with 5,000 comments serves its first page as fast as one with 5":
 * within 1.5× in req/s). The page row's verdict is bench/pages.ts's.
 */
export function commentVerdicts(results: Partial<Record<Engine, EngineResult>>): Verdict[] {
  const out: Verdict[] = [];
  for (const engine of ['pglite', 'postgres'] as const) {
    const r = results[engine];
    const busy = r?.rows.find((x) => x.name === 'list_comments');
    const small = r?.rows.find((x) => x.name === 'list_comments small');
    const missing = r ? 'not measured (--endpoints)' : `${ENGINE_NAMES[engine]} not run`;
    {
      const target = `list_comments (5,000 comments) on ${ENGINE_NAMES[engine]} ≥ 10 % of hello-world req/s`;
      if (!busy) out.push({ status: 'n.a.', target, detail: missing });
      else {
        const ok = clean(busy) && !busy.note && busy.ratio >= 0.1;
        out.push({
          status: ok ? 'PASS' : 'FAIL',
          target,
          detail: `${(busy.ratio * 100).toFixed(1)} % (${Math.round(busy.reqPerSec)} req/s), p99 ${busy.latencyMs.p99.toFixed(2)} ms${busy.note ? `; ${busy.note}` : ''}${clean(busy) ? '' : `; ${dirty(busy)}`}`,
        });
      }
    }
    {
      const target = `list_comments on ${ENGINE_NAMES[engine]}: 5,000 comments within 1.5× of 5 comments (req/s)`;
      if (!busy || !small) out.push({ status: 'n.a.', target, detail: missing });
      else {
        const slower = small.reqPerSec / busy.reqPerSec;
        const ok = clean(busy) && clean(small) && !busy.note && !small.note && slower <= 1.5;
        out.push({
          status: ok ? 'PASS' : 'FAIL',
          target,
          detail: `${Math.round(busy.reqPerSec)} vs ${Math.round(small.reqPerSec)} req/s (${slower.toFixed(2)}×), p99 ${busy.latencyMs.p99.toFixed(2)} vs ${small.latencyMs.p99.toFixed(2)} ms` +
            (clean(busy) && clean(small) ? '' : `; ${dirty(clean(busy) ? small : busy)}`),
        });
      }
    }
  }
  return out;
}
