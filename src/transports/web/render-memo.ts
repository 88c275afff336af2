import { tagOf } from '../../domain/json-text.ts';
import { compress, type Coding } from './content-coding.ts';

export interface Rendered {
  /** Encoded once: writing a page's text to the socket re-encoded it on every request. */
  body: Buffer;
  etag: string;
  status: number;
  script: boolean;
  /** Its script may fetch from this site (connect-src 'self'). */
  connect?: boolean;
  /** It may show a gallery video's player after a click (frame-src). */
  videos?: boolean;
  /** How many requests this rendering has answered. */
  served: number;
  /** The body compressed for browsers that ask, kept with it. */
  encoded?: Partial<Record<Coding, Buffer>>;
}

/**
 * The body in a coding a browser asked for, once the page is being reused: a page built from
 * reads that are not cached (a search with words) is served once, and compressing it would cost
 * more than sending it.
 */
export function encodedBody(page: Rendered, coding: Coding | undefined): { body: Buffer; coding?: Coding } {
  if (!coding || page.served < 2) return { body: page.body };
  page.encoded ??= {};
  let body = page.encoded[coding];
  if (!body) {
    body = page.encoded[coding] = compress(page.body, coding);
    kept.grew(page, body.length);
  }
  return { body, coding };
}

/**
 * Bytes of kept pages (bodies and their compressed copies) across the site, whatever keeps their
 * reads alive: pages hang off the services' cached objects, and those caches are bounded by
 * entries, so 10,000 listing pages of 30–60 kB each grew the embedded mode's memory by 360 MB in
 * the bench. Past the budget the least recently served pages are dropped (rendered again if asked).
 */
export const RENDERED_PAGES_BYTES = 48 * 1024 * 1024;

class KeptPages {
  /** Each kept page, least recently served first, with the map it is kept in and its size. */
  readonly #order = new Map<Rendered, { pages: Map<string, Rendered>; variant: string; bytes: number }>();
  #bytes = 0;
  readonly budget: number;
  constructor(budget: number) {
    this.budget = budget;
  }

  get bytes() {
    return this.#bytes;
  }

  keep(page: Rendered, pages: Map<string, Rendered>, variant: string) {
    const bytes = page.body.length;
    this.#order.set(page, { pages, variant, bytes });
    this.#bytes += bytes;
    this.#trim();
  }

  served(page: Rendered) {
    const entry = this.#order.get(page);
    if (!entry) return;
    this.#order.delete(page);
    this.#order.set(page, entry);
  }

  grew(page: Rendered, bytes: number) {
    const entry = this.#order.get(page);
    if (!entry) return;
    entry.bytes += bytes;
    this.#bytes += bytes;
    this.#trim();
  }

  /** A page its map let go of (a flood of variants cleared it). */
  dropped(page: Rendered) {
    const entry = this.#order.get(page);
    if (entry) this.#forget(page, entry);
  }

  #forget(page: Rendered, entry: { bytes: number }) {
    this.#order.delete(page);
    this.#bytes -= entry.bytes;
  }

  #trim() {
    for (const [page, entry] of this.#order) {
      if (this.#bytes <= this.budget) return;
      this.#forget(page, entry);
      if (entry.pages.get(entry.variant) === page) entry.pages.delete(entry.variant);
    }
  }
}
const kept = new KeptPages(RENDERED_PAGES_BYTES);
/** The bytes kept pages hold now (tests). */
export const keptPageBytes = () => kept.bytes;

interface Node {
  next: WeakMap<object, Node>;
  pages?: Map<string, Rendered>;
}

/** Variants of one page kept per set of reads (URLs differ in their query: ?notice=, paging…). */
const MAX_VARIANTS = 64;
const root: Node = { next: new WeakMap() };

/**
 * A page rendered for visitors who are not signed in, kept exactly as long as the operation
 * outputs it was built from. The services' caches hand back the very same object until it
 * expires, so the same objects make the same page: it is never older than the reads behind it,
 * and an output that is not cached (a search with words) is new every time and is never reused.
 * Entries hang off those objects (WeakMap) and go with them.
 */
export function rendered(from: readonly object[], variant: string, render: () => Omit<Rendered, 'etag' | 'body' | 'served'> & { body: string }): Rendered {
  let node = root;
  for (const o of from) {
    let next = node.next.get(o);
    if (!next) node.next.set(o, (next = { next: new WeakMap() }));
    node = next;
  }
  node.pages ??= new Map();
  let hit = node.pages.get(variant);
  if (!hit) {
    const page = render();
    const body = Buffer.from(page.body);
    hit = { ...page, body, etag: tagOf(body), served: 0 };
    if (node.pages.size >= MAX_VARIANTS) {
      for (const old of node.pages.values()) kept.dropped(old);
      node.pages.clear();
    }
    node.pages.set(variant, hit);
    kept.keep(hit, node.pages, variant);
  } else kept.served(hit);
  hit.served++;
  return hit;
}
