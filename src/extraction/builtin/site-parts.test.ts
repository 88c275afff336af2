import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';
import type { DraftField } from '../types.ts';

// Parts of a page that are or are not the site's own statement: a shopping cart widget, a team
// card's bio, a logo in a box named so or on an imprint, a fediverse handle. Each on a loopback
// page of its own.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string, title = 'Product') => `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>${body}</body></html>`;

async function valueOf(field: DraftField, pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://site.test${path}`, html));
  return verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots).fields[field].value;
}

test('a shopping cart widget ("Ihr Warenkorb ist leer. Gesamt € 0,00") states no price', async () => {
  const prices = doc('de', '<main><h1>Preise</h1><p>Alle Preise inkl. MwSt.</p></main><div class="cart-overlay"><div class="cart-sidebar"><h2>Warenkorb</h2><ul><li>Ihr Warenkorb ist leer.</li></ul><div class="cart-total"><span>Gesamt</span> <span>€ 0,00</span></div></div></div>');
  assert.equal(await valueOf('pricing_summary', { '/': doc('de', '<main><h1>Honig</h1><p>Honig vom Imker.</p></main>'), '/preise': prices }), null);
  assert.equal(await valueOf('pricing_model', { '/': doc('de', '<main><h1>Honig</h1></main>'), '/preise': prices }), null);
});

test('a team card written in plain paragraphs (name, role, bio) is not the description', async () => {
  const about = doc('en', '<main><h1>Company</h1><div class="card"><p>Bruce Borden</p><p>Co-Founder – CEO</p><p>Co-founder of three startups with three successful exits, the most notable being a network company.</p></div></main>');
  const description = await valueOf('description', { '/': doc('en', '<main><h1>Sensors</h1></main>'), '/company': about });
  assert.ok(description === null || !String(description).includes('three startups'), String(description));
});

test('logo: the only image of a box named "logo"; on an imprint, an image whose alt names the site as its title does', async () => {
  assert.equal(await valueOf('logo_url', { '/': doc('en', '<div id="logo"><img src="img/tusk.svg" alt="Tusk icon"></div><main><h1>Tusk</h1></main>') }), 'https://site.test/img/tusk.svg');
  const home = doc('de', '<div id="site-header"></div><main><h1>Metallbau</h1></main>', 'Maier Metallbau GmbH | Schlosserei');
  const imprint = doc('de', '<main><h1>Impressum</h1><div class="impressum-logo"><img src="../assets/Maier-Logo-2.jpg" alt="Maier Metallbau Logo"></div><div class="partners"><img src="/p/acme-logo.png" alt="Acme logo"></div></main>');
  assert.equal(await valueOf('logo_url', { '/': home, '/pages/impressum.html': imprint }), 'https://site.test/assets/Maier-Logo-2.jpg');
  const partner = doc('de', '<main><h1>Partner</h1><img src="/p/acme-logo.png" alt="Acme logo"></main>');
  assert.equal(await valueOf('logo_url', { '/': home, '/partner': partner }), null, "another company's logo is not the site's");
});

test('a fediverse handle (@Tusk@mastodon.social) is not a contact address', async () => {
  const home = doc('en', '<main><h1>Tusk</h1><p>Follow @Tusk@mastodon.social for news.</p></main>');
  assert.equal(await valueOf('contact_email', { '/': home }), null);
  assert.equal(await valueOf('contact_email', { '/': home, '/privacy-policy/': doc('en', '<main><h1>Privacy</h1><p>Questions: contact@tusk.example</p></main>') }), 'contact@tusk.example');
});

test('tagline: a page without a main heading, its meta description when one short phrase; not when the page has an h1 or the description is several sentences', async () => {
  const head = (description: string) => `<!doctype html><html lang="fr"><head><title>Accueil | coop</title><meta name="description" content="${description}"></head>`;
  const bare = `${head('coop accompagne vos projets Web dans une démarche de qualité')}<body><nav><a href="/">accueil</a></nav><div class="main"><p>Nous sommes une coopérative.</p></div></body></html>`;
  assert.equal(await valueOf('tagline', { '/': bare }), 'coop accompagne vos projets Web dans une démarche de qualité');
  const headed = `${head('Vino orgánico elaborado de manera artesanal')}<body><main><h1>Finca</h1><p>Bienvenidos.</p></main></body></html>`;
  assert.equal(await valueOf('tagline', { '/': headed }), null);
  const long = `${head('Nous sommes une coopérative. Nous faisons des sites.')}<body><div><p>Bonjour.</p></div></body></html>`;
  assert.equal(await valueOf('tagline', { '/': long }), null);
});

