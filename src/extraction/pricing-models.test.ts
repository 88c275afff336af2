import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pricingModelOf, pricingSignals } from './pricing-models.ts';
import { LANGUAGES, type Language } from './pricing-words.ts';

// Each language's pricing words, each on a small line of its own: the reading it states, and the
// guards that keep a free trial, a free delivery and "no subscription" from stating a model.
interface Lines {
  free: string;
  subscription: string;
  oneTime: string;
  usage: string;
  openSource: string;
  /** A free trial: no free plan. */
  trial: string;
  /** Free delivery or a free consultation: no free plan. */
  freebie: string;
  /** "No subscription": no subscription. */
  noSubscription: string;
}

const LINES: Record<Language, Lines> = {
  en: { free: 'Free forever', subscription: '$9 per month', oneTime: 'Pay once, use forever', usage: 'Pay as you go', openSource: 'Open source under the MIT license', trial: 'Start your free 14-day trial', freebie: 'Free shipping on every order', noSubscription: 'No subscription needed' },
  de: { free: 'Kostenlos für alle', subscription: '9 € pro Monat', oneTime: 'Einmalige Zahlung', usage: 'Abrechnung nach Verbrauch', openSource: 'Quelloffen und frei', trial: '30 Tage kostenlos testen', freebie: 'Kostenlose Erstberatung', noSubscription: 'Ohne Abo' },
  fr: { free: 'Gratuit pour toujours', subscription: '9 € par mois', oneTime: 'Paiement unique', usage: 'Facturation à la consommation', openSource: 'Logiciel libre', trial: 'Essai gratuit de 30 jours', freebie: 'Livraison gratuite', noSubscription: 'Sans abonnement' },
  es: { free: 'Gratis para siempre', subscription: '9 € al mes', oneTime: 'Pago único', usage: 'Pago por uso', openSource: 'Código abierto', trial: 'Prueba gratis durante 14 días', freebie: 'Envío gratis', noSubscription: 'Sin suscripción' },
  pt: { free: 'Grátis para sempre', subscription: 'R$ 29 por mês', oneTime: 'Pagamento único', usage: 'Pague conforme o uso', openSource: 'Código aberto', trial: 'Experimente grátis', freebie: 'Frete grátis', noSubscription: 'Sem mensalidade' },
  it: { free: 'Gratis per sempre', subscription: '9 € al mese', oneTime: 'Pagamento unico', usage: 'Pagamento a consumo', openSource: 'Software libero', trial: 'Prova gratuita di 30 giorni', freebie: 'Spedizione gratuita', noSubscription: 'Nessun abbonamento' },
  nl: { free: 'Altijd gratis', subscription: '€ 9 per maand', oneTime: 'Eenmalige betaling', usage: 'Betalen per gebruik', openSource: 'Vrije software', trial: 'Gratis proefperiode', freebie: 'Gratis verzending', noSubscription: 'Geen abonnement' },
  pl: { free: 'Za darmo', subscription: '49 zł/mies.', oneTime: 'Jednorazowa opłata', usage: 'Płatność za użycie', openSource: 'Oprogramowanie otwartoźródłowe', trial: 'Darmowy okres próbny', freebie: 'Darmowa dostawa', noSubscription: 'Bez abonamentu' },
  cs: { free: 'Zdarma', subscription: '199 Kč měsíčně', oneTime: 'Jednorázová platba', usage: 'Platba podle využití', openSource: 'Otevřený zdrojový kód', trial: 'Zkušební verze zdarma', freebie: 'Doprava zdarma', noSubscription: 'Bez předplatného' },
  sk: { free: 'Zadarmo', subscription: '9 € mesačne', oneTime: 'Jednorazová platba', usage: 'Podľa spotreby', openSource: 'Otvorený zdrojový kód', trial: 'Vyskúšajte zadarmo', freebie: 'Doprava zadarmo', noSubscription: 'Bez predplatného' },
  sv: { free: 'Helt gratis', subscription: '99 kr/mån', oneTime: 'Engångsbetalning', usage: 'Användningsbaserad prissättning', openSource: 'Öppen källkod', trial: 'Gratis provperiod i 30 dagar', freebie: 'Kostnadsfri leverans', noSubscription: 'Ingen månadsavgift' },
  da: { free: 'Gratis', subscription: '99 kr. pr. måned', oneTime: 'Engangsbetaling', usage: 'Betal efter forbrug', openSource: 'Åben kildekode', trial: 'Prøv gratis i 14 dage', freebie: 'Gratis og uforpligtende tilbud', noSubscription: 'Intet abonnement' },
  nb: { free: 'Gratis', subscription: '99 kr/mnd', oneTime: 'Engangsbetaling', usage: 'Betal etter forbruk', openSource: 'Åpen kildekode', trial: 'Gratis prøveperiode', freebie: 'Gratis frakt', noSubscription: 'Uten abonnement' },
  fi: { free: 'Ilmainen', subscription: '9,90 €/kk', oneTime: 'Kertamaksu', usage: 'Hinta käytön mukaan', openSource: 'Avoimen lähdekoodin ohjelma', trial: 'Ilmainen kokeilu', freebie: 'Ilmainen toimitus', noSubscription: 'Ei kuukausimaksua' },
  ru: { free: 'Бесплатно', subscription: '990 ₽ в месяц', oneTime: 'Разовая оплата', usage: 'Оплата по мере использования', openSource: 'Открытый исходный код', trial: 'Бесплатный пробный период', freebie: 'Бесплатная доставка', noSubscription: 'Без подписки' },
  uk: { free: 'Безкоштовно', subscription: '199 грн на місяць', oneTime: 'Разова оплата', usage: 'Оплата за використання', openSource: 'Відкритий код', trial: 'Безкоштовний пробний період', freebie: 'Безкоштовна доставка', noSubscription: 'Без підписки' },
  ja: { free: '無料', subscription: '月額980円', oneTime: '買い切り', usage: '従量課金', openSource: 'オープンソース', trial: '30日間無料', freebie: '送料無料', noSubscription: 'サブスク不要' },
  ko: { free: '무료', subscription: '월 9,900원', oneTime: '일회성 결제', usage: '사용한 만큼 결제', openSource: '오픈소스', trial: '무료 체험', freebie: '무료 배송', noSubscription: '구독 없음' },
  zh: { free: '免费', subscription: '每月 30 元', oneTime: '一次性购买', usage: '按量计费', openSource: '开源', trial: '免费试用', freebie: '免费送货', noSubscription: '无需订阅' },
  tr: { free: 'Ücretsiz', subscription: '₺150 /ay', oneTime: 'Tek seferlik ödeme', usage: 'Kullandıkça öde', openSource: 'Açık kaynak', trial: '14 gün ücretsiz deneme', freebie: 'Ücretsiz kargo', noSubscription: 'Abonelik yok' },
};

