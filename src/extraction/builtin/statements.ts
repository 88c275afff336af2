import type { Element } from 'domhandler';
import { elementText } from '../element-text.ts';
import { TESTIMONIAL_HEADINGS } from '../vocabulary.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { chromeItself } from './sections.ts';
import { clean, type SitePage } from './site.ts';

/**
 * Short passages of a page's own voice, where facts are stated: paragraphs, list items,
 * headings, table cells, captions, addresses and leaf blocks. Navigation, footers (unless asked
 * for; an <address> always counts), forms, quotations and testimonial sections are left out: a
 * customer's words are never a fact about the company.
 */
export function statements(page: SitePage, opts: { footer?: boolean; max?: number } = {}): string[] {
  const key = `${opts.footer === true} ${opts.max ?? 400}`;
  let memo = read.get(page);
  if (!memo) read.set(page, (memo = new Map()));
  let said = memo.get(key);
  if (!said) memo.set(key, (said = readStatements(page, opts.footer === true, opts.max ?? 400)));
  return said;
}

/** Several readers ask for the same page's statements. */
const read = new WeakMap<SitePage, Map<string, string[]>>();

const STATEMENT_TAGS = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dd', 'dt', 'td', 'th', 'figcaption', 'address', 'div', 'span']);
/** What makes a div or span a wrapper rather than a leaf block. */
const WRAPPED = new Set(['p', 'li', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'table', 'ul', 'ol', 'dl']);

interface Walk {
  chrome: boolean;
  footer: boolean;
  testimonial: boolean;
}

/** One pass over the DOM (pages can be large): flags flow down, "holds a block" flows up. */
function readStatements(page: SitePage, footer: boolean, max: number): string[] {
  const $ = page.$;
  const testimonialSections = new Set<Element>();
  $('h1, h2, h3, h4, h5, h6').each((_, h) => {
    const text = normalizeForMatch($(h).text());
    if (!TESTIMONIAL_HEADINGS.some((t) => text.includes(t))) return;
    const section = $(h).parent().closest('section, aside, article, div');
    if (section.length && section.find(h.name).length === 1) testimonialSections.add(section.get(0) as Element);
  });
  const found: Array<{ at: number; text: string }> = [];
  let counter = 0;
  const walk = (el: Element, ctx: Walk): boolean => {
    const at = counter++;
    const here: Walk = {
      chrome: ctx.chrome || chromeItself($, el),
      footer: ctx.footer || el.name === 'footer',
      testimonial: ctx.testimonial || testimonialSections.has(el),
    };
    let holdsBlock = false;
    for (const child of el.children) {
      if (child.type !== 'tag') continue;
      if (walk(child as Element, here)) holdsBlock = true;
      if (WRAPPED.has((child as Element).name)) holdsBlock = true;
    }
    const leaf = !((el.name === 'div' || el.name === 'span') && holdsBlock);
    const shown = el.name === 'address' || (!here.chrome && (!here.footer || footer));
    if (STATEMENT_TAGS.has(el.name) && leaf && shown && !here.testimonial) {
      const text = clean(elementText(el));
      if (text.length >= 3 && text.length <= max) found.push({ at, text });
    }
    return holdsBlock;
  };
  for (const root of $('body').toArray()) walk(root as Element, { chrome: false, footer: false, testimonial: false });
  const out: string[] = [];
  for (const { text } of found.sort((a, b) => a.at - b.at)) if (!out.includes(text)) out.push(text);
  return out;
}

/**
 * The bounds of the sentences spanning [start, end) in a paragraph: from after the previous
 * sentence's end (". ", "! ", "? ") to the next sentence end, its mark included.
 */
export function sentenceBounds(text: string, start: number, end: number): [number, number] {
  const before = text.slice(0, start);
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '));
  const stop = text.slice(end).search(/[.!?](?:\s|$)/);
  return [cut === -1 ? 0 : cut + 2, stop === -1 ? text.length : end + stop + 1];
}

/** The sentence of `text` around [start, end): from the previous sentence end to the next. */
export function sentenceAround(text: string, start: number, end: number, reach = 160): string {
  const from = Math.max(0, start - reach);
  const before = text.slice(from, start);
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '), before.lastIndexOf('\n'));
  const s = cut === -1 ? from : from + cut + 1;
  const after = text.slice(end, end + reach);
  const stop = after.search(/[.!?](?:\s|$)|\n/);
  const e = stop === -1 ? end + after.length : end + stop + 1;
  return text.slice(s, e).trim();
}
