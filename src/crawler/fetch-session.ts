import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { CrawlBounds, CrawlFailure, PageReader, PageSnapshot, TextFetch } from './types.ts';
import { boundedGet } from './bounded-get.ts';
import { decodeBody } from './charset.ts';
import { disallowedFailure, readRobots, ROBOTS_MAX_BYTES } from './robots.ts';
import type { RobotsOutcome, RobotsRules } from './robots.ts';

/** No single request may take longer than this, whatever is left of the crawl budget. */
const REQUEST_TIMEOUT_MS = 10_000;
const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

export type HtmlFetch = { ok: true; page: PageSnapshot } | { ok: false; failure: CrawlFailure; status?: number };

export interface SessionContext {
  agent: Dispatcher;
  userAgent: string;
  /** The robots.txt user-agent token, e.g. 'LaunchyardBot'. */
  productToken: string;
  bounds: CrawlBounds;
  now: () => Date;
  /** HTML → stored text and links (the worker pool in the service). */
  readPage: PageReader;
  /** robots.txt rules kept across sessions (fetchPage); a crawl reads robots.txt fresh. */
  sharedRobots?: { get(origin: string): RobotsRules | undefined; set(origin: string, rules: RobotsRules): void };
}

/**
 * One crawl or one fetchPage call: a wall-clock deadline over everything it does, robots.txt read
 * once per origin it touches (redirect targets included) and checked before every hop, and the
 * site's Crawl-delay kept between requests to one origin.
 */
export class FetchSession {
  readonly signal: AbortSignal;
  private readonly ctx: SessionContext;
  private readonly caller?: AbortSignal;
  private readonly robots = new Map<string, Promise<RobotsOutcome>>();
  private readonly lastRequestAt = new Map<string, number>();

  constructor(ctx: SessionContext, caller?: AbortSignal) {
    this.ctx = ctx;
    this.caller = caller;
    const deadline = AbortSignal.timeout(ctx.bounds.timeMs);
    this.signal = caller ? AbortSignal.any([deadline, caller]) : deadline;
  }

  /** A cancellation by the caller is theirs to handle: it is thrown, not reported as a crawl failure. */
  throwIfCancelled() {
    if (this.caller?.aborted) throw this.caller.reason;
  }

  get bounds(): CrawlBounds {
    return this.ctx.bounds;
  }

  get productToken(): string {
    return this.ctx.productToken;
  }

  get expired(): boolean {
    return this.signal.aborted;
  }

  robotsFor(url: URL): Promise<RobotsOutcome> {
    const origin = url.origin;
    const shared = this.ctx.sharedRobots?.get(origin);
    if (shared) return Promise.resolve({ ok: true, rules: shared });
    let outcome = this.robots.get(origin);
    if (!outcome) {
      outcome = readRobots(url, this.ctx.productToken, (robotsUrl) =>
        boundedGet(robotsUrl, {
          agent: this.ctx.agent,
          userAgent: this.ctx.userAgent,
          accept: 'text/plain,*/*;q=0.1',
          maxBytes: ROBOTS_MAX_BYTES,
          maxRedirects: this.ctx.bounds.maxRedirects,
          hopTimeoutMs: REQUEST_TIMEOUT_MS,
          signal: this.signal,
          wantBody: (status) => status >= 200 && status < 300,
        }),
      ).then((result) => {
        if (result.ok) this.ctx.sharedRobots?.set(origin, result.rules);
        return result;
      });
      this.robots.set(origin, outcome);
    }
    return outcome;
  }

