/**
 * Escaping for text that lands in SVG or HTML (element text and double- or single-quoted
 * attributes alike). Characters XML 1.0 forbids (most C0 controls, U+FFFE/U+FFFF, lone surrogates)
 * are dropped first: one of them in a listing name would make the whole image fail to parse.
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeXml(value: string): string {
  return value.replace(FORBIDDEN, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
