import type { PageLink } from './types.ts';

/**
 * Which linked pages to read after the home page: those most likely to state facts (pricing,
 * about, features, FAQ, team, contact, imprint, terms), in twenty languages, on the same site only.
 * Blog posts, news, sign-in and shop pages are never picked.
 */

interface Topic {
  name: string;
  score: number;
  /**
   * Slugs, as slug() writes them: diacritics removed, 'ł', 'ø', 'æ', 'ı' spelled in ASCII ('über-uns' is
   * matched by 'uber-uns', 'zespół' by 'zespol'). A word matches whole words of a slug: 'plans' is in
   * 'pricing-plans', not in 'explanations'.
   */
  words: string[];
  /** Link texts in scripts a slug cannot hold (Cyrillic, Japanese, Korean, Chinese), lower case, found within a text. */
  text?: string[];
  /**
   * Words that name the topic only when they are the whole slug or link text: within a longer one they
   * mostly mean something else ('/empresa' is about the business, '/software-para-tu-empresa' is not;
   * '소개' is also in '제품 소개', "product introduction").
   */
  labels?: string[];
}

// Each topic in twenty languages, in this order: en, de, fr, es, pt, it, nl, pl, cs/sk, sv/da/nb, fi, tr,
// then ru/uk, ja, ko and zh as sites romanise them in paths; link texts in Cyrillic, Japanese, Korean and
// Chinese (simplified and traditional) in `text`. A word that would mostly pick shop, blog or account
// pages is left out.
const TOPICS: Topic[] = [
  {
    name: 'pricing',
    score: 100,
    words: [
      'pricing', 'price', 'prices', 'price-list', 'pricelist', 'plans', 'plan', 'rates', 'fees',
      'preise', 'preis', 'preisliste', 'preisubersicht', 'preisuebersicht', 'kosten', 'tarife', 'pakete',
      'prix', 'tarifs', 'tarif', 'tarification', 'tarifaire', 'tarifaires', 'abonnements', 'abonnement',
      'precios', 'precio', 'planes', 'tarifas', 'tarifa',
      'precos', 'preco', 'precario', 'planos',
      'prezzi', 'prezzo', 'listino', 'tariffe', 'tariffa', 'abbonamenti',
      'prijzen', 'prijs', 'prijslijst', 'tarieven', 'tarief', 'abonnementen', 'pakketten',
      'cennik', 'ceny', 'pakiety',
      'cenik', 'tarify',
      'priser', 'pris', 'prislista', 'prisliste', 'prisoversikt', 'abonnemang',
      'hinnat', 'hinnasto', 'hinta', 'hinnoittelu',
      'fiyatlar', 'fiyat', 'fiyatlandirma', 'ucretler', 'paketler', 'tarifeler',
      'tseny', 'stoimost', 'tsiny', 'vartist',
      'ryokin', 'ryoukin', 'kakaku', 'yogeum', 'gagyeok', 'jiage',
    ],
    text: [
      'тарифы', 'цены', 'стоимость', 'прайс', 'тарифи', 'ціни', 'вартість',
      '料金', '価格', 'プラン', '요금', '가격', '价格', '價格', '定价', '定價', '收费', '收費',
    ],
  },
  {
    name: 'about',
    score: 90,
    words: [
      'about', 'about-us', 'about-me', 'aboutus', 'company', 'company-profile', 'corporate', 'our-story', 'our-history', 'who-we-are',
      'ueber-uns', 'uber-uns', 'ueber-mich', 'uber-mich', 'unternehmen', 'wer-wir-sind', 'das-sind-wir',
      'a-propos', 'qui-sommes-nous', 'qui-suis-je', 'notre-histoire',
      'sobre-nosotros', 'quienes-somos', 'nosotros', 'sobre-mi', 'quien-soy', 'acerca-de', 'conocenos', 'nuestra-historia',
      'sobre', 'sobre-nos', 'sobre-mim', 'quem-somos', 'quem-sou', 'institucional', 'nossa-historia',
      'chi-siamo', 'chi-sono', 'su-di-noi', 'nostra-storia',
      'over-ons', 'over-mij', 'wie-zijn-wij', 'wie-wij-zijn', 'ons-verhaal',
      'o-nas', 'o-mnie', 'o-firmie', 'kim-jestesmy',
      'o-mne', 'o-firme', 'o-spolecnosti', 'kdo-jsme', 'o-spolocnosti', 'kto-sme',
      'om-oss', 'om-mig', 'vilka-vi-ar', 'foretaget', 'om-os', 'hvem-er-vi', 'virksomheden', 'om-meg', 'bedriften', 'selskapet',
      'meista', 'tietoa-meista', 'minusta', 'yrityksesta',
      'hakkimizda', 'hakkinda', 'hakkimda', 'biz-kimiz',
      'o-kompanii', 'o-sebe', 'pro-nas', 'pro-mene', 'pro-kompaniiu', 'pro-kompaniyu',
      'kaisha', 'gaiyou', 'ceo-greeting', 'aisatsu', 'sogae', 'guanyu', 'guanyuwomen',
      // "our story" and the business's history, in the twenty languages ("/famulan-tarina": Famula's story)
      'unsere-geschichte', 'geschichte', 'histoire', 'historia', 'storia', 'verhaal', 'onze-geschiedenis', 'geschiedenis',
      'nasza-historia', 'nas-pribeh', 'pribeh', 'historie', 'var-historia', 'historik', 'vores-historie', 'var-historie',
      'historikk', 'tarina', 'tarinamme', 'meidan-tarina', 'hikayemiz', 'hikaye', 'tarihce', 'tarihcemiz', 'nasha-istoriya',
      'istoriya', 'nasha-istoriia', 'istoriia', 'enkaku', 'yeonhyeok', 'licheng',
    ],
    text: [
      'о нас', 'о компании', 'обо мне', 'о себе', 'кто мы', 'про нас', 'про компанію', 'про мене', 'хто ми',
      '会社概要', '会社案内', '会社情報', '企業情報', '私たちについて', '私について', '運営会社', '代表挨拶',
      '회사소개', '회사 소개', '기업소개', '기업 소개', '회사정보', '회사 정보', '인사말',
      '关于我', '關於我', '公司简介', '公司簡介', '公司介绍', '公司介紹', '企业简介', '企業簡介',
      'наша история', 'наша історія', '私たちの物語', 'ストーリー', '沿革', '스토리', '연혁', '我们的故事', '我們的故事', '品牌故事', '发展历程', '發展歷程',
    ],
    labels: [
      'firma', 'entreprise', 'empresa', 'azienda', 'over', 'bedrijf', 'spolecnost', 'spolocnost', 'yritys', 'kurumsal', 'kompaniya', 'profile', 'intro', 'greeting',
      'компания', 'компанія', '会社', '소개', '关于', '關於',
    ],
  },
  {
    name: 'features',
    score: 85,
    words: [
      'features', 'feature', 'product', 'products', 'solutions', 'solution', 'how-it-works', 'services', 'service', 'what-we-do', 'capabilities', 'offerings',
      'funktionen', 'funktionsumfang', 'leistungen', 'dienstleistungen', 'angebot', 'produkt', 'produkte', 'losungen', 'loesungen', 'merkmale', 'so-funktioniert', 'so-funktionierts', 'wie-es-funktioniert',
      'fonctionnalites', 'prestations', 'produit', 'produits', 'caracteristiques', 'comment-ca-marche',
      'caracteristicas', 'funcionalidades', 'funciones', 'servicios', 'producto', 'productos', 'soluciones', 'como-funciona',
      'recursos', 'servicos', 'produto', 'produtos', 'solucoes', 'funcoes',
      'funzionalita', 'funzioni', 'caratteristiche', 'servizi', 'prodotto', 'prodotti', 'soluzioni', 'come-funziona',
      'functies', 'diensten', 'producten', 'oplossingen', 'hoe-het-werkt', 'mogelijkheden', 'kenmerken',
      'funkcje', 'funkcjonalnosci', 'uslugi', 'produkty', 'rozwiazania', 'jak-to-dziala', 'mozliwosci',
      'funkce', 'sluzby', 'reseni', 'jak-to-funguje', 'vlastnosti', 'funkcie', 'riesenia', 'ako-to-funguje',
      'funktioner', 'tjanster', 'produkter', 'losningar', 'sa-fungerar-det', 'ydelser', 'losninger', 'loesninger', 'sadan-virker-det', 'saadan-virker-det',
      'funksjoner', 'tjenester', 'slik-fungerer-det',
      'ominaisuudet', 'palvelut', 'palvelumme', 'tuotteet', 'ratkaisut', 'nain-se-toimii',
      'ozellikler', 'hizmetler', 'hizmetlerimiz', 'urunler', 'urunlerimiz', 'cozumler', 'nasil-calisir',
      'vozmozhnosti', 'funktsii', 'resheniya', 'kak-eto-rabotaet', 'poslugy', 'mozhlyvosti',
      'kinou', 'tokucho', 'tokuchou', 'gongneng', 'chanpin', 'fuwu',
    ],
    text: [
      'возможности', 'услуги', 'функции', 'продукт', 'решения', 'как это работает', 'можливості', 'послуги', 'функції', 'рішення', 'як це працює',
      '機能', '特徴', 'サービス', '製品', '事業内容', 'ソリューション', '기능', '서비스', '제품', '솔루션', '사업분야', '사업 분야',
      '功能', '产品', '產品', '服务', '服務', '解决方案', '解決方案', '特点', '特點',
    ],
    labels: ['oferta', 'nabidka', 'ponuka'],
  },
  {
    name: 'faq',
    score: 80,
    words: [
      'faq', 'faqs', 'frequently-asked-questions', 'q-a', 'q-and-a', 'qanda', 'qna',
      'haufige-fragen', 'haeufige-fragen', 'fragen',
      'questions-frequentes', 'foire-aux-questions', 'questions-reponses',
      'preguntas-frecuentes', 'preguntas', 'dudas-frecuentes',
      'perguntas-frequentes', 'perguntas', 'duvidas',
      'domande-frequenti', 'domande',
      'veelgestelde-vragen', 'vragen',
      'pytania', 'caste-dotazy', 'dotazy', 'caste-otazky', 'otazky',
      'vanliga-fragor', 'fragor', 'ofte-stillede-sporgsmal', 'ofte-stillede-spoergsmaal', 'sporgsmal', 'spoergsmaal', 'ofte-stilte-sporsmal', 'sporsmal', 'spoersmaal',
      'ukk', 'usein-kysytyt-kysymykset', 'kysymykset', 'usein-kysyttya',
      'sss', 'sikca-sorulan-sorular', 'sik-sorulan-sorular', 'sorular', 'merak-edilenler',
      'voprosy', 'vopros-otvet', 'chavo', 'pytannia', 'pytannya', 'shitsumon', 'changjian-wenti', 'changjianwenti',
    ],
    text: [
      'вопросы и ответы', 'частые вопросы', 'часто задаваемые вопросы', 'вопрос-ответ', 'вопрос — ответ', 'чаво',
      'часті питання', 'поширені питання', 'питання та відповіді', 'питання і відповіді',
      'よくある質問', 'よくあるご質問', '質問と回答', '자주 묻는', '자주묻는', '자주 하는 질문', '묻고 답하기', '묻고답하기', '질문과 답변',
      '常见问题', '常見問題', '问答', '問答',
    ],
  },
  {
    name: 'team',
    score: 70,
    words: [
      'team', 'our-team', 'founders', 'founder', 'leadership', 'people', 'staff',
      'mannschaft', 'gruender', 'grunder', 'mitarbeiter',
      'equipe', 'fondateurs', 'fondateur', 'equipo', 'fundadores', 'fundador', 'equipa', 'nosso-time',
      'squadra', 'fondatori', 'fondatore', 'medewerkers', 'oprichters',
      'zespol', 'zalozyciele', 'nas-tym', 'zakladatele', 'nas-tim', 'zakladatelia',
      'medarbetare', 'grundare', 'medarbejdere', 'grundlaeggere', 'ansatte', 'grunnleggere',
      'tiimi', 'henkilosto', 'perustajat',
      'ekibimiz', 'takimimiz', 'kurucular', 'kadromuz',
      'komanda', 'osnovateli', 'sotrudniki', 'zasnovnyky', 'tuandui',
    ],
    text: [
      'команда', 'основатели', 'сотрудники', 'засновники', 'співробітники',
      'チーム', 'スタッフ', 'メンバー', '創業者', '팀 소개', '팀소개', '우리 팀', '구성원', '창업자',
      '团队', '團隊', '创始人', '創辦人', '成员', '成員',
    ],
    labels: ['tym', 'tim', 'ekip', 'takim', '팀'],
  },
  {
    name: 'contact',
    score: 60,
    words: [
      'contact', 'contact-us', 'contacts', 'get-in-touch', 'inquiry',
      'kontakt', 'kontaktieren', 'kontaktformular', 'nous-contacter', 'contactez-nous',
      'contacto', 'contactos', 'contactanos', 'contactenos', 'contato', 'contatos', 'fale-conosco',
      'contatti', 'contatto', 'contattaci', 'contacteer-ons',
      'kontakty', 'kontakta', 'yhteystiedot', 'ota-yhteytta', 'iletisim', 'bize-ulasin',
      'otoiawase', 'toiawase', 'lianxi', 'lianxiwomen',
    ],
    text: [
      'контакты', 'обратная связь', 'связаться', 'контакти', "зв'яз", 'зв’яз', 'звʼяз',
      '問い合わせ', '問合せ', '問合わせ', '連絡先', 'コンタクト', '문의', '연락처', '오시는 길', '오시는길',
      '联系', '聯絡', '聯繫', '联络',
    ],
  },
  {
    name: 'imprint',
    score: 50,
    words: [
      'imprint', 'legal', 'legal-notice', 'site-notice', 'impressum', 'mentions-legales', 'aviso-legal', 'note-legali', 'colofon',
      'nota-prawna', 'informacje-prawne', 'pravni-informace', 'pravne-informacie', 'kunye', 'rekvizity', 'tokushoho', 'tokutei',
    ],
    text: ['реквизиты', 'реквізити', '特定商取引', '特商法', '사업자 정보', '사업자정보'],
  },
  {
    name: 'terms',
    score: 35,
    words: [
      'terms', 'terms-of-service', 'terms-and-conditions', 'tos', 'privacy', 'privacy-policy', 'privacypolicy', 'disclaimer',
      'datenschutz', 'datenschutzerklarung', 'datenschutzerklaerung', 'agb', 'nutzungsbedingungen',
      'cgu', 'cgv', 'confidentialite', 'conditions-generales',
      'privacidad', 'terminos', 'condiciones', 'privacidade', 'termos',
      'termini', 'condizioni', 'voorwaarden', 'privacybeleid', 'privacyverklaring',
      'regulamin', 'polityka-prywatnosci', 'prywatnosc',
      'obchodni-podminky', 'podminky', 'ochrana-osobnich-udaju', 'obchodne-podmienky', 'podmienky', 'ochrana-osobnych-udajov',
      'villkor', 'integritetspolicy', 'anvandarvillkor', 'vilkar', 'handelsbetingelser', 'privatlivspolitik', 'persondatapolitik', 'betingelser',
      'personvern', 'personvernerklaering', 'salgsbetingelser',
      'kayttoehdot', 'tietosuoja', 'tietosuojaseloste', 'toimitusehdot',
      'gizlilik', 'gizlilik-politikasi', 'kullanim-kosullari', 'kvkk',
      'konfidentsialnost', 'politika-konfidentsialnosti', 'soglashenie', 'umovy',
      'kiyaku', 'riyokiyaku', 'yakgwan', 'yinsi', 'tiaokuan',
    ],
    text: [
      'конфиденциальност', 'соглашение', 'оферта', 'конфіденційн', 'умови використання',
      'プライバシー', '利用規約', '個人情報', '개인정보', '이용약관', '隐私', '隱私', '条款', '條款',
    ],
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
    // A link to a section ("/index.html#business": "事業内容") is named for the section, not for
    // the page the section is on.
    const text = url.hash ? '' : link.text;
    url.hash = '';
    const scored = scoreLink(url, text);
    if (scored) out.push({ url: url.href, ...scored });
  }
  return out;
}

