import type { Element } from 'domhandler';
import type { CategoryKeywords, Evidence, FieldProposal } from '../types.ts';
import { segments } from '../guards/text-support.ts';
import { elementText, textLines } from '../element-text.ts';
import { matchKey, normalizeForMatch, UNSPACED } from '../quote-match.ts';
import { categoryProposal } from './categories.ts';
import { featureProposal } from './feature-lists.ts';
import { uspProposal } from './usps.ts';
import { nextHeroLine, visuallyHidden } from './hero-lines.ts';
import { headingsMatching, inChrome, mainHeading, paragraphs, underHeading } from './sections.ts';
import { clean, isHomeHref, propose, type Site, type SitePage } from './site.ts';
import { jsonLdDescription, jsonLdKeywords, jsonLdName, splitKeywords } from './structured-data.ts';

/**
 * The descriptive fields, all in the site's own words and language: name, tagline, short and
 * long description, features, USPs, keywords, tags, categories and stage. Each field may get
 * several candidates, best first; the verifier keeps the first whose quotes hold.
 */
export function textProposals(site: Site, categoryNames: readonly string[], categoryKeywords: CategoryKeywords = {}): FieldProposal[] {
  const home = site.home;
  const name = nameCandidates(home, site.ownNames);
  const out: Array<FieldProposal | null> = [];
  for (const n of name) out.push(propose('name', n, [home.quote(n)]));
  for (const t of taglineCandidates(home, name[0] ?? '', site.ownNames)) out.push(propose('tagline', t, [home.quote(t)]));
  for (const d of shortDescriptionCandidates(home, name[0] ?? '')) out.push(propose('short_description', d, [home.quote(d)]));
  out.push(description(site));
  out.push(featureProposal(site));
  out.push(uspProposal(site));
  out.push(...keywordProposals(home));
  const h1 = mainHeading(home.$);
  out.push(categoryProposal(site, categoryNames, categoryKeywords, [heroSubline(home.$, h1), markedTagline(home.$, ''), firstSentence(definition(home, name[0] ?? ''))]));
  out.push(stage(home));
  return out.filter((p): p is FieldProposal => p !== null);
}

/** From the first space of a run only: tried from each space, a long run is read again and again. */
const SEPARATOR = /(?<!\s)\s+[|\u2013\u2014:\u00b7\u2022-]\s+|(?<![\s:]):\s+/;

/** Stated names first; then the part of the title that is the site's own name ("Home | Acme" → Acme), else its first part. */
function nameCandidates(home: SitePage, ownNames: readonly string[]): string[] {
  const m = home.meta;
  const brand = headerBrand(home);
  const titled = (t: string) => {
    // A page's own word ("Home", "Accueil", "Главная") is never the name.
    const parts = t.split(SEPARATOR).map((p) => p.trim()).filter((p) => !PAGE_WORDS.has(normalizeForMatch(p)));
    const own = parts.find((p) => {
      const k = matchKey(p);
      return k !== '' && (ownNames.some((n) => n === k || n.startsWith(k) || k.startsWith(n)) || (brand !== '' && (matchKey(brand).includes(k) || k.includes(matchKey(brand)))));
    });
    return [own ?? '', parts[0] ?? ''];
  };
  // A title that describes the page: the header's brand then names the site better.
  const preferBrand = brand !== '' && describesPage(m.title);
  const list = [m.siteName, jsonLdName(home.jsonLd) ?? '', m.applicationName, preferBrand ? brand : '', ...titled(m.title), ...titled(m.ogTitle), brand];
  const named = unique(list.map(clean).filter((n) => n.length >= 1 && n.length <= 80));
  // Nothing names the site (a title that is only "Home", no header link): its copyright line names who owns it.
  return named.length ? named : copyrightHolders(home);
}