for (const lang of LANGUAGES) {
  const l = LINES[lang];
  test(`pricing words (${lang}): each model word is read`, () => {
    assert.equal(pricingSignals(l.free).free, true, l.free);
    assert.equal(pricingSignals(l.subscription).subscription, true, l.subscription);
    assert.equal(pricingSignals(l.oneTime).oneTime, true, l.oneTime);
    assert.equal(pricingSignals(l.usage).usage, true, l.usage);
    assert.equal(pricingSignals(l.openSource).openSource, true, l.openSource);
  });
  test(`pricing words (${lang}): a free trial, a freebie and "no subscription" state no model`, () => {
    for (const line of [l.trial, l.freebie, l.noSubscription]) assert.equal(pricingModelOf(pricingSignals(line)), null, line);
  });
}

// Words that look like pricing in one language and mean something else.
const NOT_PRICING: Array<[string, string]> = [
  ['Czech "měsíční" is also "lunar"', 'Měsíční dech zklidňuje'],
  ['a speed is no charge per hour', 'Motor do 25 km/h'],
  ['a Korean date is no monthly price', '2024년 3월 15일 10,000원 할인'],
  ['"gluten-free" is no price', 'Gluten-free and dairy-free'],
  ['a free SSL certificate in a package is no free plan', 'Ilmainen SSL-sertifikaatti'],
  ['a free call to talk it over is no free plan', 'Boka ett kostnadsfritt samtal'],
  ['an estimated running cost is no subscription', 'Hosting: n. 14 € / kk'],
  ['Polish "za miesiąc" is also "in a month"', 'Startujemy za miesiąc'],
];
for (const [name, line] of NOT_PRICING) {
  test(`pricing words: ${name}`, () => {
    const s = pricingSignals(line);
    assert.equal(s.free || s.subscription || s.usage || s.freeAndPaidTier, false, line);
  });
}

