import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { elementText, textLines } from '../element-text.ts';
import { UNSPACED } from '../quote-match.ts';
import { TESTIMONIAL_MARKUP } from '../vocabulary.ts';
import { clean } from './site.ts';
import { isWholeName } from './person-names.ts';

/**
 * Page structure the text readers share: headings and what stands under them, and the running
 * text of a page without its navigation, footer and customer quotes.
 */

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const CHROME_TAGS = new Set(['nav', 'aside', 'form', 'dialog', 'blockquote', 'q', 'button', 'script', 'style', 'noscript', 'template']);
/**
 * … and a shopping cart's widget ("Your cart is empty. Total € 0,00"): the visitor's basket, not the site's offer;
 * and a chat widget ("chat-window", "livechat", "chatbot": "Contact me!", "Your adviser"), the site's contact
 * buttons, not its offer ("achat", French for a purchase, is not a chat).
 */
const CHROME_MARKUP = /cookie|consent|newsletter|subscribe|modal|popup|menu|navbar|breadcrumb|(?:^|[\s_-])(?:mini)?cart(?:$|[\s_-])|warenkorb|basket|panier|carrito|carrello|(?<!a)chat(?:bot|box)?(?:$|[\s_-])/i;

function level(el: Element): number {
  return Number(el.name.slice(1));
}

function isElement(n: AnyNode | null): n is Element {
  return n?.type === 'tag';
}

/**
 * An element that is not the page's own running text by itself: navigation, forms,
 * quotations, banners, testimonials. A <header> counts only when it holds the navigation (a hero
 * <header> is content).
 */
export function chromeItself($: CheerioAPI, el: Element): boolean {
  const markup = `${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`;
  return (
    CHROME_TAGS.has(el.name) ||
    (el.name === 'header' && $(el).find('nav').length > 0) ||
    (markup.trim() !== '' && (chromeMarkup($, el, markup) || TESTIMONIAL_MARKUP.test(markup)))
  );
}

/**
 * A <section> or <article> marked "menu" that holds a heading is a restaurant's menu ("menu-category"
 * over its pizzas): navigation menus are lists and boxes of links, not titled sections of the page.
 */
function chromeMarkup($: CheerioAPI, el: Element, markup: string): boolean {
  if (!CHROME_MARKUP.test(markup)) return false;
  if ((el.name !== 'section' && el.name !== 'article') || CHROME_MARKUP.test(markup.toLowerCase().split('menu').join(' '))) return true;
  return $(el).find(HEADINGS).length === 0;
}

const chrome = new WeakMap<Element, boolean>();

/** Inside a footer or chrome (see chromeItself), memoised per element: every reader asks about every element. */
export function inChrome($: CheerioAPI, el: Element): boolean {
  const known = chrome.get(el);
  if (known !== undefined) return known;
  const result = el.name === 'footer' || chromeItself($, el) || (isElement(el.parent) && inChrome($, el.parent));
  chrome.set(el, result);
  return result;
}

/** The page's main heading: its first <h1> outside the chrome. */
export function mainHeading($: CheerioAPI): Element | undefined {
  return ($('h1').toArray() as Element[]).find((h) => !inChrome($, h));
}

/**
 * The elements under a heading: its following siblings up to the next heading of the same or a
 * higher level. When the heading sits alone in a wrapper (<div><h2>…</h2><p>…</p></div><ul>…),
 * the wrapper's following siblings are read instead (up to three wrappers out).
 */
export function underHeading($: CheerioAPI, heading: Element): Element[] {
  const own = level(heading);
  const collect = (start: Element): Element[] => {
    const out: Element[] = [];
    for (let n = start.nextSibling; n; n = n.nextSibling) {
      if (!isElement(n)) continue;
      if (/^h[1-6]$/.test(n.name) && level(n) <= own) break;
      const inner = $(n).find(HEADINGS).toArray().find((h) => isElement(h) && level(h) <= own);
      if (inner) break;
      out.push(n);
    }
    return out;
  };
  let items = collect(heading);
  // A heading alone in its wrappers (<div class="heading"><div class="col"><h2>…</h2></div></div><div>…):
  // read what follows the nearest wrapper that has following content, up to three levels out.
  let wrapper: Element = heading;
  for (let depth = 0; items.length === 0 && depth < 3; depth++) {
    const up = wrapper.parent;
    if (!up || !isElement(up) || /^(body|main|section|article)$/.test(up.name)) break;
    wrapper = up;
    items = collect(wrapper);
  }
  // A heading in a section header with its subtitle (<div class="section-header"><h2>…</h2><p>…</p></div><div>…):
  // the section's content is what follows the header.
  const up = heading.parent;
  if (wrapper === heading && items.length > 0 && items.length <= 2 && items.every((el) => el.name === 'p') && isElement(up) && SECTION_HEADER.test(`${up.name} ${up.attribs.class ?? ''}`)) {
    items = [...items, ...collect(up)];
  }
  return items;
}

/** A wrapper that holds a section's heading and subtitle: a <header>, or a box whose class says so. */
const SECTION_HEADER = /^header\b|head|intro|title/i;

/** Headings whose text matches `pattern`. */
export function headingsMatching($: CheerioAPI, pattern: RegExp): Element[] {
  return $(HEADINGS)
    .toArray()
    .filter((h): h is Element => isElement(h) && pattern.test(clean($(h).text())));
}

