import { load } from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element, ParentNode, Text } from 'domhandler';
import type { PageLink, PageReader, PageReading } from './types.ts';

/** Never rendered, or not text: their content is not what a visitor reads. */
const SKIPPED = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'canvas', 'iframe', 'object', 'embed', 'select', 'textarea']);

/** Elements that start a new line of text, so "Pricing" and "Free" in two blocks never run together. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'br', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li',
  'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

/** og:/twitter: properties whose content is a media URL: links, not text. */
const MEDIA_META = /^(og:(image|video|audio)(:url|:secure_url)?|twitter:(image|image:src|player|player:stream))$/;
/** og:/twitter: properties that describe the markup, not the product. */
const STRUCTURAL_META = /^(og:url|og:type|og:locale(:alternate)?|og:(image|video|audio):(type|width|height)|twitter:card)$/;

const MAX_LINKS = 1000;
const MAX_JSON_LD_VALUES = 300;

/**
 * Reads an HTML page into what evidence is quoted from: the visible text in document order, one
 * line per block (spaces collapsed within a line), then the page's stated metadata, one
 * `key: value` line each (title, description, og:*, twitter:*, json-ld values), repeated values
 * dropped. Links are absolute http(s) URLs resolved against <base href> or the page URL.
 */
export function readPage(html: string, pageUrl: string, contentLanguage = ''): PageReading {
  const $ = load(html);
  const base = baseUrl($, pageUrl);
  const links = new LinkList(base);
  // Every element is offered to the link list, those never rendered included (an <iframe> video).
  const lines = textLines($.root()[0], { onElement: (el) => links.fromElement($, el) });

  const title = collapse($('title').first().text());
  const meta = new MetaLines();
  meta.add('title', title);
  meta.add('description', $('meta[name="description" i]').attr('content'));
  $('meta[property], meta[name]').each((_, el) => {
    const key = (el.attribs.property ?? el.attribs.name ?? '').toLowerCase();
    const content = el.attribs.content ?? '';
    if (MEDIA_META.test(key)) links.add(content, key, 'meta');
    else if (/^(og|twitter):/.test(key) && !STRUCTURAL_META.test(key)) meta.add(key, content);
  });
  $('script[type="application/ld+json" i]').each((_, el) => {
    try {
      jsonLdValues(JSON.parse($(el).text()), '', meta);
    } catch {
      // Broken JSON-LD is common and says nothing we could quote reliably.
    }
  });
  $('link[rel]').each((_, el) => {
    const rel = (el.attribs.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.some((r) => r === 'icon' || r === 'apple-touch-icon' || r === 'mask-icon')) links.add(el.attribs.href, '', 'icon');
  });

  return {
    title,
    lang: primaryLanguage($('html').attr('lang') ?? $('html').attr('xml:lang') ?? contentLanguage),
    text: [...lines, ...meta.lines].join('\n'),
    links: links.list,
  };
}

/** Reads pages on the calling thread: for tests and tools; the service reads in the worker pool. */
export const inProcessPageReader: PageReader = async (html, url, contentLanguage) => ({ ok: true, reading: readPage(html, url, contentLanguage) });

/**
 * The visible text under `node`, one line per block, whitespace collapsed within each line. The
 * stored page text is made with it, and extractors build their quotes with it, so a quote is
 * always a stretch of the stored text. `skip` leaves an element out; `onElement` sees every
 * element, skipped ones included (their children are not walked).
 */
export function textLines(node: AnyNode, opts: { skip?: (el: Element) => boolean; onElement?: (el: Element) => void } = {}): string[] {
  const lines: string[] = [];
  let line = '';
  const endLine = () => {
    const collapsed = collapse(line);
    if (collapsed) lines.push(collapsed);
    line = '';
  };
  const walk = (n: AnyNode) => {
    // domhandler's types are string enums; compare as strings. <script> and <style> have types of
    // their own, so like comments and directives they fall through here unread.
    const type = n.type as string;
    if (type === 'text') {
      line += (n as Text).data;
      return;
    }
    if (type !== 'tag' && type !== 'root') return;
    const el = type === 'tag' ? (n as Element) : null;
    if (el) {
      opts.onElement?.(el);
      if (SKIPPED.has(el.name) || opts.skip?.(el)) return;
    }
    const block = el !== null && BLOCKS.has(el.name);
    if (block) endLine();
    for (const child of (n as ParentNode).children) walk(child);
    if (block) endLine();
  };
  walk(node);
  endLine();
  return lines;
}

/** Runs of whitespace (including no-break spaces) become one space; invisible characters go. */
export function collapse(text: string | undefined): string {
  return (text ?? '').replace(/[\u00ad\u200b\u200c\u200d\u2060\ufeff]/g, '').replace(/\s+/g, ' ').trim();
}

function primaryLanguage(tag: string): string {
  const first = tag.split(',')[0].trim().toLowerCase();
  return /^[a-z]{2,3}\b/.exec(first)?.[0] ?? '';
}

function baseUrl($: CheerioAPI, pageUrl: string): string {
  const href = $('base[href]').first().attr('href');
  if (!href) return pageUrl;
  try {
    const url = new URL(href, pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : pageUrl;
  } catch {
    return pageUrl;
  }
}

class MetaLines {
  readonly lines: string[] = [];
  private readonly seen = new Set<string>();
  add(key: string, value: string | undefined) {
    const text = collapse(value);
    if (!text || this.seen.has(text)) return;
    this.seen.add(text);
    this.lines.push(`${key}: ${text}`);
  }
}

/** Every string (and number) in a JSON-LD block, keyed by its property path, '@' keys except @type skipped. */
function jsonLdValues(value: unknown, path: string, meta: MetaLines, budget = { left: MAX_JSON_LD_VALUES }) {
  if (budget.left <= 0) return;
  if (typeof value === 'string' || typeof value === 'number') {
    budget.left--;
    meta.add(`json-ld ${path || 'value'}`, String(value));
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) jsonLdValues(item, path, meta, budget);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A graph's nodes are each a top-level thing (schema.org's @graph form, common in CMS output).
      if (key === '@graph' && !path) {
        jsonLdValues(item, path, meta, budget);
        continue;
      }
      if (key.startsWith('@') && key !== '@type') continue;
      if (key === '@type' && path) continue; // nested types add noise, not facts
      jsonLdValues(item, path ? `${path}.${key}` : key, meta, budget);
    }
  }
}

class LinkList {
  readonly list: PageLink[] = [];
  private readonly seen = new Set<string>();
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  add(href: string | undefined, text: string, kind: PageLink['kind']) {
    if (!href || this.list.length >= MAX_LINKS) return;
    let url: URL;
    try {
      url = new URL(href.trim(), this.base);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    const key = `${kind} ${url.href}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ url: url.href, text: collapse(text), kind });
  }

  fromElement($: CheerioAPI, el: Element) {
    const a = el.attribs;
    switch (el.name) {
      case 'a':
        this.add(a.href, anchorText($, el), 'a');
        break;
      case 'img':
        this.add(a.src || a['data-src'], a.alt ?? '', 'img');
        break;
      case 'video':
      case 'iframe':
      case 'source':
        if (el.name !== 'source' || (el.parent as Element | null)?.name === 'video') {
          this.add(a.src, a.title ?? '', 'video');
        }
        break;
    }
  }
}

function anchorText($: CheerioAPI, el: Element): string {
  const $el = $(el);
  const text = collapse($el.clone().find('script, style, template, noscript, svg').remove().end().text());
  return text || collapse($el.find('img[alt]').first().attr('alt')) || collapse(el.attribs['aria-label'] ?? el.attribs.title);
}
