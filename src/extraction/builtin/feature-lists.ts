import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { Evidence, FieldProposal } from '../types.ts';
import { elementText, textLines } from '../element-text.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { FOUNDER_WORD } from '../vocabulary.ts';
import { PRICE } from '../pricing-models.ts';
import { isWholeName } from './person-names.ts';
import { headingsMatching, inChrome, listedItems, mainHeading, precedingHeading, underHeading } from './sections.ts';
import { jsonLdOfferedItems } from './structured-data.ts';
import { clean, propose, type Site, type SitePage } from './site.ts';
import { statements } from './statements.ts';

/**
 * Features the way real sites show them: a section under a features heading (in several
 * languages), else the section headings of the features page, the page's card grids (a short
 * title over a sentence, repeated; on a products page too), "how it works" steps, definition
 * lists, icon or check-mark lists, and the feature lists of pricing plans. Every item is the
 * site's own short title or line, quoted from the stored text. (USPs: usps.ts, from the same parts.)
 */

// "what … does", "why …?": the words between stop at the next "what " / "why ", so from each one
// only its own stretch is read (with ".*" each read the rest of the heading).
export const FEATURE_HEADINGS =
  /features|funktionen|fonctionnalit|caract[eé]ristiques|caracter[ií]sticas|funcionalidades|funzionalit|recursos|what you get|everything you need|everything included|capabilities|leistungen|unser angebot|highlights|what we do|what we offer|our services|services|servicios|nos services|prestations|nos interventions|servizi|serviços|služby|usługi|what (?:(?!what )[^\n])* does|was (?:(?!was )[^\n])* kann|возможност|функци|услуги|что умеет|что вы получите|機能|特徴|特長|できること|サービス内容|主な機能|kenmerken|functies|diensten|caratteristiche|funkcje|możliwości|funkce|funkcie|vlastnosti|funktioner|ominaisuudet|toiminnot|tjänster|tjenester|palvelut|можливост|функці|послуги|özellikler|hizmetler|기능|특징|주요 서비스|제공 서비스|功能|特点|特點|特色|我们的服务|我們的服務|服务项目|服務項目/i;
export const USP_HEADINGS =
  /^why\b|why (?:(?!why )[^?\n])*\?|warum|pourquoi|por qu[eé]|perch[eé]|benefits|advantages|vorteile|avantages|ventajas|beneficios|vantaggi|vantagens|what makes|reasons to|por que|porque escolher|diferenciais|waarom|voordelen|proč|výhody|dlaczego|zalety|varför|fördelar|hvorfor|fordele|почему|преимуществ|選ばれる理由|選ぶ理由|強み|メリット|なぜ|为什么选择|為什麼選擇|选择我们的理由|選擇我們的理由|優勢|优势|^왜 |선택해야 하는 이유|선택하는 이유|선택할 이유|장점|차별점|강점|punti di forza|nos atouts|points forts|prečo|korzyści|przewagi|přednosti|^miksi\b|miksi valita|miksi me|\bedut\b|etumme|чому|переваг|neden biz|avantaj|farkımız|ayrıcalık|为何选择|為何選擇/i;
export const STEP_HEADINGS = /how (?:it|does it) works?|how to get started|so funktioniert|wie es funktioniert|in \d+ schritten|comment [cç]a marche|comment [cç]a fonctionne|c[oó]mo funciona|como funciona|come funziona|как это работает|как мы работаем|как начать|ご利用の流れ|使い方|導入の流れ|hoe werkt het|zo werkt het|hoe het werkt|jak to działa|jak to funguje|ako to funguje|så fungerar det|hur fungerar det|hur det fungerar|sådan fungerer det|sådan virker det|hvordan fungerer det|slik fungerer det|slik virker det|näin se toimii|miten se toimii|kuinka se toimii|як це працює|як ми працюємо|як почати|nasıl çalışır|nasıl işler|이용 방법|이용방법|사용 방법|사용방법|작동 방식|이용 절차|如何运作|如何運作|使用流程|使用方法/i;
/**
 * Sections whose cards are not the product's features. "partner" only as a word's start: "Our partners",
 * "Partnerschaften", but not a compound that names one contact person ("Ihr persönlicher Ansprechpartner").
 */