/** How a copyright line opens: the mark, then a year or a span of years. */
const COPYRIGHT_MARK = /(?:(?:©|\(c\)|copyright)\s?)+/iu;
const COPYRIGHT_YEARS = /^(?:19|20)\d\d(?: ?[-\u2013] ?(?:19|20)\d\d)?[ ,]*/u;
/** Where the holder's name ends: a separator, a sentence end, "All rights reserved" (several languages). */
const HOLDER_END = /\s[|\u00b7\u2022\u2013\u2014-]\s|[|\u00b7\u2022]|\.\s|\.$|[.,]?\s(?:all rights|alle rechte|tous droits|todos los derechos|tutti i diritti|alle rechten|todos os direitos|wszelkie prawa|všechna práva|все права)/iu;
/** A legal form after the name ("Acme, Inc."): the name is what stands before it. */
const LEGAL_FORM_END = /,? (?:inc|llc|ltd|limited|corp|co|gmbh|ag|kg|ug|sarl|sas|sa|s\.?l|s\.?r\.?l|s\.?p\.?a|b\.?v|n\.?v|oy|ab|as|aps|sp\. z o\.o|s\.r\.o|ооо|оао|зао)\.?$/iu;
/** Not a name: credits ("designed by"), a statement, a web address. */
const NOT_HOLDER = /(?<![\p{L}])(?:by|von|par|por|da|door|przez|design|designed|powered|made|all|rights|reserved)(?![\p{L}])|\d|@|\.\p{L}{2,}$/iu;

/**
 * The holder a copyright line names ("© 2015, Acme, Inc." → "Acme", "Acme, Inc"), when
 * it reads as a name: a few words, no digits, no credits ("© 2024 Designed by …"), no web address.
 */
function copyrightHolders(home: SitePage): string[] {
  for (const line of (home.snapshot.text ?? '').split('\n')) {
    if (line.length > 200) continue;
    const mark = COPYRIGHT_MARK.exec(line);
    if (!mark) continue;
    const rest = line.slice(mark.index + mark[0].length).replace(COPYRIGHT_YEARS, '');
    const end = HOLDER_END.exec(rest);
    const holder = clean(end ? rest.slice(0, end.index) : rest);
    const words = holder.split(' ').filter(Boolean);
    if (!holder || words.length > 5 || !/^\p{L}/u.test(holder) || NOT_HOLDER.test(holder)) continue;
    const bare = clean(holder.replace(LEGAL_FORM_END, ''));
    return unique([bare, holder]).filter((n) => n.length >= 2 && n.split(' ').length <= 4);
  }
  return [];
}

const PAGE_WORDS = new Set(['home', 'homepage', 'home page', 'start', 'welcome', 'startseite', 'willkommen', 'accueil', 'bienvenue', 'inicio', 'bienvenido', 'bienvenidos', 'página principal', 'pagina principale', 'главная', 'главная страница', 'добро пожаловать', 'ホーム', 'トップ', 'トップページ', '首页']);

/** The text (or logo's alt text) of the link to the home page in the site's header: how the site writes its own name. */
function headerBrand(home: SitePage): string {
  const $ = home.$;
  for (const a of $('header a[href], nav a[href], a[class*=brand], a[class*=logo]').toArray()) {
    const href = a.attribs.href ?? '';
    if (!isHomeHref(href) && !/^https?:\/\/[^/]+\/?$/.test(href.split('#')[0])) continue;
    // Its first line: "ПРОФИ<br><span>8(911)860-36-78</span>" is the name over a phone number.
    const text = clean(textLines(a)[0]) || clean($(a).find('img[alt]').first().attr('alt'));
    if (text.length >= 2 && text.length <= 40 && !PAGE_WORDS.has(normalizeForMatch(text)) && !/logo/i.test(text)) return text;
  }
  return '';
}

