import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';
import type { Extraction } from '../types.ts';

// Where a company is and how to write to it, in the forms real sites use; each verified against
// the page (the verifier, not the extractor, decides).
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body><main><h1>Shop</h1></main>${body}</body></html>`;

async function draft(html: string) {
  const pages = [pageFromHtml('https://shop.test/', html)];
  return verifyExtraction(await extractor.extract({ pages, categoryNames: [] }), pages);
}

const places: Array<{ name: string; html: string; country: string | null; city: string | null }> = [
  { name: 'a Japanese prefecture address', html: doc('ja', '<footer><p>佐藤農園</p><p>群馬県吾妻郡中之条町伊勢町15-6</p></footer>'), country: 'JP', city: '中之条町' },
  { name: 'a US address with state and ZIP, wherever it stands', html: doc('en', '<div><p>Acme, Inc.</p><p>3945 Freedom Circle, Suite 540</p><p>Santa Clara, CA 95054</p></div>'), country: 'US', city: 'Santa Clara' },
  { name: 'an address line ending in the country', html: doc('es', '<footer><p>RP14 152, Córdoba, Argentina</p></footer>'), country: 'AR', city: 'Córdoba' },
  { name: 'the Russian "г." before the city (no country named)', html: doc('ru', '<footer><p>г. Калининград, ул. Красная 115</p></footer>'), country: null, city: 'Калининград' },
  { name: 'an address under a "Contact" heading', html: doc('de', '<section><div><h2>Kontakt</h2></div><p>Maier GmbH</p><p>Schillerstr. 50, 89077 Ulm, Deutschland</p></section>'), country: 'DE', city: 'Ulm' },
  { name: 'a postcode and a town without a country: the city only', html: doc('fr', '<footer><address>12 rue de la Paix, 75002 Paris</address></footer>'), country: null, city: 'Paris' },
  { name: 'a German street and five-digit postcode ("Schillerstr. 50, 89077 Ulm"): Germany', html: doc('de', '<footer><address>Schillerstr. 50, 89077 Ulm</address></footer>'), country: 'DE', city: 'Ulm' },
  { name: 'a German imprint, one line per block ("Schillerstraße 50" / "89077 Ulm"): Germany', html: doc('de', '<footer><address>Maier GmbH<br>Schillerstraße 50<br>89077 Ulm</address></footer>'), country: 'DE', city: 'Ulm' },
  { name: 'a German street with a four-digit postcode (Austria, Switzerland) names no country', html: doc('de', '<footer><address>Staudachstraße 1, 4081 Hartkirchen</address></footer>'), country: null, city: 'Hartkirchen' },
  { name: 'a German street with a South Tyrol postcode (Italy) names no country', html: doc('de', '<footer><address>Bahnhofstraße 5, 39100 Bozen</address></footer>'), country: null, city: 'Bozen' },
  { name: 'a Brazilian "Cidade - UF, CEP" address: city and country', html: doc('pt', '<footer><ul><li>R. Panamá, 25 - Centro, Foz do Iguaçu - PR, 85851-000</li></ul></footer>'), country: 'BR', city: 'Foz do Iguaçu' },
  { name: 'a Brazilian "Cidade - UF" without its CEP, with a phone of that state: city and country', html: doc('pt', '<footer><h4>Contato</h4><p>Telefone: (79) 9999-0000</p><p>Aracaju - SE</p></footer>'), country: 'BR', city: 'Aracaju' },
  { name: 'a Brazilian "Cidade - UF" without its CEP, its phone of another state: the city only', html: doc('pt', '<footer><h4>Contato</h4><p>Telefone: (11) 9999-0000</p><p>Aracaju - SE</p></footer>'), country: null, city: 'Aracaju' },
  { name: 'a Russian address street first, city last ("ул. Красная 115, каб. 43 Калининград")', html: doc('ru', '<footer><h3>Адрес</h3><div class="addr"><p> ул.Красная 115, каб. 43 <span>Калининград</span> </p></div></footer>'), country: null, city: 'Калининград' },
  { name: 'a Russian street without a house number names no city', html: doc('ru', '<footer><h3>Адрес</h3><p>ул. Красная Площадь</p></footer>'), country: null, city: null },
  { name: 'a maker\'s "Fatto in Italia" when no address says more', html: doc('it', '<footer><p>Editor PDF locale per Windows e Linux. Fatto in Italia.</p></footer>'), country: 'IT', city: null },
  { name: 'an address wins over "Made in Germany"', html: doc('en', '<main><p>Our knives are made in Germany with care.</p></main><footer><p>Via Roma 1, Milano, Italy</p></footer>'), country: 'IT', city: 'Milano' },
  { name: '"made in small batches" names no country', html: doc('en', '<main><p>Soap made in small batches.</p></main>'), country: null, city: null },
  { name: 'a Polish "00-950 Warszawa" postcode: city and country', html: doc('pl', '<footer><address>ul. Długa 5, 00-950 Warszawa</address></footer>'), country: 'PL', city: 'Warszawa' },
  { name: 'a Polish town of several words ("05-140 Serock nad Narwią" keeps "nad")', html: doc('pl', '<footer><p>Kwiatowa 3, 05-140 Serock nad Narwią</p></footer>'), country: 'PL', city: 'Serock nad Narwią' },
  { name: 'a Portuguese "1000-001 Lisboa" postcode: city and country', html: doc('pt', '<footer><address>Rua Augusta 10, 1100-053 Lisboa</address></footer>'), country: 'PT', city: 'Lisboa' },
  { name: 'a Dutch "1012 AB Amsterdam" postcode: city and country', html: doc('nl', '<footer><address>Damrak 1, 1012 LG Amsterdam</address></footer>'), country: 'NL', city: 'Amsterdam' },
  { name: 'a Dutch postcode written without its space ("5611AZ Eindhoven")', html: doc('nl', '<footer><p>Stratumseind 2, 5611AZ Eindhoven</p></footer>'), country: 'NL', city: 'Eindhoven' },
  { name: 'a Belgian four-digit postcode on a Dutch page names no country', html: doc('nl', '<footer><address>Grote Markt 1, 1000 Brussel</address></footer>'), country: null, city: 'Brussel' },
  { name: 'the Dutch form on a page in another language: the town, no country', html: doc('de', '<footer><address>Damrak 1, 1012 LG Amsterdam</address></footer>'), country: null, city: 'Amsterdam' },
  { name: 'the Polish form after other digits (a phone number) is no postcode', html: doc('pl', '<footer><p>Tel. 22 12-345 Centrala</p></footer>'), country: null, city: null },
  { name: 'a labelled location "所在地： 東京、日本": city and country', html: doc('ja', '<main><div class="card"><h3>日本オフィス</h3><p><strong>所在地：</strong> 東京、日本</p></div></main>'), country: 'JP', city: '東京' },
  { name: 'a labelled location "Location: Lyon, France"', html: doc('en', '<main><p>Location: Lyon, France</p></main>'), country: 'FR', city: 'Lyon' },
  { name: 'a Finnish location label "Sijainti: Tampere, Suomi"', html: doc('fi', '<main><p>Sijainti: Tampere, Suomi</p></main>'), country: 'FI', city: 'Tampere' },
  { name: 'a Turkish address "postcode district / province": the province is the city (audit round three)', html: doc('tr', '<footer><address>İnönü Cad. İç Kapı No:9, 44100 Battalgazi / Malatya</address></footer>'), country: null, city: 'Malatya' },
  { name: 'a postcode and a town with no slash after it on a Turkish page: the town', html: doc('tr', '<footer><address>Atatürk Cad. No:5, 35220 Konak</address></footer>'), country: null, city: 'Konak' },
  { name: 'a Turkish location label "Konum: İzmir, Türkiye"', html: doc('tr', '<main><p>Konum: İzmir, Türkiye</p></main>'), country: 'TR', city: 'İzmir' },
  { name: 'a Swedish visiting-address label "Besöksadress: Uppsala, Sverige"', html: doc('sv', '<main><p>Besöksadress: Uppsala, Sverige</p></main>'), country: 'SE', city: 'Uppsala' },
  { name: 'a Chinese address label "地址：上海，中国"', html: doc('zh', '<main><p>地址：上海，中国</p></main>'), country: 'CN', city: '上海' },
  { name: 'a Ukrainian address label "Адреса: Львів, Україна"', html: doc('uk', '<main><p>Адреса: Львів, Україна</p></main>'), country: 'UA', city: 'Львів' },
  { name: 'a label that names no place ("Teslimat: Almanya, Avusturya") names no country', html: doc('tr', '<main><p>Teslimat: Almanya, Avusturya</p></main>'), country: null, city: null },
  { name: 'an unlabelled "We ship to Germany, Austria" names no place', html: doc('en', '<main><p>Shipping: Germany, Austria</p></main>'), country: null, city: null },
  { name: 'a prefecture named in a sentence is not an address of the company… unless written as one', html: doc('ja', '<main><p>東京や大阪のお客様にもお届けします。</p></main>'), country: null, city: null },
  { name: 'a Swedish "123 45 Stad" postcode on a Swedish page: the town, and Sweden', html: doc('sv', '<footer><p>Postadress: Exempel AB, Storgatan 5, 123 45 Vallby</p><p>Org.nr 556000-0000</p></footer>'), country: 'SE', city: 'Vallby' },
  { name: 'a "NNN NN" postcode with the country after the town', html: doc('sk', '<footer><address>Hlavná 12A, 811 01 Bratislava, Slovensko</address></footer>'), country: 'SK', city: 'Bratislava' },
  { name: 'a "NNN NN" postcode on a page in a language of none of its countries: the town only', html: doc('en', '<footer><address>Main Street 5, 123 45 Vallby</address></footer>'), country: null, city: 'Vallby' },
  { name: 'a country\'s name in the street before a "NNN NN" postcode is not the country', html: doc('sv', '<footer><address>Israel Perssons Väg 5, 123 45 Vallby</address></footer>'), country: 'SE', city: 'Vallby' },
  { name: 'a phone number\'s "755 50 10" is no postcode', html: doc('sv', '<footer><p>Ring 070 755 50 Ringvägen</p></footer>'), country: null, city: null },
  { name: 'the Swedish "Vi är baserade i Vallby"', html: doc('sv', '<main><p>Vi är baserade i Vallby och hjälper värdar i hela regionen.</p></main>'), country: null, city: 'Vallby' },
  { name: 'a British town before its postcode district: the town', html: doc('en', '<main><p>Fresh bread made to order, collection on Saturdays from Lisburn BT28.</p></main>'), country: null, city: 'Lisburn' },
  { name: 'a British town before its full postcode', html: doc('en', '<main><p>Visit the workshop at 4 Quay Road, Leith EH6 6QN.</p></main>'), country: null, city: 'Leith' },
  { name: 'a model\'s one-letter code ("Apple M2") is no postcode district', html: doc('en', '<main><p>Runs natively on Apple M2 and newer.</p></main>'), country: null, city: null },
];
for (const s of places) {
  test(`places: ${s.name}`, async () => {
    const d = await draft(s.html);
    assert.equal(d.fields.country.value, s.country, JSON.stringify(d.fields.country));
    assert.equal(d.fields.city.value, s.city, JSON.stringify(d.fields.city));
  });
}

test('contact_email behind a mailto link is evidenced by that link; one the page does not link is refused', async () => {
  const html = doc('es', '<footer><a href="mailto:fincaelboleado@gmail.com"><i class="bi bi-envelope"></i></a></footer>');
  const d = await draft(html);
  assert.equal(d.fields.contact_email.value, 'fincaelboleado@gmail.com');
  assert.deepEqual(d.fields.contact_email.evidence, [{ url: 'https://shop.test/', quote: 'mailto:fincaelboleado@gmail.com' }]);
  const pages = [pageFromHtml('https://shop.test/', html)];
  const forged: Extraction = { fields: [{ field: 'contact_email', value: 'boss@shop.test', evidence: [{ url: 'https://shop.test/', quote: 'mailto:boss@shop.test' }] }], faqs: [], founders: [], socials: {} };
  assert.equal(verifyExtraction(forged, pages).fields.contact_email.state, 'not_found');
});

/** The extractor's country proposals, before the verifier: what it reads as the site's own. */
async function proposedCountries(html: string, url = 'https://shop.test/') {
  const pages = [pageFromHtml(url, html)];
  const x = await extractor.extract({ pages, categoryNames: [] });
  return x.fields.filter((f) => f.field === 'country').map((f) => ({ value: f.value, quote: f.evidence[0]?.quote }));
}

const phones: Array<{ name: string; html: string; country: string | null; quote?: string }> = [
  { name: 'a "tel:" link\'s international number', html: doc('cs', '<main><div class="item"><div class="label">TELEFON</div><div class="value"><a href="tel:+420705903725">+420 705 903 725</a></div></div></main>'), country: 'CZ', quote: '+420 705 903 725' },
  { name: 'a number alone under a phone heading in a contact block', html: doc('ru', '<div class="contact-grid"><h3>Телефон :</h3><p>+7(911)860-36-78</p></div>'), country: 'RU', quote: '+7(911)860-36-78' },
  { name: 'a labelled number in the footer', html: doc('pt', '<footer><p>Telefone: +351 912 345 678</p></footer>'), country: 'PT', quote: '+351 912 345 678' },
  { name: 'a Finnish "Puh." number', html: doc('fi', '<footer><p>Puh. +358 40 123 4567</p></footer>'), country: 'FI', quote: '+358 40 123 4567' },
  { name: 'a Danish "Tlf.:" number', html: doc('da', '<footer><p>Tlf.: +45 12 34 56 78</p></footer>'), country: 'DK', quote: '+45 12 34 56 78' },
  { name: 'a Turkish "GSM" number', html: doc('tr', '<footer><p>GSM: +90 532 123 45 67</p></footer>'), country: 'TR', quote: '+90 532 123 45 67' },
  { name: 'a Korean "전화" number', html: doc('ko', '<footer><p>전화: +82 2 1234 5678</p></footer>'), country: 'KR', quote: '+82 2 1234 5678' },
  { name: 'a number after a word that labels no phone ("Kampanya") is not the site\'s line', html: doc('tr', '<footer><p>Kampanya +49 89 1234567</p></footer>'), country: null },
  { name: 'a partner\'s number inside a sentence is not the site\'s', html: doc('en', '<footer><p>Our partner in Vienna answers on +43 660 677 9083 in German.</p></footer>'), country: null },
  { name: 'numbers of two countries name neither', html: doc('de', '<footer><p>Tel. +49 89 1234567</p><p>Tel. +43 1 234 5678</p></footer>'), country: null },
  { name: 'a +1 line beside a +44 one names no country (either may be the head office)', html: doc('en', '<footer><p>Tel. +1 (855) 474 8474</p><p>Tel. +44 20 7946 0000</p></footer>'), country: null },
  { name: 'a +1 number (the US, Canada, the Caribbean) names no country', html: doc('en', '<footer><a href="tel:+18554748474">+1 (855) 474 8474</a></footer>'), country: null },
  { name: 'a Brazilian "Cidade - UF" with a phone of that state\'s area code', html: doc('pt', '<footer><div class="footer-section"><h4>Contato</h4><p>Telefone: (79) 99873-7632</p><p>Aracaju - SE</p></div></footer>'), country: 'BR' },
  { name: 'a call link showing the national form ("93 90 04 07") that dials "tel:+4593900407"', html: doc('da', '<footer><p>Telefon: <a href="tel:+4593900407">93 90 04 07</a></p></footer>'), country: 'DK', quote: '93 90 04 07' },
  { name: 'a call link showing a trunk 0 ("01 23 45 67 89") behind "tel:+33123456789"', html: doc('fr', '<footer><a href="tel:+33123456789">01 23 45 67 89</a></footer>'), country: 'FR', quote: '01 23 45 67 89' },
  { name: 'a call link whose text is another number than it dials names nothing', html: doc('da', '<footer><a href="tel:+4593900407">70 20 30 40</a></footer>'), country: null },
  { name: 'a call link with a label for text ("Ring os") names nothing', html: doc('da', '<footer><a href="tel:+4593900407">Ring os</a></footer>'), country: null },
  { name: 'a call link in national form dialling +1 names no country', html: doc('en', '<footer><a href="tel:+18554748474">(855) 474 8474</a></footer>'), country: null },
  { name: 'a Brazilian "Cidade - UF" with another state\'s area code', html: doc('pt', '<footer><div class="footer-section"><h4>Contato</h4><p>Telefone: (11) 99873-7632</p><p>Aracaju - SE</p></div></footer>'), country: null },
];
for (const s of phones) {
  test(`places (proposed): ${s.name}`, async () => {
    const proposed = await proposedCountries(s.html);
    assert.equal(proposed[0]?.value ?? null, s.country, JSON.stringify(proposed));
    if (s.quote) assert.equal(proposed[0]?.quote, s.quote);
  });
}

test('places (proposed): an address naming its country comes before the phone number', async () => {
  const proposed = await proposedCountries(doc('de', '<footer><address>Bahnhofstraße 5, 8001 Zürich, Schweiz</address><p>Tel. +41 44 244 59 95</p></footer>'));
  assert.ok(proposed.length >= 2 && proposed.every((p) => p.value === 'CH'), JSON.stringify(proposed));
  assert.notEqual(proposed[0].quote, '+41 44 244 59 95');
  assert.equal(proposed.at(-1)?.quote, '+41 44 244 59 95');
});

test('country: a call link\'s national form is accepted by its dialled code, and only where the page links it so', async () => {
  const linked = doc('da', '<footer><p>Telefon: <a href="tel:+4593900407">93 90 04 07</a></p></footer>');
  assert.equal((await draft(linked)).fields.country.value, 'DK');
  // The same digits without the link: a national number alone names no country.
  const pages = [pageFromHtml('https://shop.test/', doc('da', '<footer><p>Telefon: 93 90 04 07</p></footer>'))];
  const forged: Extraction = { fields: [{ field: 'country', value: 'DK', evidence: [{ url: 'https://shop.test/', quote: '93 90 04 07' }] }], faqs: [], founders: [], socials: {} };
  assert.equal(verifyExtraction(forged, pages).fields.country.state, 'not_found');
});

test('a national postcode form names its country only on a page in that country\'s language', () => {
  const claim = (lang: string, country: string, quote: string) => {
    const pages = [pageFromHtml('https://shop.test/', doc(lang, `<footer><address>${quote}</address></footer>`))];
    const proposed: Extraction = { fields: [{ field: 'country', value: country, evidence: [{ url: 'https://shop.test/', quote }] }], faqs: [], founders: [], socials: {} };
    return verifyExtraction(proposed, pages).fields.country.state;
  };
  assert.equal(claim('pl', 'PL', 'ul. Długa 5, 00-950 Warszawa'), 'ai');
  assert.equal(claim('pt', 'PT', 'Rua Augusta 10, 1100-053 Lisboa'), 'ai');
  assert.equal(claim('nl', 'NL', 'Damrak 1, 1012 LG Amsterdam'), 'ai');
  // The same forms on a page in another language, or another country's code for them: refused.
  assert.equal(claim('de', 'PL', 'ul. Długa 5, 00-950 Warszawa'), 'not_found');
  assert.equal(claim('en', 'NL', 'Damrak 1, 1012 LG Amsterdam'), 'not_found');
  assert.equal(claim('pl', 'CZ', 'ul. Długa 5, 00-950 Warszawa'), 'not_found');
});
