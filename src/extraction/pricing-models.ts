import { normalizeForMatch } from './quote-match.ts';
import {
  ABOUT,
  ADD_ON,
  BETA,
  BUY,
  CHARGES,
  FREE,
  FIRST,
  FREEBIES,
  GIFTS_AND_WAGES,
  NON_BINDING,
  LANGUAGES,
  type Language,
  NEGATIONS,
  NEGATIONS_AFTER,
  ONE_TIME as ONE_TIME_WORDS,
  OPEN_SOURCE as OPEN_SOURCE_WORDS,
  PAID_TIER as PAID_TIER_WORDS,
  PER_HOUR,
  PER_PERIOD,
  PERIODIC,
  PERIODS,
  REGULAR,
  REWARD,
  SETUP,
  SHIPPING_EXTRA as SHIPPING_EXTRA_WORDS,
  START,
  SUBSCRIPTION as SUBSCRIPTION_WORDS,
  TIER as TIER_WORDS,
  TOOL,
  TRIAL,
  TRY,
  UNSPACED,
  USAGE as USAGE_WORDS,
  type WordList,
} from './pricing-words.ts';

/**
 * The pricing models a draft may name (the directory's pricing_model filter uses the same words),
 * and the wording on a site that states each one. A model is only ever taken from these words:
 * neither extractor nor verifier infers it from anything else.
 */
export const PRICING_MODELS = ['free', 'freemium', 'subscription', 'one-time', 'usage-based', 'open-source'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

const SYNONYMS: Record<string, PricingModel> = {
  'free': 'free',
  'freemium': 'freemium',
  'subscription': 'subscription',
  'subscriptions': 'subscription',
  'recurring': 'subscription',
  'one-time': 'one-time',
  'one time': 'one-time',
  'onetime': 'one-time',
  'one-off': 'one-time',
  'lifetime': 'one-time',
  'usage-based': 'usage-based',
  'usage based': 'usage-based',
  'pay as you go': 'usage-based',
  'pay-as-you-go': 'usage-based',
  'open-source': 'open-source',
  'open source': 'open-source',
  'opensource': 'open-source',
};

/** A proposed pricing_model in one of the canonical spellings, or null. */
export function canonicalPricingModel(value: string): PricingModel | null {
  return SYNONYMS[normalizeForMatch(value).replace(/_/g, '-')] ?? null;
}

/** Regex source of a list's entries: escaped, "…" for any inflection ending, a space optional where words are not spaced. */
function sourceOf(entry: string, unspaced: boolean): string {
  const escaped = entry.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/…/g, '\\p{L}*');
  return unspaced ? escaped.replace(/ /g, '\\s?') : escaped;
}

/** One language's entries of a list as a group ('' when it has none). */
function group(list: WordList, language: Language): string {
  const entries = [...new Set(list[language].map((e) => sourceOf(e, UNSPACED.has(language))))];
  return entries.length ? `(?:${entries.join('|')})` : '';
}

/**
 * A reading is a pattern per language (and per shape of phrase): small patterns, each a plain
 * alternation the ReDoS check can prove linear, and a phrase built only of one language's words.
 */
type Reading = readonly RegExp[];
type Compose = (...groups: string[]) => string[];

function reading(lists: WordList[], spaced: Compose, unspaced: Compose, flags = 'u'): Reading {
  return LANGUAGES.flatMap((language) => {
    const groups = lists.map((list) => group(list, language));
    if (!groups.every(Boolean)) return [];
    return (UNSPACED.has(language) ? unspaced : spaced)(...groups).map((source) => new RegExp(source, flags));
  });
}

const EDGE_BEFORE = '(?<![\\p{L}\\p{N}])';
const EDGE_AFTER = '(?![\\p{L}])';
/** Whole words in spaced scripts; in scripts written without spaces (Japanese, Chinese, Korean) words have no edges to look for. */
const edged = (source: string) => `${EDGE_BEFORE}(?:${source})${EDGE_AFTER}`;
const words = (list: WordList): Reading => reading([list], (w) => [edged(w)], (w) => [w]);
const readIn = (text: string, r: Reading) => r.some((pattern) => pattern.test(text));
const stripped = (text: string, r: Reading) => r.reduce((t, pattern) => t.replace(pattern, ' '), text);