export const NOT_FEATURES =
  /testimonial|review|customer|client|(?<![a-zäöüß])partner|team|founder|people|leadership|management|staff|members|mitarbeiter|vorstand|blog|news|article|press|pricing|plans|faq|question|kundenstimmen|kunden|referenzen|presse|preise|tarifs|témoignages|clients|équipe|equipo|clientes|opiniones|precios|noticias|отзывы|клиенты|команда|новости|тарифы|цены|お客様の声|導入事例|ニュース|お知らせ|料金|よくある質問|recensioni|prezzi|notizie|domande frequenti|prijzen|nieuws|veelgestelde vragen|opinie|cennik|aktualności|zespół|częste pytania|recenze|recenzie|ceník|cenník|novinky|aktuality|náš tým|náš tím|časté otázky|často kladené|omdömen|anmeldelser|priser|nyheter|nyheder|vanliga frågor|ofte stillede|ofte stilte|hinnasto|hinnat|uutiset|usein kysyt|відгуки|ціни|тарифи|новини|часті питання|yorumlar|fiyatlar|fiyatlandırma|haberler|ekibimiz|sıkça sorulan|sık sorulan|후기|고객 리뷰|요금제|가격 안내|뉴스|팀 소개|자주 묻는|客户评价|客戶評價|用户评价|用戶評價|我们的团队|我們的團隊|新闻|新聞|定价|定價|价格方案|價格方案|常见问题|常見問題/i;
export const CHECK_MARK = /^[\u2713\u2714\u2705\u2611\u25cf\u2022\u2726\u2605+✓]/u;
const DATE = /\b(?:19|20)\d\d-\d\d-\d\d\b|\b\d{1,2}[./]\d{1,2}[./](?:19|20)\d\d\b/;

const MAX_ITEMS = 12;
export const MAX_ITEM = 120;

/**
 * Paths of pages that list what a business sells ("/products", "/productos", "/商品") or the
 * solutions it offers ("/it-solutions", "/loesungen", "/soluciones", "/решения").
 */
const PRODUCTS_PATH = /products?|productos?|produkte?|produits?|prodotti|produtos?|продукци|товар|製品|商品|solutions?|l(?:ö|oe)sungen|soluciones|soluzioni|solu[çc][õo]es|решени|ソリューション/;

export function featureProposal(site: Site): FieldProposal | null {
  const list = new ItemList();
  const featurePages = [...site.byRole('features'), ...site.byRole('other').filter((p) => titledAsFeatures(p) || sluggedAsFeatures(p))];
  const pages = [...featurePages, site.home];
  // A question ("Questions?", "¿Te atreves?") titles a section or a call, never a feature.
  const notQuestion = (t: string) => !/[?\uff1f]$/.test(t) && !t.startsWith('¿');
  // The offer catalog the business declares in schema.org names its services one by one.
  for (const page of [site.home, ...featurePages]) list.addAll(page, jsonLdOfferedItems(page.jsonLd));
  for (const page of pages) list.addAll(page, headed(page, FEATURE_HEADINGS).filter(notQuestion));
  for (const page of pages) if (list.size < 3) list.addAll(page, namedSections(page).filter(notQuestion));
  if (list.size < 3) for (const page of [...featurePages, ...site.byRole('other').filter(isMenuPage)]) list.addAll(page, pageHeadings(page));
  if (list.size < 3) for (const page of pages) list.addAll(page, cardGrids(page).flat().filter(notQuestion));
  if (list.size < 3) for (const page of site.byRole('other').filter(isProductsPage)) list.addAll(page, cardGrids(page).flat());
  if (list.size < 3) for (const page of pages) list.addAll(page, headed(page, STEP_HEADINGS));
  if (list.size < 3) for (const page of pages) list.addAll(page, [...definitionTerms(page), ...iconLists(page), ...bulletLines(page)]);
  if (list.size < 3) for (const page of site.byRole('pricing')) list.addAll(page, planFeatures(page));
  if (list.size < 3) for (const page of pages) list.addAll(page, enumeratedFeatures(page));
  return list.proposal('features');
}

