import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';
import type { DraftField } from '../types.ts';
import { FEATURE_HEADINGS, NOT_FEATURES, STEP_HEADINGS, USP_HEADINGS } from './feature-lists.ts';

// Features, USPs and pricing the way real sites show them, each as a table of page shapes.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string, title = 'Product') => `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;

async function draft(pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://product.test${path}`, html));
  return verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots);
}
const valueOf = async (field: DraftField, pages: Record<string, string>) => (await draft(pages)).fields[field].value;

const features: Array<{ name: string; pages: Record<string, string>; expect: string[] | null }> = [
  {
    name: 'a card grid with no "features" heading (titles over sentences)',
    pages: { '/': doc('it', '<h1>Editor PDF</h1><h2>Un editor completo</h2><div class="grid"><div class="card"><h3>Firma digitale</h3><p>Firma con valore legale.</p></div><div class="card"><h3>OCR delle scansioni</h3><p>Testo cercabile.</p></div><div class="card"><h3>Confronto documenti</h3><p>Le differenze evidenziate.</p></div></div>') },
    expect: ['Firma digitale', 'OCR delle scansioni', 'Confronto documenti'],
  },
  {
    name: 'a page whose address names the offer ("/what-we-offer"), titled without an h1: its services list',
    pages: {
      '/': doc('en', '<h1>Garden care in Leeds</h1><p>We look after gardens of every size.</p><a href="/what-we-offer">What we offer</a>'),
      '/what-we-offer': doc('en', '<header><h2>What Greenleaf offers</h2></header><section><h3>Greenleaf Services</h3><ul><li>Lawn mowing</li><li>Hedge trimming</li><li>Seasonal planting</li></ul></section>'),
    },
    expect: ['Lawn mowing', 'Hedge trimming', 'Seasonal planting'],
  },
  {
    name: 'the services a schema.org offer catalog names, written in a line of the page',
    pages: {
      '/': doc('de', '<script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness","name":"Gartenhilfe","hasOfferCatalog":{"@type":"OfferCatalog","itemListElement":[{"@type":"Offer","itemOffered":{"@type":"Service","name":"Rasen mähen"}},{"@type":"Offer","itemOffered":{"@type":"Service","name":"Hecken schneiden"}},{"@type":"Offer","itemOffered":{"@type":"Service","name":"Beete pflegen"}}]}}</script><h1>Ihr Garten in guten Händen</h1><p>Rasen mähen, Hecken schneiden, Beete pflegen: wir kommen zu Ihnen.</p>'),
    },
    expect: ['Rasen mähen', 'Hecken schneiden', 'Beete pflegen'],
  },
  {
    name: 'a schema.org offer catalog of one service is not a list of features',
    pages: {
      '/': doc('en', '<script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness","name":"Tidy","hasOfferCatalog":{"@type":"OfferCatalog","itemListElement":[{"@type":"Offer","itemOffered":{"@type":"Service","name":"Window cleaning"}}]}}</script><h1>Clean windows</h1><p>Window cleaning for homes.</p>'),
    },
    expect: null,
  },
  {
    name: 'a features heading in Russian',
    pages: { '/': doc('ru', '<h1>Сервис</h1><h2>Возможности</h2><ul><li>Отчёты за минуту</li><li>Импорт из Excel</li><li>Доступ по ролям</li></ul>') },
    expect: ['Отчёты за минуту', 'Импорт из Excel', 'Доступ по ролям'],
  },
  {
    name: '"how it works" steps',
    pages: { '/': doc('en', '<h1>Shipments</h1><h2>How it works</h2><ol><li>Connect your store</li><li>Print labels</li><li>Track every parcel</li></ol>') },
    expect: ['Connect your store', 'Print labels', 'Track every parcel'],
  },
  {
    name: 'a grid of customer quotes is not a feature list',
    pages: { '/': doc('en', '<h1>Shop</h1><h2>What our customers say</h2><div><div><h3>Anna Smith</h3><p>Great!</p></div><div><h3>Bob Jones</h3><p>Lovely.</p></div><div><h3>Carl Weber</h3><p>Fine.</p></div></div>') },
    expect: null,
  },
  {
    name: 'the section headings of a features page, each over a sentence of its own',
    pages: {
      '/': doc('en', '<h1>Soil sensors</h1><p>Know your soil.</p>'),
      '/features': doc('en', '<h1>Features</h1><div><div><h2>Root Level Visibility</h2><p>Soil moisture and temperature at the roots.</p></div><img src="a.png"><div><h2>Easy to Install</h2><p>Just push it into the soil, it really is that simple.</p></div></div><div><h2>Portability</h2><p>Move it to another field in minutes.</p></div><h2>Questions?</h2><p>Write to us any time, we answer within a day.</p>'),
    },
    expect: ['Root Level Visibility', 'Easy to Install', 'Portability'],
  },
  {
    name: 'the product cards of a products page, titled by their card-title among other headings',
    pages: {
      '/': doc('es', '<h1>Bodega</h1><p>Vinos de la sierra.</p>'),
      '/productos': doc('es', '<h1>Productos</h1><section>' + ['Syrah', 'Bonarda', 'Viognier'].map((w) => `<div class="col"><div class="card"><h5 class="card-title">${w}</h5><p>Frutal y suave.</p><div class="accordion"><h5><button>Características</button></h5><ul><li>Rojo intenso</li></ul></div></div></div>`).join('') + '</section>'),
    },
    expect: ['Syrah', 'Bonarda', 'Viognier'],
  },
  {
    name: 'features listed in a sentence after "features, like"',
    pages: { '/': doc('en', '<h1>Tusk</h1><p>Tusk is a lightweight client for Mastodon. It supports all Mastodon features, like photos, videos, lists, custom emojis and is designed according to material guidelines.</p>') },
    expect: ['photos', 'videos', 'lists', 'custom emojis'],
  },
  {
    name: 'an agency\'s "Nos interventions" list on its services page (prestations)',
    pages: {
      '/': doc('fr', '<h1>Coopérative</h1><p>Nous accompagnons des équipes.</p>'),
      '/prestations/facilitation/': doc('fr', '<h1>La facilitation</h1><p>Faciliter la démarche collective.</p><h2>Nos interventions</h2><ul><li>rétrospectives d’équipe</li><li>animation de réunions variées</li><li>facilitation graphique</li></ul>'),
    },
    expect: ['rétrospectives d’équipe', 'animation de réunions variées', 'facilitation graphique'],
  },
  {
    name: 'a card grid laid out in rows of two',
    pages: { '/': doc('en', '<h1>mpv</h1><div class="container"><h2>Overview</h2><p>A media player.</p>' + ['Scripting', 'On Screen Controller', 'GPU video decoding', 'Embeddable'].reduce((html, t, i, all) => (i % 2 ? html : `${html}<div class="row"><div class="col"><h4>${t}</h4><p>What ${t} does, in a sentence.</p></div><div class="col"><h4>${all[i + 1]}</h4><p>What ${all[i + 1]} does, in a sentence.</p></div></div>`), '') + '</div>') },
    expect: ['Scripting', 'On Screen Controller', 'GPU video decoding', 'Embeddable'],
  },
  {
    name: 'a services heading in a section header with its subtitle: the lists after the header',
    pages: {
      '/': doc('pt', '<h1>Drones</h1><p>Pulverização.</p>'),
      '/servicos.html': doc('pt', '<section><div class="section-header"><h2>Nossos Serviços</h2><p>Soluções completas para a sua lavoura</p></div><div class="detail"><h3>Pulverização com Drones</h3><p>Aplicação aérea.</p><h4>Tipos de Aplicação</h4><ul><li>Herbicidas pré e pós-emergentes</li><li>Fungicidas para controle de doenças</li><li>Fertilizantes foliares</li></ul></div></section>'),
    },
    expect: ['Herbicidas pré e pós-emergentes', 'Fungicidas para controle de doenças', 'Fertilizantes foliares'],
  },
  {
    name: 'title-case feature names over sentences are features; names over roles are people',
    pages: {
      '/': doc(
        'en',
        '<h1>Breach checker</h1><h2>Free Security Tools</h2><div class="tools">' + ['Privacy Shield', 'Domain Insights', 'Breach Compare'].map((t) => `<a href="/t"><div><h3>${t}</h3><span>${t} shows what leaked, when and where, for every address you own.</span></div></a>`).join('') + '</div>' +
          '<h2>Meet us</h2><div class="people">' + [['Anna Berg', 'Co-founder'], ['Tom Hale', 'Engineer'], ['Lia Stone', 'Designer']].map(([n, r]) => `<div><h3>${n}</h3><p>${r}</p></div>`).join('') + '</div>',
      ),
    },
    expect: ['Privacy Shield', 'Domain Insights', 'Breach Compare'],
  },
  {
    name: 'a sentence that only mentions features is not a list of them',
    pages: { '/': doc('en', '<h1>Tool</h1><p>It includes features such as the ones you would expect from a modern editor built for teams.</p>') },
    expect: null,
  },
  {
    name: 'the card grid of a solutions page (/our-solutions), like a products page',
    pages: {
      '/': doc('en', '<h1>Acme IT</h1><p>We look after your computers.</p>'),
      '/our-solutions': doc('en', '<h1>Solutions</h1><h2>Everything your office needs</h2><div class="cards">' + ['Backups', 'Network care', 'Helpdesk hours'].map((t) => `<div class="card"><h3>${t}</h3><p>What ${t} gives you, in a sentence.</p></div>`).join('') + '</div>'),
    },
    expect: ['Backups', 'Network care', 'Helpdesk hours'],
  },
  {
    name: 'flip cards that repeat their title on the back: one title each',
    pages: { '/': doc('en', '<h1>Acme IT</h1><h2>Support</h2><div class="cards">' + ['Backups', 'Network care', 'Helpdesk hours'].map((t) => `<div class="flip"><div class="flip-inner"><div class="front"><h3>${t}</h3></div><div class="back"><h3>${t}</h3><p>What ${t} gives you, in a sentence.</p></div></div></div>`).join('') + '</div>') },
    expect: ['Backups', 'Network care', 'Helpdesk hours'],
  },
  {
    name: 'cards under a heading that names one contact person ("Ansprechpartner") are not a partners section',
    pages: { '/': doc('de', '<h1>Acme IT</h1><h2>Ihr persönlicher Ansprechpartner</h2><div class="cards">' + ['Datensicherung', 'Netzwerkpflege', 'Hotline'].map((t) => `<div class="card"><h3>${t}</h3><p>Was ${t} Ihnen bringt, in einem Satz.</p></div>`).join('') + '</div>') },
    expect: ['Datensicherung', 'Netzwerkpflege', 'Hotline'],
  },
  {
    name: 'cards under "Our partners" are not features',
    pages: { '/': doc('en', '<h1>Acme IT</h1><h2>Our partners</h2><div class="cards">' + ['Soilsense', 'Acme Cloud', 'Globex'].map((t) => `<div class="card"><h3>${t}</h3><p>What we build with ${t}, in a sentence.</p></div>`).join('') + '</div>') },
    expect: null,
  },
  {
    name: 'a grid of plans with prices is not a feature list',
    pages: { '/': doc('en', '<h1>Tool</h1><div><div><h3>Starter</h3><p>$5/month</p></div><div><h3>Team</h3><p>$20/month</p></div><div><h3>Business</h3><p>$50/month</p></div></div>') },
    expect: null,
  },
  {
    name: 'a section the markup names "services", with two cards of its own (a grid elsewhere needs three)',
    pages: {
      '/': doc('es', '<h1>Escape Room</h1><section class="servicios"><article class="servicios-mision"><img src="a.webp" alt=""><div><h2>La Misión</h2><p>Sala de escape: vuestro equipo tiene sesenta minutos para recuperar el documento robado.</p></div></article><article class="servicios-caso"><img src="b.webp" alt=""><div><h2>El Caso Perdido</h2><p>Juego portátil para grupos grandes: resolved el caso en vuestra oficina o en casa.</p></div></article></section>'),
    },
    expect: ['La Misión', 'El Caso Perdido'],
  },
  {
    name: 'a "features" section whose cards sit in a grid inside it, under a section header; then a named box of two',
    pages: {
      '/': doc('en', '<h1>Macros</h1><section id="features"><div class="section__header"><div class="overline">Features</div><h2>All you need</h2></div><div class="bento"><div><h3>Block editor</h3><p>Snap blocks.</p></div><div><h3>Browser control</h3><p>Drive pages.</p></div><div><h3>Screen reading</h3><p>Find text on screen.</p></div></div></section>' +
        '<section><h2>AI</h2><div class="ai-features"><div><h3>AI click</h3><p>Clicks what it sees.</p></div><div><h3>AI wait</h3><p>Waits for the page.</p></div></div></section>'),
    },
    expect: ['Block editor', 'Browser control', 'Screen reading', 'AI click', 'AI wait'],
  },
  {
    name: 'link cards titled by a class ("cat-card__name") after their icon',
    pages: {
      '/': doc('en', '<h1>Bakery</h1><h2>Something for every day</h2><div class="row">' + ['Birthday<br>cakes', 'Scones &amp; buns', 'Fruit<br>tarts'].map((t) => `<div class="col"><a href="/gallery" class="cat-card"><div class="cat-card__icon">🎂</div><div class="cat-card__name">${t}</div></a></div>`).join('') + '</div>'),
    },
    expect: ['Birthday cakes', 'Scones & buns', 'Fruit tarts'],
  },
  {
    name: 'a strip of items titled by a class ("strip-item__heading"), split by empty dividers',
    pages: {
      '/': doc(
        'en',
        '<h1>Bakery</h1><div class="strip">' +
          [['Nut free', 'Every bake'], ['Baked daily', 'In our kitchen'], ['Orders by hand', 'Just for you']].map(([t, sub]) => `<div class="strip-item"><i class="icon"></i><div class="strip-item__heading">${t}</div><div class="strip-item__sub">${sub}</div></div>`).join('<div class="divider"></div>') +
          '</div>',
      ),
    },
    expect: ['Nut free', 'Baked daily', 'Orders by hand'],
  },
  {
    name: 'a list typed as bullet lines of a paragraph, between an introduction and a closing remark',
    pages: { '/': doc('de', '<h1>Hundepension</h1><p>Unsere Pension liegt am Waldrand.<br><br>• Rudelhaltung<br>• Teich und Wiese<br>– Außenanlage: 600 m2<br><br>Fragen Sie uns gerne!</p>') },
    expect: ['Rudelhaltung', 'Teich und Wiese', 'Außenanlage: 600 m2'],
  },
  {
    name: 'a page whose main heading names the services, under a path no role knows (Slovak "služby")',
    pages: {
      '/': doc('sk', '<h1>Energia pre firmy</h1><p>Poradenstvo.</p>'),
      '/sluzby.html': doc('sk', '<section><div class="section-head"><h1>Energetické služby na mieru</h1></div><div class="prose"><h3>Správa energií</h3><ul><li>Kontrola faktúr</li><li>Mesačné reporty</li></ul><h3>Audit</h3><ul><li>Energetické audity</li></ul></div></section>'),
    },
    expect: ['Kontrola faktúr', 'Mesačné reporty', 'Energetické audity'],
  },
  {
    name: "a restaurant's menu page: the sections of its menu (a section marked \"menu\" is not navigation)",
    pages: {
      '/': doc('it', '<h1>Pizzeria</h1><p>Dal 1990.</p>'),
      '/menu.html': doc(
        'it',
        '<h1>Il menù</h1>' +
          ['Le Pizze', 'Le Paste', 'I Dolci'].map((t, i) => `<section class="menu-category"><h2>${t}</h2><div class="menu-list"><div class="menu-item"><span class="name">Piatto ${i}</span><span class="price">9,00 €</span><span>Pomodoro, basilico e olio</span></div></div></section>`).join(''),
      ),
    },
    expect: ['Le Pizze', 'Le Paste', 'I Dolci'],
  },
];
for (const s of features) {
  test(`features: ${s.name}`, async () => {
    assert.deepEqual(await valueOf('features', s.pages), s.expect);
  });
}

