/** HTML that is already safe: markup we wrote, with every outside value escaped. */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]);

function piece(v: unknown): string {
  if (v instanceof Html) return v.value;
  if (Array.isArray(v)) return v.map(piece).join('');
  if (v === null || v === undefined || v === false) return '';
  return esc(String(v));
}

/**
 * Template tag for markup: every interpolated value is escaped unless it is itself Html (a nested
 * `html` template). Arrays are joined; null, undefined and false render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += piece(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Markup from a trusted constant (never from input). */
export const raw = (s: string) => new Html(s);

/** An instant as a readable UTC time ("2026-01-05 10:00 UTC"), in a <time> element. */
export function time(d: Date | string | null, empty = 'never'): Html {
  if (!d) return html`${empty}`;
  const iso = new Date(d).toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}