/** At most one word between two that belong together ("free 14-day trial", "gratis og uforpligtende tilbud"). */
const WORD_BETWEEN = '(?:[\\p{L}\\p{N}-]+ )?';
/** The same, or an ampersand ("kostenlos & unverbindlich"). */
const AND_BETWEEN = '(?:(?:[\\p{L}\\p{N}-]+|&) )?';
/** A particle between two words of an unspaced script ("無料で相談", "무료로 체험", "登録は無料"). */
const PARTICLE = '(?:で|は|が|も|の|로|으로|이|가|은|는|도|비)?';

/** A price of nothing ("$0", "0 €", "€0.00"), read from the currency or the first digit. */
const ZERO_AMOUNT = '(?:\\p{Sc} ?0(?:[.,]00?)?(?![\\d.,]*[1-9])|(?<![\\d.,])0(?:[.,]00?)? ?\\p{Sc})';

/**
 * "Free trial" and its translations say nothing about a free plan: a free word beside a trial
 * word or "try", and a free period counted in days or months ("14 days free", "zdarma na 30 dní").
 * (Numbers as in AMOUNT, from their first digit.)
 */
const TRIAL_GUARD: Reading = [
  ...reading(
    [FREE, TRIAL, TRY],
    (free, trial, tryIt) => [edged(`${free} ${WORD_BETWEEN}${trial}|${trial} ${WORD_BETWEEN}${free}`), edged(`${tryIt} ${free}|${free} ${tryIt}`)],
    (free, trial, tryIt) => [`${free}\\s?${trial}|${trial}\\s?${PARTICLE}\\s?${free}|${free}\\s?${PARTICLE}\\s?${tryIt}`],
    'gu',
  ),
  ...reading(
    [FREE, PERIODS],
    // "15 días de acceso total gratuito": up to three words between the days and the free word.
    (free, period) => [edged(`\\d+ ?-?${period} (?:[\\p{L}\\p{N}-]+ ){0,3}${free}|${free} (?:\\p{L}{1,8} )?\\d+ ?-?${period}`)],
    (free, period) => [`(?<!\\d)\\d+\\s?${period}\\s?${free}|${free}\\s?\\d+\\s?${period}`],
    'gu',
  ),  // A zero price by a number of days ("$0 / 15 días", "0 € für 14 Tage"): the length of a trial, not a free plan.
  ...reading(
    [PERIODS],
    (period) => [`${ZERO_AMOUNT}(?: ?\\/ ?| )(?:\\p{L}{1,8} )?\\d+ ?-?${period}${EDGE_AFTER}`],
    (period) => [`${ZERO_AMOUNT}\\s?\\/?\\s?\\d+\\s?${period}`],
    'gu',
  ),
];

/**
 * Free things that are not a free plan (shipping, a consultation, a quote, Wi-Fi, parking, a free
 * offer "without obligation"), and
 * what a site says it does NOT charge ("no subscription", "bez předplatného", "abonelik yok"):
 * neither states the pricing model.
 */
const NOT_PLAN: Reading = [
  ...reading(
    [FREE, FREEBIES],
    (free, thing) => [edged(`${free} ${WORD_BETWEEN}${thing}`), edged(`${thing}:? ${WORD_BETWEEN}${free}`)],
    (free, thing) => [`${free}\\s?${PARTICLE}\\s?${thing}|${thing}\\s?${PARTICLE}\\s?${free}`],
    'gu',
  ),
  // "Kostenlos und unverbindlich", "gratis en vrijblijvend": a free offer to check or quote, in either order.
  ...reading(
    [FREE, NON_BINDING],
    (free, binding) => [edged(`${free} ${AND_BETWEEN}${binding}|${binding} ${AND_BETWEEN}${free}`)],
    (free, binding) => [`${free}\\s?${binding}`],
    'gu',
  ),
  ...reading([NEGATIONS, CHARGES], (no, charge) => [edged(`${no} ${WORD_BETWEEN}${charge}`)], (no, charge) => [`${no}\\s?${charge}`], 'gu'),
  ...reading([CHARGES, NEGATIONS_AFTER], (charge, no) => [edged(`${charge} ${no}`)], (charge, no) => [`${charge}\\s?${PARTICLE}\\s?${no}`], 'gu'),
];