/**
 * The items listed under a heading: list items, else the titles of cards (sub-headings), else
 * short paragraphs. An item longer than `max` is replaced by its lead-in (its <strong>/<b> or
 * text up to the first colon or dash), or dropped.
 */
export function listedItems($: CheerioAPI, heading: Element, max = 200): string[] {
  const section = underHeading($, heading);
  const within = (selector: string) => section.flatMap((el) => ($(el).is(selector) ? [el] : $(el).find(selector).toArray()));
  let nodes = within('li');
  // Card titles: the headings one level or more below this one (under an <h1>, its <h2>s too).
  if (nodes.length === 0) nodes = within([2, 3, 4, 5].filter((n) => n > level(heading)).map((n) => `h${n}`).concat('dt').join(', '));
  if (nodes.length === 0) nodes = within('p');
  const items: string[] = [];
  for (const node of nodes) {
    if (inChrome($, node as Element) || isButtonItem($, node as Element)) continue;
    let text = clean(elementText(node));
    // A title line over its explanation ("Install Yourself<br>You can install it in an hour"): the title.
    const lines = textLines(node).map(clean).filter(Boolean);
    if (lines.length >= 2 && lines[0].length <= 60 && lines[1].length > lines[0].length) text = lines[0];
    if (text.length > max) {
      // text is clean (single spaces): one optional space, so the lead-in and the space cannot share it.
      const lead = clean($(node).find('strong, b, h3, h4').first().text()) || clean(/^(.{3,200}?) ?[:\u2013\u2014-] /.exec(text)?.[1]);
      text = lead.length <= max ? lead : '';
    }
    if (text.length >= 3) items.push(text);
  }
  return items;
}

/**
 * A list item that is only a link drawn as a button (<li><a class="button">See more</a></li>,
 * Bootstrap's "btn", role="button"): a row of calls to action under a section, not what it lists.
 */
function isButtonItem($: CheerioAPI, item: Element): boolean {
  const links = $(item).find('a, [role=button]').toArray().filter(isElement);
  if (links.length !== 1 || !drawnAsButton(links[0])) return false;
  return clean(elementText(links[0])) === clean(elementText(item));
}

function drawnAsButton(el: Element): boolean {
  if (el.attribs.role === 'button') return true;
  const words = (el.attribs.class ?? '').toLowerCase().split(/[\s_-]+/);
  return words.includes('button') || words.includes('btn');
}

/** The text of the nearest heading before `el` (its own earlier siblings, then its ancestors' earlier siblings). */
export function precedingHeading($: CheerioAPI, el: Element): string | null {
  for (let node: Element | null = el; node; node = isElement(node.parent) ? node.parent : null) {
    for (let s = node.prev; s; s = s.prev) {
      if (!isElement(s)) continue;
      if (/^h[1-6]$/.test(s.name)) return clean(elementText(s));
      const inner = $(s).find(HEADINGS).last();
      if (inner.length) return clean(inner.text());
    }
  }
  return null;
}

/** Paragraphs of running text, at least `min` characters long, in document order. */
export function paragraphs($: CheerioAPI, min = 40): string[] {
  const root = $('main, article, [role=main]').first();
  const found = root.length ? paragraphsIn($, root, min) : [];
  // A landing page may put its pitch above an empty <main> (a docs theme's home): then the whole body.
  return found.length ? found : paragraphsIn($, $('body'), min);
}

function paragraphsIn($: CheerioAPI, scope: ReturnType<CheerioAPI>, min: number): string[] {
  return scope
    .find('p')
    .toArray()
    .filter((p): p is Element => isElement(p) && !inChrome($, p) && !within(p, NOT_RUNNING_TEXT) && !inCard(p))
    .map((p) => clean(elementText(p)))
    // Japanese and Chinese say in 20 characters what takes 40 letters.
    .filter((t) => t.length >= min || (UNSPACED.test(t) && t.length >= min / 2));
}

const NOT_RUNNING_TEXT = new Set(['details', 'dl', 'li', 'table']);
const CARD_HEADINGS = new Set(['h3', 'h4', 'h5', 'h6']);

function within(el: Element, tags: Set<string>): boolean {
  for (let p = el.parent; isElement(p); p = p.parent) if (tags.has(p.name)) return true;
  return false;
}

/**
 * A paragraph of a card (a person, a plan, a feature tile): its box has a heading of its own, or
 * opens with a line that is a person's name alone over a short role line (a team card written in
 * plain paragraphs).
 */
function inCard(p: Element): boolean {
  const box = p.parent;
  if (!isElement(box) || /^(body|main|article|section)$/.test(box.name)) return false;
  // The box that holds the page's main heading is the page's content (<div><h1>About</h1><h3>…</h3><p>…</p></div>), not a card.
  if (box.children.some((c) => isElement(c) && c.name === 'h1')) return false;
  if (box.children.some((c) => isElement(c) && CARD_HEADINGS.has(c.name))) return true;
  // "Bruce Borden" over "Co-Founder – CEO": a name line, then a short role line (not a heading, not a sentence).
  const [first, second] = box.children.filter(isElement);
  if (!first || !second || first === p || !/^(p|span|strong|b)$/.test(first.name) || !/^(p|span|div)$/.test(second.name)) return false;
  const role = clean(elementText(second));
  return isWholeName(clean(elementText(first))) && role.length > 0 && role.length <= 80 && !/[.!?]$/.test(role);
}
