/**
 * Markup and text of the newsletter mail. Like the site's html`` tag (transports/web/html.ts),
 * every interpolated value is escaped unless it is Markup; unlike it, `{` is escaped too (as
 * &#123;), and in the plain-text part "{{" from outside is broken up: the sender replaces the
 * literal {{unsubscribe_url}} per subscriber, and a listing named "{{unsubscribe_url}}" must never
 * become a second, misplaced link.
 */
export class Markup {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '{': '&#123;' };
export const escMail = (s: string) => s.replace(/[&<>"'{]/g, (c) => ENTITIES[c]);

function piece(v: unknown): string {
  if (v instanceof Markup) return v.value;
  if (Array.isArray(v)) return v.map(piece).join('');
  if (v === null || v === undefined || v === false) return '';
  return escMail(String(v));
}

/** Template tag: values escaped (braces included) unless Markup; arrays joined; null, undefined and false render nothing. */
export function mail(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += piece(values[i]) + strings[i + 1];
  return new Markup(out);
}

/** Markup from a trusted constant (never from input). */
export const trusted = (s: string) => new Markup(s);

/** A brace followed by another: "{{{{" becomes "{ { { {", so no two are ever adjacent. */
const BRACES = /\{(?=\{)/g;

/** Outside text for the plain-text part: one line, and no "{{" that could read as the sender's placeholder. */
export const plainLine = (s: string) => s.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').trim().replace(BRACES, '{ ');

/** Outside text that keeps its line breaks (the intro's Markdown source), likewise without "{{". */
export const plainBlock = (s: string) => s.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]+/g, ' ').replace(BRACES, '{ ').trim();