/**
 * A one-time word beside something bought on top ("Eenmalig 1 extra analyse", "One-time add-on",
 * "einmalig zusätzlich"): a top-up sold with a plan, not how the plan is paid. And a one-time
 * word beside a regular one ("regular or one-off cleaning", "pravidelně nebo jednorázově"): how
 * often a service is done, not how it is paid.
 */
const NOT_ONCE: Reading = [
  ...reading(
    [ONE_TIME_WORDS, ADD_ON],
    (once, extra) => [edged(`${once} (?:\\d+ )?${extra}|${extra} ${once}`)],
    (once, extra) => [`${once}\\s?(?:\\d+\\s?)?${extra}|${extra}\\s?${once}`],
    'gu',
  ),
  ...reading(
    [REGULAR, ONE_TIME_WORDS],
    (regular, once) => [edged(`${regular} ${WORD_BETWEEN}${once}|${once} ${WORD_BETWEEN}${regular}`)],
    (regular, once) => [`${regular}\\s?${PARTICLE}\\s?${once}|${once}\\s?${PARTICLE}\\s?${regular}`],
    'gu',
  ),
];

/**
 * A period word naming how often something is done or delivered ("annual tax return", "Informe
 * Mensual", "rozliczenie roczne"): no plan paid by the period. The noun may follow with a word
 * between ("annual tax return"); before the period word only right beside it, as a noun closing
 * one line is not to be read with the period word opening the next.
 */
const NOT_FEE: Reading = reading(
  [SUBSCRIPTION_WORDS, PERIODIC],
  (period, thing) => [edged(`${period} ${WORD_BETWEEN}${thing}|${thing} ${period}`)],
  (period, thing) => [`${period}\\s?${PARTICLE}\\s?${thing}`],
  'gu',
);

/**
 * "Free during the beta", "kostenlos in der Beta-Phase", "ベータ期間中は無料": a product free while it
 * is tested. Such a line speaks of that period, as a trial does: no free word in it states a free
 * plan ("Free during beta: the app is free while iOS is in TestFlight").
 */
const FREE_IN_BETA: Reading = reading(
  [FREE, BETA],
  (free, beta) => [edged(`${free} ${WORD_BETWEEN}${beta}|${beta} ${WORD_BETWEEN}${free}`)],
  (free, beta) => [`${free}\\s?${PARTICLE}\\s?${beta}|${beta}\\s?${PARTICLE}\\s?${free}`],
);
const EVERY_FREE_WORD: Reading = reading([FREE], (free) => [`(?<![\\p{L}\\p{N}-])${free}${EDGE_AFTER}`], (free) => [free], 'gu');

/** Every beta word as plain text: a text that holds none has no beta line to read (the line-by-line reading is skipped). */
const BETA_STEMS = [...new Set(LANGUAGES.flatMap((language) => BETA[language].map((entry) => entry.replaceAll('…', ''))))];

/** The text with the free words of its beta lines taken out (line by line, before the lines are joined). */
function withoutBetaFree(text: string): string {
  const lower = text.toLowerCase();
  if (!BETA_STEMS.some((stem) => lower.includes(stem))) return text;
  return text
    .split('\n')
    .map((line) => {
      const lowerLine = line.toLowerCase();
      if (!BETA_STEMS.some((stem) => lowerLine.includes(stem))) return line;
      const norm = normalizeForMatch(line);
      return readIn(norm, FREE_IN_BETA) ? stripped(norm, EVERY_FREE_WORD) : line;
    })
    .join('\n');
}

/**
 * "Buy 2, get 1 free", "Compra 1 activación y la 2da es GRATIS": a free word later in a line that
 * opens with buying is a promotion on what is bought, not a free tier (read line by line, as the
 * words may stand six apart).
 */
