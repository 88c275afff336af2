/**
 * The variants every kept picture has, by name: what processing makes (process-image.ts) and what
 * the pages ask for (picture.ts) agree through these. A logo is a square in three sizes; a gallery
 * image three widths, never enlarged (a narrower source has only the widths it reaches, and at
 * least the first, at its own width).
 */
export const LOGO_SIZES = [64, 128, 256] as const;
export const GALLERY_WIDTHS = [640, 1280, 1920] as const;
/** Modern formats first: the page offers them in this order, with the fallback last. */
export const LOGO_FORMATS = ['avif', 'webp', 'png'] as const;
export const GALLERY_FORMATS = ['avif', 'webp', 'jpeg'] as const;

export const extensionOf = (format: 'webp' | 'avif' | 'png' | 'jpeg') => (format === 'jpeg' ? 'jpg' : format);
export const contentTypeOf = (format: 'webp' | 'avif' | 'png' | 'jpeg') => `image/${format}`;

/** The gallery widths a source of this width gets: [name width, actual width]. */
export function galleryWidths(sourceWidth: number): { name: number; width: number }[] {
  const reached = GALLERY_WIDTHS.filter((w) => w <= sourceWidth);
  return reached.length ? reached.map((w) => ({ name: w, width: w })) : [{ name: GALLERY_WIDTHS[0], width: sourceWidth }];
}

/** A variant's path under /media. */
export const mediaPath = (hash: string, name: string, format: 'webp' | 'avif' | 'png' | 'jpeg') => `/media/${hash}/${name}.${extensionOf(format)}`;

/** The logo's public address (the API's logo_url): its largest PNG. */
export const logoUrl = (publicUrl: string, hash: string) => `${publicUrl}${mediaPath(hash, 'logo-256', 'png')}`;

/** A gallery image's public address (the API's media url): its largest JPEG. */
export function galleryUrl(publicUrl: string, hash: string, sourceWidth: number) {
  const widths = galleryWidths(sourceWidth);
  return `${publicUrl}${mediaPath(hash, `gallery-${widths[widths.length - 1].name}`, 'jpeg')}`;
}

// Linear: fixed literals around one bounded hex run.
const KEPT_LOGO = /\/media\/([0-9a-f]{64})\/logo-256\.png$/;
const KEPT_GALLERY = /\/media\/([0-9a-f]{64})\/gallery-[0-9]{3,4}\.jpg$/;

/** The folder of a logo the site keeps, from its logo_url; null for any other address. */
export const keptLogoHash = (url: string | null | undefined) => (url && url.length < 600 ? (KEPT_LOGO.exec(url)?.[1] ?? null) : null);
/** The folder of a gallery image the site keeps, from its url; null for any other address. */
export const keptGalleryHash = (url: string | null | undefined) => (url && url.length < 600 ? (KEPT_GALLERY.exec(url)?.[1] ?? null) : null);
