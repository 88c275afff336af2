import type { Evidence, FieldProposal } from '../types.ts';
import { PRICE, offersTrial, pricingModelOf, pricingSignals, statesCommission, statesReward, statesGiftOrWage, isBasketButton, type PricingModel, type PricingSignals } from '../pricing-models.ts';
import type { Element } from 'domhandler';
import { elementText } from '../element-text.ts';
import { headingsMatching, inChrome } from './sections.ts';
import { clean, propose, type Site, type SitePage } from './site.ts';
import { matchKey } from '../quote-match.ts';
import { statements } from './statements.ts';
import { faqProposals } from './faq.ts';
import { priceOnRequest } from './price-on-request.ts';
import { offerTerms } from './offer-terms.ts';
import { showsOthersPrices } from './page-roles.ts';

/**
 * A pricing section's heading. The first words are read anywhere in the heading, as they always
 * were; the words added for the other languages only as whole words, as short ones sit inside
 * others (Polish "ceny" in "oceny", ratings). Left out: "cena" (Spanish "dinner"), "planos"
 * (Spanish floor plans).
 */
const PRICING_HEADING =
  /pricing|prices|plans|preise|tarife|tarifs|prix|precios|planes|prezzi|piani|prijzen|preços|priser|prislista|prisliste|cennik|ceník|cenník|тариф|цены|стоимость|прайс|料金|価格|プラン|价格|定价|가격|요금|(?<![\p{L}])(?:price list|preisliste|tarifas|tariffe|listino prezzi|tarieven|ceny|hinnasto|hinnat|hinnoittelu|priset|ціни|тарифи|вартість|прайс-лист|價格|定價|收费|收費|fiyatlar|fiyatlandırma|fiyat listesi|ücretler)(?![\p{L}])/iu;
/** A plan's price written as the word for nothing ("Free", "Zdarma", "Ilmainen", "무료"). */
const FREE_PLAN =
  /^(?:free|kostenlos|gratis|gratuit|gratuito|gratuita|grátis|бесплатно|бесплатный|無料|フリー|免费|免費|무료|zdarma|zadarmo|darmowy|darmowa|za darmo|bezpłatnie|bezplatně|bezplatne|kostnadsfritt|ilmainen|maksuton|безкоштовно|безкоштовний|ücretsiz|bedava)$/iu;

/**
 * pricing_model from the words of the pricing page (free, freemium, per month, one-time, open
 * source… see pricing-models.ts), and pricing_summary as the plans' names and prices quoted from
 * it. Without a pricing page, the home page's pricing section is read; nothing else is.
 */
export function pricingProposals(site: Site): FieldProposal[] {
  const out: Array<FieldProposal | null> = [];
  for (const page of pricingPages(site)) {
    const said = withoutRewards(statements(page).filter((s) => s.length <= 300));
    const trial = offersTrial(said.join('\n'));
    const signalled = said.map((text) => ({ text, s: pricingSignals(text, { trial }) }));
    const all = pricingSignals(said.join('\n'));
    const read = pricingModelOf(all);
    const model = freeSaidInPassing(read, signalled) ? null : read;
    if (model) out.push(propose('pricing_model', model, supporting(model, signalled).map((t) => page.quote(t))));
    out.push(summary(page));
    if (out.some((p) => p?.field === 'pricing_model')) break;
  }
  // No pricing page or section states the model: the product's structured offer may.
  if (!out.some((p) => p?.field === 'pricing_model')) {
    const offered = offerTerms(site);
    out.push(...offered.filter((p) => p.field === 'pricing_model' || !out.some((q) => q?.field === 'pricing_summary')));
  }
  if (!out.some((p) => p?.field === 'pricing_model')) out.push(openSourceLicence(site));
  if (!out.some((p) => p?.field === 'pricing_model')) out.push(basketButton(site));
  if (!out.some((p) => p?.field === 'pricing_summary')) out.push(costAnswer(site));
  if (!out.some((p) => p?.field === 'pricing_summary')) out.push(priceOnRequest(site));
  const model = out.find((p) => p?.field === 'pricing_model')?.value;
  if (!out.some((p) => p?.field === 'pricing_summary') && (model === 'free' || model === 'open-source')) out.push(freeLine(site));
  return out.filter((p): p is FieldProposal => p !== null);
}