const PROMOTION: Reading = reading(
  [BUY, FREE],
  (buy, free) => [edged(`${buy} (?:\\S+ ){0,6}${free}`)],
  (buy, free) => [`${buy}[^\\n]{0,20}${free}`],
);
/** "Comenzar gratis", "Start for free", "Jetzt kostenlos starten": a button's free start. */
const START_FREE: Reading = reading(
  [START, FREE],
  (start, free) => [edged(`${start} ${WORD_BETWEEN}${free}|${free} ${start}`)],
  (start, free) => [`${start}\\s?${free}|${free}\\s?${PARTICLE}\\s?${start}`],
);
const TRIAL_WORD: Reading = words(TRIAL);
/**
 * A tool and up to six words describing it before the free word, in one line ("herramienta de
 * migración masiva vía Excel totalmente gratuita"): a giveaway, as FREE_TOOL reads it.
 */
const DESCRIBED_FREE_TOOL: Reading = reading([TOOL, FREE], (tool, free) => [edged(`${tool} (?:[\\p{L}\\p{N}-]+ ){1,6}${free}`)], () => []);
/**
 * "Il primo incontro per le ripetizioni è completamente gratuito", "first lesson free": the first
 * meeting of a paid service, free, is a try-out. Words only between them: "first 3 projects free"
 * is a free tier's limit.
 */
const FIRST_FREE: Reading = reading(
  [FIRST, FREE],
  (first, free) => [edged(`${first} (?:[\\p{L}-]+ ){0,6}${free}`)],
  (first, free) => [`${first}[^\\n\\d]{0,12}${free}`],
);
const SETUP_WORD: Reading = words(SETUP);
const GIFT_OR_WAGE: Reading = words(GIFTS_AND_WAGES);

/** The passage gives or pays an amount that is not the product's price: a donation, a sponsorship, a salary. */
export function statesGiftOrWage(text: string): boolean {
  return readIn(normalizeForMatch(text), GIFT_OR_WAGE);
}
const EVERY_ONE_TIME_WORD: Reading = reading([ONE_TIME_WORDS], (once) => [edged(once)], (once) => [once], 'gu');

/**
 * The text with the free words taken out of its promotion lines, and, where the text (or the page
 * it stands on: `trial`) offers a trial, of its "start free" lines: beside a trial ("Comenzar
 * gratis" under "15 días de prueba") starting free is starting the trial. And the one-time words
 * out of its setup lines; its donation and salary lines go whole. Line by line, before the lines are joined.
 */
function withoutPromotionFree(text: string, trial?: boolean): string {
  const hasTrial = trial ?? offersTrial(text);
  return text
    .split('\n')
    .map((line) => {
      const norm = normalizeForMatch(line);
      // A donation or a salary is what a visitor gives or earns, whatever its period: none of its words state the model.
      if (readIn(norm, GIFT_OR_WAGE)) return '';
      // "Activación remota: $39.99 por dispositivo (Pago único)": the setup is paid once, beside the plan.
      const once = readIn(norm, ONE_TIME) && readIn(norm, SETUP_WORD) ? stripped(norm, EVERY_ONE_TIME_WORD) : norm;
      if (!readIn(once, FREE_WORD)) return once === norm ? line : once;
      return readIn(once, PROMOTION) || readIn(once, DESCRIBED_FREE_TOOL) || readIn(once, FIRST_FREE) || (hasTrial && readIn(once, START_FREE)) ? stripped(once, EVERY_FREE_WORD) : once === norm ? line : once;
    })
    .join('\n');
}

/** A currency written after an amount, as a sign or a word ("€", "Kč", "zł", "kr.", "грн", "TL", "円"). */
const CURRENCY_WORD = '(?:\\p{Sc}|kč|zł|kr\\.?|,-|грн\\.?|руб\\.?|р\\.|tl|eur|usd|chf|gbp|円|원|元)';
/** An amount before a unit of time ("9 €/mo", "250 Kč/hod.", "500 ₽ в час"): the currency, if written, between them. */
const AFTER_AMOUNT = `(?<![\\p{L}])\\d ?${CURRENCY_WORD}? ?`;

