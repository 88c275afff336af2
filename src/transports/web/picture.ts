import { html, type Html } from './html.ts';
import { extensionOf, galleryWidths, GALLERY_FORMATS, keptGalleryHash, keptLogoHash, LOGO_FORMATS, mediaPath } from '../../media/variants.ts';

/**
 * Kept pictures as <picture> elements: AVIF and WebP offered first, the PNG or JPEG fallback in
 * <img> with its width and height (no layout shift). Only pictures the site keeps are drawn: any
 * other address (a link to another site's image) is never loaded by a visitor's browser.
 */

/** A kept logo at a display size in CSS pixels (1x and 2x from the 64/128/256 variants); null when the logo is not kept. */
export function logoPicture(logoUrl: string | null | undefined, px: number, initials: string): Html | null {
  const hash = keptLogoHash(logoUrl);
  if (!hash) return null;
  const one = px <= 64 ? 64 : px <= 128 ? 128 : 256;
  const two = Math.min(256, one * 2);
  const set = (format: (typeof LOGO_FORMATS)[number]) => `${mediaPath(hash, `logo-${one}`, format)} 1x, ${mediaPath(hash, `logo-${two}`, format)} 2x`;
  return html`<picture><source type="image/avif" srcset="${set('avif')}"><source type="image/webp" srcset="${set('webp')}"><img src="${mediaPath(hash, `logo-${one}`, 'png')}" srcset="${set('png')}" alt="" data-initials="${initials}" width="${px}" height="${px}" loading="lazy" decoding="async"></picture>`;
}

/** A kept gallery image, responsive across its widths; `eager` for the first one on a page. */
export function galleryPicture(p: { url: string; alt: string; width: number | null; height: number | null; eager?: boolean; sizes?: string }): Html | null {
  const hash = keptGalleryHash(p.url);
  if (!hash || !p.width || !p.height) return null;
  const widths = galleryWidths(p.width);
  const set = (format: (typeof GALLERY_FORMATS)[number]) => widths.map((w) => `${mediaPath(hash, `gallery-${w.name}`, format)} ${w.width}w`).join(', ');
  const sizes = p.sizes ?? '(min-width: 60rem) 56rem, 100vw';
  const first = widths[Math.min(1, widths.length - 1)];
  const height = Math.round((p.height * first.width) / p.width);
  return html`<picture><source type="image/avif" srcset="${set('avif')}" sizes="${sizes}"><source type="image/webp" srcset="${set('webp')}" sizes="${sizes}"><img src="/media/${hash}/gallery-${first.name}.${extensionOf('jpeg')}" srcset="${set('jpeg')}" sizes="${sizes}" alt="${p.alt}" width="${first.width}" height="${height}"${p.eager ? '' : html` loading="lazy"`} decoding="async"></picture>`;
}
