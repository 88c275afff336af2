import { load, type CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Evidence, FaqProposal } from '../types.ts';
import { elementText } from '../element-text.ts';
import { isType, nodesOf, textOf } from '../json-ld.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { FAQ_HEADING } from '../vocabulary.ts';
import { inChrome, precedingHeading, underHeading } from './sections.ts';
import { clean, type Site, type SitePage } from './site.ts';

const MAX_FAQS = 10;
const QUESTION = /[?\uff1f]\s*$|^\s*¿/;
/** A heading's permalink mark ("Are there any limits?¶", "… #") or an accordion's toggle sign ("…? +"): not part of the question. */
const PERMALINK_MARKS = ['\u00b6', '\u00a7', '#', '\u{1f517}', '+', '\u2212', '\u25bc', '\u25be', '\u25b8', '\u203a', '\u2304', '\u00d7'];

function withoutPermalink(text: string): string {
  let t = text.trimEnd();
  for (let mark = PERMALINK_MARKS.find((m) => t.endsWith(m)); mark; mark = PERMALINK_MARKS.find((m) => t.endsWith(m))) t = t.slice(0, -mark.length).trimEnd();
  return t;
}
/** class / id fragments of FAQ markup. */
const FAQ_MARKUP = /faq|frequently|question|frage|pregunta|domanda|вопрос/i;
/** class / id fragments of collapsible panels (FAQs or not). */
const ACCORDION_MARKUP = /accordion|collaps|toggle/i;
/** What opens an accordion panel: a button, an element that controls or names a panel. */
const TOGGLE = 'button, [aria-expanded], [aria-controls], [data-toggle], [data-bs-toggle], [class*=question], [class*=accordion], [class*=toggle]';
/** Toggles looked at per page: an accordion has a few dozen; a page of thousands of buttons is not an FAQ. */
const MAX_TOGGLES = 200;
/**
 * A class that names its element the question or the answer of an entry ("faq-q" / "faq-a",
 * "item__question" / "item__answer", "q" / "a"): tested on one class token at a time.
 */
const QUESTION_CLASS = /(?:^|[-_])(?:q|question|frage|pregunta|domanda|pergunta|vraag|вопрос)$/i;
const ANSWER_CLASS = /(?:^|[-_])(?:a|answer|antwort|respuesta|risposta|resposta|antwoord|reponse|réponse|ответ)$/i;

/**
 * FAQs as the site writes them: FAQPage JSON-LD, <details>/<summary>, <dt>/<dd>, headings
 * phrased as questions with the text under them, and accordions (a button or toggle holding the
 * question, its panel the answer). Outside an FAQ page or section (a heading like "FAQ",
 * "Häufige Fragen", "よくある質問", or FAQ markup) only blocks phrased as questions count: a
 * collapsible note is not an FAQ. Each keeps the question and the answer's paragraphs as quotes.
 */
export function faqProposals(site: Site): FaqProposal[] {
  const out: FaqProposal[] = [];
  const add = (page: SitePage, question: string, answers: string[]) => {
    const q = withoutPermalink(clean(question));
    const parts = answers.map(clean).filter(Boolean);
    if (!q || parts.length === 0 || out.length >= MAX_FAQS) return;
    if (out.some((f) => normalizeForMatch(f.question) === normalizeForMatch(q))) return;
    const evidence = [page.quote(q), ...parts.map((a) => page.quote(a))];
    if (evidence.some((e) => e === null)) return;
    out.push({ question: q, answer: parts.join('\n'), evidence: evidence as Evidence[] });
  };
  const isQuestion = (text: string) => QUESTION.test(withoutPermalink(clean(text)));

  for (const page of site.byRole('faq', 'home', 'pricing', 'features', 'about', 'contact', 'other')) {
    const $ = page.$;
    for (const node of page.jsonLd.filter((n) => isType(n, 'FAQPage'))) {
      for (const q of nodesOf(node.mainEntity).filter((n) => isType(n, 'Question'))) {
        const answer = textOf(nodesOf(q.acceptedAnswer)[0]?.text);
        if (answer) add(page, textOf(q.name) ?? '', [answer.includes('<') ? load(answer).root().text() : answer]);
      }
    }
    $('details').each((_, el) => {
      if (inChrome($, el)) return;
      const summary = $(el).children('summary').first();
      if (!isQuestion(elementText(summary[0])) && !faqContext(page, el)) return;
      const answers = $(el)
        .children()
        .toArray()
        .filter((c) => c !== summary[0])
        .map((c) => elementText(c));
      if (answers.length === 0) {
        // Text directly inside <details>, after the summary.
        answers.push(elementText(el).slice(clean(summary.text()).length));
      }
      add(page, elementText(summary[0]), answers);
    });
    $('dt').each((_, dt) => {
      if (inChrome($, dt)) return;
      const answers: string[] = [];
      for (let n = $(dt).next(); n.length && n.is('dd'); n = n.next()) answers.push(elementText(n[0]));
      const question = elementText(dt);
      if (isQuestion(question) || page.role === 'faq') add(page, question, answers);
    });
    const headings = $('h1, h2, h3, h4, h5, h6').toArray() as Element[];
    headings.forEach((h, i) => {
      const question = elementText(h);
      if (h.name === 'h1' || !isQuestion(question) || inChrome($, h)) return;
      // A question heading elsewhere ("Why TallyHQ?") titles a section; only FAQ pages and FAQ sections hold answers.
      const parent = headings.slice(0, i).reverse().find((p) => p.name < h.name);
      if (page.role !== 'faq' && !(parent && FAQ_HEADING.test(normalizeForMatch(elementText(parent)))) && !markupAround(h, FAQ_MARKUP)) return;
      const answers = underHeading($, h as Element)
        .filter((el) => /^(p|ul|ol|div)$/.test(el.name))
        .map((el) => elementText(el))
        .slice(0, 4);
      add(page, question, answers);
    });
    for (const { question, answer } of accordions(page)) add(page, question, [answer]);
    for (const { question, answer } of classedPairs(page)) add(page, question, [answer]);
  }
  return out;
}