/**
 * A product that costs nothing says so in a line of its own ("Free", "Zdarma, bez registrace",
 * "100% free"). A free word only inside longer sentences is about something else the business
 * gives: a quote ("Cenovou nabídku vypracujeme nezávazně a zdarma"), a redo under its guarantee
 * ("Jeśli nie będziesz zadowolony - przerabiamy za darmo"). Such a page states no free model.
 */
const MAX_FREE_STATEMENT = 40;
function freeSaidInPassing(model: PricingModel | null, said: Array<{ text: string; s: PricingSignals }>): boolean {
  return model === 'free' && !said.some((x) => (x.s.free || x.s.freeTool) && x.text.length <= MAX_FREE_STATEMENT);
}

/**
 * A free thing given as a reward ("Free Motorway Lesson" over "Get rewarded for your success"; "a
 * free lesson as a congratulatory gift") is a bonus for customers who paid, not a free tier: such
 * a short free line goes with the reward said in it or in the line under it.
 */
function withoutRewards(said: string[]): string[] {
  return said.filter((text, i) => {
    const s = pricingSignals(text);
    if (!(s.free || s.freeTool) || s.paidAmount) return true;
    return !(statesReward(text) || (text.length <= MAX_FREE_STATEMENT && statesReward(said[i + 1] ?? '')));
  });
}

/**
 * A project without a pricing page that states its licence on its own pages ("Mosh is free software", "MIT licence") is open source.
 * An agency that "uses open source tools such as WordPress", a team that "loves open source" or a
 * site "built with Hugo, an open-source generator" names software it uses, not its own licence: a
 * sentence counts where the site links a source repository (an open-source project shows where its
 * code is), where it names the site itself ("SOAPnote.org is an Open Source Project", "Mosh is free
 * software"), or as a short line of its own ("Free and open source", "MIT License").
 */
function openSourceLicence(site: Site): FieldProposal | null {
  const repository = linksSourceRepository(site);
  // The site's names, and the home page's main heading where it is a name (three words at most: "Mosh", not a tagline).
  const heading = clean(site.home.$('h1').first().text());
  const names = [...site.ownNames, ...(heading && heading.split(' ').length <= 3 && matchKey(heading).length >= 3 ? [matchKey(heading)] : [])];
  const ownLicence = (s: string) => repository || s.length <= MAX_FREE_LINE || names.some((own) => matchKey(s).includes(own));
  for (const page of site.byRole('home', 'about', 'features')) {
    const sentences = statements(page, { footer: true, max: 2000 }).flatMap((s) => (s.length <= 300 ? inlineListItems(s) : s.split(/(?<=[.!?\u3002])\s+/)));
    const said = sentences.find((s) => s.length <= 300 && pricingSignals(s).openSource && ownLicence(s));
    if (said) return propose('pricing_model', 'open-source', [page.quote(said)]);
  }
  return null;
}

/** Hosts of source repositories, where an open-source project keeps its code. */
const CODE_HOSTS = new Set(['github.com', 'gitlab.com', 'codeberg.org', 'bitbucket.org', 'sourceforge.net', 'git.sr.ht', 'sr.ht', 'framagit.org', 'gitee.com']);
/** A code host's own sections: a link there ("github.com/sponsors/…") names no repository. */
const CODE_HOST_SECTIONS = new Set(['sponsors', 'orgs', 'users', 'topics', 'marketplace', 'features', 'apps', 'about', 'collections', 'login', 'settings', 'explore']);

/** A link on a crawled page to a repository ("github.com/owner/name"), not only to an account or profile. */
function linksSourceRepository(site: Site): boolean {
  return site.pages.some((page) =>
    page.$('a[href]').toArray().some((a) => {
      let url: URL;
      try {
        url = new URL(page.$(a).attr('href') ?? '', page.url);
      } catch {
        return false;
      }
      const lower = url.hostname.toLowerCase();
      const host = lower.startsWith('www.') ? lower.slice(4) : lower;
      if (!CODE_HOSTS.has(host)) return false;
      const [owner, name] = url.pathname.split('/').filter(Boolean);
      return !!owner && !!name && !CODE_HOST_SECTIONS.has(owner.toLowerCase());
    }),
  );
}

/**
 * A shop whose products and prices a script draws still shows its "Add to basket" button: goods
 * bought per order, paid once each (as "zzgl. Versand" says on a price list).
 */
