import { html, raw, type Html } from './html.ts';

export interface HeadOptions {
  siteName: string;
  publicUrl: string;
  /** The page's path (and, for paged lists, its page query): the canonical URL. None on error pages. */
  path?: string;
  title: string;
  description?: string;
  /** An absolute image URL for link previews (a listing's logo). */
  image?: string | null;
  /** The page's share card (share-images.ts): a large preview image; it wins over `image`. */
  shareImage?: { url: string; width: number; height: number; alt: string };
  /** OpenGraph type: "website" unless the page is an article or a product. */
  type?: 'website' | 'article' | 'product' | 'profile';
  /** Schema.org objects, each sent as its own JSON-LD block. */
  jsonLd?: object[];
  /** Feeds to announce (RSS/Atom autodiscovery). */
  feeds?: { title: string; href: string; type: 'rss' | 'atom' }[];
  noindex?: boolean;
}

/**
 * JSON inside a <script> data block: "<" is written as \u003c so no text (a tagline with
 * "</script>") can close the element early; JSON readers see the same string.
 */
export function jsonLdScript(data: object): Html {
  return raw(`<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
}

/** What link previews, search engines and feed readers read: description, canonical URL, OpenGraph. */
export function pageHead(h: HeadOptions): Html {
  const canonical = h.path === undefined ? undefined : h.publicUrl + h.path;
  const description = h.description?.trim() || undefined;
  return html`${description ? html`<meta name="description" content="${description}">` : ''}
${h.noindex ? html`<meta name="robots" content="noindex">` : ''}
${canonical ? html`<link rel="canonical" href="${canonical}">` : ''}
<meta property="og:site_name" content="${h.siteName}">
<meta property="og:title" content="${h.title}">
<meta property="og:type" content="${h.type ?? 'website'}">
${canonical ? html`<meta property="og:url" content="${canonical}">` : ''}
${description ? html`<meta property="og:description" content="${description}">` : ''}
${h.shareImage
  ? html`<meta property="og:image" content="${h.shareImage.url}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="${h.shareImage.width}">
<meta property="og:image:height" content="${h.shareImage.height}">
<meta property="og:image:alt" content="${h.shareImage.alt}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:image:alt" content="${h.shareImage.alt}">`
  : html`${h.image ? html`<meta property="og:image" content="${h.image}">` : ''}
<meta name="twitter:card" content="summary">`}
${(h.feeds ?? []).map((f) => html`<link rel="alternate" type="application/${f.type}+xml" title="${f.title}" href="${f.href}">`)}
${(h.jsonLd ?? []).map(jsonLdScript)}`;
}
