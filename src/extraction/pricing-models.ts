import { normalizeForMatch } from './quote-match.ts';

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

const b = (source: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}])`, 'u');
/** Whole words in spaced scripts, plus words of scripts written without spaces (Japanese, Chinese), which have no edges to look for. */
const bOr = (spaced: string, unspaced: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${spaced})(?![\\p{L}])|${unspaced}`, 'u');

/** "Free trial" and its translations say nothing about a free plan. (Numbers as in AMOUNT, from their first digit.) */
const TRIAL = /(?:free|kostenlos(?:e|en)?|gratis|gratuit[ea]?|бесплатн(?:ый|ая|ое|ого|ую|о))[\s-]+(?:trial|testen|test|testphase|probe\w*|пробн\p{L}*|тест\p{L}*|период\p{L}*)|(?:essai|prueba|periodo de prueba|prova|proefperiode|testphase|пробный период|пробная версия)[\s-]+(?:gratuit[ea]?|gratis|kostenlos|бесплатно)|(?<!\d)\d+[\s-]*(?:day|days|tage|tag|jours|días|dias|giorni|dagen|дней|дня|день)[\s-]+(?:free|gratis|kostenlos|бесплатно)|無料(?:トライアル|体験|お試し|期間)|お試し|(?<!\d)\d+\s?(?:日間|日|ヶ月|か月|カ月)(?:間)?無料|무료\s?체험|무료\s?평가판|(?<!\d)\d+\s?일\s?무료/gu;

/**
 * Free things that are not a free plan (shipping, a consultation, a quote), and what a site says
 * it does NOT charge ("no subscription", "senza abbonamento"): neither states the pricing model.
 */
const NOT_PLAN = bOr(
  [
    '(?:free|kostenlose[rn]?|gratis|gratuit[ea]?|бесплатн\\p{L}*)\\s+(?:shipping|delivery|returns|consultation|quote|estimate|updates?|upgrades?|sign[- ]?up|registration|versand|lieferung|beratung|updates|registrierung|anmeldung|livraison|consultation|devis|mises? à jour|inscription|envío|envio|consulta|presupuesto|actualizaciones|registro|spedizione|aggiornamenti|доставка|консультация|обновления|регистрация)',
    '(?:registration|sign[- ]?up|signing up) is free|(?:livraison|inscription|mises à jour) gratuites?|(?:actualizaciones|registro) gratuit[oa]s?',
    '(?:livraison|envío|envio|spedizione|consulta|devis|presupuesto)\\s+(?:gratuite?|gratis|gratuit[oa])',
    // An amenity offered for free on the premises (Wi-Fi, parking) is a courtesy, not a free plan.
    '(?:free|kostenlose[snr]?|gratis|gratuit[ea]?|gratuit[oa]|бесплатн\\p{L}*)\\s+(?:wi[-\u2010\u2011 ]?fi|wlan|parking|parken|parkplatz|parkplätze|estacionamento|aparcamiento|parcheggio)',
    '(?:wi[-\u2010\u2011 ]?fi|wlan|parking|parkplatz|parkplätze|estacionamento|aparcamiento|parcheggio|stationnement)\\s+(?:gratuite?|gratis|gratuit[oa]s?|kostenlos|free)',
    '(?:no|without|kein(?:e|en)?|ohne|sans|sin|senza|nessun[oa]?|без)\\s+(?:\\p{L}+\\s+)?(?:subscriptions?|abos?|abonnements?|suscripci[oó]n|suscripciones|abbonament[oi]|подписки|monthly fees?|recurring fees?)',
  ].join('|'),
  '送料無料|無料相談|無料見積|無料で相談|無料アップデート|アップデート無料|無料登録|登録無料|登録は無料|サブスクなし|サブスク不要|月額不要|무료\\s?배송|배송비\\s?무료|무료\\s?상담|무료\\s?견적|무료\\s?업데이트|가입\\s?무료|무료\\s?가입|구독\\s?(?:은|도|이)?\\s?없|구독\\s?불필요|월\\s?구독료\\s?없',
);

