import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './builtin/index.ts';
import { verifyExtraction } from './verify.ts';
import { pageFromHtml } from './page-fixture.ts';
import { countryPhrases } from './country-phrases.ts';
import { normalizeForMatch } from './quote-match.ts';
import type { Extraction } from './types.ts';

// "In <country>" in a page's own grammar, as the last reading of a country: on small pages of
// their own, each drafted and then verified against the page.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>Firma</title></head><body><main><h1>Firma</h1>${body}</main></body></html>`;

async function draftCountry(html: string, more: Array<[string, string]> = []) {
  const pages = [pageFromHtml('https://firma.test/', html), ...more.map(([url, h]) => pageFromHtml(url, h))];
  return verifyExtraction(await extractor.extract({ pages, categoryNames: [] }), pages).fields.country;
}

const said: Array<{ lang: string; text: string; country: string | null }> = [
  // Languages that do not inflect a name: the preposition and the CLDR name.
  { lang: 'en', text: 'We help small clinics across the Netherlands keep their books.', country: 'NL' },
  { lang: 'de', text: 'Wir bauen Treppen für Kunden in ganz Österreich.', country: 'AT' },
  { lang: 'de', text: 'Seit zehn Jahren beraten wir Familien in der Schweiz.', country: 'CH' },
  { lang: 'fr', text: 'Nous accompagnons les artisans en Belgique depuis 2015.', country: 'BE' },
  { lang: 'es', text: 'Reparamos persianas en toda España.', country: 'ES' },
  { lang: 'pt', text: 'Atendemos clínicas no Brasil inteiro.', country: 'BR' },
  { lang: 'pt', text: 'A primeira escola de surf em Portugal com aulas privadas.', country: 'PT' },
  { lang: 'it', text: 'Produciamo mobili su misura in tutta Italia.', country: 'IT' },
  { lang: 'nl', text: 'Wij helpen ondernemers in heel België.', country: 'BE' },
  { lang: 'sv', text: 'Vi hjälper föreningar i hela Sverige.', country: 'SE' },
  { lang: 'da', text: 'Vi arbejder for haveejere i Danmark.', country: 'DK' },
  { lang: 'nb', text: 'Vi hjelper bedrifter over hele Norge.', country: 'NO' },
  // Languages that inflect it: the locative written out.
  { lang: 'fi', text: 'Toimimme Virossa ja autamme yrittäjiä.', country: 'EE' },
  { lang: 'fi', text: 'Täällä Suomessa talvet ovat pitkiä.', country: 'FI' },
  { lang: 'pl', text: 'Projektujemy ogrody w Czechach od 2010 roku.', country: 'CZ' },
  { lang: 'pl', text: 'Działamy w całej Polsce.', country: 'PL' },
  { lang: 'cs', text: 'Pomáháme firmám na Slovensku.', country: 'SK' },
  { lang: 'sk', text: 'Pôsobíme v Česku aj inde.', country: 'CZ' },
  { lang: 'ru', text: 'Ремонт квартир в Казахстане.', country: 'KZ' },
  { lang: 'uk', text: 'Працюємо у Польщі для українців.', country: 'PL' },
  { lang: 'uk', text: 'Ми працюємо по всій Україні.', country: 'UA' },
  { lang: 'tr', text: "Almanya'daki kuaförler için randevu sistemi.", country: 'DE' },
  { lang: 'ja', text: '日本全国の農家に届けます。', country: 'JP' },
  { lang: 'ko', text: '한국에서 만든 앱입니다.', country: 'KR' },
  { lang: 'zh', text: '我们在台灣提供维修服务。', country: 'TW' },
  // Its own companies, by the narrow "<demonym> <company word>".
  { lang: 'pl', text: 'Jesteśmy polska firma rodzinna.', country: 'PL' },
  { lang: 'nl', text: 'Meer dan 300 Nederlandse bedrijven werken met ons.', country: 'NL' },
  // Negatives: a language is no country, nor a demonym without a company word.
  { lang: 'de', text: 'Die Anleitung gibt es auch auf Deutsch.', country: null },
  { lang: 'pl', text: 'Instrukcja po polsku i po czesku.', country: null },
  { lang: 'fr', text: 'Le site est disponible en français.', country: null },
  { lang: 'ja', text: '日本語で説明します。', country: null },
  { lang: 'ko', text: '한국어로 상담 가능합니다.', country: null },
  { lang: 'ru', text: 'Сайт на русском языке.', country: null },
  { lang: 'nl', text: 'Een Nederlandse receptuur met boter.', country: null },
  { lang: 'en', text: 'Our bakery offers Georgia peaches in season.', country: null },
  // A list, a price, delivery, a host's servers, a phone line: nothing.
  { lang: 'de', text: 'Wir arbeiten in Deutschland und in Österreich.', country: null },
  { lang: 'en', text: 'We work in Germany and Austria.', country: null },
  { lang: 'de', text: 'Kostenloser Versand in Deutschland.', country: null },
  { lang: 'en', text: 'Prices in Canada start at $20.', country: null },
  { lang: 'de', text: 'Ihre Eingaben werden auf Servern in den USA gespeichert.', country: null },
  { lang: 'ru', text: 'Доставка по России за 3 дня.', country: null },
  { lang: 'pl', text: 'Infolinia w Polsce: +48 22 123 45 67', country: null },
];
for (const s of said) {
  test(`country said "in" it (${s.lang}): ${s.text}`, async () => {
    const country = await draftCountry(doc(s.lang, `<p>${s.text}</p>`));
    assert.equal(country.value, s.country, JSON.stringify(country));
  });
}