  /** GET an HTML page; robots.txt is obeyed on every hop, and only a 2xx HTML answer becomes a snapshot. */
  async fetchHtml(url: URL): Promise<HtmlFetch> {
    const outcome = await boundedGet(url, {
      agent: this.ctx.agent,
      userAgent: this.ctx.userAgent,
      accept: HTML_ACCEPT,
      maxBytes: this.ctx.bounds.maxBytesPerPage,
      maxRedirects: this.ctx.bounds.maxRedirects,
      hopTimeoutMs: REQUEST_TIMEOUT_MS,
      signal: this.signal,
      beforeHop: (hop) => this.mayRequest(hop),
      wantBody: (status, contentType) => status >= 200 && status < 300 && (contentType === '' || isHtmlType(contentType)),
    });
    this.throwIfCancelled();
    if (!outcome.ok) return outcome;
    const res = outcome.response;
    if (res.status < 200 || res.status >= 300) {
      return { ok: false, status: res.status, failure: { code: 'http_error', reason: `${res.finalUrl} answered HTTP ${res.status}.` } };
    }
    const contentType = res.contentType || (looksLikeHtml(res.body) ? 'text/html' : '');
    if (!isHtmlType(contentType)) {
      return {
        ok: false,
        status: res.status,
        failure: { code: 'not_html', reason: `${res.finalUrl} is ${contentType || 'of no stated type'}, not an HTML page.` },
      };
    }
    const html = decodeBody(res.body, contentType);
    let read;
    try {
      read = await this.ctx.readPage(html, res.finalUrl, res.contentLanguage, this.signal);
    } catch (err) {
      this.throwIfCancelled();
      if (!this.expired) throw err;
      return { ok: false, status: res.status, failure: { code: 'timeout', reason: `The crawl ran out of time while reading ${res.finalUrl}.` } };
    }
    if (!read.ok) {
      return { ok: false, status: res.status, failure: { code: 'took_too_long', reason: `${res.finalUrl} took too long to read.` } };
    }
    const { reading } = read;
    return {
      ok: true,
      page: {
        url: url.href,
        finalUrl: res.finalUrl,
        fetchedAt: this.ctx.now(),
        status: res.status,
        contentType,
        hash: createHash('sha256').update(res.body).digest('hex'),
        title: reading.title,
        lang: reading.lang,
        html,
        text: reading.text,
        links: reading.links,
      },
    };
  }

  /**
   * GET a small text file (any content type) through the same checks as a page: robots.txt on
   * every hop, the address policy, the deadline. Only a 2xx answer's body is read, up to maxBytes.
   */
  async fetchText(url: URL, maxBytes: number): Promise<TextFetch> {
    const outcome = await boundedGet(url, {
      agent: this.ctx.agent,
      userAgent: this.ctx.userAgent,
      accept: 'text/plain,*/*;q=0.1',
      maxBytes,
      maxRedirects: this.ctx.bounds.maxRedirects,
      hopTimeoutMs: REQUEST_TIMEOUT_MS,
      signal: this.signal,
      beforeHop: (hop) => this.mayRequest(hop),
      wantBody: (status) => status >= 200 && status < 300,
    });
    this.throwIfCancelled();
    if (!outcome.ok) return outcome;
    const res = outcome.response;
    if (res.status < 200 || res.status >= 300) {
      return { ok: false, status: res.status, failure: { code: 'http_error', reason: `${res.finalUrl} answered HTTP ${res.status}.` } };
    }
    return { ok: true, finalUrl: res.finalUrl, status: res.status, text: decodeBody(res.body, res.contentType || 'text/plain') };
  }

  private async mayRequest(url: URL): Promise<CrawlFailure | null> {
    const robots = await this.robotsFor(url);
    if (!robots.ok) return robots.failure;
    if (!robots.rules.allows(url)) return disallowedFailure(url, this.ctx.productToken);
    const last = this.lastRequestAt.get(url.origin);
    const wait = last === undefined ? 0 : last + robots.rules.crawlDelayMs - Date.now();
    if (wait > 0) {
      try {
        await sleep(wait, undefined, { signal: this.signal });
      } catch {
        return { code: 'timeout', reason: `The site's Crawl-delay left no time to read ${url.href}.` };
      }
    }
    this.lastRequestAt.set(url.origin, Date.now());
    return null;
  }
}

export function isHtmlType(contentType: string): boolean {
  const mime = contentType.split(';')[0].trim().toLowerCase();
  return mime === 'text/html' || mime === 'application/xhtml+xml';
}

/** For the rare server that sends no Content-Type: what a browser would sniff as HTML. */
function looksLikeHtml(body: Uint8Array): boolean {
  const head = Buffer.from(body.subarray(0, 512)).toString('latin1');
  // A comment ends at its first "-->", as in browsers (one way to match: linear, see regex-safety.test.ts).
  return /^\s*(?:<!--(?:[^-]|-(?!->))*-->\s*)*<(?:!doctype\s+html|html|head|body|title)\b/i.test(head.replace(/^\ufeff|^\xef\xbb\xbf/, ''));
}