test('pricing words: Czech "pro" is "for", not a Pro tier', () => {
  assert.equal(pricingModelOf(pricingSignals('Verze zdarma pro všechny')), 'free');
});

test('pricing words: a charge per hour after an amount is paid by use', () => {
  for (const line of ['39,00 € /h', '250 Kč/hod.', '350 Kč / hod', '30 zł / godz.', '30 zł za godzinę', '45 € pro Stunde', '500 ₽ в час', '400 kr/tim']) assert.equal(pricingModelOf(pricingSignals(line)), 'usage-based', line);
});

test('pricing words: a free tier and a paid one named on one line, not across lines', () => {
  assert.equal(pricingSignals('Free and Pro plans').freeAndPaidTier, true);
  assert.equal(pricingSignals('Darmowa wersja i wersja Premium').freeAndPaidTier, true);
  assert.equal(pricingSignals('Our plans\nFree Wi-Fi\nPremium bedding').freeAndPaidTier, false);
});

test('pricing words: a free offer "without obligation" or a free inquiry is a check or a quote, not a free plan; a free plan beside it still is one', () => {
  const offers = [
    'Wir prüfen kostenlos und unverbindlich Ihren Anspruch auf Unterstützung.',
    'We review your case free and without obligation.',
    'Nous étudions votre projet gratuitement et sans engagement.',
    'Le estudiamos su caso gratis y sin compromiso.',
    'Analisamos o seu caso grátis e sem compromisso.',
    'Valutiamo la tua richiesta gratis e senza impegno.',
    'Wij bekijken uw situatie gratis en vrijblijvend.',
    'Sprawdzimy to bezpłatnie i niezobowiązująco.',
    'Posoudíme to zdarma a nezávazně.',
    'Vi ser över det kostnadsfritt och förutsättningslöst.',
    'Vi vurderer det gratis og uforpligtende.',
    'Vi vurderer det gratis og uforpliktende.',
    'Arvioimme tilanteen maksutta ja sitoumuksetta.',
    'Оценим вашу ситуацию бесплатно и без обязательств.',
    'Оцінимо вашу ситуацію безкоштовно і без зобов’язань.',
    // a free inquiry
    'Jetzt kostenlos anfragen',
    'Send a free enquiry today',
    'Aanvragen is gratis',
    'Jetzt kostenlos & unverbindlich anfragen',
  ];
  for (const line of offers) assert.equal(pricingModelOf(pricingSignals(line)), null, line);
  assert.equal(pricingModelOf(pricingSignals('Kostenlos für alle. Beratung kostenlos und unverbindlich.')), 'free');
});

