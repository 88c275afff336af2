import type { Element } from 'domhandler';
import type { FieldProposal } from '../types.ts';
import { elementText, textLines } from '../element-text.ts';
import { matchKey, normalizeForMatch, UNSPACED } from '../quote-match.ts';
import { CONTRAST, CRAFT, DENIAL, GUARANTEED, NEGATION_WORDS, NO_HIDDEN_COSTS, STANDING, SUMMING_UP_WORDS, TESTIMONIAL_HEADINGS, TRAVEL, TRUST, wordsSource } from '../vocabulary.ts';
import { LIMITS } from '../limits.ts';
import { faqContext } from './faq.ts';
import { aboutPages } from './about-pages.ts';
import { cardGrids, CHECK_MARK, headed, heroClaims, ItemList, MAX_ITEM, USP_HEADINGS } from './feature-lists.ts';
import { listedItems } from './sections.ts';
import { inChrome, precedingHeading, underHeading } from './sections.ts';
import { clean, type Site, type SitePage } from './site.ts';

/**
 * What sets a product apart, the ways sites say it:
 *  - a "why us" / benefits section ("Why TallyHQ?", "Warum wir", "Pourquoi nous", "Почему мы",
 *    "選ばれる理由") on any page, its items; or a section whose kicker line says so ("PROČ 3D KASTL
 *    STUDIO" over "Přesnost z průmyslu, cit pro historii"): its heading and items;
 *  - a list introduced by a line that names its benefits ("Benefits of this approach:",
 *    "Vorteile:", "メリット：");
 *  - failing a "why" section of three items, the check-mark claims of the hero, or its line of short claims
 *    ("No signup. Fully open source."); the home page's key figures
 *    ("24 h — response time", "100 % — data hosted in the EU");
 *  - failing three of those, the home page's own sentences that set it against others ("Unlike
 *    SSH, …", "hours, not weeks", "ChaSen や KAKASI に比べ高速", "в отличие от …");
 *  - failing three still, short lines of "no …" clauses on any page ("No ads, no tracking");
 *  - failing three still, a maker's sentences on how its goods are made ("Our cheese is made by
 *    hand, organic and without additives"), then sentences that claim the business's standing
 *    ("one of the pioneers of …", "More than 300 bakeries have trusted us"), then the home page's
 *    guarantees ("lowest price guaranteed") and its list of how near places are ("Station: 300 m, 4 min on foot").
 * An FAQ entry is not a "why" section ("Q: Why another protocol?"), nor an FAQ answer a claim.
 */
export function uspProposal(site: Site): FieldProposal | null {
  const list = new ItemList();
  const notWhyUs = (page: SitePage) => (h: Element) => faqContext(page, h) || /^q\s*[:.]/i.test(clean(elementText(h)));
  for (const page of site.byRole('home', 'about', 'features')) list.addAll(page, headed(page, USP_HEADINGS, notWhyUs(page)));
  // Elsewhere (a how-to, an offer) "why" titles many things ("why the warning appears"): only a
  // "why" that names the site itself ("Why Acme?") is its pitch.
  for (const page of site.byRole('pricing', 'other')) list.addAll(page, headed(page, USP_HEADINGS, (h) => notWhyUs(page)(h) || !whyThisSite(site, clean(elementText(h)), page)));
  for (const page of site.byRole('home', 'about', 'features')) list.addAll(page, eyebrowSections(page));
  if (list.size < 3) list.addAll(site.home, [...heroClaims(site.home), ...heroLine(site.home)]);
  list.addAll(site.home, keyFigures(site.home));
  for (const page of site.byRole('home', 'about', 'features')) list.addAll(page, achievements(page));
  list.addAll(site.home, staccatoClaims(site.home));
  for (const page of site.byRole('home', 'about', 'features', 'pricing', 'other')) list.addAll(page, leadInLists(page));
  if (list.size < 3) list.addAll(site.home, contrasts(site.home), MAX_SENTENCE);
  if (list.size < 3) list.addAll(site.home, summedUpQualities(site.home));
  for (const page of site.byRole('home', 'about', 'features', 'pricing', 'other')) if (list.size < 3) list.addAll(page, spared(page), MAX_SENTENCE);
  for (const page of site.byRole('home', 'about', 'features', 'other')) if (list.size < 3) list.addAll(page, claimSentences(page, craftClaim), MAX_CLAIM_SENTENCE);
  for (const page of site.byRole('home', 'about', 'features', 'other')) if (list.size < 3) list.addAll(page, claimSentences(page, standingClaim), MAX_CLAIM_SENTENCE);
  if (list.size < 3) list.addAll(site.home, claimSentences(site.home, guaranteeClaim), MAX_CLAIM_SENTENCE);
  if (list.size < 3) list.addAll(site.home, nearby(site.home));
  // Last, an about page's own grid of cards ("Structured hosting", "Close to you", "Flexible
  // plans"): where a business tells who it is, the few qualities it sets out side by side are its case.
  for (const page of aboutPages(site)) if (list.size < 3) list.addAll(page, cardGrids(page)[0] ?? []);
  return list.proposal('usps');
}