/** An estimated cost by the period ("n. 14 € / kk", "ca. 20 € pro Jahr"): what others charge, not the site's plan. */
const ESTIMATE: Reading = reading(
  [ABOUT, PER_PERIOD, SUBSCRIPTION_WORDS],
  (about, per, period) => [`${EDGE_BEFORE}${about} ?(?:\\p{Sc} ?)?\\d[\\d.,]* ?${CURRENCY_WORD}? ?(?:/ ?${per}|${period})${EDGE_AFTER}`],
  (about, per, period) => [`${about}\\s?\\d[\\d.,]*\\s?${CURRENCY_WORD}?\\s?(?:/\\s?${per}|${period})`],
  'gu',
);

// "Gluten-free", "toll-free", "hands-free" are not prices: no hyphen before a free word.
const FREE_WORD: Reading = reading([FREE], (free) => [`(?<![\\p{L}\\p{N}-])${free}${EDGE_AFTER}`], (free) => [free]);
const ZERO_PRICE = /(?:\p{Sc}\s?0(?:[.,]00?)?(?![\d.,]*[1-9]))|(?<![\d.,])0(?:[.,]00?)?\s?(?:\p{Sc}|円|руб)/u;
const FREEMIUM = /(?<![\p{L}\p{N}])freemium(?![\p{L}])/u;
const SUBSCRIPTION: Reading = [
  ...words(SUBSCRIPTION_WORDS),
  // After an amount, a currency ("10 EUR/Monat", "49 zł/mies.") or a seat ("user/month"), or alone ("/mo"
  // split from its price): a slash between two other words joins them ("převodem/v hotovosti", by
  // transfer or in cash), and Finnish "/v" is a year only after a price.
  ...reading(
    [PER_PERIOD],
    (per) => [`(?<![\\p{L}])/ ?${per}${EDGE_AFTER}`, `(?<=\\d ?\\p{L}{1,8}\\.?)/ ?${per}${EDGE_AFTER}`, `${EDGE_BEFORE}${per} ?/ ?${per}${EDGE_AFTER}`],
    (per) => [`/\\s?${per}`],
  ),
  /\d\s?\p{Sc}?\s+an?\s+(?:month|year)(?![\p{L}])/u,
  // Korean writes the month before the amount ("월 9,900원"); not after a figure, where "3월" is March.
  /(?<![\p{L}\p{N}])(?<!\d )월 ?\d[\d,]* ?원/u,
];
const ONE_TIME = words(ONE_TIME_WORDS);
const USAGE: Reading = words(USAGE_WORDS);
/** An amount by the hour ("39 €/h", "250 Kč/hod.", "500 ₽ в час"). */
const BY_THE_HOUR: Reading = [
  // "/h" may be written with a space after the slash ("350 Kč / hod").
  ...reading([PER_HOUR], (hour) => [`${AFTER_AMOUNT}${hour.replaceAll('\\/', '\\/ ?')}${EDGE_AFTER}`], (hour) => [`${AFTER_AMOUNT}${hour}`]),
  // Korean and Japanese write "per hour" before the amount ("시간당 30,000원", "1時間あたり3,000円").
  /시간당 ?[\d₩]|時間あたり ?[\d¥]/u,
];
/**
 * An hourly rate after an add-on word ("Zusätzliche Stunden +28€/h", "extra hour 30 €/h"): hours
 * bought on top of a fixed price, as the other extras are, not how the service is paid. "/h" is
 * written so in every language.
 */
const EXTRA_HOURS: Reading = reading(
  [ADD_ON, PER_HOUR],
  (extra, hour) => [`${EDGE_BEFORE}${extra} ${WORD_BETWEEN}\\+? ?\\p{Sc}? ?\\d[\\d.,]* ?${CURRENCY_WORD}? ?(?:${hour.replaceAll('\\/', '\\/ ?')}|\\/ ?h)${EDGE_AFTER}`],
  (extra, hour) => [`${extra}\\s?\\+?\\d[\\d.,]*\\s?${CURRENCY_WORD}?\\s?(?:${hour}|\\/h)`],
  'gu',
);
/** A free tool ("Herramienta gratuita", "free SEO checker"): a giveaway beside a paid plan (TOOL). */
const FREE_TOOL: Reading = reading(
  [FREE, TOOL],
  // After the tool only the free word itself: the word after it may open the next line ("Outil gratuit" / "Gratuit pour toujours").
  (free, tool) => [edged(`${free} ${WORD_BETWEEN}${tool}|${tool} ${free}`)],
  (free, tool) => [`${free}\\s?${PARTICLE}\\s?${tool}|${tool}\\s?${PARTICLE}\\s?${free}`],
  'gu',
);
const OPEN_SOURCE = words(OPEN_SOURCE_WORDS);
/**
 * A paid tier named as such ("Premium", "Pro", "paid version", "kostenpflichtige Version") and
 * the word for a tier ("plan", "version", "versão", "Tarif", "プラン"): with a free one in the same
 * line ("Free and Pro plans", "plano gratuito e plano Premium") they name a free
 * tier beside a paid one, which is freemium though no price is written. Without the tier word
 * "free Wi-Fi and premium bedding" would read as one. "Pro" is a tier only at the end of its
 * words or before a tier word ("Free and Pro", "Pro plan"): before other words it is German "per"
 * ("pro Monat") or Czech "for" ("zdarma pro všechny").
 */
