import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFromHtml } from '../page-fixture.ts';
import { verifyExtraction } from '../verify.ts';
import type { DraftField, Extraction } from '../types.ts';
import { beforeHost } from './location.ts';

// A legal notice names the web host and its address after "hosted by" and its translations: what
// follows places the host. Each line: [quote, what is left of it as the business's own words].
const cases: Array<[string, string]> = [
  ['This site is hosted by Example Cloud Inc., 1 Main St, Springfield, IL 62701, USA', 'This site is'],
  ['Acme Ltd, 5 High Street, Leeds LS1 4AP\nHosting provider: Example Cloud Inc., Springfield, USA', 'Acme Ltd, 5 High Street, Leeds LS1 4AP'],
  ['Hosting-Anbieter: Beispiel Online GmbH, Industriestr. 25, 91710 Gunzenhausen', ''],
  ['Acme GmbH, 10115 Berlin · Hosting: Beispiel AG, 91710 Gunzenhausen', 'Acme GmbH, 10115 Berlin ·'],
  ['Hébergeur : Exemple SAS, 59100 Roubaix', ''],
  ['Die Website wird gehostet bei Beispiel AG, 8000 Zürich, Schweiz', 'Die Website wird'],
  ['Hébergement\nLe site est hébergé par Exemple SAS, 2 rue Exemple, 59100 Roubaix, France', 'Hébergement\nLe site est'],
  ['El sitio está alojado por Ejemplo SL, Calle Mayor 1, 28001 Madrid, España', 'El sitio está'],
  ['O site é hospedado por Exemplo Ltda, São Paulo, Brasil', 'O site é'],
  ['Il sito è ospitato da Esempio Srl, Via Roma 1, 20100 Milano, Italia', 'Il sito è'],
  ['Deze website wordt gehost door Voorbeeld BV, 1012 AB Amsterdam, Nederland', 'Deze website wordt'],
  ['Strona jest hostowana przez Przykład Sp. z o.o., 00-950 Warszawa, Polska', 'Strona jest'],
  ['Poskytovatel hostingu: Příklad s.r.o., 110 00 Praha, Česko', ''],
  ['Webbplatsen hostas av Exempel AB, 111 22 Stockholm, Sverige', 'Webbplatsen'],
  ['Sivusto on hostattu palvelussa Esimerkki Oy, 00100 Helsinki, Suomi', 'Sivusto on'],
  ['Хостинг-провайдер: ООО Пример, г. Москва, Россия', ''],
  ['Site, Örnek A.Ş. tarafından barındırılmaktadır, İstanbul, Türkiye', 'Site, Örnek A.Ş.'],
  ['Hjemmesiden hostes af Eksempel ApS, 8000 Aarhus C, Danmark', 'Hjemmesiden'],
  ['Nettsiden hostes av Eksempel AS, 0150 Oslo, Norge', 'Nettsiden'],
  ['Poskytovateľ hostingu: Príklad s.r.o., 811 01 Bratislava, Slovensko', ''],
  ['Сайт розміщено на серверах ТОВ Приклад, м. Київ, Україна', 'Сайт'],
  ['ホスティング事業者：株式会社サンプル 東京都港区', ''],
  ['호스팅 제공: 예시 주식회사, 서울특별시', ''],
  ['本网站托管于示例公司，上海市', '本网站'],
  // No host named: the quote is whole.
  ['Acme GmbH, Hauptstraße 1, 10115 Berlin, Deutschland', 'Acme GmbH, Hauptstraße 1, 10115 Berlin, Deutschland'],
  ['We host events in Lisbon, Portugal', 'We host events in Lisbon, Portugal'],
  // A hosting company names itself so: only a label before its colon names the site's host.
  ['Acme is a web host based in Berlin, Germany', 'Acme is a web host based in Berlin, Germany'],
  ['Wir sind ein Webhoster aus 10115 Berlin', 'Wir sind ein Webhoster aus 10115 Berlin'],
  ['Hébergement : gîte de 4 chambres, 24000 Périgueux', 'Hébergement : gîte de 4 chambres, 24000 Périgueux'],
];

for (const [quote, kept] of cases) {
  test(`beforeHost: ${JSON.stringify(quote.slice(0, 50))}`, () => {
    assert.equal(beforeHost(quote), kept);
  });
}

const URL = 'https://acme.example/legal';
const legal = pageFromHtml(
  URL,
  `<html lang="fr"><body><h2>Éditeur</h2><p>Acme SAS<br>12 rue des Lilas<br>44000 Nantes, France</p>
   <h2>Hébergement</h2><p>Le site Acme est hébergé par :<br>Example Cloud Inc.<br>440 Main Ave, Springfield, IL 62701, USA</p></body></html>`,
);
const HOST_QUOTE = 'Le site Acme est hébergé par :\nExample Cloud Inc.\n440 Main Ave, Springfield, IL 62701, USA';
const proposal = (field: DraftField, value: string, quote: string): Extraction => ({ fields: [{ field, value, evidence: [{ url: URL, quote }] }], faqs: [], founders: [], socials: {} });
const verdict = (field: DraftField, value: string, quote: string) => verifyExtraction(proposal(field, value, quote), [legal]).fields[field];

test('the web host\'s address is not the business\'s country or city', () => {
  assert.ok(legal.text.includes(HOST_QUOTE), 'the quote is on the page');
  assert.equal(verdict('country', 'US', HOST_QUOTE).state, 'not_found');
  assert.equal(verdict('city', 'Springfield', HOST_QUOTE).state, 'not_found');
});

test('the publisher\'s own address above the host still places the business', () => {
  const own = 'Acme SAS\n12 rue des Lilas\n44000 Nantes, France';
  assert.ok(legal.text.includes(own), 'the quote is on the page');
  assert.equal(verdict('country', 'FR', own).value, 'FR');
  assert.equal(verdict('city', 'Nantes', own).value, 'Nantes');
});

test('an address on the line after "hosted by:" is the host\'s; after another line it is not', () => {
  const page = pageFromHtml(
    URL,
    `<html lang="en"><body><p>This website is hosted by:</p><p>Example Cloud Inc.<br>440 Main Ave, Springfield, IL 62701, USA</p>
     <p>Hosting is included in every plan.</p><p>Acme Inc.<br>12 Oak St, Portland, OR 97201, USA</p></body></html>`,
  );
  const check = (field: DraftField, value: string, quote: string) =>
    verifyExtraction({ fields: [{ field, value, evidence: [{ url: URL, quote }] }], faqs: [], founders: [], socials: {} }, [page]).fields[field];
  assert.equal(check('city', 'Springfield', 'Example Cloud Inc.\n440 Main Ave, Springfield, IL 62701, USA').state, 'not_found');
  assert.equal(check('country', 'US', 'Example Cloud Inc.\n440 Main Ave, Springfield, IL 62701, USA').state, 'not_found');
  assert.equal(check('city', 'Portland', 'Acme Inc.\n12 Oak St, Portland, OR 97201, USA').value, 'Portland');
});

test('an address under a heading "Hosting provider" is the host\'s', () => {
  const page = pageFromHtml(URL, `<html lang="en"><body><h2>Hosting provider</h2><p>Example Cloud Inc.<br>440 Main Ave, Springfield, IL 62701, USA</p></body></html>`);
  const r = verifyExtraction({ fields: [{ field: 'city', value: 'Springfield', evidence: [{ url: URL, quote: 'Example Cloud Inc.\n440 Main Ave, Springfield, IL 62701, USA' }] }], faqs: [], founders: [], socials: {} }, [page]);
  assert.equal(r.fields.city.state, 'not_found');
});
