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

/** The plain "About us" (or, for one person's business, "About me") title of the page in twenty languages. */
const ABOUT_US = new Set([
  'about', 'about us', 'about me', 'who we are', 'our story',
  'über uns', 'ueber uns', 'wir über uns', 'über mich', 'wer wir sind',
  'à propos', 'à propos de nous', 'qui sommes-nous', 'qui sommes nous', 'qui suis-je', 'qui suis je',
  'sobre nosotros', 'quiénes somos', 'nosotros', 'sobre mí', 'quién soy',
  'sobre nós', 'quem somos', 'sobre mim', 'quem sou',
  'chi siamo', 'chi sono', 'over ons', 'over mij', 'wie zijn wij', 'wie zijn we',
  'o nas', 'o mnie', 'kim jesteśmy', 'o nás', 'o mně', 'kdo jsme', 'o mne', 'kto sme',
  'om oss', 'om os', 'om meg', 'om mig', 'vilka vi är', 'hvem er vi', 'hvem vi er',
  'tietoa meistä', 'meistä', 'tietoa minusta', 'hakkımızda', 'biz kimiz', 'hakkımda',
  'о нас', 'о компании', 'обо мне', 'о себе', 'кто мы', 'про нас', 'про компанію', 'про мене', 'хто ми',
  '会社概要', '企業情報', '私たちについて', '私について', '회사 소개', '회사소개', '기업 소개', '기업소개',
  '关于我们', '關於我們', '关于我', '關於我', '公司简介', '公司簡介',
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