const TIER = words(TIER_WORDS);
const PAID_TIER: Reading = [
  /(?<![\p{L}\p{N}])pro(?![\p{L}])(?! \p{L})/u,
  ...reading([TIER_WORDS], (tier) => [`${EDGE_BEFORE}pro ${tier}${EDGE_AFTER}`], () => []),
  ...words(PAID_TIER_WORDS),
];
const TIERS_FREE_AND_PAID = (line: string) => readIn(line, FREE_WORD) && readIn(line, PAID_TIER) && readIn(line, TIER);

/**
 * A shop's line that shipping is charged on top ("Preise inkl. MwSt. zzgl. Versand",
 * "plus shipping", "hors frais de port"): goods bought per order, paid once each, even where the
 * price list itself is an image or a script.
 */
const SHIPPING_EXTRA = words(SHIPPING_EXTRA_WORDS);

/** "per", "pro", "par", "por", "je", "за": the word before the unit a rate is charged by. */
const PER_WORDS = new Set(['per', 'pro', 'par', 'por', 'je', 'за', 'za']);
/** Units of time: a percentage per month or year is interest or growth, not a fee per use. */
const PERIOD_WORDS = new Set(['month', 'year', 'mo', 'yr', 'day', 'week', 'annum', 'monat', 'jahr', 'mois', 'an', 'année', 'mes', 'año', 'ano', 'mese', 'anno', 'maand', 'jaar', 'månad', 'år', 'måned', 'месяц', 'год', 'miesiąc', 'rok', 'měsíc', 'mesiac']);
/** A percentage taken off ("save 10% per order", "Rabatt 5 % pro Bestellung") is a discount, not a fee. */
const DISCOUNT = /(?<![\p{L}])(?:save|saving|discount|off|rabatt|remise|réduction|descuento|ahorra|sconto|korting|скидка|скидку|rabat|sleva|zľava)(?![\p{L}])/iu;
const SPACES = new Set([' ', '\u00a0', '\u202f']);

/** A figure just before the "%" at `at` ("12%", "12 %"). */
function figureBefore(text: string, at: number): boolean {
  let j = at - 1;
  if (SPACES.has(text[j] ?? '')) j--;
  return (text[j] ?? '') >= '0' && (text[j] ?? '') <= '9';
}

/** The word without what closes a sentence after it ("booking." → "booking"). */
function bareWord(word: string): string {
  let end = word.length;
  while (end > 0 && !/\p{L}/u.test(word[end - 1])) end--;
  return word.slice(0, end);
}

/**
 * A percentage charged per unit of use: "10–12% / per bokning", "3 % per transaction",
 * "15% par réservation". The fee rises with each booking or sale it is taken on: a commission,
 * which is paying by use. Read from each "%" sign, word by word.
 */
