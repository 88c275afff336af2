import type { Element } from 'domhandler';
import type { CategoryKeywords, Evidence, FieldProposal } from '../types.ts';
import { kindIsCategory, LOCAL_BUSINESS, statedKinds, usesKeyword } from '../guards/categories.ts';
import { hasOpeningHoursLabel, hasTimeOfDay } from '../guards/opening-hours.ts';
import { elementText } from '../element-text.ts';
import { typesOf } from '../json-ld.ts';
import { normalizeForMatch, UNSPACED } from '../quote-match.ts';
import { placeProposals } from './places.ts';
import { inChrome, paragraphs } from './sections.ts';
import { clean, propose, type Site, type SitePage } from './site.ts';
import { jsonLdDescription } from './structured-data.ts';

/**
 * Categories: those of the service's tree whose name or keywords (several languages) the site
 * itself uses in its title, descriptions, JSON-LD or headings (home, features and about pages),
 * strongest places first, at most four, the best first (the primary one). A multi-word or long
 * term says more than a short single word ("web hosting" beats "app"); a category needs a strong
 * place or two weaker ones.
 *
 * `homeLines`: what the home page says the product is, as the caller reads it (the hero's
 * sub-line, a line marked as the tagline, the first sentence of "<name> is a …").
 */
export function categoryProposal(site: Site, categoryNames: readonly string[], keywords: CategoryKeywords, homeLines: readonly string[] = []): FieldProposal | null {
  if (categoryNames.length === 0) return null;
  const places: Array<{ text: string; norm: string; page: SitePage; weight: number; running: boolean }> = [];
  const place = (text: string, page: SitePage, weight: number, running = false) => {
    const t = clean(text);
    if (!t || t.length > 400) return;
    const norm = normalizeForMatch(t);
    if (!invitesToFollow(norm)) places.push({ text: t, norm: withoutNegated(norm), page, weight, running });
  };
  for (const page of site.byRole('home', 'features', 'about')) {
    const $ = page.$;
    const home = page === site.home;
    const strong = home ? 3 : 2;
    for (const t of [page.meta.title, page.meta.description, page.meta.ogDescription, jsonLdDescription(page.jsonLd) ?? '']) place(t, page, strong);
    if (home) {
      for (const line of homeLines.slice(0, 2)) place(line, page, strong);
      // The first running paragraph, where a site says what it is ("X is a terminal-based text
      // editor"): a phrase there counts; a single word only backs up a match elsewhere (running
      // text names other things too: "日本電信電話株式会社" is a lab's name, not telephony).
      place(paragraphs($, 40)[0] ?? '', page, 2, true);
      // The sentence that says what the product is ("Acme is a hardware and software … solution"):
      // its words classify the product, as a description does.
      for (const line of homeLines.slice(2)) place(line, page, 2);
    }
    $('h1, h2, h3').each((_, h) => {
      if (!inChrome($, h as Element)) place(elementText(h), page, h.name === 'h1' ? strong : h.name === 'h2' ? 2 : 1);
    });
  }
  const kinds = statedKindPlaces(site);
  const scored: Array<{ name: string; score: number; evidence: Evidence[] }> = [];
  for (const name of categoryNames) {
    const terms = [...phraseForms(name), ...(keywords[name] ?? []).map((k) => normalizeForMatch(k))].filter((t) => t.length >= 2);
    let score = 0;
    let elsewhere = false;
    let best: { weight: number; e: Evidence } | null = null;
    for (const place of places) {
      const matched = terms.filter((t) => usesKeyword(place.norm, t));
      if (matched.length === 0) continue;
      const phrase = matched.some((t) => t.includes(' '));
      if (place.running && !phrase && !elsewhere) continue;
      const e = place.page.quote(place.text);
      if (!e) continue;
      const specific = phrase || matched.some((t) => t.length >= 8 || (!UNSPACED.test(t) && /[^\p{Script=Latin}\p{N}\s]/u.test(t)) || (UNSPACED.test(t) && t.length >= 3));
      const gained = place.weight * (specific ? 1 : 0.6);
      score += gained;
      elsewhere ||= !place.running;
      if (!best || gained > best.weight) best = { weight: gained, e };
    }
    let evidence = best ? [best.e] : [];
    for (const kind of kinds) {
      if (!kindIsCategory(kind.words, name, keywords[name] ?? [])) continue;
      score += kind.weight;
      if (!best || kind.weight > best.weight) {
        best = { weight: kind.weight, e: kind.evidence[0] };
        evidence = kind.evidence;
      }
    }
    if (best && score >= 1.8) scored.push({ name, score, evidence });
  }
  const top = scored.sort((a, b) => b.score - a.score).slice(0, 4);
  return top.length ? propose('categories', top.map((t) => t.name), top.flatMap((t) => t.evidence)) : null;
}

/**
 * What the site says it is without a category's words: the schema.org types of its structured
 * data (a Restaurant, a LodgingBusiness, a SoftwareApplication and its applicationCategory), and,
 * when it states both a postal address and the hours it is open, that it is a place people come
 * to (a local business). Each with the stored line that says it, and the words the guard reads
 * from that line (the same reading decides whether the category stands).
 */