/** "Why <name>?" in a few words, or a heading that names the site. */
const WHY_SHORT = /^(?:why|warum|wieso|weshalb|pourquoi|por ?qu[eé]|perch[eé]|waarom|dlaczego|почему|なぜ|为什么|為什麼)(?![\p{L}])[^?\uff1f]{0,40}[?\uff1f]$/iu;

function whyThisSite(site: Site, heading: string, page: SitePage): boolean {
  if (WHY_SHORT.test(heading) && heading.split(/\s+/).length <= 4) return true;
  const key = matchKey(heading);
  return site.ownNames.some((own) => own.length >= 3 && !/^\d+$/.test(own) && key.includes(own)) || whyTitleName(heading, page);
}

/** A "why" word opening a heading ("Por qué", "Warum"), tested on normalised text. */
const WHY_START = /^(?:why|warum|wieso|weshalb|pourquoi|por ?qu[eé]|perch[eé]|waarom|dlaczego|почему)(?![\p{L}])/u;
const MAX_NAME_WORDS = 3;
const CLOSING_MARKS = '.!?\uff1f\u3002';

/**
 * "Por qué Acme.", "Warum Acme": a "why" and a name of one to three words that the page's
 * <title> also holds ("Nosotros · Acme"), as titles carry the site's brand: the heading asks
 * why this site, whatever punctuation closes it.
 */
function whyTitleName(heading: string, page: SitePage): boolean {
  const norm = normalizeForMatch(heading);
  const why = WHY_START.exec(norm);
  if (!why) return false;
  let rest = norm.slice(why[0].length).trim();
  while (rest && CLOSING_MARKS.includes(rest[rest.length - 1])) rest = rest.slice(0, -1);
  const words = rest.split(' ').filter(Boolean);
  const titleWords = new Set(normalizeForMatch(page.meta.title).split(/[^\p{L}\p{N}]+/u));
  return words.length >= 1 && words.length <= MAX_NAME_WORDS && words.every((w) => titleWords.has(w));
}

/** A lead-in names the list's benefits and ends with a colon; it is a short line. */
const LEAD_IN_END = /[:\uff1a]\s*$/;
const MAX_LEAD_IN = 100;

/**
 * The items of a list that a short line introduces as benefits or reasons: "<p><strong>Benefits</strong>
 * of this approach:</p><ul>…</ul>". The line must end with a colon and name benefits, advantages
 * or reasons (the words of "why us" headings); the list must follow it at once.
 */
function leadInLists(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('p, div, span, strong, b').each((_, el) => {
    const text = clean(elementText(el));
    if (text.length > MAX_LEAD_IN || !LEAD_IN_END.test(text) || !USP_HEADINGS.test(text) || inChrome($, el)) return;
    const next = $(el).next();
    if (!next.is('ul, ol') || faqContext(page, el)) return;
    for (const li of next.children('li').toArray() as Element[]) {
      const item = clean(elementText(li)).replace(CHECK_MARK, '').trim();
      if (item.length >= 3 && item.length <= MAX_ITEM) out.push(item);
    }
  });
  return out;
}