// A product free while it is in beta, a one-time top-up sold beside a plan, and a service done
// "regularly or once": none states the model the words in it would otherwise read as.
const BETA_FREE: Record<Language, string> = {
  en: 'Free during the beta', de: 'Kostenlos während der Beta-Phase', fr: 'Gratuit pendant la bêta', es: 'Gratis durante la beta',
  pt: 'Grátis durante o beta', it: 'Gratis durante la beta', nl: 'Gratis tijdens de bètafase', pl: 'Darmowa w wersji beta',
  cs: 'Zdarma během beta verze', sk: 'Zadarmo počas beta fázy', sv: 'Gratis under betan', da: 'Gratis i betaperioden',
  nb: 'Gratis i betaperioden', fi: 'Ilmainen beta-vaiheessa', ru: 'Бесплатно в раннем доступе', uk: 'Безкоштовно в ранньому доступі',
  ja: 'ベータ期間中は無料', ko: '베타 기간 동안 무료', zh: '公测期间免费', tr: 'Beta süresince ücretsiz',
};
const ONE_TIME_TOP_UP: Record<Language, string> = {
  en: 'One-time add-on', de: 'Einmalig 10 zusätzliche Analysen', fr: 'Paiement unique en supplément', es: 'Pago único adicional',
  pt: 'Pagamento único adicional', it: 'Pagamento unico aggiuntivo', nl: 'Eenmalig 5 extra rapporten', pl: 'Jednorazowa opłata dodatkowa',
  cs: 'Jednorázový poplatek navíc', sk: 'Jednorazový poplatok navyše', sv: 'Extra engångsavgift', da: 'Ekstra engangsbeløb',
  nb: 'Ekstra engangsbeløp', fi: 'Kertamaksu lisäkrediiteistä', ru: 'Разовая оплата дополнительных проверок', uk: 'Разова оплата додаткових перевірок',
  ja: '買い切り追加パック', ko: '일회성 추가 구매', zh: '一次性购买额外额度', tr: 'Tek seferlik ek paket',
};

for (const lang of LANGUAGES) {
  const l = LINES[lang];
  test(`pricing words (${lang}): free during a beta is no free plan`, () => {
    assert.equal(pricingSignals(BETA_FREE[lang]).free, false, BETA_FREE[lang]);
    // Beside a paid plan: the plan's model, not freemium.
    assert.equal(pricingModelOf(pricingSignals(`${BETA_FREE[lang]}\n${l.subscription}`)), 'subscription', BETA_FREE[lang]);
    // A free line of its own still states a free plan.
    assert.equal(pricingModelOf(pricingSignals(`${l.free}\n${l.subscription}`)), 'freemium', l.free);
  });
  test(`pricing words (${lang}): a one-time top-up beside a plan is no one-time model`, () => {
    assert.equal(pricingSignals(ONE_TIME_TOP_UP[lang]).oneTime, false, ONE_TIME_TOP_UP[lang]);
    assert.equal(pricingModelOf(pricingSignals(`${l.subscription}\n${ONE_TIME_TOP_UP[lang]}`)), 'subscription', ONE_TIME_TOP_UP[lang]);
    // A one-time payment of its own is still read.
    assert.equal(pricingModelOf(pricingSignals(l.oneTime)), 'one-time', l.oneTime);
  });
}

// Languages whose one-time words are also said of how often a service is done.
const REGULAR_OR_ONCE: Array<[string, string]> = [
  ['en', 'Regular or one-off cleaning'],
  ['de', 'Regelmäßige oder einmalige Reinigung'],
  ['it', 'Pulizie regolari o una tantum'],
  ['nl', 'Regelmatige of eenmalige schoonmaak'],
  ['cs', 'Úklid pravidelně nebo jednorázově'],
  ['sk', 'Upratovanie pravidelne alebo jednorazovo'],
  ['ru', 'Уборка регулярно или единоразово'],
  ['tr', 'Düzenli veya tek seferlik temizlik'],
];
for (const [lang, line] of REGULAR_OR_ONCE) {
  test(`pricing words (${lang}): "regularly or once" is how often, not how one pays`, () => {
    assert.equal(pricingSignals(line).oneTime, false, line);
    assert.equal(pricingModelOf(pricingSignals(line)), null, line);
  });
}

test('an hourly rate beside monthly plans sells hours of service: the plans are a subscription', () => {
  const hourly = ['Consulting: $150/hour', 'Beratung: 45 € pro Stunde', 'Konzultace 250 Kč/hod.', 'Konsultacje 30 zł za godzinę', 'Настройка 500 ₽ в час', 'Konsultation 400 kr/tim', 'Consultoria R$ 149/hora'];
  for (const rate of hourly) {
    assert.equal(pricingModelOf(pricingSignals(`Pro plan $29 per month\n${rate}`)), 'subscription', rate);
    // Alone, a rate by the hour is paying by use.
    assert.equal(pricingModelOf(pricingSignals(rate)), 'usage-based', rate);
  }
  // Words of paying by use still win over a plan by the month.
  assert.equal(pricingModelOf(pricingSignals('Pay as you go\n$29 per month')), 'usage-based');
  assert.equal(pricingModelOf(pricingSignals('Hourly rate $80\n$29 per month')), 'usage-based');
});