function taglineCandidates(home: SitePage, name: string, ownNames: readonly string[]): string[] {
  const $ = home.$;
  // A heading clipped to a pixel or hidden is for search engines and screen readers: the page's
  // main heading is the first one a visitor sees; where every <h1> is hidden, the hero's first
  // visible line stands in its place.
  const h1s = $('h1').toArray() as Element[];
  const first = h1s.find((h) => !visuallyHidden(h));
  const heroInstead = !first && h1s.length > 0 ? nextHeroLine($, h1s[0]) : '';
  // An <h1> that is only the site's name (a logo line, an intro overlay) names the site; a
  // heading right after it (the hero's own) says what it is.
  const afterName = first && onlyTheName(clean(elementText(first)), name, ownNames) ? nextHeroLine($, first, { heading: true }) : '';
  const h1 = clean(elementText(first));
  const titleRest = home.meta.title.split(SEPARATOR).slice(1).join(' - ').trim();
  const h2 = clean(elementText($('h2').toArray().find((h) => !inChrome($, h as Element))));
  const n = normalizeForMatch(name);
  // A lone section heading ("Features", "Pricing") names a section, not the product: an h2 is a
  // tagline only when it reads as a phrase.
  // An h1 that repeats the page title ("Escape Room Barcelona | Juego Enigma", often hidden for
  // search engines) is a title, not a line of the page.
  const title = normalizeForMatch(home.meta.title);
  // A title that is one descriptive phrase without the name ("Английский язык в Калининграде") is the site's own one-liner.
  const wholeTitle = describesPage(home.meta.title) && !normalizeForMatch(home.meta.title).includes(n) ? home.meta.title : '';
  // Last: a page without a main heading says what it is in its meta description, when that is one short phrase.
  const metaLine = !first && oneLine(home.meta.description) ? home.meta.description : '';
  // "Amplifyr – KI-Lösungen für KMU": a main heading that is the name and a phrase; the phrase is the tagline.
  const h1Parts = h1.split(SEPARATOR).map((p) => p.trim());
  const h1Rest = h1Parts.length === 2 && n !== '' && h1Parts.some((p) => normalizeForMatch(p) === n) ? (h1Parts.find((p) => normalizeForMatch(p) !== n) ?? '') : '';
  // Last: the page's own definition of the product ("Acme is a … solution …"), its first sentence.
  const defined = firstSentence(definition(home, name));
  return unique([h1, h1Rest, heroInstead, titleRest, home.meta.ogDescription, heroSubline($, first), afterName, first ? '' : markedTagline($, name), isPhrase(h2) ? h2 : '', wholeTitle, metaLine, defined].map(clean)).filter(
    (t) => t.length >= 8 && t.length <= 160 && normalizeForMatch(t) !== n && !titleLike(t, title, n) && saysSomething(t, n),
  );
}

/**
 * The line is the site's name and nothing more: the drafted name ("AVISAIL" for "Avisail
 * Technologies", its first words) or one of the site's own names (host, og:site_name).
 */
function onlyTheName(line: string, name: string, ownNames: readonly string[]): boolean {
  const k = matchKey(line);
  if (k.length < 2) return false;
  const l = normalizeForMatch(line);
  const n = normalizeForMatch(name);
  return k === matchKey(name) || ownNames.includes(k) || (n !== '' && n.startsWith(`${l} `));
}

const MAX_ONE_LINE = 100;

/** One sentence of a few words, short enough for a tagline. */
function oneLine(text: string): boolean {
  const t = clean(text);
  return t.length <= MAX_ONE_LINE && isPhrase(t) && !/[.!?\u3002]\s+\S/u.test(t);
}

/** A title that is one phrase of several words, without a "Page | Site" separator ("Английский язык в Калининграде"). */
function describesPage(title: string): boolean {
  return !SEPARATOR.test(title) && isPhrase(title);
}

/** Three words or more: a line that reads as a phrase, not a lone label ("Features", "Pricing"). */
function isPhrase(text: string): boolean {
  return text.split(' ').filter(Boolean).length >= 3;
}