/**
 * "It supports all Mastodon features, like photos, videos, lists, custom emojis and …": a
 * sentence that names features (or what the product supports, includes, offers) and then lists
 * them after "like", "such as", "including" (in several languages). The items are the list's
 * short parts, up to the first part that is a clause rather than a name. (Statements are
 * clean: single spaces.)
 */
function enumeratedFeatures(page: SitePage): string[] {
  const out: string[] = [];
  for (const text of statements(page)) {
    const cue = FEATURE_CUE.exec(text);
    if (!cue) continue;
    const rest = text.slice(cue.index + cue[0].length);
    const stop = rest.search(/[.;:!?](?:\s|$)/);
    const items: string[] = [];
    for (const part of (stop === -1 ? rest : rest.slice(0, stop)).split(/,\s*/)) {
      const [head, ...tail] = part.split(LAST_JOINT);
      for (const piece of [head, ...tail]) {
        const item = piece.trim();
        if (!item) continue;
        if (item.split(/\s+/).length > 4 || item.length > 40) {
          if (items.length >= 3) out.push(...items);
          items.length = 0;
          break;
        }
        items.push(item);
      }
      if (items.length === 0) break;
    }
    if (items.length >= 3) out.push(...items);
  }
  return out;
}

/** A features word, then within a few words the word that opens the list. */
const FEATURE_CUE =
  /(?<![\p{L}])(?:features?|functions?|supports?|includes?|offers?|funktionen|unterstützt|bietet|fonctionnalités|prend en charge|propose|funciones|funcionalidades|admite|incluye|ofrece|funzioni|funzionalità|supporta|include|offre|возможности|поддерживает|функции)(?![\p{L}])[^.!?]{0,40}?(?<![\p{L}])(?:like|such as|including|e\.g\.|wie|etwa|darunter|comme|tels que|telles que|como|tales como|incluyendo|come|quali|tra cui|например|такие как|включая)\s+/iu;
/** The joint before a list's last part ("…, custom emojis and …"). */
const LAST_JOINT = / (?:and|or|und|oder|et|ou|y|o|e|и|или) /u;

/** Items collected from several places, each quoted, without repeats. */
export class ItemList {
  private items: string[] = [];
  private evidence: Evidence[] = [];
  private seen = new Set<string>();
  get size() {
    return this.items.length;
  }
  addAll(page: SitePage, texts: readonly string[], maxItem = MAX_ITEM) {
    for (const text of texts) {
      if (this.items.length >= MAX_ITEMS) return;
      const t = clean(text);
      const key = normalizeForMatch(t);
      if (t.length < 3 || t.length > maxItem || this.seen.has(key)) continue;
      const e = page.quote(t);
      if (!e) continue;
      this.seen.add(key);
      this.items.push(t);
      this.evidence.push(e);
    }
  }
  proposal(field: 'features' | 'usps'): FieldProposal | null {
    return this.items.length ? propose(field, this.items, this.evidence) : null;
  }
}

export function headed(page: SitePage, headings: RegExp, skip?: (heading: Element) => boolean): string[] {
  const $ = page.$;
  return headingsMatching($, headings)
    .filter((h) => !inChrome($, h) && !NOT_FEATURES.test(clean($(h).text())) && !skip?.(h))
    .flatMap((h) => listedItems($, h, MAX_ITEM));
}

function isProductsPage(page: SitePage): boolean {
  return PRODUCTS_PATH.test(pathOf(page));
}

/**
 * A restaurant's or café's menu page ("/menu", "/speisekarte", "/cardapio", "/меню"): what it
 * serves, as a products page lists what a shop sells. Only a whole path segment, so "/menus-and-more"
 * or "/documentation" are not menus.
 */
