import type { PageLink } from './types.ts';

/**
 * Which linked pages to read after the home page: those most likely to state facts (pricing,
 * about, features, FAQ, team, contact, imprint, terms), in English and the common European
 * languages, on the same site only. Blog posts, news, sign-in and shop pages are never picked.
 */

interface Topic {
  name: string;
  score: number;
  /** Slugs, diacritics removed ('über-uns' is matched by 'uber-uns'). */
  words: string[];
  /** Link texts in scripts a slug cannot hold (Cyrillic, Japanese, Chinese), lower case. */
  text?: string[];
}

const TOPICS: Topic[] = [
  {
    name: 'pricing',
    score: 100,
    words: ['pricing', 'price', 'prices', 'plans', 'plan', 'preise', 'preis', 'tarife', 'tarifs', 'tarif', 'prix', 'precios', 'precio', 'planes', 'prezzi', 'prijzen', 'precos', 'priser', 'cennik', 'ceny', 'tarify', 'stoimost', 'ryokin', 'price-list'],
    text: ['тарифы', 'цены', 'стоимость', 'прайс', '料金', '価格', 'プラン', '价格'],
  },
  {
    name: 'about',
    score: 90,
    words: ['about', 'about-us', 'company', 'our-story', 'who-we-are', 'ueber-uns', 'uber-uns', 'unternehmen', 'a-propos', 'qui-sommes-nous', 'sobre-nosotros', 'quienes-somos', 'nosotros', 'chi-siamo', 'over-ons', 'sobre', 'sobre-nos', 'om-oss', 'om-os', 'o-nas', 'o-kompanii', 'company-profile', 'corporate', 'kaisha'],
    text: ['о нас', 'о компании', '会社概要', '会社案内', '企業情報', '私たちについて', '关于我们'],
  },
  {
    name: 'features',
    score: 85,
    words: ['features', 'feature', 'product', 'products', 'solutions', 'how-it-works', 'funktionen', 'leistungen', 'fonctionnalites', 'prestations', 'caracteristicas', 'funcionalidades', 'funzionalita', 'functies', 'recursos', 'services', 'service', 'servicios', 'servizi', 'servicos', 'angebot', 'uslugi', 'vozmozhnosti'],
    text: ['возможности', 'услуги', 'функции', '機能', '特徴', 'サービス', '功能'],
  },
  {
    name: 'faq',
    score: 80,
    words: ['faq', 'faqs', 'frequently-asked-questions', 'haufige-fragen', 'haeufige-fragen', 'questions-frequentes', 'preguntas-frecuentes', 'domande-frequenti', 'veelgestelde-vragen', 'perguntas-frequentes', 'voprosy'],
    text: ['вопросы и ответы', 'частые вопросы', 'よくある質問', '常见问题'],
  },
  {
    name: 'team',
    score: 70,
    words: ['team', 'our-team', 'founders', 'leadership', 'people', 'equipe', 'equipo', 'squadra', 'mannschaft'],
  },
  {
    name: 'contact',
    score: 60,
    words: ['contact', 'contact-us', 'kontakt', 'contacto', 'contatti', 'contato', 'nous-contacter', 'kontakty'],
    text: ['контакты', 'お問い合わせ', '联系我们'],
  },
  {
    name: 'imprint',
    score: 50,
    words: ['imprint', 'impressum', 'legal', 'legal-notice', 'mentions-legales', 'aviso-legal', 'note-legali', 'colofon'],
  },
  {
    name: 'terms',
    score: 35,
    words: ['terms', 'terms-of-service', 'terms-and-conditions', 'tos', 'privacy', 'privacy-policy', 'datenschutz', 'agb', 'nutzungsbedingungen', 'cgu', 'cgv', 'confidentialite', 'privacidad', 'terminos', 'condiciones', 'termini'],
  },
];

/** Path segments of pages that are not about the product itself. */
const AVOID = new Set([
  'blog', 'news', 'post', 'posts', 'article', 'articles', 'press', 'changelog', 'releases', 'updates', 'careers', 'jobs',
  'karriere', 'events', 'webinars', 'webinar', 'tag', 'tags', 'category', 'categories', 'author', 'authors', 'page',
  'search', 'login', 'log-in', 'signin', 'sign-in', 'signup', 'sign-up', 'register', 'cart', 'checkout', 'account',
  'dashboard', 'admin', 'wp-admin', 'wp-content', 'wp-json', 'cdn-cgi', 'feed', 'rss', 'download', 'downloads',
]);

const ASSET = /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|css|js|mjs|json|xml|txt|pdf|zip|gz|tar|dmg|exe|msi|apk|mp4|webm|mov|mp3|wav|ogg|woff2?|ttf|otf|eot|csv|xlsx?|docx?|pptx?)$/i;