test('a period after a slash is read after an amount, a currency, a seat or alone, not between two other words', () => {
  for (const line of ['10 EUR/Monat', '49 zł/mies.', '990 Kč/měsíc', '99 kr/mån', '10 euros/mois', '9 €/kk', '12 €/v', '$10 per user/month', '/mo', '€ 29 / maand']) {
    assert.equal(pricingModelOf(pricingSignals(line)), 'subscription', line);
  }
  // "By transfer or in cash": Finnish "/v" (a year) only after a price.
  for (const line of ['Platba bankovním převodem/v hotovosti až po dodání.', 'Termine werden telefonisch/mündlich vereinbart']) {
    assert.equal(pricingSignals(line).subscription, false, line);
  }
});

test('an hourly rate after an add-on word prices extra hours on top of a fixed price: not paying by use', () => {
  const extras = ['Zusätzliche Stunden +28€/h', 'Extra hour +30 €/h', 'Heure supplémentaire 35 €/heure', 'Hora extra 20 €/hora', 'Dodatkowa godzina 50 zł/godz.', 'Hodina navíc 300 Kč/hod', 'Lisätunti 30 €/h'];
  for (const line of extras) assert.equal(pricingModelOf(pricingSignals(`Studio 79 €\n${line}`)), 'one-time', line);
  // Without the add-on word the rate is still the price of the service by the hour.
  assert.equal(pricingModelOf(pricingSignals('Studio 79 €\nReinigung 28 €/h')), 'usage-based');
});

const FREE_TOOLS: Record<Language, string> = {
  en: 'Free SEO checker', de: 'Kostenloser Rechner', fr: 'Outil gratuit', es: 'Herramienta gratuita', pt: 'Ferramenta gratuita', it: 'Strumento gratuito',
  nl: 'Gratis tool', pl: 'Darmowe narzędzie', cs: 'Nástroj zdarma', sk: 'Nástroj zadarmo', sv: 'Gratis verktyg', da: 'Gratis værktøj', nb: 'Gratis verktøy',
  fi: 'Ilmainen työkalu', ru: 'Бесплатный инструмент', uk: 'Безкоштовний інструмент', ja: '無料ツール', ko: '무료 도구', zh: '免费工具', tr: 'Ücretsiz araç',
};
for (const lang of LANGUAGES) {
  test(`pricing words (${lang}): a free tool beside a paid plan is a giveaway, not a free tier; alone it is a free product`, () => {
    const tool = FREE_TOOLS[lang];
    assert.equal(pricingModelOf(pricingSignals(`${tool}\n${LINES[lang].subscription}`)), 'subscription', tool);
    assert.equal(pricingModelOf(pricingSignals(tool)), 'free', tool);
    // A free plan beside the tool and the paid plan is still freemium.
    assert.equal(pricingModelOf(pricingSignals(`${tool}\n${LINES[lang].free}\n${LINES[lang].subscription}`)), 'freemium', tool);
  });
}

const PERIODIC_LINES: Record<Language, string> = {
  en: 'Annual tax return', de: 'Monatlicher Bericht', fr: 'Rapport mensuel', es: 'Informe mensual', pt: 'Relatório mensal', it: 'Report mensile',
  nl: 'Maandelijks rapport', pl: 'Rozliczenie roczne', cs: 'Zasíláme přehled měsíčně', sk: 'Posielame prehľad mesačne', sv: 'Månatlig rapport',
  da: 'Årlig eftersyn', nb: 'Årlig kontroll', fi: 'Raportti kuukausittain', ru: 'Ежемесячный отчёт', uk: 'Щомісячний звіт', ja: '毎月のレポート',
  ko: '매월 보고서', zh: '每月报告', tr: 'Aylık rapor',
};
for (const lang of LANGUAGES) {
  test(`pricing words (${lang}): a period word beside what is done each period ("annual tax return") is how often, not a plan by the period`, () => {
    const line = PERIODIC_LINES[lang];
    assert.equal(pricingSignals(line).subscription, false, line);
    // Beside a price by the period the plan is still a subscription.
    assert.equal(pricingModelOf(pricingSignals(`${line}\n${LINES[lang].subscription}`)), 'subscription', line);
  });
}