const MENU_PAGE_NAMES = new Set(['menu', 'menù', 'menus', 'speisekarte', 'cardapio', 'menukaart', 'меню', 'メニュー', '菜单', '菜單']);

function isMenuPage(page: SitePage): boolean {
  return MENU_PAGE_NAMES.has(pageSlug(page));
}

/** The last segment of the page's path without its extension ("/en/our-services.html" → "our-services"). */
function pageSlug(page: SitePage): string {
  const segments = pathOf(page).split('/').filter(Boolean);
  const last = segments[segments.length - 1] ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(0, dot) : last;
}

function pathOf(page: SitePage): string {
  try {
    return decodeURIComponent(new URL(page.url).pathname).toLowerCase();
  } catch {
    return '';
  }
}

/**
 * A page whose main heading names the services or features ("Energetické služby a riešenia na
 * mieru", "Our services") is the site's features page, whatever its path says.
 */
function titledAsFeatures(page: SitePage): boolean {
  const h1 = mainHeading(page.$);
  if (!h1) return false;
  const title = clean(elementText(h1));
  return title.length <= 80 && FEATURE_HEADINGS.test(title) && !NOT_FEATURES.test(title);
}

/**
 * A page whose address names its services or offer in words ("/what-we-offer", "/our-services.html",
 * "/unser_angebot"): the slug is the page's title as the site wrote it for its menu.
 */
function sluggedAsFeatures(page: SitePage): boolean {
  const words = pageSlug(page).split(/[-_]+/).join(' ');
  return words.length <= 40 && FEATURE_HEADINGS.test(words) && !NOT_FEATURES.test(words);
}

/**
 * A box the markup names as the features or services section (<section class="services">,
 * <div id="features">): the titles of its cards, two or more (a grid elsewhere needs three). The
 * cards are the children of the first box within it, itself included, whose children mostly carry
 * a title. The names are read word by word from class and id ("servicios-virus" → "servicios", "virus").
 */
function namedSections(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('section, div, ul').each((_, box) => {
    if (!isTag(box) || !namesFeatures(box) || inChrome($, box)) return;
    // A named card inside a named section ("services" > "service-item"): the section is read.
    for (let p = box.parent; isTag(p); p = p.parent) if (namesFeatures(p)) return;
    const heading = precedingHeading($, box);
    if (heading && NOT_FEATURES.test(heading)) return;
    for (const inner of [box, ...$(box).find('section, div, ul').toArray().filter(isTag)]) {
      const cards = inner.children.filter(isTag).filter((c) => !emptyBox($, c));
      const titles = cards.map((card) => cardTitle($, card)).filter((t): t is string => t !== null);
      if (titles.length < 2 || titles.length < cards.length * 0.75) continue;
      if (!titles.some((t) => PRICE.test(t)) && !PRICE.test(elementText(inner)) && !peopleCards($, cards, titles)) out.push(...titles);
      break;
    }
  });
  return out;
}

const MARKUP_WORD_SPLIT = /[\s_-]+/;

function namesFeatures(el: Element): boolean {
  const words = `${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`.toLowerCase().split(MARKUP_WORD_SPLIT);
  return words.some((w) => FEATURE_MARKUP_WORDS.has(w));
}

/** The names sites give their features or services sections in class and id. */
const FEATURE_MARKUP_WORDS = new Set([
  'features', 'services', 'capabilities', 'leistungen', 'funktionen', 'fonctionnalites', 'prestations', 'servicios',
  'caracteristicas', 'funcionalidades', 'servizi', 'funzionalita', 'servicos', 'diensten', 'uslugi', 'sluzby',
]);

/**
 * A features page's own section headings, when three or more each stand over text of their own
 * ("Root Level Visibility" / a sentence): on a page about the features, they are the features.
 * Questions, headings for people, prices or news, and headings longer than a title are left out.
 */
