import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';

// Founders the way team, about and imprint pages name them, each shape on a loopback page of its
// own: the verified name and title, or none where no one is named as founder or head.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>Company</title></head><body><main>${body}</main></body></html>`;

async function founders(pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://company.test${path}`, html));
  return verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots).founders.map((f) => [f.name, f.title, f.bio]);
}

const cases: Array<{ name: string; pages: Record<string, string>; expect: Array<Array<string | null>> }> = [
  {
    name: 'social posts shown as a product\'s example output ("Founder · 5u · 🌐") are not the team (audit round three)',
    pages: {
      '/': doc(
        'nl',
        '<h1>PostPilot</h1><p>Schrijft je LinkedIn-posts.</p><section><h2>Voorbeelden</h2><article><div class="author"><div class="n">Ruben Bakker</div><div class="r">Founder · 5u · 🌐</div></div><p>Onpopulaire mening: de meeste LinkedIn-tips werken niet.</p></article>' +
          '<article><div class="author"><div class="n">Christiaan van Dijk</div><div class="r">Co-founder · 1d · 🌐</div></div><p>Drie lessen uit ons eerste jaar.</p></article></section>',
      ),
    },
    expect: [],
  },
  {
    name: 'a team card whose role line has separators but no post age is still the team',
    pages: { '/team': doc('en', '<h1>Team</h1><div><p>Ruben Bakker</p><p>Founder · CEO</p></div>') },
    expect: [['Ruben Bakker', 'Founder · CEO', null]],
  },
  {
    name: '"Sono Julia Lattanzi, fondatrice di …": "I am" is no part of the name, and "Julia" introducing herself is the same person',
    pages: {
      '/chi-sono': doc('it', '<h1>Chi sono</h1><p>Sono Julia Lattanzi, fondatrice di Company.</p><p>Sono Julia, consulente specializzata in Google Ads con oltre 10 anni di esperienza.</p>'),
    },
    expect: [['Julia Lattanzi', 'fondatrice di Company', null]],
  },
  {
    name: 'a plain name line over its role line, then the bio (no headings); a VP is not a founder',
    pages: {
      '/': doc('en', '<h1>Soil sensors</h1>'),
      '/company': doc(
        'en',
        '<h1>Executive Team</h1><div class="person"><p>Bruce Borden</p><p>Co-Founder – CEO</p><p>&nbsp;</p><p>Co-founder of 3 startups with 3 successful exits, the most notable being a network company.</p></div>' +
          '<div class="person"><p>Brian Mellea</p><p>VP Marketing</p><p>Two successful exits and executive roles at two computer makers.</p></div>',
      ),
    },
    expect: [['Bruce Borden', 'Co-Founder – CEO', 'Co-founder of 3 startups with 3 successful exits, the most notable being a network company.']],
  },
  {
    name: 'an imprint\'s "Vertreten durch" heading over the name',
    pages: {
      '/': doc('de', '<h1>Metallbau</h1>'),
      '/impressum': doc('de', '<h1>Impressum</h1><p>Maier Metallbau GmbH<br>Schillerstraße 50<br>89077 Ulm</p><h3>Vertreten durch</h3><p>Stefan Maier</p><h3>Registereintrag</h3><p>HRB 1083</p>'),
    },
    expect: [['Stefan Maier', 'Vertreten durch', null]],
  },
  {
    name: 'an imprint heading that labels the person named, with the role, in the line below: the label is no name, the person is',
    pages: {
      '/': doc('de', '<h1>Gebäudereinigung</h1>'),
      '/impressum': doc('de', '<h1>Impressum</h1><div><h2>Anschrift</h2><p>Acme Reinigung UG<br>Hauptstraße 1<br>50667 Köln</p><h2>Vertretungsberechtigte Person</h2><p>Fynn Laubkermeier (Geschäftsführer)</p><h2>Registereintrag</h2><p>HRB 1</p></div>'),
    },
    expect: [['Fynn Laubkermeier', 'Geschäftsführer', null]],
  },
  {
    name: 'a review card with rating stars signed by the head of another business: no founder; the team card beside it is one',
    pages: {
      '/': doc(
        'da',
        '<h1>Webbureau</h1><section><h2>Resultater der taler for sig selv</h2><div class="card"><p>Vi så en stigning i konverteringsraten.</p>' +
          '<div class="author"><div>MK</div><div><div>Mikkel Kastrup</div><div>CEO, Brotego</div></div><div>★★★★★</div></div></div></section>' +
          '<section><h2>Anmeldelser</h2><div class="review"><h3>Sara Holm</h3><p>Founder, DentaAid</p><p>★★★★★</p></div></section>' +
          '<section><h2>Holdet</h2><div class="person"><div>Anna Berg</div><div>Stifter</div></div></section>',
      ),
    },
    expect: [['Anna Berg', 'Stifter', null]],
  },
  {
    name: 'a Japanese representative: 代表, a space or a colon, a name in kanji; 代表作品 is no name',
    pages: {
      '/': doc('ja', '<h1>佐藤農園</h1><p>代表作品集はこちら。</p><div class="profile"><p>代表 佐藤節雄（さとうせつお）</p><p>群馬県で米を育てています。</p></div>'),
      '/company': doc('ja', '<h1>会社概要</h1><p>代表取締役：山田 太郎</p>'),
    },
    // The about page ("/company") is read before the home page.
    expect: [
      ['山田 太郎', '代表取締役', null],
      ['佐藤節雄', '代表', null],
    ],
  },
  {
    name: 'the head of the business in a French legal notice ("Jalal El-Fedyly - Chef d\'entreprise")',
    pages: { '/': doc('fr', '<h1>Sites d’écoles</h1>'), '/mentions-legales.html': doc('fr', "<h1>Mentions légales</h1><p>Responsable de la publication : Jalal El-Fedyly - Chef d'entreprise</p>") },
    expect: [['Jalal El-Fedyly', "Chef d'entreprise", null]],
  },
  {
    name: 'the author of an open-source project ("written by"), but not a footer\'s site credit',
    pages: {
      '/': doc('en', '<h1>Mosh</h1><p>Mosh was written by Keith Winstein, along with Anders Kaseorg and Quentin Smith.</p>'),
      '/about': '<!doctype html><html lang="en"><body><main><h1>About</h1><p>A mobile shell.</p></main><footer><p>Website created by Jane Doe Design</p></footer></body></html>',
    },
    expect: [['Keith Winstein', null, null]],
  },
  {
    name: 'a Russian founder: "Иван Петров, основатель"',
    pages: { '/': doc('ru', '<h1>Школа</h1>'), '/o-nas': doc('ru', '<h1>О нас</h1><p>Иван Петров, основатель школы, преподаёт с 2010 года.</p>') },
    expect: [['Иван Петров', 'основатель школы', null]],
  },
  {
    name: 'an about page\'s JSON-LD description with the verb last ("von … gegründet", "door … opgericht"); a review\'s is not read',
    pages: {
      '/': doc('de', '<h1>Beratung</h1>'),
      '/ueber-uns':
        '<!doctype html><html lang="de"><head><title>Über uns</title><script type="application/ld+json">' +
        JSON.stringify([
          { '@context': 'https://schema.org', '@type': 'AboutPage', description: 'Beispiel GmbH wurde von Anna Berger, Paul Kern und Lea Roth gegründet. Sie berät Firmen.' },
          { '@context': 'https://schema.org', '@type': 'Review', description: 'Die Firma wurde von Max Muster gegründet, sagt man.' },
        ]) +
        '</script></head><body><main><h1>Über uns</h1><p>Wir beraten Firmen.</p></main></body></html>',
      '/over-ons': doc('nl', '<h1>Over ons</h1><p>Het bureau werd in 2012 door Jan de Vries opgericht.</p><p>Wij zijn von Anfang an dabei.</p>'),
    },
    expect: [
      ['Anna Berger', null, null],
      ['Paul Kern', null, null],
      ['Lea Roth', null, null],
      ['Jan de Vries', null, null],
    ],
  },
  {
    name: 'the owner introducing themselves on an "About me" page ("Ich heiße …"), not a customer doing so in a quote, nor on other pages',
    pages: {
      '/': doc('en', '<h1>Honey</h1><p>My name is Carl Smith and I love this honey.</p>'),
      '/ueber-uns': doc(
        'de',
        '<h1>Über mich</h1><p><strong>Ich heiße Bernd Bauer</strong> und habe die Imkerei von meinem Vater übernommen.</p><blockquote><p>Mein Name ist Anna Kunde, der Honig ist köstlich.</p></blockquote>',
      ),
      '/o-mnie': doc('pl', '<h1>O mnie</h1><p>Nazywam się Jan Kowalski i prowadzę pasiekę od 2010 roku.</p>'),
    },
    expect: [
      ['Bernd Bauer', null, null],
      ['Jan Kowalski', null, null],
    ],
  },
  {
    name: 'a team card whose line goes on after the role ("Директор нашего …. Более 10 лет …"); a teacher, or the director of another school, is no head',
    pages: {
      '/': doc('ru', '<h1>Курсы английского</h1>'),
      '/prepodavateli': doc(
        'ru',
        '<h1>Преподаватели</h1><div class="card"><h3>Анна Сергеевна Белова</h3><p>Директор нашего языкового центра "Лингва". Более 10 лет опыта преподавания и переводов, стажировки в Лондоне и Дублине.</p></div>' +
          '<div class="card"><h3>Ольга Петровна Смирнова</h3><p>Преподаватель английского языка. Выпускница факультета иностранных языков, опыт работы в школе более 8 лет.</p></div>' +
          '<div class="card"><h3>Игорь Николаевич Волков</h3><p>Директор школы № 5 до 2015 года. Теперь преподаёт у нас разговорный английский для взрослых и подростков.</p></div>',
      ),
    },
    expect: [['Анна Сергеевна Белова', 'Директор нашего языкового центра "Лингва"', null]],
  },
  {
    name: 'the owner an imprint names ("Inhaber: …", "Majitel: …"); the company line above is not the owner',
    pages: {
      '/': doc('de', '<h1>Bäckerei</h1>'),
      '/impressum': doc('de', '<h1>Impressum</h1><p>Bäckerei Korn</p><p>Inhaber: Karl Korn</p><p>Rechteinhaber der Fotos: Foto Studio</p>'),
      '/o-nas': doc('cs', '<h1>O nás</h1><p>Majitel: Petr Novák</p>'),
    },
    // The about page ("/o-nas") is read before the imprint.
    expect: [
      ['Petr Novák', 'Majitel', null],
      ['Karl Korn', 'Inhaber', null],
    ],
  },
  {
    name: 'the owner in French, Spanish and Portuguese ("Propriétaire : …", "…, propietaria", "Proprietário: …")',
    pages: {
      '/': doc('fr', '<h1>Gîte</h1>'),
      '/mentions-legales': doc('fr', '<h1>Mentions légales</h1><p>Propriétaire : Claire Vidal</p>'),
      '/sobre': doc('es', '<h1>Sobre nosotros</h1><p>Sofía Ruiz, propietaria, atiende la tienda desde 2012.</p>'),
      '/empresa': doc('pt', '<h1>A empresa</h1><p>Proprietário: João Costa</p>'),
    },
    // The about pages ("/sobre", "/empresa") are read before the legal page.
    expect: [
      ['Sofía Ruiz', 'propietaria', null],
      ['João Costa', 'Proprietário', null],
      ['Claire Vidal', 'Propriétaire', null],
    ],
  },
  {
    name: 'a text in which someone says "I founded …", signed with their name (titles and an initial); not a founding story followed by a list of people',
    pages: {
      '/': doc('cs', '<h1>Dílna</h1>'),
      '/o-nas': doc(
        'cs',
        '<h1>Profil</h1><div class="letter"><p>Dobrý den, dílnu jsem založil v Brně proto, abych opravoval staré stroje.</p><ul><li>Opravy strojů.</li><li>Výroba dílů.</li></ul><h3>Proč se mnou?</h3><p>Jednáte přímo se mnou.</p><p><em>Ing. Karel J. Dvořák</em></p></div>',
      ),
      '/about': doc('en', '<h1>About</h1><div><p>I founded the bakery in 2010 to bake bread the old way.</p><p>Our team:</p><p>Jane Doe</p></div>'),
      '/story': doc('en', '<h1>Story</h1><div><p>The bakery bakes bread the old way.</p><p>We love what we do.</p><p>John Roe</p></div>'),
    },
    expect: [['Karel J. Dvořák', null, null]],
  },
  {
    name: 'a first-person story that says where the idea of founding the business came from, signed with a given name (on its own <br> line, or below)',
    pages: {
      '/': doc('fi', '<h1>Kotiapu</h1>'),
      '/companyn-tarina': doc(
        'fi',
        '<h1>Companyn tarina</h1><p>Olen koko ikäni halunnut auttaa ihmisiä. Minulla on pikkusisko, jota hoidin kolme vuotta. Tästä lähtikin idea Companyn perustamiselle.<br><br>Haluan olla ystävä, joka välittää aidosti.❤️<br><br>Valma<br></p>',
      ),
      '/about': doc('en', '<h1>About</h1><div><p>My grandmother baked every Sunday. That is where my idea to start Company came from.</p><p>Mia</p></div>'),
    },
    expect: [
      ['Valma', null, null],
      ['Mia', null, null],
    ],
  },
  {
    name: 'not a founding idea: a director\'s letter "since the founding", a story in the third person, an idea for another business, a sign-off word',
    pages: {
      '/': doc('en', '<h1>Bakery</h1>'),
      '/about': doc(
        'en',
        '<h1>About</h1><div><p>Since the founding of Company in 1990 I have led it through good years and bad.</p><p>Bob Smith</p></div>' +
          '<div><p>The idea to start Company came from a customer. Company grew from there.</p><p>Anna</p></div>' +
          '<div><p>I had the idea to start a bakery of my own one day.</p><p>Lena</p></div>' +
          '<div><p>That is where my idea to start Company came from.</p><p>Thanks</p></div>',
      ),
    },
    expect: [],
  },
];

for (const c of cases) {
  test(`founders: ${c.name}`, async () => {
    assert.deepEqual(await founders(c.pages), c.expect);
  });
}

test('founders: a story signed with the business\'s own name is signed by the business, not a person (the same story signed "Mia" is hers)', async () => {
  const story = (signature: string) => `<!doctype html><html lang="en"><head><title>Valmo</title></head><body><main><h1>Our story</h1><div><p>I baked for my sister. That is where my idea to start Valmo came from.</p><p>${signature}</p></div></main></body></html>`;
  const drafted = async (signature: string) => {
    const pages = [pageFromHtml('https://valmo.test/', doc('en', '<h1>Bakery</h1>')), pageFromHtml('https://valmo.test/our-story', story(signature))];
    return verifyExtraction(await extractor.extract({ pages, categoryNames: [] }), pages).founders.map((f) => f.name);
  };
  assert.deepEqual(await drafted('Valmo'), []);
  assert.deepEqual(await drafted('Mia'), ['Mia']);
});