const FREE = bOr('free|free forever|for free|kostenlos|kostenlose|kostenfrei|gratis|gratuit|gratuite|gratuito|gratuita|gratuitamente|gratuitement|grátis|бесплатно|бесплатный|бесплатная|бесплатное|бесплатен|бесплатна|darmowy|darmowa|za darmo|bezpłatny|bezpłatnie', '無料|免费|免費|무료');
const ZERO_PRICE = /(?:\p{Sc}\s?0(?:[.,]00?)?(?![\d.,]*[1-9]))|(?<![\d.,])0(?:[.,]00?)?\s?(?:\p{Sc}|円|руб)/u;
const FREEMIUM = b('freemium');
const SUBSCRIPTION = new RegExp(
  [
    `(?<![\\p{L}])(?:per|pro|par|al|por|each|every|all')\\s+(?:month|year|mo|monat|jahr|mois|an|année|mes|año|ano|mese|anno|maand|jaar)(?![\\p{L}])`,
    `\\d\\s?\\p{Sc}?\\s+an?\\s+(?:month|year)(?![\\p{L}])`,
    `(?<![\\p{L}])(?:im monat|pro monat|mtl\\.|p\\.m\\.|par mois|al mes)`,
    `/\\s*(?:month|mo|year|yr|monat|mon|jahr|mois|an|mes|año|ano|mese|maand|jaar|user|seat|nutzer)(?![\\p{L}])`,
    `(?<![\\p{L}])(?:monthly|yearly|annually|annual|billed|subscription|subscribe|abo|abonnement|monatlich|jährlich|mensuel|mensuelle|annuel|annuelle|mensual|anual|suscripción|assinatura|mensile|annuale|abbonamento|maandelijks|jaarlijks|ежемесячно|ежегодно|подписка|подписку|подписки|абонентская плата|в месяц|в год|за месяц|за год)(?![\\p{L}])`,
    `/\\s*(?:мес|месяц|год)(?![\\p{L}])`,
    // Turkish prices per month or year ("₺1.150 /ay", "aylık plan"), written on Turkish pricing pages as "/mo" is in English.
    `/\\s*(?:ay|yıl)(?![\\p{L}])`,
    `(?<![\\p{L}])(?:aylık|yıllık|ayda|yılda|abonelik)(?![\\p{L}])`,
    '月額|年額|/月|/年|毎月|月払い|年払い|サブスクリプション|サブスク|定期購入|月费|年费|包月|구독|정기\\s?결제|매월|월\\s?요금|연\\s?요금|/월|/년',
  ].join('|'),
  'u',
);
const ONE_TIME = bOr(
  'one-time|one time|pay once|buy once|paid once|one-time purchase|einmal zahlen|einmal bezahlen|payez une fois|payer une fois|paga una vez|pagas una vez|paghi una volta|una volta sola|pagamento unico|acquisto unico|licenza perpetua|perpetual license|perpetual licence|заплатите один раз|платите один раз|one-off|lifetime deal|lifetime license|lifetime licence|lifetime access|einmalig|einmalige|einmaliger|einmalzahlung|paiement unique|achat unique|pago único|pago unico|una tantum|eenmalig|единоразово|единоразовый|единовременно|единовременный|разовый платеж|разовый платёж|разовая оплата|бессрочная лицензия',
  '買い切り|一括払い|永久ライセンス|一次性付费|买断|일회성|1회\\s?구매|단\\s?한\\s?번\\s?결제|평생\\s?이용권|영구\\s?라이선스',
);
const USAGE = bOr(
  "usage-based|usage based|pay as you go|pay-as-you-go|pay per use|per request|per api call|per call|per 1,000|per 1000|per 1k|per gb|credits|nutzungsbasiert|pro anfrage|à l'usage|pago por uso|a consumo|оплата по факту|за запрос|за использование|поминутная оплата",
  '従量課金|按量付费|按量計費|종량제|사용량\\s?기반',
);
const OPEN_SOURCE = bOr(
  'open source|open-source|opensource|free software|freie software|logiciel libre|software libre|software livre|свободное программное обеспечение|свободное по|mit license|mit licence|mit-lizenz|apache license|apache 2\\.0|apache-2\\.0|gpl|agpl|lgpl|gplv3|agplv3|quelloffen|code source ouvert|código abierto|codice aperto|código aberto|открытый исходный код|открытым исходным кодом|открытым кодом|с открытым кодом',
  'オープンソース|フリーソフトウェア|开源|開源',
);
/**
 * A paid tier named as such ("Premium", "Pro", "paid version", "kostenpflichtige Version") and
 * the word for a tier ("plan", "version", "versão", "Tarif", "プラン"): with a free one in the same
 * line ("Free and Pro plans", "plano gratuito e plano Premium") they name a free
 * tier beside a paid one, which is freemium though no price is written. Without the tier word
 * "free Wi-Fi and premium bedding" would read as one. German "pro" before a unit ("pro Monat",
 * "pro Nutzer") is "per", not a tier.
 */