test('usps: the hero check-mark claims, when there is no why-us section', async () => {
  const home = doc('en', '<section class="hero"><h1>Edit PDFs offline</h1><p>One licence, no cloud.</p><div class="trust"><span><i class="tick"></i>No account</span><span><i class="tick"></i>No cloud</span><span><i class="tick"></i>Your files stay on your PC</span></div></section><h2>Features</h2><ul><li>OCR</li></ul>');
  assert.deepEqual(await valueOf('usps', { '/': home }), ['No account', 'No cloud', 'Your files stay on your PC']);
});

const usps: Array<{ name: string; pages: Record<string, string>; expect: string[] | null }> = [
  {
    name: 'a "Why <name>?" section on another page (an offer page)',
    pages: {
      '/': doc('en', '<h1>gStake</h1><p>Soil sensors for growers.</p>'),
      '/offer': doc('en', '<h1>Trade-in offer</h1><h2>Why gStake?</h2><ul><li>No subscription fees</li><li>No maintenance fees</li><li>Install yourself in an hour</li></ul>'),
    },
    expect: ['No subscription fees', 'No maintenance fees', 'Install yourself in an hour'],
  },
  {
    name: 'a "why" that titles a how-to on another page is no pitch',
    pages: {
      '/': doc('it', '<h1>Editor PDF</h1><p>Un editor per il tuo PC.</p>'),
      '/scarica': doc('it', '<h1>Scarica</h1><h2>«PC protetto da SmartScreen»: perché compare e cosa significa</h2><h3>Come puoi verificare il file</h3><p>Controlla la firma.</p><h3>E l’avviso sparirà?</h3><p>Sì, con il tempo.</p>'),
    },
    expect: null,
  },
  {
    name: 'a list introduced by "Benefits of this approach:"',
    pages: {
      '/': doc('en', '<h1>CI service</h1><p>Builds for every commit.</p>'),
      '/pricing': doc('en', '<h1>Pricing</h1><h2>Compute credits</h2><p>Buy credits for 1 US dollar each.</p><p><strong>Benefits</strong> of this approach:</p><ul><li>No need to configure anything.</li><li>Per-second billing with no monthly fees.</li><li>Cost efficient for small teams.</li></ul><p><strong>Cons</strong> of this approach:</p><ul><li>No GPUs.</li></ul>'),
    },
    expect: ['No need to configure anything.', 'Per-second billing with no monthly fees.', 'Cost efficient for small teams.'],
  },
  {
    name: 'sentences of the home page that set the product against others (en, ru, ja), not its FAQ answers',
    pages: {
      '/': doc(
        'en',
        '<h1>Mosh</h1><p>Mosh is a replacement for SSH. It\'s more robust and responsive, especially over Wi-Fi.</p><div class="feature"><h2>Roaming</h2><p>Unlike SSH, mosh handles packet loss gracefully.</p></div><ul><li><h3>Быстро</h3><p>Время разработки измеряется часами, а не неделями.</p></li></ul><ul><li>ChaSen や KAKASI に比べ高速</li></ul>' +
          '<section id="faq"><h2>FAQ</h2><h3>Why UDP?</h3><p>Unlike TCP, it never stalls the session here.</p></section>',
      ),
    },
    expect: ["It's more robust and responsive, especially over Wi-Fi.", 'Unlike SSH, mosh handles packet loss gracefully.', 'Время разработки измеряется часами, а не неделями.', 'ChaSen や KAKASI に比べ高速'],
  },
  {
    name: 'a section whose kicker line asks "why" (Czech "Proč"): its heading and its cards',
    pages: { '/': doc('cs', '<h1>3D studio</h1><p>Skenování a tisk.</p><section><div class="section-head"><p class="eyebrow">PROČ NAŠE STUDIO</p><h2>Přesnost z průmyslu, cit pro historii</h2><p>Roky praxe v přesné výrobě.</p></div><div class="pillars"><div><h3>Setiny milimetru</h3><p>Kontrola kvality.</p></div><div><h3>Vzdělání v oboru</h3><p>Studium ochrany dědictví.</p></div><div><h3>Okamžité řešení</h3><p>Bez čekání.</p></div></div></section>') },
    expect: ['Přesnost z průmyslu, cit pro historii', 'Setiny milimetru', 'Vzdělání v oboru', 'Okamžité řešení'],
  },
  {
    name: 'a hero line of short claims under the main heading, even inside a search form',
    pages: { '/': doc('en', '<div class="banner"><form><h1>Check your email</h1><p>Search billions of exposed records instantly and get real-time alerts to protect your accounts.</p><input type="email"></form><p>Checked in memory, never stored. No signup. Fully open source.</p></div><h2>Tools</h2>') },
    expect: ['Checked in memory, never stored.', 'No signup.', 'Fully open source.'],
  },
  {
    name: 'a long paragraph of a page without a hero is no line of claims',
    pages: { '/': doc('ja', '<h1>MeCab</h1><p>出力フォーマットは dicrc に定義されています。自由に定義できます。詳しくは別ページ。</p>') },
    expect: null,
  },
  {
    name: 'a home page that sets nothing against anything has no USPs',
    pages: { '/': doc('en', '<h1>micro</h1><p>micro is a terminal-based text editor that aims to be easy to use and intuitive.</p><p>Learn more about it than you need in the docs.</p>') },
    expect: null,
  },
  {
    name: 'a row of key figures: figure and label where the page spaces them, the label alone otherwise, never a zero without its 0',
    pages: { '/': doc('fr', '<section class="hero"><h1>Votre site</h1><h2>Tout compris</h2><div class="stats"><div><b>24 h</b><span>Délai de réponse</span></div><div><b>100 %</b> <span>Données hébergées dans l\'UE</span></div><div><b>0</b><span>Traceur publicitaire</span></div><div><b>1</b><span>Interlocuteur, pas un service client</span></div></div></section>') },
    expect: ['Délai de réponse', "100 % Données hébergées dans l'UE", 'Interlocuteur, pas un service client'],
  },
  {
    name: 'the hero\'s kicker line above the main heading joins its claims; its buttons do not',
    pages: { '/': doc('de', '<section class="hero"><p class="eyebrow">Familienbetrieb in 3. Generation</p><h1>Metallbau mit Präzision</h1><div class="cta"><a href="/kontakt">Kontakt</a> <a href="/leistungen">Leistungen</a></div><ul class="pills"><li>Planung &amp; Montage</li><li>Sonderlösungen &amp; Einzelstücke</li></ul></section><h2>Leistungen</h2><ul><li>Treppen</li></ul>') },
    expect: ['Familienbetrieb in 3. Generation', 'Planung & Montage', 'Sonderlösungen & Einzelstücke'],
  },
  {
    name: 'an enumeration summed up after a dash ("…, …, … – всё то, что …"); a list of two, or one without the summing-up, is not',
    pages: {
      '/': doc(
        'ru',
        '<h1>Курсы</h1><p>Мы учим с 2010 года. Опыт преподавания за рубежом, занятия в малых группах, удобное расписание для взрослых - всё то, что делает учёбу приятной.</p>' +
          '<p>Тихий район, новые классы - всё это для вас.</p><p>Кофе, чай, печенье и много другого.</p>',
      ),
    },
    expect: ['Опыт преподавания за рубежом', 'занятия в малых группах', 'удобное расписание для взрослых'],
  },
  {
    name: 'lines of two "no …" clauses on any page (de, es); one "no" is a remark, "No, …" an answer',
    pages: {
      '/': doc('de', '<h1>Webdesign</h1><p>Websites für kleine Firmen.</p><p class="hint">Kein Spam. Wir melden uns bald.</p>'),
      '/angebot': doc('de', '<h1>Angebot</h1><p class="sub">Kein Extra, kein Aufpreis — das ist unser Standard.</p><div><span class="lead">Lädt schnell — kein Baukasten, kein Plugin-Ballast.</span></div><p>No, no hace falta.</p>'),
      '/gimnasio': doc('es', '<h1>Gimnasio</h1><p>Sin permanencia, sin matrícula: entrena cuando quieras.</p>'),
    },
    expect: ['Kein Extra, kein Aufpreis — das ist unser Standard.', 'Lädt schnell — kein Baukasten, kein Plugin-Ballast.', 'Sin permanencia, sin matrícula: entrena cuando quieras.'],
  },
  {
    name: 'what the site marks up as its achievements: each line, only the numbered ones when some are',
    pages: {
      '/': doc('ja', '<h1>アクメ農園</h1><p>小さな農園です。</p><div class="card"><h3>お米</h3><p class="card__achievement">2024年の受賞歴：<br>１）特Ａ評価<br>２）「金賞」受賞</p></div>'),
      '/about': doc('en', '<h1>About Acme</h1><ul class="awards"><li>Best bakery of the county 2023</li><li>Organic certified since 2019</li></ul>'),
    },
    expect: ['特Ａ評価', '「金賞」受賞', 'Best bakery of the county 2023', 'Organic certified since 2019'],
  },
  {
    name: 'a section sub-line that ends in three very short sentences: those are claims; a longer sentence before them is not',
    pages: { '/': doc('en', '<h1>Acme Notes</h1><section><div class="section-header"><h2>Offline first</h2><p>Since version 3 every note is kept on your own machine. No account. Works offline. Yours to keep.</p></div></section><section><h2>Sync</h2><p>Notes sync across your devices. They stay encrypted on the way.</p></section>') },
    expect: ['No account.', 'Works offline.', 'Yours to keep.'],
  },
  {
    name: 'the same in English with an en dash ("– all this makes")',
    pages: { '/': doc('en', '<h1>Bakery</h1><p>Flour milled next door, loaves baked at dawn, prices that stay fair – all this makes us the village favourite.</p>') },
    expect: ['Flour milled next door', 'loaves baked at dawn', 'prices that stay fair'],
  },
  {
    name: "a maker's sentences on how its goods are made (by hand, organic, without additives); a long one cut after a clause; not a question or a customer's words",
    pages: {
      '/': doc('en', '<h1>Acme Dairy</h1><p>Our cheese is made by hand in small batches. Visit the farm shop on Saturdays.</p><p>Is every cheese handmade?</p><h2>Testimonials</h2><p>Lovely handmade cheese, we come back every week.</p>'),
      '/cheeses': doc('es', '<h1>Quesos</h1><p>Nuestros quesos son artesanales, maduran un año en la cueva, no llevan aditivos, y por eso cada pieza sabe distinto según la estación del año y el pasto que comieron las cabras durante toda la primavera en los prados altos de la sierra del norte.</p>'),
    },
    expect: ['Our cheese is made by hand in small batches.', 'Nuestros quesos son artesanales, maduran un año en la cueva, no llevan aditivos'],
  },
  {
    name: 'sentences that claim the business\'s standing: a pioneer of its trade, a figure of customers who trust it (not a heading over their logos)',
    pages: {
      '/': doc('en', '<h1>Acme Roofing</h1><p>Solar roofs for homes and barns.</p>'),
      '/corporate': doc('en', '<h1>For farms</h1><p>Barns have big roofs. More than 200 farms have trusted us with their barn roofs. Call us.</p><h2>Some farms that trust us</h2>'),
      '/partners': doc('en', '<h1>Partners</h1><p>We are one of the pioneers of solar roofing in Wales.</p>'),
    },
    expect: ['More than 200 farms have trusted us with their barn roofs.', 'We are one of the pioneers of solar roofing in Wales.'],
  },
  {
    name: 'a guarantee on the home page, in its participle ("lowest price guaranteed"); not one denied, nor the verb ("to ensure")',
    pages: {
      '/': doc('en', '<h1>Acme Tools</h1><p>Order from our own shop and pay the lowest price guaranteed.</p><p>Delivery dates are not guaranteed in winter.</p><p>We guarantee a sharp blade.</p>'),
    },
    expect: ['Order from our own shop and pay the lowest price guaranteed.'],
  },
  {
    name: 'a list of how near places are on foot or by car (two lines or more); a spec sheet\'s sizes are not',
    pages: {
      '/': doc(
        'de',
        '<section class="hero"><h1>Pension Acme</h1><p>Zimmer in der Stadt.</p></section><section><h2>Lage</h2><p><strong>Entfernungen:</strong></p><ul><li>🚉 Bahnhof: nur 300 m (4 Minuten zu Fuß)</li><li>Altstadt: 10 Minuten mit dem Auto</li><li>Bäckerei gleich nebenan</li></ul></section>' +
          '<h2>Technik</h2><ul><li>Breite: 4 m</li><li>Höhe: 2 m</li></ul><ul><li>Museum: 5 Minuten zu Fuß</li></ul>',
      ),
    },
    expect: ['Bahnhof: nur 300 m (4 Minuten zu Fuß)', 'Altstadt: 10 Minuten mit dem Auto'],
  },
];
for (const s of usps) {
  test(`usps: ${s.name}`, async () => {
    assert.deepEqual(await valueOf('usps', s.pages), s.expect);
  });
}

