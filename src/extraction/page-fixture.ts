import { createHash } from 'node:crypto';
import { load } from 'cheerio';
import type { PageLink, PageSnapshot } from '../crawler/types.ts';
import { textLines } from './element-text.ts';

/**
 * Test-only: a PageSnapshot from HTML, with `text` and `links` written the way the crawler stores
 * them (PageSnapshot.text: one line per visible block, then `key: value` metadata lines for the
 * title, meta description, og:/twitter: text and JSON-LD values). Extraction tests build their
 * sites with this instead of crawling, so they do not depend on the crawler's code.
 */
export function pageFromHtml(url: string, html: string, opts: { finalUrl?: string; lang?: string } = {}): PageSnapshot {
  const finalUrl = opts.finalUrl ?? url;
  const $ = load(html);
  const meta: string[] = [];
  const seen = new Set<string>();
  const add = (key: string, value: unknown) => {
    const v = String(value ?? '').replace(/\s+/g, ' ').trim();
    if (!v || seen.has(v)) return;
    seen.add(v);
    meta.push(`${key}: ${v}`);
  };
  const title = $('title').first().text().replace(/\s+/g, ' ').trim();
  add('title', title);
  add('description', $('meta[name="description" i]').attr('content'));
  const links: PageLink[] = [];
  const link = (href: string | undefined, text: string, kind: PageLink['kind']) => {
    if (!href) return;
    try {
      const u = new URL(href, finalUrl);
      if (u.protocol === 'http:' || u.protocol === 'https:') links.push({ url: u.href, text: text.replace(/\s+/g, ' ').trim(), kind });
    } catch {
      // not a link
    }
  };
  $('meta[property], meta[name]').each((_, el) => {
    const key = (el.attribs.property ?? el.attribs.name ?? '').toLowerCase();
    if (!/^(og|twitter):/.test(key)) return;
    if (/^(og|twitter):(image|video|url|card)$/.test(key)) link(el.attribs.content, key, 'meta');
    else add(key, el.attribs.content);
  });
  const jsonLd = (value: unknown, path: string) => {
    if (typeof value === 'string' || typeof value === 'number') add(`json-ld ${path || 'value'}`, value);
    else if (Array.isArray(value)) for (const v of value) jsonLd(v, path);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === '@graph' && !path) {
          jsonLd(v, path);
          continue;
        }
        if ((k.startsWith('@') && k !== '@type') || (k === '@type' && path)) continue;
        jsonLd(v, path ? `${path}.${k}` : k);
      }
    }
  };
  $('script[type="application/ld+json" i]').each((_, el) => {
    try {
      jsonLd(JSON.parse($(el).text()), '');
    } catch {
      // broken JSON-LD states nothing
    }
  });
  $('a[href]').each((_, el) => link(el.attribs.href, $(el).text() || ($(el).find('img').attr('alt') ?? ''), 'a'));
  $('img[src]').each((_, el) => link(el.attribs.src, el.attribs.alt ?? '', 'img'));
  $('video[src], iframe[src], video > source[src]').each((_, el) => link(el.attribs.src, '', 'video'));
  $('link[rel][href]').each((_, el) => {
    if (/\b(?:icon|apple-touch-icon)\b/i.test(el.attribs.rel)) link(el.attribs.href, '', 'icon');
  });

  return {
    url,
    finalUrl,
    fetchedAt: new Date('2026-01-05T10:00:00Z'),
    status: 200,
    contentType: 'text/html; charset=utf-8',
    hash: createHash('sha256').update(html).digest('hex'),
    title,
    lang: opts.lang ?? ($('html').attr('lang') ?? '').toLowerCase().split('-')[0],
    html,
    text: [...textLines($.root()[0]), ...meta].join('\n'),
    links,
  };
}