export function statesCommission(text: string): boolean {
  for (let at = text.indexOf('%'); at !== -1; at = text.indexOf('%', at + 1)) {
    if (!figureBefore(text, at)) continue;
    const lineStart = text.lastIndexOf('\n', at) + 1;
    if (DISCOUNT.test(text.slice(Math.max(lineStart, at - 40), at))) continue;
    const words = text.slice(at + 1, at + 40).toLowerCase().split(/\s+/).filter(Boolean);
    let i = 0;
    let per = false;
    if (words[0] === '/') {
      i = 1;
      per = true;
    } else if (words[0]?.startsWith('/') && words[0].length > 1) {
      words[0] = words[0].slice(1);
      per = true;
    }
    if (PER_WORDS.has(words[i] ?? '')) {
      i++;
      per = true;
    }
    const unit = bareWord(words[i] ?? '');
    if (per && unit.length >= 3 && /^\p{L}+$/u.test(unit) && !PERIOD_WORDS.has(unit)) return true;
  }
  return false;
}

/**
 * A shop's button that puts a product in the basket, in the languages sites are commonly written
 * in: what is bought so is paid per order, once, as goods are, though the prices themselves may be
 * drawn by a script. Only the button's own words (a line of its own), not a sentence about carts.
 */
const BASKET_BUTTONS = new Set([
  'add to basket', 'add to cart', 'add to bag', 'in den warenkorb', 'zum warenkorb hinzufügen', 'in den einkaufswagen', 'ajouter au panier',
  'añadir al carrito', 'agregar al carrito', 'añadir a la cesta', 'aggiungi al carrello', 'adicionar ao carrinho', 'in winkelwagen',
  'toevoegen aan winkelwagen', 'in winkelmand', 'lägg i varukorgen', 'lägg i varukorg', 'legg i handlekurven', 'læg i kurven',
  'dodaj do koszyka', 'do koszyka', 'přidat do košíku', 'do košíku', 'pridať do košíka', 'do košíka', 'в корзину', 'добавить в корзину',
  'カートに入れる', 'カートに追加', '加入购物车', '장바구니 담기', '장바구니에 담기',
]);

export function isBasketButton(line: string): boolean {
  // Icons and arrows around the words ("🛒 Add to cart →") are not part of them.
  const words = normalizeForMatch(line).replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
  return BASKET_BUTTONS.has(words);
}

/** A price is written here: an amount beside a currency sign, symbol or code ("$9", "19 €", "980円", "EUR 5"). */
export const PRICE = /\p{Sc}\s?\d|\d\s?(?:\p{Sc}|円|руб|р\.)|(?<![\p{L}])(?:usd|eur|gbp|chf|rub|jpy)\s?\d|\d\s?(?:usd|eur|gbp|chf|rub|jpy)(?![\p{L}])/iu;

/** A number is read from its first digit only: from each digit, "000…0" would be read again each time. */
const AMOUNT = /(\p{Sc})\s?(\d+(?:[.,]\d+)?)|(?<!\d)(\d+(?:[.,]\d+)?)\s?(\p{Sc}|円|руб|р\.)|(?<![\p{L}])(?:usd|eur|gbp|chf|rub|jpy)\s?(\d+(?:[.,]\d+)?)|(?<!\d)(\d+(?:[.,]\d+)?)\s?(?:usd|eur|gbp|chf|rub|jpy)(?![\p{L}])/gu;


export interface PricingSignals {
  free: boolean;
  /** The only free thing is a tool given away ("Herramienta gratuita"): the product is free only if nothing is paid. */
  freeTool: boolean;
  freemium: boolean;
  subscription: boolean;
  oneTime: boolean;
  usage: boolean;
  openSource: boolean;
  /** A price above zero is stated. */
  paidAmount: boolean;
  /** The only usage stated is an amount by the hour ("R$ 149/hora"): beside monthly plans, hours of service sold with them. */
  byTheHourOnly: boolean;
  /** One line names a free tier and a paid one ("Free and Pro plans"). */
  freeAndPaidTier: boolean;
  /** Shipping is charged on top of the prices: goods sold per order. */
  shippingExtra: boolean;
  /** A shop's "Add to basket" button: goods bought per order. */
  basket: boolean;
}

/** The comparison form of a passage without its free trials, freebies and refusals. */
function guarded(text: string, trial?: boolean): string {
  const t = stripped(stripped(stripped(stripped(normalizeForMatch(withoutPromotionFree(withoutBetaFree(text), trial)), ESTIMATE), TRIAL_GUARD), NOT_PLAN), NOT_FEE);
  // Only a text with a one-time word can hold a top-up or "regularly or once".
  return readIn(t, ONE_TIME) ? stripped(t, NOT_ONCE) : t;
}