function statedKindPlaces(site: Site): Array<{ words: string[]; weight: number; evidence: Evidence[] }> {
  const out: Array<{ words: string[]; weight: number; evidence: Evidence[] }> = [];
  for (const page of site.byRole('home', 'features', 'about')) {
    const weight = page === site.home ? 3 : 2;
    const lines = new Set<string>();
    for (const node of page.jsonLd) {
      for (const type of typesOf(node)) lines.add(`json-ld @type: ${type}`);
      const category = node.applicationCategory;
      for (const c of Array.isArray(category) ? category : [category]) if (typeof c === 'string') lines.add(`json-ld applicationCategory: ${c}`);
    }
    for (const line of lines) {
      const e = page.quote(line);
      // A nested node's type is not stored (the crawler keeps top-level types only): no quote, no kind.
      if (!e) continue;
      const words = statedKinds([e.quote]);
      if (words.length) out.push({ words, weight, evidence: [e] });
    }
  }
  const hours = sellsGoods(site) ? null : openingHours(site);
  if (hours) out.push({ words: [LOCAL_BUSINESS], weight: 3, evidence: hours });
  return out;
}

/**
 * The site's opening hours (a label and a time: "Öffnungszeiten: Mo - Mi 8:00 bis 18:00 Uhr")
 * with its address: both, because hours alone are also a help desk's, and an address alone is
 * also an online company's seat. The address is the one the place fields read (a city there).
 */
function openingHours(site: Site): Evidence[] | null {
  let cities: FieldProposal[] | null = null;
  for (const page of site.byRole('home', 'contact', 'about')) {
    const lines = (page.snapshot.text ?? '').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].length > 200 || !hasOpeningHoursLabel(normalizeForMatch(lines[i]))) continue;
      // The hours follow the label on its line or the next few (one line per day).
      const end = [i, i + 1, i + 2, i + 3].find((j) => j < lines.length && lines[j].length <= 200 && hasTimeOfDay(lines[j]));
      if (end === undefined) continue;
      const hours = page.quote(lines.slice(i, end + 1).join(' '));
      if (!hours) continue;
      // The address on the same page as the hours, as a place's card or footer gives both.
      cities ??= placeProposals(site).filter((p) => p.field === 'city');
      const address = cities.flatMap((p) => p.evidence).find((e) => e.url === page.url && e.quote.length <= 200);
      if (address) return [hours, address];
    }
  }
  return null;
}

function phraseForms(name: string): string[] {
  const n = normalizeForMatch(name);
  return [...new Set([n, n.endsWith('s') ? n.slice(0, -1) : `${n}s`])].filter((f) => f.length >= 2);
}

/**
 * Whether the site sells goods: a shopping cart (the class or id web shops give it, in any
 * language of the page: "cart", "basket") or a product offered at a price in its structured data.
 * A shop has opening hours too, but it is not a service.
 */
function sellsGoods(site: Site): boolean {
  return site.pages.some((page) => {
    if (page.jsonLd.some((n) => typesOf(n).includes('Product') && n.offers !== undefined)) return true;
    return page.$('[class], [id]').toArray().some((el) => {
      const attribs = (el as Element).attribs;
      return namesCart(`${attribs.class ?? ''} ${attribs.id ?? ''}`);
    });
  });
}

const CART_TOKENS = new Set(['cart', 'minicart', 'shoppingcart', 'basket', 'warenkorb', 'panier', 'carrito', 'carrello', 'winkelwagen', 'koszyk']);

/** Whether a class or id list has a cart word as one of its parts ("cart-icon-wrapper", "mini_basket"); not "carte" or "cartoon". */
function namesCart(names: string): boolean {
  let token = '';
  for (const ch of `${names.toLowerCase()} `) {
    if (ch >= 'a' && ch <= 'z') token += ch;
    else {
      if (CART_TOKENS.has(token)) return true;
      token = '';
    }
  }
  return false;
}

/**
 * "Follow us on social media", "Folge uns auf Instagram": an invitation to the site's own
 * accounts, in the languages sites are commonly written in. It names where the site posts, not
 * what it is.
 */
const FOLLOW_US = ['follow us', 'follow along', 'follow me', 'folge uns', 'folgt uns', 'folgen sie uns', 'suivez-nous', 'suivez nous', 'síguenos', 'siguenos', 'seguici', 'siga-nos', 'sigam-nos', 'volg ons', 'följ oss', 'følg oss', 'følg os', 'obserwuj nas', 'sledujte nás', 'sledujte nas', 'подписывайтесь', 'следите за нами', 'フォローして',
  'nos siga', 'seguiteci', 'śledź nas', 'sleduj nás', 'seuraa meitä', 'стежте за нами', 'слідкуйте за нами', 'підписуйтесь',
  'bizi takip edin', 'bizi takip et', '팔로우하세요', '팔로우 해주세요', '关注我们', '關注我們', '追蹤我們', '追踪我们'];

function invitesToFollow(norm: string): boolean {
  return FOLLOW_US.some((f) => norm.includes(f));
}

/** Words that say what a thing is without: "Uthyrning utan stress", "sans stress", "no hassle". */
const NEGATIONS = new Set(['without', 'no', 'zero', 'utan', 'uten', 'uden', 'ohne', 'kein', 'keine', 'keinen', 'sans', 'sin', 'senza', 'sem', 'zonder', 'geen', 'bez', 'без', 'nessun', 'nessuna']);

/**
 * The text with each word a negation stands before blanked: what a site is without ("renting
 * without stress") does not classify it (stress is not its subject).
 */
function withoutNegated(norm: string): string {
  const words = norm.split(' ');
  for (let i = 0; i + 1 < words.length; i++) if (NEGATIONS.has(words[i])) words[i + 1] = '_';
  return words.join(' ');
}
