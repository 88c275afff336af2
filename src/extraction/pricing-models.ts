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

/** "Free trial" and its translations say nothing about a free plan. (Numbers as in AMOUNT, from their first digit.) */
const TRIAL = /(?:free|kostenlos(?:e|en)?|gratis|gratuit[ea]?)[\s-]+(?:trial|testen|test|testphase|probe\w*)|(?:essai|prueba|periodo de prueba|prova|proefperiode|testphase)[\s-]+(?:gratuit[ea]?|gratis|kostenlos)|(?<!\d)\d+[\s-]*(?:day|days|tage|tag|jours|días|dias|giorni|dagen)[\s-]+(?:free|gratis|kostenlos)/gu;

const FREE = b('free|free forever|for free|kostenlos|kostenlose|kostenfrei|gratis|gratuit|gratuite|gratuito|gratuita|gratuitamente|gratuitement');
const ZERO_PRICE = /(?:\p{Sc}\s?0(?:[.,]00?)?(?![\d.,]*[1-9]))|(?<![\d.,])0(?:[.,]00?)?\s?\p{Sc}/u;
const FREEMIUM = b('freemium');
const SUBSCRIPTION = new RegExp(
  [
    `(?<![\\p{L}])(?:per|pro|par|al|por|each|every|all')\\s+(?:month|year|mo|monat|jahr|mois|an|année|mes|año|ano|mese|anno|maand|jaar)(?![\\p{L}])`,
    `\\d\\s?\\p{Sc}?\\s+an?\\s+(?:month|year)(?![\\p{L}])`,
    `(?<![\\p{L}])(?:im monat|pro monat|mtl\\.|p\\.m\\.|par mois|al mes)`,
    `/\\s*(?:month|mo|year|yr|monat|mon|jahr|mois|an|mes|año|ano|mese|maand|jaar|user|seat|nutzer)(?![\\p{L}])`,
    `(?<![\\p{L}])(?:monthly|yearly|annually|annual|billed|subscription|subscribe|abo|abonnement|monatlich|jährlich|mensuel|mensuelle|annuel|annuelle|mensual|anual|suscripción|assinatura|mensile|annuale|abbonamento|maandelijks|jaarlijks)(?![\\p{L}])`,
  ].join('|'),
  'u',
);
const ONE_TIME = b('one-time|one time|pay once|one-off|lifetime deal|lifetime license|lifetime licence|lifetime access|einmalig|einmalige|einmaliger|einmalzahlung|paiement unique|achat unique|pago único|pago unico|una tantum|eenmalig');
const USAGE = b('usage-based|usage based|pay as you go|pay-as-you-go|pay per use|per request|per api call|per call|per 1,000|per 1000|per 1k|per gb|credits|nutzungsbasiert|pro anfrage|à l\'usage|pago por uso|a consumo');
const OPEN_SOURCE = b('open source|open-source|opensource|mit license|mit licence|mit-lizenz|apache license|apache 2\\.0|apache-2\\.0|gpl|agpl|lgpl|gplv3|agplv3|quelloffen|code source ouvert|código abierto|codice aperto');
/** A number is read from its first digit only: from each digit, "000…0" would be read again each time. */
const AMOUNT = /(\p{Sc})\s?(\d+(?:[.,]\d+)?)|(?<!\d)(\d+(?:[.,]\d+)?)\s?(\p{Sc})|(?<![\p{L}])(?:usd|eur|gbp|chf)\s?(\d+(?:[.,]\d+)?)|(?<!\d)(\d+(?:[.,]\d+)?)\s?(?:usd|eur|gbp|chf)(?![\p{L}])/gu;

export interface PricingSignals {
  free: boolean;
  freemium: boolean;
  subscription: boolean;
  oneTime: boolean;
  usage: boolean;
  openSource: boolean;
  /** A price above zero is stated. */
  paidAmount: boolean;
}

/** What a passage states about pricing. */
export function pricingSignals(text: string): PricingSignals {
  const t = normalizeForMatch(text).replace(TRIAL, ' ');
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
    usage: USAGE.test(t),
    openSource: OPEN_SOURCE.test(t),
    paidAmount,
  };
}

/** True when the passage states `model` in its own words. */
export function statesPricingModel(text: string, model: PricingModel): boolean {
  const s = pricingSignals(text);
  switch (model) {
    case 'free':
      return s.free;
    case 'freemium':
      return s.freemium || (s.free && (s.paidAmount || s.subscription || s.oneTime));
    case 'subscription':
      return s.subscription;
    case 'one-time':
      return s.oneTime;
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
  if (s.openSource) return 'open-source';
  if (s.freemium) return 'freemium';
  if (s.free && (s.paidAmount || s.subscription || s.oneTime)) return 'freemium';
  if (s.usage) return 'usage-based';
  if (s.oneTime) return 'one-time';
  if (s.subscription) return 'subscription';
  if (s.free) return 'free';
  return null;
}