test('country said "in" it: two countries on two pages of a site say nothing', async () => {
  const about = doc('fi', '<p>Aloitimme Ruotsissa.</p>').replace('<title>Firma</title>', '<title>Meistä</title>');
  const country = await draftCountry(doc('fi', '<p>Toimimme Suomessa.</p>'), [['https://firma.test/meista', about]]);
  assert.equal(country.value, null, JSON.stringify(country));
});

test('country said "in" it: a testimonial is a customer\'s word, not the site\'s', async () => {
  const html = doc('en', '<section class="testimonials"><h2>What our clients say</h2><blockquote><p>The best service in Ireland!</p></blockquote></section>');
  assert.equal((await draftCountry(html)).value, null);
});

test('country said "in" it: an address wins', async () => {
  const html = doc('de', '<p>Wir beraten Familien in der Schweiz.</p><footer><address>Schillerstr. 50, 89077 Ulm</address></footer>');
  assert.equal((await draftCountry(html)).value, 'DE');
});

test('countryPhrases: the forms of each language, and not another language\'s', () => {
  const codes = (text: string, lang: string) => countryPhrases(normalizeForMatch(text), [lang]).map((p) => p.code);
  assert.deepEqual(codes('Уборка квартир на Кипре', 'ru'), ['CY']);
  assert.deepEqual(codes('Asumme Suomessa', 'fi-FI'), ['FI']);
  assert.deepEqual(codes('Suomessakin', 'fi'), [], 'a word is read whole');
  assert.deepEqual(codes('Türkiye’deki mağazalarımız', 'tr'), ['TR'], 'a curly apostrophe');
  assert.deepEqual(codes('Vi jobber i Norge', 'no'), ['NO'], 'Norwegian tagged "no"');
  assert.deepEqual(codes('Toimimme Suomessa', 'de'), [], 'Finnish forms on a German page');
});

/** A proposal as a model might write it, for the verifier alone. */
function forged(value: string, quote: string): Extraction {
  return { fields: [{ field: 'country', value, evidence: [{ url: 'https://firma.test/', quote }] }], faqs: [], founders: [], socials: {} };
}

test('verifier: accepts the "in <country>" forms of the page\'s language and refuses a forged one', () => {
  const pages = [pageFromHtml('https://firma.test/', doc('ru', '<p>Уборка квартир на Кипре</p><p>Уборка в Казахстане</p>'))];
  assert.equal(verifyExtraction(forged('CY', 'Уборка квартир на Кипре'), pages).fields.country.value, 'CY');
  assert.equal(verifyExtraction(forged('KZ', 'Уборка в Казахстане'), pages).fields.country.value, 'KZ');
  assert.equal(verifyExtraction(forged('RU', 'Уборка квартир на Кипре'), pages).fields.country.state, 'not_found', 'another country');
  assert.equal(verifyExtraction(forged('CY', 'Уборка квартир на Кипрe'), pages).fields.country.state, 'not_found', 'a quote the page does not hold');
  const fi = [pageFromHtml('https://firma.test/', doc('fi', '<p>Yli 200 suomalaista yritystä käyttää palveluamme.</p><p>Palvelemme suomeksi.</p>'))];
  assert.equal(verifyExtraction(forged('FI', 'Yli 200 suomalaista yritystä käyttää palveluamme.'), fi).fields.country.value, 'FI');
  assert.equal(verifyExtraction(forged('FI', 'Palvelemme suomeksi.'), fi).fields.country.state, 'not_found', 'a language is no country');
});
