/**
 * The crawler's contract with the rest of the service. The crawler reads a product's public site
 * (robots.txt first, bounded, never a private address) and returns snapshots: the evidence base
 * every drafted value must quote from.
 */

/** One fetched page as stored (crawl_pages). `text` is what evidence quotes are checked against. */
export interface PageSnapshot {
  /** The URL we asked for. */
  url: string;
  /** The URL after redirects (what the quotes cite). */
  finalUrl: string;
  fetchedAt: Date;
  status: number;
  contentType: string;
  /** sha256 hex of the body bytes. */
  hash: string;
  /** <title>, trimmed; '' when absent. */
  title: string;
  /** <html lang> or content-language, lower case, e.g. 'de'; '' when unknown. */
  lang: string;
  /** The page body as received (capped), kept so structured data can be re-read on regenerate. */
  html: string;
  /**
   * The extracted text: visible text of the page in document order (scripts, styles, comments and
   * hidden template content removed), whitespace collapsed, followed by the page's stated metadata
   * (title, meta description, OpenGraph/Twitter text, JSON-LD string values) one per line. This is
   * "the stored crawl text of the page".
   */
  text: string;
  /** Absolute http(s) links and media sources found on the page, with their visible text. */
  links: PageLink[];
}

export interface PageLink {
  url: string;
  /** Visible text of the link (or alt text of an image inside it), whitespace collapsed. */
  text: string;
  /** a = anchor href, img = image src, video = video/iframe/source src, meta = og:image and the like. */
  kind: 'a' | 'img' | 'video' | 'meta' | 'icon';
}

/** Why a crawl could not read the site. Stable codes: the draft shows them. */
export type CrawlFailureCode =
  | 'robots_disallowed'
  | 'unreachable'
  | 'blocked_address'
  | 'not_html'
  | 'http_error'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'took_too_long'
  | 'invalid_url';

export interface CrawlFailure {
  code: CrawlFailureCode;
  /** A sentence a founder can act on, e.g. "robots.txt disallows LaunchyardBot on /". */
  reason: string;
}

export interface CrawlProgress {
  stage: 'robots' | 'fetching';
  pagesFetched: number;
  /** Pages planned so far (grows as links are discovered), never more than the page bound. */
  pagesPlanned: number;
}

export interface CrawlBounds {
  maxPages: number;
  maxBytesPerPage: number;
  /** Whole-crawl wall clock budget. */
  timeMs: number;
  maxRedirects: number;
}

/** A page left out: its address and why, in words a founder can act on ("took too long"). */
export interface SkippedPage {
  url: string;
  reason: string;
}

export type CrawlResult =
  | { ok: true; pages: PageSnapshot[]; skipped?: SkippedPage[] }
  | { ok: false; failure: CrawlFailure; pages: PageSnapshot[]; skipped?: SkippedPage[] };

/** Result of fetching one page outside a site crawl (competitor, badge check). */
export type PageFetch =
  | { ok: true; page: PageSnapshot }
  | { ok: false; failure: CrawlFailure; status?: number };

/** A small text file read outside a site crawl (a claim's /.well-known/ file): its text as sent, up to the bound. */
export type TextFetch =
  | { ok: true; finalUrl: string; status: number; text: string }
  | { ok: false; failure: CrawlFailure; status?: number };

/** What the crawler keeps of an HTML page (crawler/page-text.ts readPage). */
export interface PageReading {
  title: string;
  /** Primary language subtag, lower case ('de' for de-AT); '' when the page does not say. */
  lang: string;
  text: string;
  links: PageLink[];
}

/**
 * Turns fetched HTML into its stored reading. The service reads pages in the worker pool within a
 * time budget per page: a page that takes too long is answered `{ ok: false }` and skipped.
 */
export type PageReader = (
  html: string,
  url: string,
  contentLanguage: string,
  signal: AbortSignal,
) => Promise<{ ok: true; reading: PageReading } | { ok: false }>;

export interface Crawler {
  /** Reads the site: robots.txt, the home page, then the fact-bearing pages it links to. */
  crawlSite(
    url: string,
    opts?: {
      onProgress?: (p: CrawlProgress) => void | Promise<void>;
      /** Each page kept for the draft, as it is read (before the progress report that counts it). */
      onPage?: (page: { url: string; title: string }) => void;
      signal?: AbortSignal;
    },
  ): Promise<CrawlResult>;
  /** One page through the same safe fetch and robots check (competitor comparison, badge check). */
  fetchPage(url: string, opts?: { signal?: AbortSignal }): Promise<PageFetch>;
}