function scoreLink(url: URL, text: string): { score: number; topic: string } | null {
  const decoded = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => safeDecode(s).replace(/\.(html?|php|aspx?)$/i, ''));
  const segments = decoded.map(slug);
  if (segments.length === 0) return null; // the home page itself
  if (ASSET.test(url.pathname)) return null;
  if (segments.some((s) => AVOID.has(s) || /^\d{4}$/.test(s))) return null;
  // A locale prefix (/de/…) or a static site's folder of pages (/pages/…, /html/…) is not a topic level.
  const meaningful = segments.length > 1 && (LOCALE.test(segments[0]) || PAGE_FOLDERS.has(segments[0])) ? segments.slice(1) : segments;
  if (meaningful.length === 0) return null;

  const last = meaningful[meaningful.length - 1];
  // A path in a script without a slug form (/회사소개, /контакты) reads like a link text.
  const byPath = last ? topicOf(last) : topicOfText(decoded[decoded.length - 1].replace(/[-_]/g, ' '));
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
    if (topic.words.some((w) => padded.includes(`-${w}-`)) || topic.labels?.includes(slugText)) best = topic;
  }
  return best;
}

/** A link text in a script without a slug form ("Тарифы", "料金プラン"): the topic whose words it holds. */
function topicOfText(text: string): Topic | null {
  const t = text.toLowerCase().slice(0, 80);
  if (!t) return null;
  const whole = t.trim();
  let best: Topic | null = null;
  for (const topic of TOPICS) {
    if (best && best.score >= topic.score) continue;
    if (topic.text?.some((w) => t.includes(w)) || topic.labels?.includes(whole)) best = topic;
  }
  return best;
}

/**
 * Letters that have no decomposed form, spelled as their languages spell them without diacritics
 * (Polish 'zespół', Danish 'spørgsmål', Turkish 'hakkımızda'), so they do not split a word in two.
 */
const UNDECOMPOSED: Record<string, string> = { ß: 'ss', ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', ı: 'i', đ: 'd', ð: 'd', þ: 'th' };

/** Lower case, diacritics dropped, words joined by '-': 'Über uns' → 'uber-uns', 'Zespół' → 'zespol'. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßłøæœıđðþ]/g, (c) => UNDECOMPOSED[c])
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