const PAGE_FOLDERS = new Set(['pages', 'html', 'site', 'content', 'sections']);

/** A locale prefix such as /de/ or /en-us/, not a topic of its own. */
const LOCALE = /^[a-z]{2}(-[a-z]{2,4})?$/;

export interface Candidate {
  url: string;
  score: number;
  topic: string;
}

/** example.com and www.example.com are one site; the port counts, the scheme does not. */
export function siteKey(url: URL): string {
  return url.host.toLowerCase().replace(/^www\./, '');
}

/** A page URL in the form we compare and fetch: no fragment, no credentials, '/x/' = '/x'. */
export function pageKey(url: URL): string {
  // From the first slash of a run only: searched for from every slash, a run costs its length squared.
  const path = url.pathname.length > 1 ? url.pathname.replace(/(?<!\/)\/+$/, '') : url.pathname;
  return `${siteKey(url)}${path}${url.search}`;
}

/** Same-site anchors worth reading, scored; links to other sites, assets and avoided sections are dropped. */
export function candidatesFrom(links: PageLink[], siteKeys: Set<string>): Candidate[] {
  const out: Candidate[] = [];
  for (const link of links) {
    if (link.kind !== 'a') continue;
    let url: URL;
    try {
      url = new URL(link.url);
    } catch {
      continue;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !siteKeys.has(siteKey(url))) continue;
    url.hash = '';
    const scored = scoreLink(url, link.text);
    if (scored) out.push({ url: url.href, ...scored });
  }
  return out;
}

function scoreLink(url: URL, text: string): { score: number; topic: string } | null {
  const segments = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => slug(safeDecode(s).replace(/\.(html?|php|aspx?)$/i, '')));
  if (segments.length === 0) return null; // the home page itself
  if (ASSET.test(url.pathname)) return null;
  if (segments.some((s) => AVOID.has(s) || /^\d{4}$/.test(s))) return null;
  // A locale prefix (/de/…) or a static site's folder of pages (/pages/…, /html/…) is not a topic level.
  const meaningful = segments.length > 1 && (LOCALE.test(segments[0]) || PAGE_FOLDERS.has(segments[0])) ? segments.slice(1) : segments;
  if (meaningful.length === 0) return null;

  const last = meaningful[meaningful.length - 1];
  const byPath = topicOf(last);
  const byText = topicOf(slug(text)) ?? topicOfText(text);
  const folder = meaningful.length > 1 ? topicOf(meaningful[meaningful.length - 2]) : null;
  let score: number;
  let topic: string;
  if (byPath && (!byText || byPath.score >= byText.score)) {
    ({ score, name: topic } = byPath);
  } else if (byText) {
    score = byText.score - 5;
    topic = byText.name;
  } else if (folder) {
    // One page of a named folder (/services/web-design, /prestations/facilitation): its topic, after
    // the folder's own page.
    score = folder.score - 10;
    topic = folder.name;
  } else {
    // An unnamed top-level page (/integrations, /customers) may still state facts: last in line.
    if (meaningful.length > 1) return null;
    score = 5;
    topic = '';
  }
  score -= (meaningful.length - 1) * 20;
  if (url.search) score -= 10;
  return score > 0 ? { score, topic } : null;
}

function topicOf(slugText: string): Topic | null {
  if (!slugText) return null;
  const padded = `-${slugText}-`;
  let best: Topic | null = null;
  for (const topic of TOPICS) {
    if (best && best.score >= topic.score) continue;
    if (topic.words.some((w) => padded.includes(`-${w}-`))) best = topic;
  }
  return best;
}

/** A link text in a script without a slug form ("Тарифы", "料金プラン"): the topic whose words it holds. */
function topicOfText(text: string): Topic | null {
  const t = text.toLowerCase().slice(0, 80);
  if (!t) return null;
  let best: Topic | null = null;
  for (const topic of TOPICS) {
    if (best && best.score >= topic.score) continue;
    if (topic.text?.some((w) => t.includes(w))) best = topic;
  }
  return best;
}

/** Lower case, diacritics dropped, words joined by '-': 'Über uns' → 'uber-uns'. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''); // one '-' per run now; '-+$' would be searched for from every '-' of a run
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Picks the next page to read: the best score, where every page already picked for a topic
 * lowers the next one of that topic, so eight pages cover eight topics before a second pricing
 * page. Returns null when nothing is left.
 */
export function pickNext(pool: Candidate[], pickedTopics: Map<string, number>): Candidate | null {
  let best: Candidate | null = null;
  let bestScore = 0;
  for (const candidate of pool) {
    const repeats = candidate.topic ? (pickedTopics.get(candidate.topic) ?? 0) : 0;
    const effective = candidate.score - repeats * 50;
    if (effective > bestScore) {
      best = candidate;
      bestScore = effective;
    }
  }
  return best;
}
