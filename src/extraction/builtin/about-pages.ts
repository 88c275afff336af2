import { elementText } from '../element-text.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { mainHeading } from './sections.ts';
import { clean, type Site, type SitePage } from './site.ts';

/**
 * The pages about the business: those whose path says so (page-roles.ts), and those whose main
 * heading is the plain "About us" of their language ("Om oss", "Chi siamo", "О нас"), whatever
 * their path: a path can be any word, the heading is what the visitor reads.
 */
export function aboutPages(site: Site): SitePage[] {
  return [...site.byRole('about'), ...site.byRole('other').filter(titledAbout)];
}

/** The plain "About us" title of the page in the major European languages, Russian, Japanese, Korean and Chinese. */
const ABOUT_US = new Set([
  'about', 'about us', 'who we are', 'our story',
  'über uns', 'ueber uns', 'wir über uns',
  'à propos', 'à propos de nous', 'qui sommes-nous', 'qui sommes nous',
  'sobre nosotros', 'quiénes somos', 'nosotros', 'sobre nós', 'quem somos',
  'chi siamo', 'over ons', 'o nas', 'o nás', 'om oss', 'om os', 'om meg',
  'о нас', 'о компании', 'про нас',
  '会社概要', '企業情報', '私たちについて', '회사 소개', '회사소개', '关于我们', '關於我們',
]);
/** Punctuation that may close a heading ("Qui sommes-nous ?", "About us."). */
const CLOSING = ' .!?:\uff1f\u3002';

function titledAbout(page: SitePage): boolean {
  const h1 = mainHeading(page.$);
  if (!h1) return false;
  let title = normalizeForMatch(clean(elementText(h1)));
  while (title && CLOSING.includes(title[title.length - 1])) title = title.slice(0, -1);
  return ABOUT_US.has(title);
}