// Audit round three: a zero price by days, "start free" beside a trial, a promotion, a setup fee,
// a free pilot, a free call-out, years of experience, a free first meeting, a described free tool.
test('a zero price by a number of days is a trial\'s price, not a free plan', () => {
  for (const line of ['$0 / 15 días', '€0 /14 dagen', '0 € für 30 Tage', '$0 for 7 days']) {
    assert.equal(pricingSignals(`${line}\n$0.75 mensual por estudiante`).free, false, line);
  }
  // A zero price by the month is a free plan's.
  assert.equal(pricingModelOf(pricingSignals('$0 / month\n$9 / month')), 'freemium');
});

const START_FREE_LINES: Record<Language, string> = {
  en: 'Start for free', de: 'Kostenlos starten', fr: 'Commencer gratuitement', es: 'Comenzar gratis', pt: 'Começar grátis', it: 'Inizia gratis',
  nl: 'Gratis starten', pl: 'Zacznij za darmo', cs: 'Začněte zdarma', sk: 'Začnite zadarmo', sv: 'Kom igång gratis', da: 'Kom i gang gratis',
  nb: 'Kom i gang gratis', fi: 'Aloita ilmaiseksi', ru: 'Начать бесплатно', uk: 'Почати безкоштовно', ja: '無料で始める', ko: '무료로 시작하기',
  zh: '免费开始', tr: 'Ücretsiz başla',
};
for (const lang of LANGUAGES) {
  test(`pricing words (${lang}): "start free" beside a trial starts the trial; alone it is still free`, () => {
    const line = START_FREE_LINES[lang];
    assert.equal(pricingModelOf(pricingSignals(`${LINES[lang].trial}\n${line}\n${LINES[lang].subscription}`)), 'subscription', line);
    assert.equal(pricingModelOf(pricingSignals(`${line}\n${LINES[lang].subscription}`)), 'freemium', line);
    // The page's trial may stand elsewhere on it: the caller says so.
    assert.equal(pricingSignals(line, { trial: true }).free, false, line);
  });
}

const PROMOTIONS: Record<Language, string> = {
  en: 'Buy 2, get 1 free', de: 'Kaufe 2 und erhalte 1 gratis', fr: 'Achetez 2, le 3e est gratuit', es: 'Compra 1 activación y la 2da es GRATIS',
  pt: 'Compre 2 e leve 1 grátis', it: 'Acquista 2 e il terzo è gratis', nl: 'Koop 2 en krijg 1 gratis', pl: 'Kup 2, trzeci za darmo',
  cs: 'Kupte 2 a třetí máte zdarma', sk: 'Kúpte 2 a tretí máte zadarmo', sv: 'Köp 2 och få 1 gratis', da: 'Køb 2 og få 1 gratis',
  nb: 'Kjøp 2 og få 1 gratis', fi: 'Osta 2 ja saat kolmannen ilmaiseksi', ru: 'Купите 2 и получите 1 бесплатно', uk: 'Купіть 2 і отримайте 1 безкоштовно',
  ja: '2つ購入で1つ無料', ko: '2개 구매 시 1개 무료', zh: '购买两件送一件免费', tr: '2 al 1 bedava',
};
for (const lang of LANGUAGES) {
  test(`pricing words (${lang}): "buy two, get one free" is a promotion on what is bought, not a free tier`, () => {
    const line = PROMOTIONS[lang];
    assert.equal(pricingSignals(line).free, false, line);
    assert.equal(pricingModelOf(pricingSignals(`${line}\n${LINES[lang].subscription}`)), 'subscription', line);
  });
}