function pageHeadings(page: SitePage): string[] {
  const $ = page.$;
  const titles = $('h2, h3, h4')
    .toArray()
    .filter((h): h is Element => isTag(h) && !inChrome($, h))
    .filter((h) => {
      const t = clean(elementText(h));
      return t.length >= 3 && t.length <= 60 && !/[?\uff1f]$/.test(t) && !NOT_FEATURES.test(t) && !PRICE.test(t) && underHeading($, h).some((el) => clean(elementText(el)).length >= 20);
    })
    .map((h) => clean(elementText(h)));
  return titles.length >= 3 ? titles : [];
}

const isTag = (n: AnyNode | null | undefined): n is Element => n?.type === 'tag';
const TITLE = 'h2, h3, h4, h5, h6, dt';

/**
 * Repeated cards: a box whose children (three or more, most of them alike) each hold one short
 * title (a heading, else a bold lead-in) and little else. The titles are the items. Grids of
 * people, customer quotes, prices, dated posts or under a heading for such things are left out.
 */
export function cardGrids(page: SitePage): string[][] {
  const $ = page.$;
  const grids: string[][] = [];
  const taken = new Set<Element>();
  $('main, body')
    .first()
    .find('div, section, ul, ol')
    .each((_, box) => {
      if (grids.length >= 3 || !isTag(box) || inChrome($, box) || insideTaken(box, taken)) return;
      // A divider between the cards (an empty box, a rule) is not a card.
      const own = box.children.filter(isTag).filter((c) => !['script', 'style', 'template', 'hr'].includes(c.name) && !emptyBox($, c));
      // A grid laid out in rows (<div class="row"><div>card</div><div>card</div></div>, repeated): the rows' cards.
      const rows = own.filter((c) => cardTitle($, c) === null && isRow($, c));
      const children = rows.length >= 2 ? rows.flatMap((r) => r.children.filter(isTag)) : own;
      if (children.length < 3 || children.length > 16) return;
      const titles: string[] = [];
      for (const card of children) {
        const title = cardTitle($, card);
        if (title) titles.push(title);
      }
      if (titles.length < 3 || titles.length < children.length * 0.75) return;
      if (titles.some((t) => PRICE.test(t)) || peopleCards($, children, titles)) return;
      const text = elementText(box);
      if (PRICE.test(text) || DATE.test(text) || $(box).find('time, blockquote').length > 0) return;
      const heading = precedingHeading($, box);
      if (heading && NOT_FEATURES.test(heading)) return;
      taken.add(box);
      grids.push(titles);
    });
  return grids;
}

/**
 * Cards of people: most titles read as names and most cards add no more than a short line (a role)
 * to them. Title-case feature names ("Privacy Shield", "See What Was Exposed") read as names too,
 * but their cards explain them in a sentence.
 */
function peopleCards($: CheerioAPI, cards: Element[], titles: string[]): boolean {
  if (titles.filter((t) => isWholeName(t)).length < titles.length / 2) return false;
  if (cards.some((card) => FOUNDER_WORD.test(normalizeForMatch(elementText(card))))) return true;
  const short = cards.filter((card) => {
    const title = cardTitle($, card) ?? '';
    return clean(elementText(card)).length - title.length <= 60;
  }).length;
  return short >= cards.length / 2;
}

function emptyBox($: CheerioAPI, el: Element): boolean {
  return clean(elementText(el)) === '' && $(el).find('img, svg, picture, video, iframe').length === 0;
}

/** A row of two to four cards, each with its own title. */
function isRow($: CheerioAPI, el: Element): boolean {
  const cells = el.children.filter(isTag);
  return cells.length >= 2 && cells.length <= 4 && cells.every((c) => cardTitle($, c) !== null);
}

function insideTaken(el: Element, taken: Set<Element>): boolean {
  for (let p = el.parent; isTag(p); p = p.parent) if (taken.has(p)) return true;
  return false;
}

/**
 * A card's one short title: its single heading (or dt), or of several the one marked up as the
 * title (class "card-title"), else its leading <strong>/<b>; null if it has none or several.
 */