function hasClass(el: Element, pattern: RegExp): boolean {
  return (el.attribs.class ?? '').split(/\s+/).some((token) => pattern.test(token));
}

/**
 * Entries whose markup names the parts: an element classed as the question ("faq-q",
 * "faq__question") followed at once by its sibling classed as the answer ("faq-a"), without a
 * toggle or a question heading (an entry read above as well is kept once). In an FAQ section or
 * markup the question may be a request ("…を教えてください。", "Tell me how …"); elsewhere it must
 * end in a question mark.
 */
function classedPairs(page: SitePage): Array<{ question: string; answer: string }> {
  const $ = page.$;
  const found: Array<{ question: string; answer: string }> = [];
  for (const el of $('[class]').toArray() as Element[]) {
    if (found.length >= MAX_FAQS || !hasClass(el, QUESTION_CLASS)) continue;
    const next = $(el).next()[0] as Element | undefined;
    if (!next || !hasClass(next, ANSWER_CLASS) || inChrome($, el)) continue;
    const question = withoutPermalink(clean(elementText(el)));
    const answer = clean(elementText(next));
    if (question.length < 3 || question.length > 300 || !answer || answer.length > 1500) continue;
    if (QUESTION.test(question) || faqContext(page, el)) found.push({ question, answer });
  }
  return found;
}

/**
 * Accordion entries: the innermost toggle (a button, an element with aria-controls or a
 * question/accordion class) and its panel (the element aria-controls names, else the next
 * element after the toggle or after the heading that wraps it). A toggle phrased as a question
 * counts in an FAQ section or accordion markup; one that is not, only in an FAQ section.
 */
function accordions(page: SitePage): Array<{ question: string; answer: string }> {
  const $ = page.$;
  const found: Array<{ question: string; answer: string }> = [];
  const toggles = $(TOGGLE).toArray().slice(0, MAX_TOGGLES) as Element[];
  for (const el of toggles) {
    // <details> are read above; the innermost toggle holds the question alone.
    if (el.name === 'summary' || el.name === 'details' || $(el).closest('details').length > 0 || $(el).find(`${TOGGLE}, summary`).length > 0) continue;
    if (inChrome($, el.name === 'button' && el.parent?.type === 'tag' ? (el.parent as Element) : el)) continue;
    const question = clean(elementText(el));
    if (question.length < 3 || question.length > 300) continue;
    const context = faqContext(page, el);
    if (!(QUESTION.test(question) ? context || markupAround(el, ACCORDION_MARKUP) : context)) continue;
    const panel = panelOf($, el);
    const answer = panel ? clean(elementText(panel)) : '';
    if (answer && answer.length <= 1500 && !$(panel!).find(TOGGLE).toArray().some((t) => clean(elementText(t as Element)) === question)) found.push({ question, answer });
  }
  return found;
}

function panelOf($: CheerioAPI, toggle: Element): Element | null {
  const controls = toggle.attribs['aria-controls'];
  if (controls && /^[\w:.-]{1,100}$/.test(controls)) {
    const named = $(`[id="${controls}"]`).first();
    if (named.length) return named[0] as Element;
  }
  // A toggle wrapped alone in a heading or header (<h5><button>…</button></h5><div>answer</div>): the wrapper's next element.
  let at: Element = toggle;
  for (let depth = 0; depth < 3; depth++) {
    const next = $(at).next();
    if (next.length) return next[0] as Element;
    const up = at.parent;
    if (!up || up.type !== 'tag' || $(up).children().length !== 1) return null;
    at = up as Element;
  }
  return null;
}

/** The element or one of its near ancestors has a class or id that `markup` matches. */
function markupAround(el: Element, markup: RegExp): boolean {
  let node: Element | null = el;
  for (let depth = 0; node && depth < 6; depth++, node = node.parent?.type === 'tag' ? (node.parent as Element) : null) {
    if (markup.test(`${node.attribs.class ?? ''} ${node.attribs.id ?? ''}`)) return true;
  }
  return false;
}

/** On an FAQ page, in FAQ markup, or under a heading that names FAQs. */
export function faqContext(page: SitePage, el: Element): boolean {
  if (page.role === 'faq' || markupAround(el, FAQ_MARKUP)) return true;
  const heading = precedingHeading(page.$, el);
  return heading !== null && FAQ_HEADING.test(normalizeForMatch(heading));
}