test('a one-time word in a setup line prices the setup beside the plan: the plan is a subscription; alone the setup is still paid once', () => {
  const setup = 'Activación remota: $39.99 por dispositivo (Pago único)';
  assert.equal(pricingModelOf(pricingSignals(`${setup}\n$0.75 mensual por estudiante activo`)), 'subscription');
  assert.equal(pricingModelOf(pricingSignals(setup)), 'one-time');
  assert.equal(pricingModelOf(pricingSignals('Einrichtung einmalig 99 €\n19 € pro Monat')), 'subscription');
  // A one-time payment that sets nothing up is still one.
  assert.equal(pricingModelOf(pricingSignals('Pago único de $39.99')), 'one-time');
});

test('a free pilot is a trial: no free plan', () => {
  assert.equal(pricingSignals('Piloto\nGratis').free, false);
  assert.equal(pricingSignals('Free pilot project').free, false);
  assert.equal(pricingSignals('Kostenloses Pilotprojekt').free, false);
});

test('a free call-out is a freebie beside the prices, not a free tier', () => {
  for (const line of ['devis gratuit, déplacement gratuit', 'Anfahrt kostenlos', 'Free call-out in the city', 'Desplazamiento gratuito', 'Gratis voorrijkosten']) {
    assert.equal(pricingModelOf(pricingSignals(`${line}\nà partir de 120 EUR`)), 'one-time', line);
  }
});

test('years of experience are no plan by the year', () => {
  for (const line of ['15+ Yıllık Tecrübe', '10 yıllık deneyim']) assert.equal(pricingSignals(line).subscription, false, line);
  assert.equal(pricingSignals('Yıllık 990 TL').subscription, true);
});

const FIRST_FREE_LINES: Record<Language, string> = {
  en: 'Your first lesson is free', de: 'Die erste Stunde ist kostenlos', fr: 'La première séance est gratuite', es: 'La primera clase es gratis',
  pt: 'A primeira aula é grátis', it: 'Il primo incontro per le ripetizioni è completamente gratuito', nl: 'De eerste les is gratis',
  pl: 'Pierwsza lekcja jest bezpłatna', cs: 'První lekce je zdarma', sk: 'Prvá hodina je zadarmo', sv: 'Första lektionen är gratis',
  da: 'Første time er gratis', nb: 'Første time er gratis', fi: 'Ensimmäinen tunti on ilmainen', ru: 'Первое занятие бесплатно',
  uk: 'Перше заняття безкоштовне', ja: '初回は無料', ko: '첫 수업 무료', zh: '首次免费', tr: 'İlk ders ücretsiz',
};
for (const lang of LANGUAGES) {
  test(`pricing words (${lang}): the first meeting of a paid service, free, is a try-out, not a free tier`, () => {
    const line = FIRST_FREE_LINES[lang];
    assert.equal(pricingSignals(line).free, false, line);
  });
}

test('a free tier\'s limit ("your first 3 projects are free") still reads as free', () => {
  assert.equal(pricingSignals('Your first 3 projects are free').free, true);
});

test('a tool described by up to six words before its free word, in one line, is a giveaway; across lines it is not read so', () => {
  const tool = 'El panel incluye una herramienta de migración masiva vía Excel totalmente gratuita.';
  assert.equal(pricingModelOf(pricingSignals(`${tool}\n$0.75 mensual`)), 'subscription');
  assert.equal(pricingModelOf(pricingSignals('SEO tool for agencies\nFree\n$9 per month')), 'freemium');
});

test('a number of days and up to three words before a free word are a trial', () => {
  assert.equal(pricingSignals('se habilita 15 días de acceso total gratuito').free, false);
});

/**
 * Amounts that are not the product's price, in each language: a donation and a salary by the month
 * (neither a subscription), a group let in free beside a paid ticket and "free to apply" (neither a
 * free tier). Audit round five.
 */