function cardTitle($: CheerioAPI, card: Element): string | null {
  const headings = $(card).find(TITLE).toArray();
  const lead = headings.length === 0 ? $(card).find('strong, b').first().toArray() : [];
  const marked = headings.length > 1 ? headings.filter((h) => /title/i.test(h.attribs.class ?? '')) : [];
  // A flip card repeats its title on its back (front: "Remote Support"; back: "Remote Support" and a sentence): one title.
  const repeated = headings.length > 1 && headings.every((h) => clean(elementText(h)) === clean(elementText(headings[0])));
  // Without a heading or bold lead, the one element the markup names as the card's title ("card__title", "item-name").
  const named = headings.length === 0 && lead.length === 0 ? $(card).find('*').toArray().filter((el) => isTag(el) && namedTitle(el)) : [];
  const title = headings.length === 1 || repeated ? headings[0] : marked.length === 1 ? marked[0] : (lead[0] ?? (named.length === 1 ? named[0] : undefined));
  if (!title) return null;
  const text = clean(elementText(title));
  const all = clean(elementText(card));
  if (text.length < 3 || text.length > 80 || all.length > 600) return null;
  // A bold word inside a sentence is emphasis, not a title: the card must begin with it.
  if (headings.length === 0 && title !== named[0] && !all.startsWith(text)) return null;
  return text;
}

/** The last word of a class that names a title: "title", "card-title", "cat-card__name", "trust-item__heading". */
const TITLE_CLASS_WORDS = new Set(['title', 'heading', 'name']);

function namedTitle(el: Element): boolean {
  return (el.attribs.class ?? '').split(/\s+/).some((c) => {
    const words = c.toLowerCase().split(MARKUP_WORD_SPLIT).filter(Boolean);
    const last = words[words.length - 1];
    // "name" alone is any name (a person's, a dish's); "card__name" is the card's title.
    return TITLE_CLASS_WORDS.has(last) && (words.length >= 2 || last !== 'name');
  });
}

function definitionTerms(page: SitePage): string[] {
  const $ = page.$;
  return $('dl')
    .toArray()
    .filter((dl) => isTag(dl) && !inChrome($, dl) && !NOT_FEATURES.test(precedingHeading($, dl) ?? ''))
    .flatMap((dl) => $(dl).children('dt').toArray().map((dt) => clean(elementText(dt))));
}

/**
 * Lists whose items carry an icon or a check mark (an <svg>, <img>, <i> or a leading ✓), each a
 * short line, not a list of links (navigation), not under a heading for people or prices.
 */
function iconLists(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('ul, ol').each((_, list) => {
    if (!isTag(list) || inChrome($, list) || NOT_FEATURES.test(precedingHeading($, list) ?? '')) return;
    const items = $(list).children('li').toArray().filter(isTag);
    if (items.length < 3 || items.length > 16) return;
    const texts = items.map((li) => clean(elementText(li)));
    const marked = items.filter((li, i) => $(li).find(ICON).length > 0 || CHECK_MARK.test(texts[i])).length;
    const links = items.filter((li) => $(li).find('a').length > 0 && clean($(li).find('a').text()) === clean($(li).text())).length;
    if (marked < items.length / 2 || links > items.length / 2 || texts.some((t) => t.length > MAX_ITEM || PRICE.test(t))) return;
    out.push(...texts.map((t) => t.replace(CHECK_MARK, '').trim()));
  });
  return out;
}

/** Characters that open a line of a list typed as text ("• Pond", "– Pond", "✓ Pond"). */
const TYPED_BULLETS = new Set(['\u2022', '\u25aa', '\u25cf', '\u2013', '\u2014', '-', '*', '\u2713', '\u2714', '\u2705']);
const MIN_TYPED_ITEMS = 3;

/**
 * A list typed as lines of a paragraph ("• Pond<br>• Fenced meadow<br>• Grooming"): the lines a
 * bullet character opens, when three or more lines of one block do. The text around them (an
 * introduction, a closing remark) is not an item.
 */