/** A sentence kept as a claim: long enough to say something, short enough to be one claim. */
const MAX_SENTENCE = 160;
const MIN_SENTENCE = 12;
const MAX_CONTRASTS = 6;
/** Sentence ends: ". ", "! ", "? " and the CJK full stops (which need no space after them). */
const SENTENCE_END = /(?<=[.!?])\s+|(?<=[\u3002\uff01\uff1f])/u;

/**
 * The page's own sentences that set the product against something else: a contrast word
 * (vocabulary.ts CONTRAST_WORDS) in a paragraph, list item, cell or heading of its running text:
 * not navigation, footers, quotations, testimonials or FAQ answers; no question.
 */
function contrasts(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('p, li, dd, td, h2, h3, h4, figcaption').each((_, el) => {
    if ($(el).children(BLOCKS).length > 0 || inChrome($, el)) return;
    const text = clean(elementText(el));
    if (QUOTATION.test(text) || !CONTRAST.test(normalizeForMatch(text))) return;
    const sentences = text.split(SENTENCE_END).map((s) => s.trim()).filter((s) => {
      if (s.length < MIN_SENTENCE || s.length > MAX_SENTENCE || /[?\uff1f]$/.test(s)) return false;
      return (UNSPACED.test(s) || s.split(/\s+/).length >= 3) && CONTRAST.test(normalizeForMatch(s));
    });
    // Only now the costlier look around: is this block in an FAQ or a customer's voice?
    if (sentences.length && !faqContext(page, el) && !inTestimonial($, el)) out.push(...sentences);
  });
  // A list item read whole and its paragraph read alone ("Fast Build in hours, not weeks." and
  // "Build in hours, not weeks."): the shorter is the sentence.
  return out.filter((s) => !out.some((t) => t !== s && t.length < s.length && (s.endsWith(t) || s.startsWith(t)))).slice(0, MAX_CONTRASTS);
}

/** A dash and a summing-up ("– all this makes", "— всё то, что создает"). */
const SUMMING_UP = new RegExp(`\\s[-\u2013\u2014]\\s+(?:${wordsSource(SUMMING_UP_WORDS)})`, 'giu');
const MIN_QUALITIES = 3;

/**
 * An enumeration that a dash and a summing-up close: "Ten years of experience, native speakers
 * as teachers, a central location – all this makes learning a pleasure." Its comma-separated
 * parts, from the sentence's start to the dash, are the qualities (three or more, each a few words).
 */
function summedUpQualities(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('p, li, dd').each((_, el) => {
    if ($(el).children(BLOCKS).length > 0 || inChrome($, el)) return;
    const text = clean(elementText(el));
    if (QUOTATION.test(text)) return;
    for (const m of text.matchAll(SUMMING_UP)) {
      const before = text.slice(0, m.index);
      const start = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? ')) + 1;
      const parts = before.slice(start).split(/,\s+/).map((s) => s.trim());
      if (parts.length < MIN_QUALITIES || parts.some((s) => s.length > MAX_ITEM || s.split(/\s+/).length < 2)) continue;
      if (faqContext(page, el) || inTestimonial($, el)) return;
      out.push(...parts);
    }
  });
  return out;
}

const NEGATION = new Set(NEGATION_WORDS);
/** Where a clause ends within a claim: punctuation, or a dash between spaces. */
const CLAUSE_END = /[,.;:!?]\s*|\s-\s/u;

/**
 * Claims of what the product spares its users: a short block with two clauses or more that each
 * open with "no" ("Kein Extra, kein Aufpreis — das ist unser Standard.", "Keine Kreditkarte. Kein
 * Risiko.", "Lädt schnell — kein WordPress, kein Plugin-Ballast."), or such a sentence within a
 * longer paragraph ("… pay by card or in cash. No app, no fees."). One "no" is a remark ("Kein
 * Spam."), and a bare "No, …" answers a question; but "No hidden costs" alone is a claim
 * (NO_HIDDEN_COSTS), as is a Turkish clause that ends in "yok".
 */
