import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { elementText } from '../element-text.ts';
import { UNSPACED } from '../quote-match.ts';
import { inChrome } from './sections.ts';
import { clean } from './site.ts';

/**
 * The lines a visitor sees first on a page: its main heading and what stands around it. A page
 * may carry an <h1> for search engines and screen readers only, clipped to one pixel
 * ("sr-only", "visually-hidden") or hidden outright; what it says is not what the page shows.
 */

/** Class names of the common CSS frameworks and CMS themes for text that screen readers alone get. */
const SCREEN_READER_CLASS = /(?:^|\s)(?:sr-only|visually-hidden|visuallyhidden|screen-reader-text|screen-reader-only|element-invisible|u-hidden-visually|hide-text)(?:$|\s)/i;

/**
 * Hidden by its own attributes: the `hidden` attribute, aria-hidden, or an inline style that
 * removes it (display:none, visibility:hidden) or clips it to a pixel (clip / clip-path with a
 * 1px or 0 box). Only the element itself is read: a whole page may start hidden until a script
 * reveals it, which says nothing about one heading.
 */
export function visuallyHidden(el: Element): boolean {
  const a = el.attribs;
  if ('hidden' in a || a['aria-hidden'] === 'true' || SCREEN_READER_CLASS.test(a.class ?? '')) return true;
  const style = (a.style ?? '').toLowerCase().replace(/\s+/g, '');
  if (style.includes('display:none') || style.includes('visibility:hidden')) return true;
  const clipped = style.includes('clip:rect(') || style.includes('clip-path:inset(');
  const pixel = style.includes('width:1px') || style.includes('height:1px') || style.includes('width:0') || style.includes('height:0');
  return clipped && pixel;
}

/** Three words or more, or a run of unspaced script: a line that reads as a phrase, not a lone label. */
function phrase(text: string): boolean {
  return text.split(' ').filter(Boolean).length >= 3 || UNSPACED.test(text);
}

/**
 * The first line a visitor sees after `after` (a heading that is hidden, or only the site's
 * name): the next visible heading, when it reads as a phrase, or the next paragraph of the
 * page's own content (not a link or a button), before any section heading. With `heading`, only
 * a heading right after counts: a paragraph there is a caption or a sub-line, not a heading.
 */
export function nextHeroLine($: CheerioAPI, after: Element, opts: { heading?: boolean } = {}): string {
  const blocks = $('h1, h2, h3, h4, h5, h6, p').toArray() as Element[];
  for (const el of blocks.slice(blocks.indexOf(after) + 1)) {
    if (visuallyHidden(el) || inChrome($, el) || $(el).closest('a, button').length > 0) continue;
    const text = clean(elementText(el));
    if (!text) continue;
    if (el.name === 'p') return opts.heading ? '' : text;
    // A heading that is a lone label ("Features", "Services") opens a section: the hero is over.
    return (el.name === 'h1' || el.name === 'h2') && phrase(text) ? text : '';
  }
  return '';
}