/** What a passage states about pricing. */
export function pricingSignals(text: string, context: { trial?: boolean } = {}): PricingSignals {
  const t = guarded(text, context.trial);
  const usageWords = readIn(t, USAGE) || statesCommission(t);
  const byTheHour = readIn(stripped(t, EXTRA_HOURS), BY_THE_HOUR);
  const free = readIn(stripped(t, FREE_TOOL), FREE_WORD) || ZERO_PRICE.test(t);
  let paidAmount = false;
  for (const m of t.matchAll(AMOUNT)) {
    const n = Number((m[2] ?? m[3] ?? m[5] ?? m[6] ?? '0').replace(',', '.'));
    if (n > 0) paidAmount = true;
  }
  return {
    free,
    freeTool: !free && readIn(t, FREE_WORD),
    freemium: FREEMIUM.test(t),
    subscription: readIn(t, SUBSCRIPTION),
    oneTime: readIn(t, ONE_TIME),
    usage: usageWords || byTheHour,
    openSource: readIn(t, OPEN_SOURCE),
    paidAmount,
    byTheHourOnly: byTheHour && !usageWords,
    // Line by line, before normalising joins the lines: a free tier and a paid one named in one line.
    freeAndPaidTier: text.split('\n').some((line) => TIERS_FREE_AND_PAID(guarded(line))),
    shippingExtra: readIn(t, SHIPPING_EXTRA),
    basket: text.split('\n').some(isBasketButton),
  };
}

const REWARD_WORD: Reading = words(REWARD);
/** The passage speaks of a reward ("Get rewarded for your success", "als Belohnung", "bonus"). */
export function statesReward(text: string): boolean {
  return readIn(normalizeForMatch(text), REWARD_WORD);
}

/** The passage offers a trial somewhere ("periodo de prueba", "Probezeit", "free pilot"). */
export function offersTrial(text: string): boolean {
  const norm = normalizeForMatch(text);
  // A trial noun, or a free word read as a trial ("Experimente grátis", "30日間無料").
  return readIn(norm, TRIAL_WORD) || stripped(norm, TRIAL_GUARD) !== norm;
}

/** True when the passage states `model` in its own words. */
export function statesPricingModel(text: string, model: PricingModel): boolean {
  const s = pricingSignals(text);
  switch (model) {
    case 'free':
      return s.free || s.freeTool;
    case 'freemium':
      return s.freemium || s.freeAndPaidTier || (s.free && (s.paidAmount || s.subscription || s.oneTime));
    case 'subscription':
      return s.subscription;
    case 'one-time':
      return s.oneTime || ((s.paidAmount || s.shippingExtra || s.basket) && !s.subscription && !s.usage);
    case 'usage-based':
      return s.usage;
    case 'open-source':
      return s.openSource;
  }
}

/**
 * The model a site's pricing wording states, most specific first: open source, then a free plan
 * next to paid ones (freemium), then how paid plans are charged, then free alone. Null when the
 * words do not say.
 */
export function pricingModelOf(s: PricingSignals): PricingModel | null {
  // "Free for open-source projects" beside prices is a free tier, not an open-source licence.
  if (s.openSource && !s.paidAmount && !s.subscription && !s.usage) return 'open-source';
  if (s.freemium || s.freeAndPaidTier) return 'freemium';
  if (s.free && (s.paidAmount || s.subscription || s.oneTime)) return 'freemium';
  // Monthly plans beside an hourly rate: the rate sells hours of service (setup, consulting) with the plans.
  if (s.usage && !(s.byTheHourOnly && s.subscription)) return 'usage-based';
  if (s.oneTime) return 'one-time';
  if (s.subscription) return 'subscription';
  // A price with no period, plan or usage beside it is paid once (a product, a session, a licence).
  if (s.paidAmount) return 'one-time';
  // Shipping on top of the prices: goods bought per order, though the amounts are not in the text.
  if (s.shippingExtra) return 'one-time';
  // Likewise a basket to put products in.
  if (s.basket) return 'one-time';
  if (s.free || s.freeTool) return 'free';
  return null;
}