/** More than the name: two words with letters once the name is taken out ("ПРОФИ 8(911)860-36-78" says nothing). */
function saysSomething(text: string, name: string): boolean {
  const rest = name ? normalizeForMatch(text).replace(name, ' ') : normalizeForMatch(text);
  // Japanese and Chinese put no spaces between words: four letters of them say something ("田んぼと畑：中之条").
  if (UNSPACED.test(rest)) return (rest.match(UNSPACED_LETTERS) ?? []).length >= 4;
  return rest.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w)).length >= 2;
}
const UNSPACED_LETTERS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu;

/** "Page | Site" (the page title, or its parts in another order with the name as one part): a title, not a tagline. */
function titleLike(text: string, title: string, name: string): boolean {
  if (!SEPARATOR.test(text)) return false;
  const norm = normalizeForMatch(text);
  return (
    norm === title ||
    (name !== '' &&
      text.split(SEPARATOR).some((part) => {
        const p = normalizeForMatch(part);
        return p.length >= 4 && (p.startsWith(name) || name.startsWith(p));
      }))
  );
}

/** A line the markup calls the tagline (class lead, tagline, slogan, subtitle), for heroes without an h1. */
function markedTagline($: SitePage['$'], name: string): string {
  return (
    $('[class*=tagline], [class*=slogan], [class*=subtitle], [class*=lead], [class*=hero] p, [class*=jumbotron] p')
      .toArray()
      .filter((el) => !inChrome($, el as Element))
      .map((el) => clean(elementText(el)))
      .find((t) => t.length >= 8 && t.length <= 160 && normalizeForMatch(t) !== normalizeForMatch(name)) ?? ''
  );
}

/** The line under the page's main heading (the hero's sub-line): the first paragraph after the h1, before the next heading. */
function heroSubline($: SitePage['$'], h1: Element | undefined): string {
  if (!h1 || inChrome($, h1)) return '';
  for (let el = h1.next; el; el = el.next) {
    if (!isTag(el)) continue;
    if (/^h[1-6]$/.test(el.name)) return '';
    if (el.name === 'p') return clean(elementText(el));
  }
  return '';
}

const isTag = (node: unknown): node is Element => typeof node === 'object' && node !== null && (node as { type?: string }).type === 'tag';

/**
 * A copula right after the name: "<name> is a …", "ist ein", "est un", "es un", "è un", "é um",
 * "is een", "jest", "je", "— to", "— это": the sentence says what the product is (a bare "to" is
 * English as often as Polish: only after a dash).
 */
const COPULA = /^(?:is|ist|est|es|è|é|je|jest|- to|(?:- )?это) /u;

/** The first paragraph of the home page's running text that opens by saying what the named product is. */
function definition(home: SitePage, name: string): string {
  const n = normalizeForMatch(name);
  if (n.length < 2) return '';
  return (
    paragraphs(home.$, 40).find((p) => {
      const t = normalizeForMatch(p);
      return t.startsWith(`${n} `) && COPULA.test(t.slice(n.length + 1));
    }) ?? ''
  );
}

/** The first sentence of a paragraph. */
function firstSentence(text: string): string {
  return text.split(/(?<=[.!?\u3002])\s+/)[0] ?? '';
}

function shortDescriptionCandidates(home: SitePage, name: string): string[] {
  const m = home.meta;
  const first = paragraphs(home.$, 40)[0] ?? '';
  // The paragraph that says what the product is, before the first one (a news banner may open the page).
  return unique([m.description, m.ogDescription, m.twitterDescription, jsonLdDescription(home.jsonLd) ?? '', definition(home, name), first].map((d) => sentencesUpTo(clean(d), 500))).filter(
    (d) => d.length >= 20,
  );
}

/** Whole sentences from the start of `text`, at most `max` characters ('' when even one is longer). */
export function sentencesUpTo(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const s of text.split(/(?<=[.!?\u3002])\s+/)) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > max) break;
    out = next;
  }
  return out;
}

const DESCRIPTION_CHARS = 3000;
/** Well under the verifier's 40 quotes per value: a page of short paragraphs (Japanese) would pass that. */
const DESCRIPTION_PARAGRAPHS = 12;