const pricing: Array<{ name: string; text: string; model: string | null }> = [
  { name: 'Russian monthly price', text: '<h2>Тарифы</h2><p>Бизнес — 990 ₽ в месяц</p>', model: 'subscription' },
  { name: 'Japanese monthly price in yen', text: '<h2>料金プラン</h2><p>月額980円</p>', model: 'subscription' },
  { name: 'Japanese free plan beside a paid one', text: '<h2>料金</h2><p>フリー 無料</p><p>プロ 月額1,200円</p>', model: 'freemium' },
  { name: 'Italian pay-once licence that says "no subscription"', text: '<h2>Prezzo</h2><p>€49,90 una volta, licenza una tantum, nessun abbonamento</p>', model: 'one-time' },
  { name: 'a product price with free shipping is not freemium', text: '<h2>Preise</h2><p>Honig 500 g 8,90 €</p><p>Kostenloser Versand ab 30 €</p>', model: 'one-time' },
  { name: 'a free trial is not a free plan', text: '<h2>Pricing</h2><p>Start your free trial</p><p>Pro $9 per month</p>', model: 'subscription' },
  { name: 'free updates beside a pay-once licence are not a free plan', text: '<h2>料金</h2><p>無料アップデート (v2.x)</p><p>フルバージョン — 買い切り 4,800円</p>', model: 'one-time' },
  { name: 'free registration is not a free plan', text: '<h2>Prices</h2><p>Registration is free.</p><p>Cabbage 100 JPY</p>', model: 'one-time' },
  { name: '"free for open-source projects" beside prices is a free tier', text: '<h2>Pricing</h2><p>Free for open source projects</p><p>Private repositories $10 per month</p>', model: 'freemium' },
];
for (const s of pricing) {
  test(`pricing_model: ${s.name} → ${s.model}`, async () => {
    assert.equal(await valueOf('pricing_model', { '/': doc('xx', '<h1>Product</h1>'), '/pricing': doc('xx', s.text) }), s.model);
  });
}

