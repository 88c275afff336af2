import type { AnyNode, Element, ParentNode, Text } from 'domhandler';

/**
 * The visible text of a part of a page as the crawler renders it: blocks start new lines, nothing
 * that is never shown (scripts, styles, templates) is read. Extractors build
 * their quotes from this, so a quote is a stretch of the stored text.
 */

const SKIPPED = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'canvas', 'iframe', 'object', 'embed', 'select', 'textarea']);

export const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'br', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li',
  'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

/** Lines of visible text under `node` (one per block), whitespace collapsed within each. */
export function textLines(node: AnyNode, skip?: (el: Element) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  const endLine = () => {
    const collapsed = line.replace(/[\u00ad\u200b\u200c\u200d\u2060\ufeff]/g, '').replace(/\s+/g, ' ').trim();
    if (collapsed) lines.push(collapsed);
    line = '';
  };
  const walk = (n: AnyNode) => {
    const type = n.type as string;
    if (type === 'text') {
      line += (n as Text).data;
      return;
    }
    if (type !== 'tag' && type !== 'root') return;
    const el = type === 'tag' ? (n as Element) : null;
    if (el && (SKIPPED.has(el.name) || skip?.(el))) return;
    const block = el !== null && BLOCKS.has(el.name);
    if (block) endLine();
    for (const child of (n as ParentNode).children) walk(child);
    if (block) endLine();
  };
  walk(node);
  endLine();
  return lines;
}

/** The visible text under `node` on one line. */
export function elementText(node: AnyNode | undefined): string {
  return node ? textLines(node).join(' ') : '';
}
