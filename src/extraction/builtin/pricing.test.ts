import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';

// Pricing stated without a price list, each shape on a loopback site of its own: the verified
// pricing_model and pricing_summary, or blanks where the words do not say.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>Product</title></head><body><main>${body}</main></body></html>`;

async function pricing(pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://product.test${path}`, html));
  const { fields } = verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots);
  return { model: fields.pricing_model.value, summary: fields.pricing_summary.value };
}

const cases: Array<{ name: string; pages: Record<string, string>; expect: { model: string | null; summary: string | null } }> = [
  {
    name: 'a free lesson given as a reward beside lesson prices is a bonus, not a free tier (audit round three)',
    pages: {
      '/': doc('en', '<h1>Driving school</h1>'),
      '/pricing': doc(
        'en',
        '<h1>Prices</h1><h3>1 hour lesson</h3><p>£35.00</p><h3>10 hour block</h3><p>£330.00</p>' +
          '<h3>Free Motorway Lesson</h3><p>We are proud of all our learners. Get rewarded for your success and start driving with confidence.</p>',
      ),
    },
    expect: { model: 'one-time', summary: '1 hour lesson £35.00; 10 hour block £330.00' },
  },
  {
    name: 'a free lesson that is a learning app\'s own free tier, with no reward said, is still freemium',
    pages: {
      '/': doc('en', '<h1>Language app</h1>'),
      '/pricing': doc('en', '<h1>Pricing</h1><h3>Free</h3><p>One free lesson every day</p><h3>Plus</h3><p>$9.99 / month</p>'),
    },
    expect: { model: 'freemium', summary: 'Pricing Free; Plus $9.99 / month' },
  },
  {
    name: 'a free pilot beside plans priced on request: no free model (the JSON-LD offer\'s "start free" starts the pilot)',
    pages: {
      '/': doc(
        'es',
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"SoftwareApplication","name":"Voces","offers":{"@type":"Offer","price":"0","description":"Comenzar ahora gratis"}}</script><h1>Voces</h1><p>Entrevistas con IA.</p>',
      ),
      '/precios': doc('es', '<h1>Precios</h1><div><h3>Piloto</h3><p>Gratis</p><p>Hasta 30 entrevistas</p><a>Empezar gratis</a></div><div><h3>Profesional</h3><p>Consultar</p></div>'),
    },
    expect: { model: null, summary: 'Piloto Gratis' },
  },
  {
    name: 'a section headed by a free tier and a paid one, no price written: freemium, the heading as the summary',
    pages: {
      '/': doc(
        'pt',
        '<h1>Diário de treino</h1><p>Regista cada corrida.</p><section><h2>Plano gratuito e plano Premium</h2><p>Começa sem pagar nada.</p>' +
          '<div><strong>Gratuito</strong><ul><li>histórico de 30 dias</li></ul></div><div><strong>Premium</strong><ul><li>planos de treino</li></ul></div></section>',
      ),
    },
    expect: { model: 'freemium', summary: 'Plano gratuito e plano Premium' },
  },
  {
    name: '"Free and Pro plans" in English',
    pages: { '/': doc('en', '<h1>Notes app</h1><h2>Free and Pro plans</h2><p>Start on the free plan, move to Pro when you need sync.</p>') },
    expect: { model: 'freemium', summary: 'Free and Pro plans' },
  },
  {
    name: 'free Wi-Fi beside premium bedding names no tiers',
    pages: { '/': doc('en', '<h1>Guest house</h1><h2>Free Wi-Fi and premium bedding</h2><p>Rooms by the lake.</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: '"pro Monat" is "per month", not a Pro tier',
    pages: { '/': doc('de', '<h1>Kurse</h1><h2>Kostenlose Version: drei Lektionen pro Monat</h2><p>Melden Sie sich an.</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: 'a price quoted on request: the summary, no model',
    pages: {
      '/': doc('de', '<h1>Software für Bauhöfe</h1><div class="card"><div>Alle Module enthalten</div><div>Preis auf Anfrage</div><div>Je nach Zahl der Standorte</div></div>'),
    },
    expect: { model: null, summary: 'Preis auf Anfrage' },
  },
  {
    name: 'a price quoted on request in Swedish: the summary, no model',
    pages: { '/': doc('sv', '<h1>Städtjänster</h1><div class="card"><div>Storstädning av kontor</div><div>Pris på förfrågan</div></div>') },
    expect: { model: null, summary: 'Pris på förfrågan' },
  },
  {
    name: 'a price quoted on request in Ukrainian: the summary, no model',
    pages: { '/': doc('uk', '<h1>Ремонт квартир</h1><div class="card"><div>Ремонт під ключ</div><div>Ціна за запитом</div></div>') },
    expect: { model: null, summary: 'Ціна за запитом' },
  },
  {
    name: 'a passing mention of a price on request is not the pricing',
    pages: { '/': doc('en', '<h1>Studio</h1><p>We build furniture to measure, and for larger projects we discuss the price on request of the client.</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: 'a shop\'s prices page whose list is a script: "zzgl. Versand" says goods paid per order',
    pages: {
      '/': doc('de', '<h1>Keramik</h1><p>Tassen und Teller aus der Werkstatt.</p>'),
      '/preise.html': doc('de', '<h1>Preise</h1><h2>Preisliste</h2><div id="list"></div><p>Preise inkl. MwSt., zzgl. Versand.</p>'),
    },
    expect: { model: 'one-time', summary: null },
  },
  {
    name: 'free shipping is no shipping charged on top',
    pages: {
      '/': doc('en', '<h1>Tea shop</h1><p>Loose leaf teas.</p>'),
      '/pricing': doc('en', '<h1>Pricing</h1><p>Free shipping on every order.</p>'),
    },
    expect: { model: null, summary: null },
  },
  {
    name: 'a commission per booking ("10–12% / per bokning"): usage-based, the packages as the summary',
    pages: {
      '/': doc('sv', '<h1>Uthyrning</h1><p>Vi sköter allt.</p>'),
      '/priser': doc('sv', '<h1>Priser</h1><div><h3>Bas</h3><p>10–12% / per bokning</p></div><div><h3>Plus</h3><p>15–17% / per bokning</p></div>'),
    },
    expect: { model: 'usage-based', summary: 'Bas 10–12% / per bokning; Plus 15–17% / per bokning' },
  },
  {
    name: 'a percentage off per order is a discount, not a fee',
    pages: { '/': doc('en', '<h1>Tea shop</h1><h2>Prices</h2><p>Save 10% per order with the code TEA10.</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: "a product's schema.org offer terms in Korean: free with one-time purchases, the terms as the summary",
    pages: {
      '/': `<!doctype html><html lang="ko"><head><title>앱</title><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'SoftwareApplication', name: '앱', offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD', description: '기본 기능은 무료예요. 원하면 일회성 구매를 추가할 수 있고, 구독은 없어요.' } })}</script></head><body><main><h1>앱</h1><p>당신의 하루를 기록해요.</p></main></body></html>`,
    },
    expect: { model: 'freemium', summary: '기본 기능은 무료예요. 원하면 일회성 구매를 추가할 수 있고, 구독은 없어요.' },
  },
  {
    name: 'a shop whose products a script draws, with its "Add to basket" button: one-time',
    pages: {
      '/': doc('en', '<h1>Bakery</h1><p>Cakes made to order.</p>'),
      '/shop': doc('en', '<h1>Shop</h1><div id="products">Loading products…</div><button type="button">🛍 Add to basket</button>'),
    },
    expect: { model: 'one-time', summary: null },
  },
  {
    name: 'free Wi-Fi for customers beside a price list is a courtesy, not a free plan: one-time',
    pages: { '/': doc('pt', '<h1>Barbearia</h1><h2>Preços</h2><p>Corte R$ 40</p><p>Barba R$ 30</p><p>Café, Wi‑Fi gratuito e estacionamento gratuito para clientes.</p>') },
    expect: { model: 'one-time', summary: 'Preços Corte R$ 40; Barba R$ 30' },
  },
  {
    name: 'Turkish plan prices per month ("/ay"): subscription',
    pages: { '/': doc('tr', '<h1>Randevu</h1><h2>Fiyatlar</h2><p>Aylık Plan</p><p>₺500 /ay</p><p>Yıllık Plan</p><p>₺400 /ay</p>') },
    expect: { model: 'subscription', summary: 'Aylık Plan ₺500 /ay; Yıllık Plan ₺400 /ay' },
  },
  {
    name: 'an open-source tool whose home page lists "free and open source" inline with its platforms: that item as the summary',
    pages: {
      '/': doc(
        'en',
        '<h1>Keyboard layout</h1><p>Type every accent directly.</p><p>Free and open source • Windows, macOS, Linux • No hardware needed</p><p><a href="https://github.com/someone/layout">Source code</a></p>',
      ),
    },
    expect: { model: 'open-source', summary: 'Free and open source' },
  },
  {
    name: 'an agency that uses open-source tools, with no repository of its own linked: no open-source model (audit round four)',
    pages: {
      '/': doc('en', '<h1>Pixel Agency</h1><p>We build fast websites for small businesses.</p><p>We use open source tools such as WordPress and Drupal.</p><p><a href="https://github.com/pixelagency">GitHub</a></p>'),
      '/about': doc('de', '<h1>Über uns</h1><p>Wir setzen auf quelloffene Software wie WordPress.</p>'),
    },
    expect: { model: null, summary: null },
  },
  {
    name: 'a site built with an open-source generator names the software it uses, not its licence (audit round four)',
    pages: { '/': doc('en', '<h1>Cafe Luna</h1><p>Coffee and cake.</p><footer><p>Site built with Hugo, an open-source static site generator.</p></footer>') },
    expect: { model: null, summary: null },
  },
  {
    name: 'a library released under a licence that links its repository is open source; a sponsors link alone names no repository',
    pages: {
      '/': doc('en', '<h1>fastlib</h1><p>A tiny JSON parser.</p><p>Released under the MIT License.</p><p><a href="https://github.com/sponsors/fastlib">Sponsor</a> <a href="https://gitlab.com/fastlib/fastlib">Source</a></p>'),
    },
    expect: { model: 'open-source', summary: null },
  },
  {
    name: 'an inline list on a paid service: its "free" item is an offer, not the pricing',
    pages: { '/': doc('en', '<h1>Plumbing</h1><p>Free estimate · Same-day visits · Licensed</p><h2>Prices</h2><p>Call-out €60</p><p>Hourly €45</p>') },
    expect: { model: 'one-time', summary: 'Prices Call-out €60; Hourly €45' },
  },
  {
    name: 'a Czech pricing page: a free version and monthly plans, the free trial not read as the free version: freemium',
    pages: {
      '/': doc('cs', '<h1>Fakturace</h1><p>Faktury za minutu.</p>'),
      '/cenik': doc('cs', '<h1>Ceník</h1><div><h3>Start</h3><p>Zdarma</p></div><div><h3>Firma</h3><p>199 Kč měsíčně</p></div><p>Zkušební verze zdarma na 30 dní.</p>'),
    },
    expect: { model: 'freemium', summary: 'Start Zdarma' },
  },
  {
    name: 'a Finnish price list with only a free trial and free delivery beside monthly prices: subscription, no free plan',
    pages: {
      '/': doc('fi', '<h1>Ateriapalvelu</h1><p>Ruokaa kotiin.</p>'),
      '/hinnasto': doc('fi', '<h1>Hinnasto</h1><div><h3>Perus</h3><p>29,90 €/kk</p></div><div><h3>Perhe</h3><p>49,90 €/kk</p></div><p>Ilmainen kokeilu 14 päivää. Ilmainen toimitus.</p>'),
    },
    expect: { model: 'subscription', summary: 'Perus 29,90 €/kk; Perhe 49,90 €/kk' },
  },
  {
    // "kr." is no currency PRICE knows yet, so the lines are no summary; the model is read from the words.
    name: 'a Danish price section that gives a free quote and states hourly prices: usage-based, never free',
    pages: { '/': doc('da', '<h1>Havehjælp</h1><h2>Priser</h2><p>Græsslåning 350 kr./time</p><p>Hækklipning 400 kr./time</p><p>Gratis og uforpligtende tilbud.</p>') },
    expect: { model: 'usage-based', summary: null },
  },
  {
    name: 'a free redo under a guarantee, said in a sentence of a price page: no free model',
    pages: { '/': doc('pl', '<h1>Sprzątanie mieszkań</h1><h2>Cennik</h2><p>100% gwarancja na wszystkie usługi. Jeśli nie będziesz zadowolony - przerabiamy za darmo.</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: 'a free quote said in a longer sentence of a price page (its "without obligation" word misspelt): no free model',
    pages: {
      '/': doc('cs', '<h1>Elektroinstalace</h1><h2>Ceník</h2><p>Jednotlivé zakázky jsou naceňovány individuálně podle rozsahu prací. Cenovou nabídku vypracujeme nazávazně a zdarma.</p>'),
    },
    expect: { model: null, summary: null },
  },
  {
    name: 'a product that is free says so in a line of its own: free',
    pages: { '/': doc('en', '<h1>Timer</h1><h2>Pricing</h2><p>Free for everyone</p><p>If you like it, tell a friend about it and share it on your blog.</p>') },
    expect: { model: 'free', summary: 'Free for everyone' },
  },
  {
    name: 'a free tool beside one monthly plan: a subscription',
    pages: { '/': doc('es', '<h1>Correo seguro</h1><h2>Precios</h2><p>Informe Mensual PDF</p><p>$20.000 CLP / mes</p><h3>Herramienta gratuita</h3><p>Analiza tu dominio en segundos.</p>') },
    expect: { model: 'subscription', summary: 'Informe Mensual PDF $20.000 CLP / mes' },
  },
  {
    name: 'a sentence about a cart is no basket button',
    pages: { '/': doc('en', '<h1>Shop builder</h1><p>Customers add to cart from any page of your site.</p>') },
    expect: { model: null, summary: null },
  },
  // Audit round five: a page picked for its prices whose prices are not the product's.
  {
    name: 'donation amounts on a giving page state no pricing model',
    pages: { '/': doc('de', '<h1>Verein</h1><p>Wir helfen Kindern.</p>'), '/spenden': doc('de', '<h1>Spenden</h1><p>Mit 10 € finanzieren Sie ein Schulheft.</p><p>Mit 50 € ein Paar Schuhe.</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: 'donation buttons on a donate page state no subscription',
    pages: { '/': doc('en', '<h1>Charity</h1><p>We help.</p>'), '/donate': doc('en', '<h1>Donate</h1><p>$10</p><p>$25</p><p>$50</p><p>Monthly donation</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: 'donation lines on the home page state no subscription',
    pages: { '/': doc('en', '<h1>Charity</h1><p>A donation of $25 buys a book.</p><p>Donate $10 per month.</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: 'salaries on a careers page state no subscription',
    pages: { '/': doc('de', '<h1>Firma</h1>'), '/karriere': doc('de', '<h1>Karriere</h1><p>Gehalt ab 3.000 € pro Monat</p><p>Azubi 1.000 € / Monat</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: 'a job board home page: free to apply beside salaries is no freemium',
    pages: { '/': doc('en', '<h1>Job board</h1><p>Free to apply</p><p>Salary €3,000 per month</p><p>Salary €4,000 per month</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: "a blog post on other tools' prices, even under a pricing slug, states no model",
    pages: {
      '/': doc('en', '<h1>Marketing blog</h1><p>Tips for marketers.</p>'),
      '/blog/tools': doc('en', '<h1>5 best email tools</h1><p>Mailchimp costs $13/month.</p><p>Brevo costs $9/month.</p>'),
      '/blog/mailchimp-pricing': doc('en', '<h1>Mailchimp pricing</h1><p>Standard $13/month</p><p>Premium $350/month</p>'),
    },
    expect: { model: null, summary: null },
  },
  {
    name: 'plans named with a year are intentions, not a pricing heading',
    pages: { '/': doc('en', '<h1>Startup</h1><h2>Our plans for 2026</h2><p>We will open a free community space.</p>') },
    expect: { model: null, summary: null },
  },
  {
    name: 'a price list of the year is still a pricing heading',
    pages: { '/': doc('de', '<h1>Fotograf</h1><h2>Preise 2026</h2><p>Porträt 150 €</p><p>Hochzeit 1.500 €</p>') },
    expect: { model: 'one-time', summary: 'Preise 2026 Porträt 150 €; Hochzeit 1.500 €' },
  },
  {
    name: "a museum's free admission for children beside the adults' ticket is a concession, paid once",
    pages: { '/': doc('en', '<h1>Museum</h1><h2>Prices</h2><p>Adults €12</p><p>Children free</p>') },
    expect: { model: 'one-time', summary: 'Prices Adults €12' },
  },
];

for (const c of cases) {
  test(`pricing: ${c.name}`, async () => {
    assert.deepEqual(await pricing(c.pages), c.expect);
  });
}