/** The about page's running text (else the home page's), paragraph by paragraph. */
function description(site: Site): FieldProposal | null {
  for (const page of site.byRole('about', 'home')) {
    const chosen: string[] = [];
    const evidence: Evidence[] = [];
    let length = 0;
    for (const p of paragraphs(page.$, 40)) {
      const e = page.quote(p);
      if (!e || chosen.includes(p)) continue;
      // Only a paragraph its quote holds sentence by sentence (the verifier's test): one that the
      // stored text breaks differently would sink the whole description.
      const held = normalizeForMatch(e.quote);
      if (!segments(p).every((part) => held.includes(part))) continue;
      if ((length + p.length > DESCRIPTION_CHARS || chosen.length === DESCRIPTION_PARAGRAPHS) && chosen.length > 0) break;
      chosen.push(p);
      evidence.push(e);
      length += p.length;
    }
    if (chosen.length > 0) return propose('description', chosen.join('\n\n'), evidence);
  }
  const d = jsonLdDescription(site.home.jsonLd);
  if (d) return propose('description', d, [site.home.quote(d)]);
  // No about page and nothing to read on the home page: the section where the site tells its own
  // story ("La historia", "Our story", "Unsere Geschichte"), on whichever page it stands.
  for (const page of site.byRole('features', 'team', 'other')) {
    const told: string[] = [];
    const evidence: Evidence[] = [];
    for (const p of storyParagraphs(page)) {
      const e = page.quote(p);
      // As above: only a paragraph its quote holds sentence by sentence.
      if (!e || !segments(p).every((part) => normalizeForMatch(e.quote).includes(part))) continue;
      told.push(p);
      evidence.push(e);
    }
    if (told.length > 0) return propose('description', told.join('\n\n'), evidence);
  }
  // Last, a landing page whose only running text is its hero: the sentences under the main heading.
  const hero = heroParagraph(site.home);
  const e = hero ? site.home.quote(hero) : null;
  if (e && segments(hero).every((part) => normalizeForMatch(e.quote).includes(part))) return propose('description', hero, [e]);
  return null;
}

/**
 * The paragraph right under the home page's main heading (before any other heading), read even
 * where the hero's <header> holds its buttons in a <nav>: when it is written in sentences (40
 * characters or more, ending with a full stop), it says what the product is.
 */
function heroParagraph(home: SitePage): string {
  const $ = home.$;
  const h1 = $('h1').toArray().find((h) => $(h).closest('nav, footer, dialog, [role=dialog]').length === 0) as Element | undefined;
  for (let el = h1?.next; el; el = el.next) {
    if (!isTag(el)) continue;
    if (/^h[1-6]$/.test(el.name)) return '';
    if (el.name !== 'p') continue;
    const text = clean(elementText(el));
    return (text.length >= 40 || (UNSPACED.test(text) && text.length >= 20)) && /[.!\u3002]$/.test(text) ? text : '';
  }
  return '';
}

