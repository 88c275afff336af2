import type { AnyNode, Element } from 'domhandler';
import { textLines as crawlerTextLines } from '../crawler/page-text.ts';

/**
 * The visible text of a part of a page exactly as the crawler renders it into the stored text
 * (crawler/page-text.ts): extractors build their quotes from this, so a quote is a stretch of
 * the stored text.
 */

/** Lines of visible text under `node` (one per block), whitespace collapsed within each. */
export function textLines(node: AnyNode, skip?: (el: Element) => boolean): string[] {
  return crawlerTextLines(node, { skip });
}

/** The visible text under `node` on one line. */
export function elementText(node: AnyNode | undefined): string {
  return node ? textLines(node).join(' ') : '';
}