const NOT_THE_PRODUCTS: Record<Language, { donation: string; salary: string; concession: string; paid: string }> = {
  en: { donation: 'Donate $10 per month', salary: 'Salary $4,000 per month', concession: 'Children free', paid: 'Adults $12' },
  de: { donation: 'Spenden Sie 10 € pro Monat', salary: 'Gehalt ab 3.000 € pro Monat', concession: 'Kinder kostenlos', paid: 'Erwachsene 8 €' },
  fr: { donation: 'Faire un don de 10 € par mois', salary: 'Salaire 2 500 € par mois', concession: 'Enfants gratuit', paid: 'Adultes 9 €' },
  es: { donation: 'Donación de 10 € al mes', salary: 'Salario 1.500 € al mes', concession: 'Niños gratis', paid: 'Adultos 8 €' },
  pt: { donation: 'Doação de R$ 20 por mês', salary: 'Salário R$ 3.000 por mês', concession: 'Crianças grátis', paid: 'Adultos R$ 30' },
  it: { donation: 'Donazione di 10 € al mese', salary: 'Stipendio 1.800 € al mese', concession: 'Bambini gratis', paid: 'Adulti 10 €' },
  nl: { donation: 'Doneer € 10 per maand', salary: 'Salaris € 3.000 per maand', concession: 'Kinderen gratis', paid: 'Volwassenen € 12' },
  pl: { donation: 'Darowizna 20 zł / mies.', salary: 'Wynagrodzenie 6000 zł / mies.', concession: 'Dzieci bezpłatnie', paid: 'Dorośli 20 €' },
  cs: { donation: 'Darujte 200 Kč / měsíc', salary: 'Mzda 40 000 Kč / měsíc', concession: 'Děti zdarma', paid: 'Dospělí 5 €' },
  sk: { donation: 'Darujte 10 € / mesiac', salary: 'Mzda 1 500 € / mesiac', concession: 'Deti zadarmo', paid: 'Dospelí 6 €' },
  sv: { donation: 'Donera 100 kr / mån', salary: 'Lön 30 000 kr / mån', concession: 'Barn gratis', paid: 'Vuxna 10 €' },
  da: { donation: 'Donér 100 kr. / md.', salary: 'Løn 35.000 kr. / md.', concession: 'Børn gratis', paid: 'Voksne 10 €' },
  nb: { donation: 'Doner 100 kr / mnd', salary: 'Lønn 40 000 kr / mnd', concession: 'Barn gratis', paid: 'Voksne 10 €' },
  fi: { donation: 'Lahjoita 10 € / kk', salary: 'Palkka 3 000 € / kk', concession: 'Lapset ilmaiseksi', paid: 'Aikuiset 12 €' },
  ru: { donation: 'Пожертвование 500 ₽ в месяц', salary: 'Зарплата 80 000 ₽ в месяц', concession: 'Дети бесплатно', paid: 'Взрослые 500 ₽' },
  uk: { donation: 'Пожертва 200 ₴ на місяць', salary: 'Зарплата 30 000 ₴ на місяць', concession: 'Діти безкоштовно', paid: 'Дорослі 200 ₴' },
  ja: { donation: '寄付 1,000円/月', salary: '給与 250,000円/月', concession: '子供無料', paid: '大人 1,200円' },
  ko: { donation: '후원 월 10,000원', salary: '급여 월 3,000,000원', concession: '어린이 무료', paid: '성인 ₩15,000' },
  zh: { donation: '捐款 每月 100 元', salary: '薪资 每月 8000 元', concession: '儿童免费', paid: '成人 ¥80' },
  tr: { donation: 'Bağış ₺100 /ay', salary: 'Maaş ₺30.000 /ay', concession: 'Çocuklar ücretsiz', paid: 'Yetişkin ₺200' },
};

for (const lang of LANGUAGES) {
  const l = NOT_THE_PRODUCTS[lang];
  test(`pricing words (${lang}): a donation and a salary by the month state no model`, () => {
    for (const line of [l.donation, l.salary]) assert.equal(pricingModelOf(pricingSignals(line)), null, line);
  });
  test(`pricing words (${lang}): a group let in free beside a paid ticket is a concession, paid once`, () => {
    assert.equal(pricingModelOf(pricingSignals(`${l.paid}\n${l.concession}`)), 'one-time', l.concession);
  });
}

test('pricing words: "Free to apply" beside a job is no free tier', () => {
  assert.equal(pricingModelOf(pricingSignals('Free to apply')), null);
  assert.equal(pricingModelOf(pricingSignals('Kostenlos bewerben')), null);
});
