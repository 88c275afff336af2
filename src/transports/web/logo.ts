import { html, type Html } from './html.ts';
import { logoPicture } from './picture.ts';

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
export function toneOf(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return h % 8;
}

/**
 * A listing's logo or a founder's picture, else their initials. Only a logo the site keeps is
 * drawn (picture.ts: from /media, in AVIF/WebP/PNG); an address on another site shows the
 * initials, so no visitor's browser fetches another site's image. An image that fails to load
 * draws the initials itself (directory.css: a broken image renders its ::after), so no script is
 * needed. The name is always written beside it, so the picture is decorative.
 */
export function logo(name: string, url: string | null, size: 'm' | 'l' = 'm'): Html {
  const px = size === 'l' ? 64 : 44;
  const letters = initials(name);
  return html`<span class="logo logo-${size} tone-${toneOf(name)}" aria-hidden="true"><span>${letters}</span>${logoPicture(url, px, letters) ?? ''}</span>`;
}