/** Headings of the section in which a business tells its own story, in the languages of the other readers. */
const STORY_HEADING =
  /^(?:(?:our|the|my) (?:story|history)|about us|(?:la )?(?:nuestra )?historia|(?:notre|mon) histoire|l'histoire|(?:unsere|meine) geschichte|(?:la nostra )?storia|(?:a )?nossa história|(?:onze|ons) (?:geschiedenis|verhaal)|nasza historia|o nas|naše historie|příběh|наша история|история|私たちの物語|沿革)$/iu;

/** The paragraphs under a story heading (at most the description's length). */
function storyParagraphs(page: SitePage): string[] {
  const $ = page.$;
  for (const h of headingsMatching($, STORY_HEADING)) {
    if (inChrome($, h)) continue;
    const out: string[] = [];
    let length = 0;
    for (const el of underHeading($, h)) {
      for (const p of ($(el).is('p') ? [el] : $(el).find('p').toArray()) as Element[]) {
        const text = clean(elementText(p));
        if (inChrome($, p) || !(text.length >= 40 || (UNSPACED.test(text) && text.length >= 20))) continue;
        if (length + text.length > DESCRIPTION_CHARS || out.length === DESCRIPTION_PARAGRAPHS) break;
        out.push(text);
        length += text.length;
      }
    }
    if (out.length) return out;
  }
  return [];
}

/**
 * keywords from the meta keywords, else the JSON-LD keywords. Tags are the directory's own labels
 * for a listing, which no site states: the same words drafted again as tags only doubled the
 * keywords (and the corpus keys hold tags unstated on every site).
 */
function keywordProposals(home: SitePage): Array<FieldProposal | null> {
  const fromMeta = home.meta.keywords ? { stated: home.meta.keywords, items: splitKeywords(home.meta.keywords) } : null;
  return [listFromStated('keywords', home, fromMeta ?? jsonLdKeywords(home.jsonLd))];
}

/**
 * A list the site states in one place (a keywords attribute): quoted whole when the stored text
 * holds it, else item by item where the text uses the word (a keyword the site never writes is
 * dropped).
 */
function listFromStated(field: 'keywords', page: SitePage, stated: { stated: string; items: string[] } | null): FieldProposal | null {
  if (!stated || stated.items.length === 0) return null;
  const whole = stated.stated ? page.quote(stated.stated) : null;
  if (whole) return propose(field, stated.items.slice(0, 20), [whole]);
  const items: string[] = [];
  const evidence: Evidence[] = [];
  for (const item of stated.items) {
    const e = page.quote(item);
    if (!e) continue;
    items.push(item);
    evidence.push(e);
    if (items.length === 20) break;
  }
  return items.length ? propose(field, items, evidence) : null;
}

const STAGE = /(?<![\p{L}])(public beta|private beta|open beta|closed beta|early access|beta|alpha|coming soon|pre-launch|frühzugang|accès anticipé|acceso anticipado|bêta)(?![\p{L}]|\.\p{L})/iu;

/** Levels above a badge that still belong to its card. */
const BADGE_CARD_DEPTH = 3;
const ITEM_HEADINGS = 'h2, h3, h4';

/**
 * A badge on one card of a grid whose cards each have a heading ("BotSocial" / "Coming soon"
 * beside "BotReady" / "Available now"): the stage of that item (a sister product, a plan, a
 * feature), not of the product the site presents.
 */
function inItemOfGrid($: SitePage['$'], badge: Element): boolean {
  for (const card of $(badge).parents().slice(0, BADGE_CARD_DEPTH).toArray()) {
    const el = card as Element;
    if (['section', 'main', 'body', 'header', 'footer'].includes(el.name) || $(el).find('h1').length) return false;
    if (!$(el).find(ITEM_HEADINGS).length) continue;
    return $(el)
      .siblings(el.name)
      .toArray()
      .some((sibling) => $(sibling).find(ITEM_HEADINGS).length > 0);
  }
  return false;
}

/** A stage only when the home page says so in its title, headings, badges or description. */
function stage(home: SitePage): FieldProposal | null {
  const $ = home.$;
  // Where a product announces its stage: the title, the main headings, the hero's line, a badge.
  // Not running text or links: "our alpha release" in a news item, "beta.gouv.fr" in a sentence.
  const h1 = mainHeading($);
  const badges = $('span, small, mark, strong').toArray().filter((el) => !inChrome($, el as Element) && $(el).closest('p, li, a').length === 0 && !inItemOfGrid($, el as Element));
  const places = [home.meta.title, ...$('h1, h2').toArray().map((el) => clean(elementText(el))), heroSubline($, h1), ...badges.map((el) => clean(elementText(el))).filter((t) => t.length <= 40), home.meta.description];
  for (const text of places) {
    if (!text || text.length > 200) continue;
    const m = STAGE.exec(text);
    if (!m) continue;
    const e = home.quote(text);
    if (e) return propose('stage', m[1], [e]);
  }
  return null;
}

function unique(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const k = normalizeForMatch(s);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