function spared(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('p, li, dd, td, span, h2, h3, h4, figcaption').each((_, el) => {
    if (out.length >= MAX_CONTRASTS || $(el).children(BLOCKS).length > 0 || inChrome($, el)) return;
    const text = clean(elementText(el));
    if (text.length < MIN_SENTENCE || QUOTATION.test(text)) return;
    const claims = (text.length <= MAX_SENTENCE ? [text] : text.split(SENTENCE_END).map((x) => x.trim())).filter(
      (x) => x.length >= MIN_SENTENCE && x.length <= MAX_SENTENCE && !/[?\uff1f]$/.test(x) && (negatedClauses(x) >= 2 || NO_HIDDEN_COSTS.test(normalizeForMatch(x))),
    );
    if (claims.length && !faqContext(page, el) && !inTestimonial($, el)) out.push(...claims);
  });
  return out;
}

/** The clauses of `text` that open with a "no" and say what is spared (a bare "No," answers a question). */
function negatedClauses(text: string): number {
  return normalizeForMatch(text)
    .split(CLAUSE_END)
    .filter((clause) => {
      const words = clause.trim().split(' ');
      // Turkish denies after the noun: "reklam yok, takip yok".
      return words.length >= 2 && (NEGATION.has(words[0]) || words[words.length - 1] === 'yok');
    }).length;
}

const BLOCKS = 'p, li, div, ul, ol, dl, table, h1, h2, h3, h4, h5, h6, blockquote';
/** A quoted passage of eight characters or more: someone's words, not the site's claim. */
const QUOTATION = /["“”«»„「『][^"“”«»„「」『』]{8,}["“”«»„」』]|^["“”«»„「『]/;

function inTestimonial($: SitePage['$'], el: Element): boolean {
  const heading = precedingHeading($, el);
  return heading !== null && TESTIMONIAL_HEADINGS.some((t) => normalizeForMatch(heading).includes(t));
}

/** A key figure: a number with at most a short unit or one word ("24 h", "100 %", "10k+", "3.", "24/7", "360°", "< 2 min", "3 apps"). */
const FIGURE = /^[~<>+]? ?\d[\d.,\s]*(?:\/\d{1,3})?(?:[%+×x°]|[\p{L}€$£¥]{1,8}\.?)?\+?$/u;
const ZERO = /^0(?![\d.,])/;

/**
 * A row of key figures: three or more sibling boxes, each a short figure in its own element and
 * a short label ("<div><b>24 h</b><span>Response time</span></div>"). The item is the figure and
 * its label as the page shows them; where the stored text runs them together, the label alone
 * (not when the figure is 0: "0 trackers" without its 0 would say the opposite).
 */
function keyFigures(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('main, body')
    .first()
    .find('div, ul, dl, section')
    .each((_, box) => {
      if (out.length > 0 || inChrome($, box)) return;
      const cells = box.children.filter((c): c is Element => c.type === 'tag');
      if (cells.length < 3 || cells.length > 8) return;
      const items: string[] = [];
      for (const cell of cells) {
        const parts = cell.children.filter((c): c is Element => c.type === 'tag');
        if (parts.length !== 2 || parts.some((p) => $(p).children().length > 0)) return;
        const figure = clean(elementText(parts[0]));
        const label = clean(elementText(parts[1]));
        if (!FIGURE.test(figure) || label.length < 3 || label.length > 80 || /\d/.test(label.slice(0, 1))) return;
        const both = `${figure} ${label}`;
        const quoted = page.quote(both);
        if (quoted && normalizeForMatch(quoted.quote).includes(normalizeForMatch(both))) items.push(both);
        else if (!ZERO.test(figure)) items.push(label);
      }
      if (items.length >= 3) out.push(...items);
    });
  return out;
}

/** Markup that names what it holds as the business's achievements, awards or certifications. */
const ACHIEVEMENT_MARKUP = /achievement|award|certificat/i;
/** A line's own number ("1)", "２）", "(3)", "4."). */
const LINE_NUMBER = /^(?:\(?[0-9\uff10-\uff19]{1,2}[)\uff09.\uff0e]|\([0-9\uff10-\uff19]{1,2}\))\s*/;
const MAX_ACHIEVEMENTS = 6;

/**
 * What a site marks up as its achievements, awards or certifications (class "achievement",
 * "awards", "certification"): each line is a claim ("Gold medal 2023", "ISO 9001 certified").
 * When some lines are numbered, only those are (the others introduce them: "Results 2023:").
 */
