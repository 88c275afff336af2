import type { PageSnapshot } from '../../crawler/types.ts';
import { SOCIAL_KEYS, SOCIAL_PLATFORMS, type SocialKey } from '../../contract/socials.ts';
import type { CitedQuote } from '../evidence-base.ts';
import { isLinkOf, pageKey } from '../evidence-base.ts';
import { LIMITS } from '../limits.ts';
import { containsQuote } from '../quote-match.ts';

/** An absolute http(s) URL of at most 500 characters, or null. */
export function httpUrl(value: string): URL | null {
  const v = value.trim();
  if (v.length > LIMITS.socialLink) return null;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

const VIDEO_HOSTS = /(?:^|\.)(?:youtube\.com|youtube-nocookie\.com|youtu\.be|vimeo\.com|loom\.com|wistia\.com|wistia\.net|wi\.st)$/;
const VIDEO_FILE = /\.(?:mp4|webm|mov|m4v|ogv|m3u8)$/i;

/** A link to a video: a video platform (YouTube, Vimeo, Loom, Wistia) or a video file. */
export function isVideoUrl(url: URL): boolean {
  if (VIDEO_FILE.test(url.pathname)) return true;
  if (!VIDEO_HOSTS.test(url.hostname)) return false;
  // A channel or profile on a video platform is a social link, not a demo.
  if (/(?:^|\.)youtube(?:-nocookie)?\.com$/.test(url.hostname)) return /^\/(?:watch|embed\/|shorts\/|live\/|v\/)/.test(url.pathname);
  if (/(?:^|\.)loom\.com$/.test(url.hostname)) return /^\/(?:share|embed)\//.test(url.pathname);
  if (/(?:^|\.)vimeo\.com$/.test(url.hostname)) return /\/\d+/.test(url.pathname);
  return url.pathname.length > 1;
}

export type UrlCheck = { ok: true; value: string } | { ok: false; reason: string };

/**
 * logo_url and demo_video_url: an absolute http(s) URL that a cited page links to or loads (its
 * links and media list), or that its text spells out (JSON-LD values are part of the text). A
 * demo video must also be a video link.
 */
export function checkPageUrl(field: 'logo_url' | 'demo_video_url', value: string, quotes: readonly CitedQuote[]): UrlCheck {
  const url = httpUrl(value);
  if (!url) return { ok: false, reason: `${field} must be an http(s) URL of at most ${LIMITS.socialLink} characters` };
  if (field === 'demo_video_url' && !isVideoUrl(url)) return { ok: false, reason: 'demo_video_url is not a video link (YouTube, Vimeo, Loom, Wistia or a video file)' };
  const onPage = quotes.some((q) => isLinkOf(q.cited.page, url.href) || containsQuote(q.cited.page.text, value.trim()));
  if (!onPage) return { ok: false, reason: `${field} is not a link of the quoted pages` };
  return { ok: true, value: url.href };
}

const PLATFORM_HOSTS: Record<(typeof SOCIAL_PLATFORMS)[number], RegExp> = {
  x: /^(?:www\.|mobile\.)?(?:x|twitter)\.com$/,
  linkedin: /(?:^|\.)linkedin\.com$/,
  facebook: /^(?:www\.|m\.|web\.)?(?:facebook|fb)\.com$/,
  instagram: /^(?:www\.)?instagram\.com$/,
  youtube: /^(?:www\.|m\.)?youtube\.com$/,
  tiktok: /^(?:www\.)?tiktok\.com$/,
  threads: /^(?:www\.)?threads\.(?:net|com)$/,
  bluesky: /^(?:www\.)?bsky\.app$/,
  github: /^(?:www\.)?github\.com$/,
  gitlab: /^(?:www\.)?gitlab\.com$/,
  medium: /(?:^|\.)medium\.com$/,
  substack: /(?:^|\.)substack\.com$/,
};

/** Paths that are sharing buttons or platform pages, not the company's own profile. */
const NOT_A_PROFILE = /^\/(?:intent|share|sharer|sharearticle|sharing|home|login|signup|search|hashtag|watch|embed|policies|legal|about|help|privacy|terms)(?:[/.?]|$)/i;

/** The platform a profile link belongs to, or null (also for share buttons and bare home pages). */
export function socialKeyForUrl(value: string): (typeof SOCIAL_PLATFORMS)[number] | null {
  const url = httpUrl(value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  for (const key of SOCIAL_PLATFORMS) {
    if (!PLATFORM_HOSTS[key].test(host)) continue;
    const isSubdomainProfile = (key === 'substack' || key === 'medium') && !/^(?:www\.)?(?:substack|medium)\.com$/.test(host);
    if (!isSubdomainProfile && (/^\/*$/.test(url.pathname) || NOT_A_PROFILE.test(url.pathname))) return null;
    return key;
  }
  return null;
}

/**
 * Socials carry no quotes: the link itself is the evidence. A link is kept when its key is one of
 * the spec's platform keys (or website / custom), it is an http(s) URL of at most 500
 * characters, a crawled page links to it, and for a platform key its host is that platform's.
 */
export function verifySocials(socials: Record<string, string>, pages: readonly PageSnapshot[]): Record<string, string> {
  const kept: Record<string, string> = {};
  if (!socials || typeof socials !== 'object') return kept;
  for (const [key, value] of Object.entries(socials)) {
    if (!(SOCIAL_KEYS as readonly string[]).includes(key) || typeof value !== 'string') continue;
    const url = httpUrl(value);
    if (!url) continue;
    const linked = pages.some((p) => isLinkOf(p, url.href)) || (key === 'website' && pages.some((p) => pageKey(p.finalUrl) === url.href));
    if (!linked) continue;
    const k = key as SocialKey;
    if (k !== 'website' && k !== 'custom' && socialKeyForUrl(url.href) !== k) continue;
    kept[k] = url.href;
  }
  return kept;
}
