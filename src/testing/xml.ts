/**
 * A strict little XML reader for tests of SVG output (badges): well-formedness (balanced tags, quoted
 * and unique attributes, only the five XML entities or numeric references) and a tree to query.
 * Badges are ours and small; a dependency would only hide what is being checked.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

export function parseXml(source: string): XmlElement {
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let at = 0;
  while (at < source.length) {
    token.lastIndex = at;
    const m = token.exec(source);
    if (!m) throw new Error(`not well-formed at ${at}: ${source.slice(at, at + 40)}`);
    at = token.lastIndex;
    const [, closing, name, rawAttrs, selfClosing, text] = m;
    if (text !== undefined) {
      if (ENTITY.test(text)) throw new Error(`bare & in text: ${text}`);
      if (!stack.length) throw new Error(`text outside the root: ${text}`);
      stack[stack.length - 1].text += text;
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of rawAttrs.matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      if (a[1] in attrs) throw new Error(`duplicate attribute ${a[1]} on <${name}>`);
      if (ENTITY.test(a[2])) throw new Error(`bare & in ${a[1]}="${a[2]}"`);
      attrs[a[1]] = a[2];
    }
    const el: XmlElement = { name, attrs, children: [], text: '' };
    if (stack.length) stack[stack.length - 1].children.push(el);
    else if (root) throw new Error('more than one root element');
    else root = el;
    if (!selfClosing) stack.push(el);
  }
  if (stack.length) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Every element of the tree, depth first, the root included. */
export function allElements(el: XmlElement): XmlElement[] {
  return [el, ...el.children.flatMap(allElements)];
}

/** The text of an element and its descendants, entities decoded. */
export function textOf(el: XmlElement): string {
  const raw = el.text + el.children.map(textOf).join('');
  return raw
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