test('tagline: a main heading "Name – phrase" gives the phrase; a Japanese heading without spaces is a phrase too', async () => {
  const named = `<!doctype html><html lang="de"><head><title>Beratung — Acmeo</title><meta property="og:site_name" content="Acmeo"></head><body><main><h1>Acmeo – KI-Lösungen &amp; digitale Transformation für KMU</h1><p>Wir beraten.</p></main></body></html>`;
  assert.equal(await valueOf('tagline', { '/': named }), 'KI-Lösungen & digitale Transformation für KMU');
  const ja = `<!doctype html><html lang="ja"><head><title>山田農園</title></head><body><main><h1>田んぼと畑：中之条</h1><p>お米を育てています。</p></main></body></html>`;
  assert.equal(await valueOf('tagline', { '/': ja }), '田んぼと畑：中之条');
});

test('a chat widget ("Kontaktieren Sie mich!", "Ihr Berater") is chrome, not features; "achat" (a purchase) is not a chat', async () => {
  const chat = '<div id="fchat" class="fchat"><div class="fchat-opts"><div class="fchat-opts-head"><b>Kontakt aufnehmen</b></div><div class="fchat-opt-label"><b>Kontaktieren Sie mich!</b><span>Wir melden uns bei Ihnen</span></div><div class="fchat-opt-label"><b>Ihr Berater</b><span>Jetzt anrufen</span></div><div class="fchat-opt-label"><b>E-Mail schreiben</b><span>info@acmeo.test</span></div></div></div>';
  const home = doc('de', `<main><h1>Acmeo</h1><p>Wir beraten KMU.</p></main>${chat}`);
  assert.equal(await valueOf('features', { '/': home }), null);
  const shop = doc('fr', '<main><h1>Miel</h1><section class="bloc-achat"><h2>Nos produits</h2><div class="grid"><div><h3>Miel de fleurs</h3><p>Récolté au printemps.</p></div><div><h3>Miel de forêt</h3><p>Récolté en été.</p></div><div><h3>Pollen</h3><p>Séché au soleil.</p></div></div></section></main>');
  assert.deepEqual(await valueOf('features', { '/': shop }), ['Miel de fleurs', 'Miel de forêt', 'Pollen']);
});

test('demo video: a background video (autoplay, muted, no controls) comes after a video with controls, and counts only when there is no other', async () => {
  const hero = '<video class="hero-video" autoplay muted playsinline><source src="/anim/hero.mp4#t=0.001" type="video/mp4"><source src="/anim/hero.webm" type="video/webm"></video>';
  const home = doc('de', `<main>${hero}<h1>Acmeo</h1><p>Wir beraten.</p></main>`);
  const explainer = doc('de', '<main><h1>Webdesign</h1><video controls preload="none" poster="/videos/explainer.webp"><source src="/videos/explainer.mp4" type="video/mp4"></video></main>');
  assert.equal(await valueOf('demo_video_url', { '/': home, '/webdesign': explainer }), 'https://site.test/videos/explainer.mp4');
  assert.equal(await valueOf('demo_video_url', { '/': home }), 'https://site.test/anim/hero.mp4#t=0.001', 'footage of the product, when it is all the site shows');
});

test('name: without a title, site name or header link, the copyright line names the site ("© 2015, Acme, Inc." → Acme); not a credit line', async () => {
  const page = (footer: string) => doc('en', `<div id="page"><p>Want to manage your soil?</p><p>Our sensors measure moisture and salinity in the field.</p><div class="footer-line"><p>${footer}</p></div></div>`, 'Home');
  assert.equal(await valueOf('name', { '/': page('© 2015, Soilsense, Inc.') }), 'Soilsense');
  assert.equal(await valueOf('name', { '/': page('Copyright © 2019–2024 Fieldnote GmbH. All rights reserved.') }), 'Fieldnote');
  assert.equal(await valueOf('name', { '/': page('© 2024 Designed by Studio Nine') }), null);
  assert.equal(await valueOf('name', { '/': page('© 2024 soilsense.example') }), null);
});

test('tagline, short description and categories from the sentence that says what the product is ("Soilsense is a hardware … solution")', async () => {
  const home = `<!doctype html><html lang="en"><head><title>Home</title></head><body><div id="page">
    <p>Sensors shipping in time for spring - read the press release here.</p>
    <p>The Solution: Soilsense</p>
    <p>Soilsense is a hardware and software field monitoring solution measuring 5 key parameters and delivering them to your phone. It installs in minutes.</p>
    <p>© 2015, Soilsense, Inc.</p></div></body></html>`;
  const snapshots = [pageFromHtml('https://site.test/', home)];
  const verified = verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: ['Hardware', 'Travel'], categoryKeywords: { Hardware: ['hardware'], Travel: ['travel'] } }), snapshots, { categoryNames: ['Hardware', 'Travel'], categoryKeywords: { Hardware: ['hardware'], Travel: ['travel'] } });
  assert.equal(verified.fields.tagline.value, 'Soilsense is a hardware and software field monitoring solution measuring 5 key parameters and delivering them to your phone.');
  assert.equal(verified.fields.short_description.value, 'Soilsense is a hardware and software field monitoring solution measuring 5 key parameters and delivering them to your phone. It installs in minutes.');
  assert.deepEqual(verified.fields.categories.value, ['Hardware']);
  // A paragraph that names the product without saying what it is defines nothing.
  const plain = home.replace('Soilsense is a hardware', 'Soilsense measures hardware');
  const other = [pageFromHtml('https://site.test/', plain)];
  const v2 = verifyExtraction(await extractor.extract({ pages: other, categoryNames: [] }), other);
  assert.notEqual(v2.fields.tagline.value, 'Soilsense measures hardware and software field monitoring solution measuring 5 key parameters and delivering them to your phone.');
});