function achievements(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('p, div, ul, ol, section, dl').each((_, el) => {
    if (out.length >= MAX_ACHIEVEMENTS || !ACHIEVEMENT_MARKUP.test(`${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`) || inChrome($, el)) return;
    // The innermost such box: a list of achievements inside a section of them is read once.
    if ($(el).find('p, div, ul, ol, section, dl').toArray().some((c) => ACHIEVEMENT_MARKUP.test(`${(c as Element).attribs.class ?? ''} ${(c as Element).attribs.id ?? ''}`))) return;
    const lines = textLines(el).map(clean).filter(Boolean);
    const numbered = lines.filter((l) => LINE_NUMBER.test(l));
    for (const line of numbered.length > 0 ? numbered : lines) {
      const item = line.replace(LINE_NUMBER, '').replace(CHECK_MARK, '').trim();
      if (item.length >= 3 && item.length <= MAX_ITEM && !/[?\uff1f]$/.test(item)) out.push(item);
    }
  });
  return out.slice(0, MAX_ACHIEVEMENTS);
}

/** A kicker: a short line of text alone in its element, right above a section heading. */
const MAX_KICKER = 60;

/**
 * Sections whose kicker line is a "why" ("PROČ 3D KASTL STUDIO", "Why teams switch"): the
 * heading under it is the claim, and the section's items follow.
 */
function eyebrowSections(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('h2, h3').each((_, h) => {
    const kicker = $(h).prev()[0] as Element | undefined;
    if (!kicker || !/^(p|span|div)$/.test(kicker.name) || $(kicker).children().length > 0 || inChrome($, h)) return;
    const line = clean(elementText(kicker));
    if (line.length > MAX_KICKER || !USP_HEADINGS.test(line) || faqContext(page, h)) return;
    out.push(clean(elementText(h)), ...listedItems($, h as Element, MAX_ITEM));
  });
  return out;
}

/** A claim in a staccato line: a sentence of at most four words, or in Japanese or Chinese at most 15 characters. */
const STACCATO_WORDS = 4;
const STACCATO_CHARS = 15;
const MIN_STACCATO = 3;

/**
 * A section's sub-line that ends in a run of three or more very short sentences ("Runs on your
 * laptop. No cloud. No account. Free."): the run is the section's claims. The sub-line is the first
 * paragraph under a section heading (h2), before any other heading.
 */
function staccatoClaims(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  for (const h of $('h2').toArray() as Element[]) {
    if (inChrome($, h) || faqContext(page, h)) continue;
    const p = underHeading($, h).find((el) => el.name === 'p');
    if (!p) continue;
    const sentences = clean(elementText(p)).split(SENTENCE_END).map((x) => x.trim()).filter(Boolean);
    const short = (x: string) => !/[?\uff1f]$/.test(x) && (UNSPACED.test(x) ? x.length <= STACCATO_CHARS : x.split(' ').length <= STACCATO_WORDS);
    let run = 0;
    while (run < sentences.length && short(sentences[sentences.length - 1 - run])) run++;
    if (run >= MIN_STACCATO) out.push(...sentences.slice(sentences.length - run));
  }
  return out;
}

/**
 * Short claims written as one line of short sentences under the main heading ("No signup. Fully
 * open source."), or of short phrases set apart by middle dots or bullets ("Open source · No account
 * · Runs offline").
 */
const MAX_CLAIM = 60;
const CLAIM_SEPARATOR = /\s[\u00b7\u2022\u2027|]\s/u;

function heroLine(page: SitePage): string[] {
  const $ = page.$;
  // A search form may wrap the whole hero (<form><h1>…</h1><p>…</p><input></form>): only navigation,
  // footers and dialogs are outside the hero here.
  const outside = (el: Element) => $(el).closest('nav, footer, dialog, [role=dialog]').length > 0;
  const h1 = $('h1').toArray().find((h) => !outside(h as Element)) as Element | undefined;
  if (!h1) return [];
  // The hero: the main heading's section (or its wrapper), up to the next section heading.
  const hero = $(h1).closest('section, header, [class*=hero], [class*=jumbotron], [class*=banner]').first();
  // No marked hero: the main heading's own box, unless that is the whole page.
  const scope = hero.length ? hero : $(h1).parent();
  if (scope.is('body, main, article')) return [];
  for (const p of scope.find('p').toArray() as Element[]) {
    if (outside(p)) continue;
    const sentences = clean(elementText(p)).split(SENTENCE_END).flatMap((s) => s.split(CLAIM_SEPARATOR)).map((s) => s.trim()).filter(Boolean);
    if (sentences.length >= 3 && sentences.every((s) => s.length <= MAX_CLAIM && !/[?\uff1f]$/.test(s))) return sentences;
  }
  return [];
}


