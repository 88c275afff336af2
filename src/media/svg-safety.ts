import { DOMParser } from 'linkedom';

/**
 * Whether an uploaded SVG may be rasterised. We never serve an SVG as it came (only the pictures
 * made from it), so this is defence in depth in front of librsvg: no script, no event handlers,
 * no doctype or entities (entity expansion bombs), no foreignObject (HTML inside), no XInclude
 * and nothing fetched from elsewhere: every reference points inside the file or is an embedded
 * raster picture. Anything we are unsure of is refused.
 */
export const SVG_MAX_BYTES = 1024 * 1024;

/** libxml2 (under librsvg) stops at 256 levels; our parser slows down badly long before a megabyte of them. */
export const SVG_MAX_DEPTH = 255;

export type SvgVerdict = { ok: true } | { ok: false; reason: string };

const refuse = (reason: string): SvgVerdict => ({ ok: false, reason });

/** Elements that run code, embed other documents or pull in other files. */
const REFUSED_ELEMENTS = new Map([
  ['script', 'a script'],
  ['foreignobject', 'a foreignObject (HTML inside the picture)'],
  ['include', 'an XInclude'],
  ['iframe', 'an embedded page'],
  ['embed', 'an embedded object'],
  ['object', 'an embedded object'],
  ['handler', 'an event handler'],
  ['listener', 'an event listener'],
  ['audio', 'a sound'],
  ['video', 'a video'],
]);

/**
 * Plain-text markers checked before parsing, so that no difference between our parser and
 * librsvg's (libxml2) can hide them: a marker in a comment is refused too, which costs little.
 */
const REFUSED_TEXT: [string, string][] = [
  ['<!doctype', 'a DOCTYPE'],
  ['<!entity', 'an ENTITY declaration'],
  ['<script', 'a script'],
  ['foreignobject', 'a foreignObject (HTML inside the picture)'],
  ['xml-stylesheet', 'a linked style sheet'],
  ['@import', 'an imported style sheet'],
];

const EMBEDDED_RASTER = ['data:image/png', 'data:image/jpeg', 'data:image/gif', 'data:image/webp'];

/** A reference that stays inside the file: '#id', or a PNG/JPEG/GIF/WebP picture embedded as data. */
function isInside(reference: string): boolean {
  const ref = reference.trim().toLowerCase();
  if (ref.startsWith('#')) return true;
  return EMBEDDED_RASTER.some((prefix) => ref.startsWith(prefix) && (ref[prefix.length] === ';' || ref[prefix.length] === ','));
}

const quoted = (reference: string) => {
  const shown = reference.trim();
  return shown.length > 80 ? `"${shown.slice(0, 77)}…"` : `"${shown}"`;
};

/** Every url(…) target in a CSS text or attribute value (lowercased), by indexOf: linear. */
function urlTargets(css: string): string[] {
  const targets: string[] = [];
  let at = css.indexOf('url(');
  while (at >= 0) {
    const close = css.indexOf(')', at + 4);
    const inner = (close < 0 ? css.slice(at + 4) : css.slice(at + 4, close)).trim();
    targets.push(inner.replace(/^["']/, '').replace(/["']$/, ''));
    if (close < 0) break;
    at = css.indexOf('url(', close + 1);
  }
  return targets;
}

/** The first external reference in some CSS (a style sheet, a style or presentation attribute), if any. */
function externalInCss(css: string): string | null {
  const lower = css.toLowerCase();
  // A CSS escape can spell "url" or a target in a way our scan does not read: refuse it.
  if (lower.includes('\\') && lower.includes('(')) return 'an escaped CSS reference';
  if (lower.includes('image-set(')) return 'a CSS image-set';
  const outside = urlTargets(lower).find((target) => !isInside(target));
  return outside === undefined ? null : `a reference to ${quoted(outside)}`;
}

const localName = (name: string) => {
  const lower = name.toLowerCase();
  const colon = lower.lastIndexOf(':');
  return colon < 0 ? lower : lower.slice(colon + 1);
};

/**
 * How deep elements nest, from the tags alone, stopping once past `stopAt`: one forward walk
 * (every character read once), before the parser, whose time grows faster than the depth.
 * Comments and CDATA are skipped, quoted attribute values read past (a "/>" in one is no end).
 */
function nestingDepth(text: string, stopAt: number): number {
  let depth = 0;
  let deepest = 0;
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
    const skipTo = text.startsWith('<!--', at) ? '-->' : text.startsWith('<![CDATA[', at) ? ']]>' : null;
    if (skipTo) {
      const end = text.indexOf(skipTo, at + 4);
      if (end < 0) break;
      at = end;
      continue;
    }
    const next = text[at + 1];
    if (next === '/') depth--;
    if (next === '/' || next === '!' || next === '?') continue;
    const close = tagEnd(text, at + 1);
    if (close < 0) break;
    if (text[close - 1] !== '/') deepest = Math.max(deepest, ++depth);
    if (deepest > stopAt) break;
    at = close;
  }
  return deepest;
}

/** The '>' that ends the tag whose name starts at `from`, outside quoted values; -1 when none does. */
function tagEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

function rootOf(text: string) {
  try {
    return new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  } catch {
    return 'unreadable' as const;
  }
}

/** Accepts the SVG, or says (for the person who sent it) what in it was refused. */
export function checkSvg(bytes: Uint8Array): SvgVerdict {
  if (bytes.length > SVG_MAX_BYTES) {
    return refuse(`The SVG file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the most we take for an SVG is 1 MB.`);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const lower = text.toLowerCase();
  for (const [marker, what] of REFUSED_TEXT) {
    if (lower.includes(marker)) return refuse(`The SVG contains ${what}, which we do not accept in pictures.`);
  }

  const depth = nestingDepth(text, SVG_MAX_DEPTH);
  if (depth > SVG_MAX_DEPTH) return refuse(`The SVG nests its elements more than ${SVG_MAX_DEPTH} levels deep, which we do not read.`);

  const root = rootOf(text);
  if (root === 'unreadable') return refuse('The SVG could not be read: it is not well-formed XML.');
  if (!root || localName(root.tagName) !== 'svg') return refuse('The file is not an SVG picture: its first element is not <svg>.');

  for (const el of [root, ...root.querySelectorAll('*')]) {
    const name = localName(el.tagName);
    const refused = REFUSED_ELEMENTS.get(name);
    if (refused) return refuse(`The SVG contains ${refused}, which we do not accept in pictures.`);
    if (name === 'style') {
      const external = externalInCss(el.textContent ?? '');
      if (external) return refuse(`The SVG's style sheet contains ${external}; an SVG may only refer to its own parts.`);
    }
    for (const attr of [...el.attributes]) {
      const attrName = localName(attr.name);
      if (attrName.startsWith('on')) return refuse(`The SVG has an event handler (${attr.name}), which we do not accept in pictures.`);
      if ((attrName === 'href' || attrName === 'src') && !isInside(attr.value)) {
        return refuse(`The SVG refers to ${quoted(attr.value)} outside the file; an SVG may only refer to its own parts or embed PNG, JPEG, GIF or WebP pictures.`);
      }
      // <set attributeName="href" to="…"> would swap a reference in after the checks above.
      if (attrName === 'attributename' && ['href', 'src'].includes(localName(attr.value.trim()))) {
        return refuse('The SVG animates a reference, which we do not accept in pictures.');
      }
      const external = externalInCss(attr.value);
      if (external) return refuse(`The SVG contains ${external} (in ${attr.name}); an SVG may only refer to its own parts.`);
    }
  }
  return { ok: true };
}