function basketButton(site: Site): FieldProposal | null {
  for (const page of site.byRole('pricing', 'home', 'features', 'other')) {
    const line = (page.snapshot.text ?? '').split('\n').find(isBasketButton);
    if (line) return propose('pricing_model', 'one-time', [page.quote(line)]);
  }
  return null;
}

/**
 * The pricing page; else the pages with a pricing section; else the pages that state two prices
 * or more (a local service lists its prices on its service pages).
 */
function pricingPages(site: Site): SitePage[] {
  // A donation, careers or blog page shows amounts that are not the product's ("/blog/mailchimp-pricing" too).
  const own = (pages: SitePage[]) => pages.filter((p) => !showsOthersPrices(p.snapshot));
  const pages = own(site.byRole('pricing'));
  if (pages.length) return pages;
  const others = own(site.byRole('home', 'features', 'other'));
  const headed = others.filter((p) => headingsMatching(p.$, PRICING_HEADING).some((h) => !plansOfAYear(clean(p.$(h).text()))) || headsTiers(p));
  if (headed.length) return headed;
  return others.filter((p) => statements(p).filter((s) => s.length <= 120 && PRICE.test(s)).length >= 2);
}

/** A year beside the plan word and no other pricing word: plans as intentions. */
const YEAR = /(?<!\d)(?:19|20)\d\d(?!\d)/;
const PLAN_WORDS = /plans|planes|piani|プラン/giu;

/**
 * "Our plans for 2026", "Nuestros planes para 2026": plans named with a year are what a team
 * means to do, not its tiers. "Preise 2026" stays a price list: only the plan words are read so.
 */
function plansOfAYear(heading: string): boolean {
  return YEAR.test(heading) && !PRICING_HEADING.test(heading.replace(PLAN_WORDS, ' '));
}

/** "Free and Pro", "Plano gratuito e Premium": a section heading that names a free and a paid tier heads the pricing section. */
function headsTiers(page: SitePage): boolean {
  const $ = page.$;
  return $('h2, h3, h4')
    .toArray()
    .some((h) => !inChrome($, h as Element) && pricingSignals(clean(elementText(h as Element))).freeAndPaidTier);
}

/** The passages that state `model`: the first free one and the first paid one for freemium. */
function supporting(model: PricingModel, said: Array<{ text: string; s: PricingSignals }>): string[] {
  const first = (pick: (s: PricingSignals) => boolean) => said.find((x) => pick(x.s))?.text;
  const texts: Array<string | undefined> = [];
  switch (model) {
    case 'open-source':
      texts.push(first((s) => s.openSource));
      break;
    case 'freemium':
      texts.push(first((s) => s.freemium || s.freeAndPaidTier) ?? first((s) => s.free));
      if (!first((s) => s.freemium || s.freeAndPaidTier)) texts.push(first((s) => s.paidAmount || s.subscription || s.oneTime));
      break;
    case 'usage-based':
      texts.push(first((s) => s.usage));
      break;
    case 'one-time':
      texts.push(first((s) => s.oneTime) ?? first((s) => (s.paidAmount || s.shippingExtra || s.basket) && !s.subscription && !s.usage));
      break;
    case 'subscription':
      // The price by the period ("$20.000 CLP / mes") before a period word that may name something else ("Informe Mensual").
      texts.push(first((s) => s.subscription && s.paidAmount) ?? first((s) => s.subscription));
      break;
    case 'free':
      texts.push(first((s) => s.free));
      break;
  }
  return [...new Set(texts.filter((t): t is string => !!t))];
}

/**
 * The plans in the site's words: each price line of the page with the plan name just before it
 * ("Pro $12 per user / month"), at most four, joined with "; ".
 */
