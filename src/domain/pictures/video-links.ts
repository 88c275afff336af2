/**
 * The video links a gallery takes: YouTube, Vimeo and Loom, and nothing else (a link elsewhere is
 * refused beside the field). Each is read into its host's video id, so the page can show a
 * click-to-load player from the host's privacy-friendly embed address and never loads the host
 * before the visitor asks.
 */
export type VideoHost = 'youtube' | 'vimeo' | 'loom';
export interface VideoLink {
  host: VideoHost;
  id: string;
  /** The canonical page of the video (what the API returns and the no-JS link opens). */
  url: string;
  /** The player, loaded only after a click: no cookies for YouTube, "do not track" for Vimeo. */
  embedUrl: string;
}

export const VIDEO_HOST_NAMES: Record<VideoHost, string> = { youtube: 'YouTube', vimeo: 'Vimeo', loom: 'Loom' };
/** What the pages' Content-Security-Policy allows to be framed, once a visitor clicks play. */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://www.loom.com'];

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
const LOOM_ID = /^[0-9a-f]{16,40}$/;

const make = (host: VideoHost, id: string): VideoLink => {
  if (host === 'youtube') return { host, id, url: `https://www.youtube.com/watch?v=${id}`, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` };
  if (host === 'vimeo') return { host, id, url: `https://vimeo.com/${id}`, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1&autoplay=1` };
  return { host, id, url: `https://www.loom.com/share/${id}`, embedUrl: `https://www.loom.com/embed/${id}?autoplay=1` };
};

/** The video behind a link, or null when it is not a YouTube, Vimeo or Loom video page. */
export function videoLink(raw: string): VideoLink | null {
  if (raw.length > 500) return null;
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  if (u.username || u.password || (u.port && u.port !== '443' && u.port !== '80')) return null;
  const host = u.hostname.toLowerCase();
  const parts = u.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return parts.length === 1 && YOUTUBE_ID.test(parts[0]) ? make('youtube', parts[0]) : null;
  if (host === 'youtube.com' || host === 'www.youtube.com' || host === 'm.youtube.com' || host === 'www.youtube-nocookie.com') {
    if (parts[0] === 'watch' && parts.length === 1) {
      const v = u.searchParams.get('v') ?? '';
      return YOUTUBE_ID.test(v) ? make('youtube', v) : null;
    }
    if ((parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live') && parts.length === 2 && YOUTUBE_ID.test(parts[1])) return make('youtube', parts[1]);
    return null;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com') return parts.length === 1 && VIMEO_ID.test(parts[0]) ? make('vimeo', parts[0]) : null;
  if (host === 'player.vimeo.com') return parts.length === 2 && parts[0] === 'video' && VIMEO_ID.test(parts[1]) ? make('vimeo', parts[1]) : null;
  if (host === 'loom.com' || host === 'www.loom.com') {
    return parts.length === 2 && (parts[0] === 'share' || parts[0] === 'embed') && LOOM_ID.test(parts[1]) ? make('loom', parts[1]) : null;
  }
  return null;
}