test('description: without an about page or running text on the home page, the section where the site tells its story ("La historia"), on any page', async () => {
  const home = doc('es', '<header><h1>Finca Sol</h1></header><main><h2>Vinos</h2><ul><li>Malbec</li></ul></main>');
  const story = 'Finca Sol nace del deseo de una familia de crear un emprendimiento propio en el valle. En 2017 plantaron las primeras vides.';
  const winery = doc('es', `<main><section><h2 class="titulo">LA HISTORIA</h2><p class="parrafo">${story}</p></section><section><h2>Visitas</h2><p>Las visitas guiadas se reservan por teléfono con una semana de antelación.</p></section></main>`);
  assert.equal(await valueOf('description', { '/': home, '/pages/bodega.html': winery }), story);
  // A page without a story heading describes nothing by itself.
  const visits = doc('es', '<main><h2>Visitas</h2><p>Las visitas guiadas se reservan por teléfono con una semana de antelación.</p></main>');
  assert.equal(await valueOf('description', { '/': home, '/pages/visitas.html': visits }), null);
});

test('a page whose content box holds its main heading and sub-headings: its paragraphs are running text, not cards', async () => {
  const about = doc('en', '<div class="content"><div class="container"><h1>About Acme</h1><h3>What is Acme?</h3><p>Acme keeps a list of the birds seen in your garden. You note a sighting with one tap.</p><h3>Why we built it</h3><p>Counting birds should be a pleasure, not paperwork, for every family that feeds them.</p></div></div>');
  const description = await valueOf('description', { '/': doc('en', '<main><h1>Acme</h1></main>'), '/about': about });
  assert.ok(String(description).startsWith('Acme keeps a list of the birds'), String(description));
});

test('a landing page whose only running text is its hero: the sentences under the main heading are the description', async () => {
  const home = doc('ru', '<nav><a href="/">Акме</a><ul><li><a href="/features">Возможности</a></li></ul></nav><header id="home"><h1>Расписание для школы</h1><p>Составляйте расписание занятий за минуты. Работает в любом браузере.</p><nav class="cta"><a href="/try">Попробовать</a></nav></header><ul class="cards"><li><h4>Просто</h4><p>Всё в одном окне.</p></li></ul>');
  assert.equal(await valueOf('description', { '/': home }), 'Составляйте расписание занятий за минуты. Работает в любом браузере.');
  const tagline = doc('en', '<header><h1>Acme</h1><p>Notes for teams</p><nav><a href="/a">About</a></nav></header>');
  assert.equal(await valueOf('description', { '/': tagline }), null, 'a hero line that is not written in sentences says too little');
});

test('a section marked "menu" that holds a heading is a restaurant\'s menu, content; a box or an untitled section marked so is navigation', async () => {
  const cards = (names: string[]) => `<div class="grid">${names.map((n) => `<div><h3>${n}</h3><p>Pomodoro, mozzarella e basilico fresco.</p></div>`).join('')}</div>`;
  const page = (part: string) => ({ '/': doc('it', `<main><h1>Pizzeria</h1><p>Dal 1990.</p>${part}</main>`) });
  assert.deepEqual(await valueOf('features', page(`<section class="menu-section"><h2>Le pizze</h2>${cards(['Margherita classica', 'Quattro stagioni', 'Calzone al forno'])}</section>`)), [
    'Margherita classica',
    'Quattro stagioni',
    'Calzone al forno',
  ]);
  assert.equal(await valueOf('features', page(`<div class="mega-menu">${cards(['Chi siamo oggi', 'Dove trovarci', 'Orari di apertura'])}</div>`)), null);
  const untitled = `<section class="menu-drawer"><div class="grid">${['Home page', 'Contatti utili', 'Prenotazioni'].map((n) => `<div><b>${n}</b> vai alla pagina</div>`).join('')}</div></section>`;
  assert.equal(await valueOf('features', page(untitled)), null);
});