function bulletLines(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('p, div').each((_, el) => {
    if (!isTag(el) || $(el).children('p, div, ul, ol, table').length > 0 || inChrome($, el) || NOT_FEATURES.test(precedingHeading($, el) ?? '')) return;
    const items = textLines(el)
      .map(clean)
      // "-5 %" or "*required" are not list lines: a hyphen or asterisk opens one only before a space.
      .filter((line) => TYPED_BULLETS.has(line[0]) && (line[1] === ' ' || !'-*'.includes(line[0])))
      .map((line) => line.slice(1).trim());
    if (items.length >= MIN_TYPED_ITEMS && items.every((t) => t.length >= 3 && t.length <= MAX_ITEM && !PRICE.test(t))) out.push(...items);
  });
  return out;
}

/** The lines of the pricing plans' feature lists (lists in a box that states a price), in order. */
function planFeatures(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('ul').each((_, list) => {
    if (!isTag(list) || inChrome($, list)) return;
    const plan = $(list).parents().toArray().find((p) => {
      const text = isTag(p) ? elementText(p) : '';
      return text.length < 3000 && PRICE.test(text);
    });
    if (!plan) return;
    for (const li of $(list).children('li').toArray()) {
      const t = clean(elementText(li));
      if (t.length <= MAX_ITEM && !PRICE.test(t)) out.push(t.replace(CHECK_MARK, '').trim());
    }
  });
  return out;
}

/**
 * The hero's short claims: list items, or short lines marked with an icon or a check mark,
 * between the main heading and the next section heading ("No credit card required", "Cancel
 * anytime", "✓ No cookies"), when the hero has two or more of them.
 */
export function heroClaims(page: SitePage): string[] {
  const $ = page.$;
  const all = $('h1, h2, li, span, div, p').toArray().filter(isTag);
  const h1 = all.find((h) => h.name === 'h1' && !inChrome($, h));
  if (!h1) return [];
  const claims: string[] = [];
  for (const el of all.slice(all.indexOf(h1) + 1)) {
    if (el.name === 'h2' || el.name === 'h1') break;
    if (inChrome($, el) || $(el).find('li, span, div, p').toArray().some((c) => clean($(c).text()) !== '')) continue;
    const t = clean(elementText(el));
    // Buttons and links ("Download free trial", "See features") are calls to act, not claims.
    if (clean($(el).find('a, button').text()) === t) continue;
    const marked = el.name === 'li' || CHECK_MARK.test(t) || $(el).find(ICON).length > 0 || (isTag(el.prev) && $(el.prev).is(ICON)) || isPill(el);
    if (marked && t.length >= 3 && t.length <= 80 && !PRICE.test(t)) claims.push(t.replace(CHECK_MARK, '').trim());
  }
  if (claims.length < 2) return [];
  // The kicker line right above the main heading ("Familienbetrieb in 3. Generation") is the
  // hero's first claim, when the hero makes claims at all.
  const kicker = isTag(h1.prev) ? h1.prev : $(h1).prevAll().first()[0];
  const line = kicker && isTag(kicker) && /^(p|span|div)$/.test(kicker.name) && $(kicker).children().length === 0 ? clean(elementText(kicker)) : '';
  return line.length >= 3 && line.length <= 60 && !PRICE.test(line) ? [line, ...claims] : claims;
}

const ICON = 'svg, img, i, [class*=icon], [class*=tick], [class*=check]';

/**
 * A short label set in a pill ("pill", "hero-pill", "badge-pill"): the hero's row of them is its
 * claims ("No sign-up", "Works offline"). "rounded-pill" only rounds a button's corners.
 */
function isPill(el: Element): boolean {
  return (el.attribs.class ?? '').split(/\s+/).some((c) => {
    const words = c.toLowerCase().split(MARKUP_WORD_SPLIT);
    return words[words.length - 1] === 'pill' && !words.includes('rounded');
  });
}