test('pricing_model: an open-source project without a pricing page states its licence', async () => {
  assert.equal(await valueOf('pricing_model', { '/': doc('en', '<h1>Mosh</h1><p>Mosh is free software, available for GNU/Linux, BSD and macOS.</p>') }), 'open-source');
});

test('pricing_summary: without a pricing page, the sentence with an amount in the answer to an FAQ question about the price; no model from it', async () => {
  const pages = {
    '/': doc('pt', '<h1>Pulverização com drone</h1>'),
    '/faq': doc('pt', '<h1>Perguntas Frequentes</h1><h3>Quanto tempo leva?</h3><p>Cerca de 1 hora por 20 hectares, R$ 0 de deslocamento.</p><h3>Quanto custa o serviço?</h3><p>O valor varia conforme a área. Em média, o custo fica entre R$ 100 e R$ 120 por hectare. Peça um orçamento!</p>'),
  };
  assert.equal(await valueOf('pricing_summary', pages), 'Em média, o custo fica entre R$ 100 e R$ 120 por hectare.');
  assert.equal(await valueOf('pricing_model', pages), null);
});

test('pricing_summary: an FAQ answer about the price only in the page\'s JSON-LD, not shown, is not read', async () => {
  const ld = JSON.stringify({ '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Was kostet eine Website?', acceptedAnswer: { '@type': 'Answer', text: 'Websites gibt es ab CHF 2999 als Fixpreis.' } }] });
  const pages = { '/': `<!doctype html><html lang="de"><head><title>Web</title><script type="application/ld+json">${ld}</script></head><body><main><h1>Webdesign</h1><p>Fixpreis, keine versteckten Kosten.</p></main></body></html>` };
  assert.equal(await valueOf('pricing_summary', pages), null);
});