function summary(page: SitePage): FieldProposal | null {
  const said = statements(page);
  const parts: string[] = [];
  const evidence: Evidence[] = [];
  said.forEach((price, i) => {
    if (parts.length >= 4 || price.length > 80 || !(PRICE.test(price) || FREE_PLAN.test(price) || statesCommission(price)) || statesGiftOrWage(price)) return;
    const name = said[i - 1];
    const named = name && name.length <= 40 && !PRICE.test(name) ? page.quote(`${name} ${price}`) : null;
    const e = named ?? page.quote(price);
    if (!e || parts.includes(clean(e.quote))) return;
    parts.push(clean(e.quote));
    evidence.push(e);
  });
  const value = parts.join('; ');
  if (parts.length && value.length <= 500) return propose('pricing_summary', value, evidence);
  // No price on the page: its own short line naming a free tier and a paid one ("Free and Pro plans") says how one pays.
  const tiers = said.find((t) => t.length <= MAX_TIERS_LINE && pricingSignals(t).freeAndPaidTier);
  return tiers ? propose('pricing_summary', tiers, [page.quote(tiers)]) : null;
}

const MAX_TIERS_LINE = 120;

/** An FAQ question about the price ("How much does it cost?", "Quanto custa…?", "Сколько стоит…?"). */
const COST_QUESTION =
  /how much|what does .{0,60} cost|what is the (?:price|cost)|\bcost\b|\bprice\b|wie viel|wieviel|was kostet|kosten|combien|(?<!\p{L})co[uû]t|\bprix\b|tarif|cu[aá]nto|cuesta|precio|quanto cust|pre[çc]o|valor|quanto cost|prezzo|сколько стоит|стоимост|цен[аы]|ile kosztuje|koszt|cena|hoeveel kost|prijs|kolik stoj|いくら|料金|価格|费用|多少钱/iu;
/** The same question in the languages added later, as whole words. */
const COST_QUESTION_MORE =
  /(?<!\p{L})(?:koľko stojí|vad kostar|hvad koster|hva koster|paljonko maksaa|mitä maksaa|hinta|скільки коштує|вартість|ціна|ne kadar|fiyat\p{L}*|ücret\p{L}*)(?!\p{L})|얼마|가격|비용|費用|價格|价格/iu;
const MAX_COST_SENTENCE = 200;

/**
 * Without a pricing page or section: the answer to an FAQ question about the price, its first
 * sentence that states an amount ("Em média, o custo fica entre R$ 100 e R$ 120 por hectare.").
 * The model is not read from it: one figure in an answer says too little about how one pays.
 * Only an answer shown on the page counts, as prices elsewhere are read from what visitors see.
 */
function costAnswer(site: Site): FieldProposal | null {
  for (const faq of faqProposals(site)) {
    if (!COST_QUESTION.test(faq.question) && !COST_QUESTION_MORE.test(faq.question)) continue;
    const sentence = faq.answer.split(/(?<=[.!?\u3002])\s+/).find((s) => s.length <= MAX_COST_SENTENCE && PRICE.test(s));
    const page = site.pages.find((p) => faq.evidence.some((e) => e.url === p.url));
    // Prices are read where visitors read them, as on a pricing page: not from an FAQ's JSON-LD alone.
    if (sentence && page && statements(page, { max: 2000 }).some((t) => t.includes(sentence))) return propose('pricing_summary', clean(sentence), [page.quote(sentence)]);
  }
  return null;
}

/** Separators of a list written on one line ("Free and open source • Windows, macOS, Linux • No account"). */
const INLINE_SEPARATORS = [' • ', ' · ', ' | '];

/** The line, then its items when it is a list written on one line: each item is a short line of its own. */
function inlineListItems(line: string): string[] {
  let items = [line];
  for (const separator of INLINE_SEPARATORS) items = items.flatMap((item) => item.split(separator));
  return items.length > 1 ? [line, ...items.map((item) => item.trim()).filter(Boolean)] : [line];
}

// Short: a longer line saying "free" is a description ("a free, open source media player").
const MAX_FREE_LINE = 40;

/**
 * A free or open-source product without a pricing page: its own short line saying it costs
 * nothing ("Always FREE for everyone.", "Бесплатно") is the summary. Only for such a model: on a
 * paid service "Free estimate" is an offer, not its pricing.
 */
function freeLine(site: Site): FieldProposal | null {
  for (const page of site.byRole('home', 'features', 'about')) {
    const line = statements(page).flatMap(inlineListItems).find((t) => {
      if (t.length > MAX_FREE_LINE || PRICE.test(t)) return false;
      const s = pricingSignals(t);
      return s.free && !s.freemium && !s.paidAmount && !s.subscription && !s.oneTime && !s.usage;
    });
    if (line) return propose('pricing_summary', line, [page.quote(line)]);
  }
  return null;
}
