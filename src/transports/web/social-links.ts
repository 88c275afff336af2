import { html, type Html } from './html.ts';

/** Platform keys (contract/socials.ts) as people read them. */
const PLATFORMS: Record<string, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  threads: 'Threads',
  bluesky: 'Bluesky',
  github: 'GitHub',
  gitlab: 'GitLab',
  medium: 'Medium',
  substack: 'Substack',
  website: 'Website',
  custom: 'More',
};

/** Only web links are shown; anything else a profile holds (a bare handle, another scheme) is left out. */
export const webLinks = (socials: Record<string, string>) => Object.entries(socials).filter(([, url]) => /^https?:\/\//i.test(url));

/** An outside link: the listing's or founder's own, so no referrer and no endorsement. */
export const externalLink = (url: string, text: Html | string, rel = 'noopener nofollow ugc') =>
  /^https?:\/\//i.test(url) ? html`<a href="${url}" rel="${rel}">${text}</a>` : html`${text}`;

export const platformName = (key: string) => PLATFORMS[key] ?? key;