/** A claim sentence may be as long as a list item; a longer one is cut after a clause (see claimSentences). */
const MAX_CLAIM_SENTENCE = LIMITS.listItem;

const craftClaim = (s: string) => CRAFT.test(s);
/** A pioneer of its trade, or a figure of customers who trust it ("More than 300 bakeries have trusted us"). */
const standingClaim = (s: string) => STANDING.test(s) || (TRUST.test(s) && /\d/.test(s));

/** A promise in its participle ("lowest price guaranteed"), not denied ("delivery dates are not guaranteed"). */
const guaranteeClaim = (s: string) => GUARANTEED.test(s) && !DENIAL.test(s);

/**
 * The sentences of a page's running text that make a claim `isClaim` recognises (tested on the
 * normalised sentence): not navigation, footers, quotations, testimonials or FAQ answers; no
 * question. A sentence longer than a list item is cut after its last comma-ended clause that fits,
 * if that opening still makes the claim ("Our cheese is made by hand, aged in a cave, free of
 * additives, so that …" → "Our cheese is made by hand, aged in a cave, free of additives").
 */
function claimSentences(page: SitePage, isClaim: (normalized: string) => boolean): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('p, li, dd, td, h2, h3, h4, figcaption').each((_, el) => {
    if (out.length >= MAX_CONTRASTS || $(el).children(BLOCKS).length > 0 || inChrome($, el)) return;
    const text = clean(elementText(el));
    if (QUOTATION.test(text) || !isClaim(normalizeForMatch(text))) return;
    const sentences: string[] = [];
    for (const sentence of text.split(SENTENCE_END).map((x) => x.trim())) {
      if (/[?\uff1f]$/.test(sentence) || !isClaim(normalizeForMatch(sentence))) continue;
      const claim = sentence.length <= MAX_CLAIM_SENTENCE ? sentence : openingClauses(sentence);
      if (claim.length >= MIN_SENTENCE && (UNSPACED.test(claim) || claim.split(/\s+/).length >= 3) && isClaim(normalizeForMatch(claim))) sentences.push(claim);
    }
    if (sentences.length && !faqContext(page, el) && !inTestimonial($, el)) out.push(...sentences);
  });
  return out.slice(0, MAX_CONTRASTS);
}

/** The longest opening of a sentence that ends before a comma and fits a list item ("" when none does). */
function openingClauses(sentence: string): string {
  const end = sentence.lastIndexOf(',', MAX_CLAIM_SENTENCE);
  return end > 0 ? sentence.slice(0, end).trim() : '';
}

/** Symbols before a list line's words ("🚉 Station: …", "• Museum: …"). */
const LEADING_SYMBOLS = /^[^\p{L}\p{N}]+/u;
const MIN_NEARBY = 2;

/**
 * A list of how near the business is to places ("Station: 300 m (4 min on foot)", "Museum: 5
 * Gehminuten"): the lines with a figure and a way of getting there, when two or more lines of one
 * list have them. A lodging or a shop states its location this way; a spec sheet's "Width: 4 m" has
 * no way of getting there.
 */
function nearby(page: SitePage): string[] {
  const $ = page.$;
  const out: string[] = [];
  $('ul, ol').each((_, list) => {
    if (inChrome($, list) || faqContext(page, list)) return;
    const lines = $(list)
      .children('li')
      .toArray()
      .map((li) => clean(elementText(li)).replace(LEADING_SYMBOLS, ''))
      .filter((line) => line.length <= MAX_ITEM && /\d/.test(line) && TRAVEL.test(normalizeForMatch(line)));
    if (lines.length >= MIN_NEARBY) out.push(...lines);
  });
  return out;
}
