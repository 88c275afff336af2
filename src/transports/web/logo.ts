import { html, type Html } from './html.ts';

/** Up to two initials of a name ("Data Loop" → "DL", "notionly" → "N"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => [...w][0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/** One of the eight fallback colours (directory.css .tone-0 … .tone-7), the same for a name every time. */
function toneOf(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return h % 8;
}

/**
 * A listing's logo or a founder's picture, else their initials. An image that fails to load draws
 * the initials itself (directory.css: a broken image renders its ::after), so no script is needed.
 * The name is always written beside it, so the picture is decorative. Only https images (the
 * pages' CSP allows those).
 */
export function logo(name: string, url: string | null, size: 'm' | 'l' = 'm'): Html {
  const src = url?.startsWith('https://') ? url : null;
  const px = size === 'l' ? 64 : 44;
  const letters = initials(name);
  return html`<span class="logo logo-${size} tone-${toneOf(name)}" aria-hidden="true"><span>${letters}</span>${
    src ? html`<img src="${src}" alt="" data-initials="${letters}" width="${px}" height="${px}" loading="lazy" decoding="async" referrerpolicy="no-referrer">` : ''
  }</span>`;
}