const PAID_TIER = bOr(
  'premium|pro(?!\\s+(?:monat|jahr|woche|tag|stunde|nutzer|benutzer|person|stück|kopf|projekt|seite|user))|paid|kostenpflichtig\\p{L}*|payante?s?|de pago|paga|a pagamento|betaald\\p{L}*|płatn\\p{L}*|placen\\p{L}*|платн\\p{L}*',
  '有料|付费|付費|유료|프리미엄',
);
const TIER = bOr(
  'plans?|versions?|tiers?|editions?|packages?|tarife?|tarifs?|abos?|plan[oe]s?|versão|versões|versi[oó]n|versiones|versione|versioni|piano|piani|pakket|wersj[aei]|verze|тариф\\p{L}*|верси\\p{L}*',
  'プラン|版|バージョン|套餐|版本|플랜|요금제|버전',
);
const TIERS_FREE_AND_PAID = (line: string) => FREE.test(line) && PAID_TIER.test(line) && TIER.test(line);

/**
 * A shop's line that shipping is charged on top ("Preise inkl. MwSt. zzgl. Versand",
 * "plus shipping", "hors frais de port"): goods bought per order, paid once each, even where the
 * price list itself is an image or a script.
 */
const SHIPPING_EXTRA = bOr(
  'zzgl\\.?\\s*versand\\p{L}*|zuzüglich\\s+versand\\p{L}*|plus versand\\p{L}*|plus shipping|excl\\.?\\s*shipping|excluding shipping|shipping not included|frais de port en sus|hors frais de port|m[aá]s gastos de env[ií]o|gastos de env[ií]o no incluidos|spese di spedizione escluse|pi[uù] spese di spedizione|(?:excl\\.?|exclusief|plus)\\s*verzendkosten|portes não incluídos|frete não inclu[íi]do',
  '送料別|送料は別',
);

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

const NOT_PLAN_ALL = new RegExp(NOT_PLAN.source, 'gu');

export interface PricingSignals {
  free: boolean;
  freemium: boolean;
  subscription: boolean;
  oneTime: boolean;
  usage: boolean;
  openSource: boolean;
  /** A price above zero is stated. */
  paidAmount: boolean;
  /** One line names a free tier and a paid one ("Free and Pro plans"). */
  freeAndPaidTier: boolean;
  /** Shipping is charged on top of the prices: goods sold per order. */
  shippingExtra: boolean;
  /** A shop's "Add to basket" button: goods bought per order. */
  basket: boolean;
}

/** What a passage states about pricing. */
export function pricingSignals(text: string): PricingSignals {
  const t = normalizeForMatch(text).replace(TRIAL, ' ').replace(NOT_PLAN_ALL, ' ');
  let paidAmount = false;
  for (const m of t.matchAll(AMOUNT)) {
    const n = Number((m[2] ?? m[3] ?? m[5] ?? m[6] ?? '0').replace(',', '.'));
    if (n > 0) paidAmount = true;
  }
  return {
    free: FREE.test(t) || ZERO_PRICE.test(t),
    freemium: FREEMIUM.test(t),
    subscription: SUBSCRIPTION.test(t),
    oneTime: ONE_TIME.test(t),
    usage: USAGE.test(t) || statesCommission(t),
    openSource: OPEN_SOURCE.test(t),
    paidAmount,
    freeAndPaidTier: t.split('\n').some(TIERS_FREE_AND_PAID),
    shippingExtra: SHIPPING_EXTRA.test(t),
    basket: text.split('\n').some(isBasketButton),
  };
}

/** True when the passage states `model` in its own words. */
export function statesPricingModel(text: string, model: PricingModel): boolean {
  const s = pricingSignals(text);
  switch (model) {
    case 'free':
      return s.free;
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
  if (s.usage) return 'usage-based';
  if (s.oneTime) return 'one-time';
  if (s.subscription) return 'subscription';
  // A price with no period, plan or usage beside it is paid once (a product, a session, a licence).
  if (s.paidAmount) return 'one-time';
  // Shipping on top of the prices: goods bought per order, though the amounts are not in the text.
  if (s.shippingExtra) return 'one-time';
  // Likewise a basket to put products in.
  if (s.basket) return 'one-time';
  if (s.free) return 'free';
  return null;
}