test('pricing_summary: a free product without a pricing page, its own short line saying so; not a long description, nor a paid service\'s free offer', async () => {
  const free = { '/': doc('ru', '<h1>Платформа</h1><p>Свободная платформа с открытым исходным кодом.</p><p>Бесплатно</p>') };
  assert.equal(await valueOf('pricing_summary', free), 'Бесплатно');
  const described = { '/': doc('en', '<h1>Player</h1><p>A free, open source, and cross-platform media player</p><p>Licensed under the GPL, it is free software.</p>') };
  assert.equal(await valueOf('pricing_summary', described), null);
  const service = { '/': doc('pt', '<h1>Drones</h1><h2>Preços</h2><p>Pulverização R$ 100 por hectare</p><p>Orçamento gratuito</p>') };
  assert.notEqual(await valueOf('pricing_summary', service), 'Orçamento gratuito');
});

// The section headings of the twenty languages sites are commonly written in, one a language.
const headings: Array<{ list: string; pattern: RegExp; yes: Record<string, string>; no: string[] }> = [
  {
    list: 'features',
    pattern: FEATURE_HEADINGS,
    yes: {
      en: 'Features', de: 'Funktionen', fr: 'Fonctionnalités', es: 'Características', pt: 'Funcionalidades', it: 'Caratteristiche',
      nl: 'Kenmerken', pl: 'Funkcje', cs: 'Funkce aplikace', sk: 'Funkcie', sv: 'Funktioner', da: 'Funktioner', nb: 'Våre tjenester',
      fi: 'Ominaisuudet', ru: 'Возможности', uk: 'Можливості', ja: '主な機能', ko: '주요 기능', zh: '产品功能', tr: 'Özellikler',
    },
    no: ['Über uns', 'Kontakt'],
  },
  {
    list: 'why us / advantages',
    pattern: USP_HEADINGS,
    yes: {
      en: 'Why choose us?', de: 'Ihre Vorteile', fr: 'Pourquoi nous choisir ?', es: 'Ventajas', pt: 'Por que escolher a gente?',
      it: 'I nostri punti di forza', nl: 'Waarom wij?', pl: 'Dlaczego my?', cs: 'Proč právě my', sk: 'Prečo my?', sv: 'Varför välja oss?',
      da: 'Fordele', nb: 'Hvorfor velge oss?', fi: 'Miksi valita meidät?', ru: 'Почему мы', uk: 'Чому обирають нас', ja: '選ばれる理由',
      ko: '우리의 차별점', zh: '为何选择我们', tr: 'Neden biz?',
    },
    // Finnish "edut" only as a word; a Turkish "Neden <name>?" stays unread (it introduced a story on a development site)
    no: ['Sedute di coaching', 'Neden Acme?'],
  },
  {
    list: 'how it works',
    pattern: STEP_HEADINGS,
    yes: {
      nl: 'Zo werkt het', pl: 'Jak to działa?', cs: 'Jak to funguje', sk: 'Ako to funguje', sv: 'Så fungerar det', da: 'Sådan fungerer det',
      nb: 'Slik fungerer det', fi: 'Näin se toimii', uk: 'Як це працює', ko: '이용 방법', zh: '使用流程', tr: 'Nasıl çalışır?',
    },
    no: ['Über uns'],
  },
  {
    list: 'not features',
    pattern: NOT_FEATURES,
    yes: {
      it: 'Recensioni', nl: 'Prijzen', pl: 'Cennik', cs: 'Ceník', sk: 'Cenník', sv: 'Priser', da: 'Nyheder', nb: 'Nyheter', fi: 'Hinnasto',
      uk: 'Відгуки', ko: '고객 후기', zh: '客户评价', tr: 'Müşteri yorumları',
    },
    // a customer-management feature is a feature, whatever the language
    no: ['Müşteri Yönetimi', 'Asiakashallinta', 'Spolupráce v týmu'],
  },
];
for (const h of headings) {
  for (const [lang, text] of Object.entries(h.yes)) test(`headings, ${h.list}: ${lang} "${text}"`, () => assert.match(text, h.pattern));
  for (const text of h.no) test(`headings, ${h.list}: not "${text}"`, () => assert.doesNotMatch(text, h.pattern));
}

test('features: a Turkish "Özellikler" section', async () => {
  const pages = { '/': doc('tr', '<h1>Salon yazılımı</h1><h2>Özellikler</h2><ul><li>Akıllı takvim</li><li>SMS hatırlatma</li><li>Gelir raporları</li></ul>') };
  assert.deepEqual(await valueOf('features', pages), ['Akıllı takvim', 'SMS hatırlatma', 'Gelir raporları']);
});

test('usps: a Polish "Dlaczego my?" section', async () => {
  const pages = { '/': doc('pl', '<h1>Biuro rachunkowe</h1><h2>Dlaczego my?</h2><ul><li>20 lat doświadczenia w księgowości</li><li>Stała opieka jednej księgowej</li><li>Odpowiedź w ciągu jednego dnia</li></ul>') };
  assert.deepEqual(await valueOf('usps', pages), ['20 lat doświadczenia w księgowości', 'Stała opieka jednej księgowej', 'Odpowiedź w ciągu jednego dnia']);
});
