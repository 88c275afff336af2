import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';
import type { Extraction } from '../types.ts';

// Heads of small businesses as they are commonly written, each shape on a small loopback site of
// its own: a Nordic managing director's title, a sole trader's registered name, "X is the
// founder", and the person a one-person business is named after. And who is none of these.
const extractor = createBuiltinExtractor();
const page = (lang: string, title: string, body: string, head = '') =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

async function founders(host: string, pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://${host}${path}`, html));
  return verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots).founders.map((f) => [f.name, f.title]);
}

test('founder forms: a Swedish "VD" on a team card, a Finnish and a Slovak managing director; "Lausanne VD" on a French page is a canton', async () => {
  assert.deepEqual(
    await founders('stad.test', {
      '/': page('sv', 'Städ', '<main><h1>Städ i Uppsala</h1></main>'),
      '/om-oss': page(
        'sv',
        'Om oss',
        '<main><h1>Om oss</h1><div class="person"><h2>Anna Berg</h2><p>VD / Projektledare. Jag ser till att varje städning blir gjord i tid och enligt vår checklista.</p></div></main>',
      ),
      '/yritys': page('fi', 'Yritys', '<main><h1>Yritys</h1><p>Toimitusjohtaja: Mikko Virtanen</p></main>'),
      '/o-nas': page('sk', 'O nás', '<main><h1>O nás</h1><p>Konateľ: Ján Novák</p></main>'),
      '/equipe': page('fr', 'Équipe', '<main><h1>Équipe</h1><div class="person"><h3>Claire Martin</h3><p>Lausanne VD</p></div><dl><dt>VD</dt><dd>Paul Favre</dd></dl></main>'),
    }),
    // The about pages ("/om-oss", "/yritys", "/o-nas") are read in their order, before the team page.
    [
      ['Anna Berg', 'VD / Projektledare'],
      ['Mikko Virtanen', 'Toimitusjohtaja'],
      ['Ján Novák', 'Konateľ'],
    ],
  );
});

test('founder forms: an Italian sole trader names its owner after "di" in its JSON-LD legalName or on the legal line with its VAT number', async () => {
  const restaurant = { '@context': 'https://schema.org', '@type': 'Restaurant', name: 'Forno Nero', legalName: 'Forno Nero di Bianchi Marco' };
  assert.deepEqual(
    await founders('fornonero.test', {
      '/': page('it', 'Forno Nero — Pizzeria', '<main><h1>Pizzeria a Torino</h1></main>', jsonLd(restaurant)),
    }),
    [['Bianchi Marco', null]],
  );
  assert.deepEqual(
    await founders('lanterna.test', {
      '/': page(
        'it',
        'La Lanterna | Trattoria',
        '<main><h1>Trattoria</h1><p>La Lanterna di Giulia Neri è la nostra pasticceria di fiducia.</p></main>' +
          '<footer><div><span>© 2025 La Lanterna di Rossi Anna</span> <span>Privacy · P. IVA 01234567890</span></div></footer>',
      ),
    }),
    [['Rossi Anna', null]],
  );
  // "di" after the business's name in a paragraph, or a place in the name itself: no owner without a legal line.
  assert.deepEqual(
    await founders('bottegadisantalucia.test', {
      '/': page(
        'it',
        'Bottega di Santa Lucia',
        '<main><h1>Bottega di Santa Lucia</h1><p>Prodotti della Bottega di Santa Lucia di Monte Rosa.</p></main>' +
          '<footer><span>© 2025 Bottega di Santa Lucia · P. IVA 01234567890</span></footer>',
        jsonLd({ '@context': 'https://schema.org', '@type': 'Store', name: 'Bottega', legalName: 'Bottega di Santa Lucia S.r.l.' }),
      ),
    }),
    [],
  );
});

test('founder forms: "X is the founder" in several languages; not the founder\'s wife, nor the CEO of another company, nor "was founded"', async () => {
  assert.deepEqual(
    await founders('acme.test', {
      '/': page('en', 'Acme', '<main><h1>Acme</h1><p>Acme was founded in a garage.</p></main>'),
      '/about': page(
        'en',
        'About',
        '<main><h1>About</h1><p>Jane Doe is the founder of Acme and still answers every e-mail.</p><p>Mary Major is the wife of the founder and our best critic.</p>' +
          '<p>John Roe is the CEO of Foo Corp, our first customer.</p></main>',
      ),
      '/ueber-uns': page('de', 'Über uns', '<main><h1>Über uns</h1><p>Anna Berger ist Geschäftsführerin und gelernte Bäckerin.</p></main>'),
      '/over-ons': page('nl', 'Over ons', '<main><h1>Over ons</h1><p>Jan Smit is de oprichter van het bedrijf.</p></main>'),
    }),
    [
      ['Jane Doe', 'founder'],
      ['Anna Berger', 'Geschäftsführerin'],
      ['Jan Smit', 'oprichter'],
    ],
  );
});

test('founder forms: the person a one-person business is named after, whose sentence makes them its owner; not a customer, nor outside the about pages', async () => {
  assert.deepEqual(
    await founders('mayascakes.test', {
      '/': page('en', "Maya's Cakes and Bakes", '<main><h1>Cakes for every table</h1><p>Lena is a small business owner who orders our cupcakes every week.</p></main>'),
      '/our-story': page('en', 'Our story', '<main><h1>Meet Maya</h1><p>Maya is a home baker turned small business owner with a passion for good bread.</p></main>'),
      '/blog/visit': page('en', 'A visit', '<main><h1>A visit</h1><p>Maya is the owner of a lovely dog.</p></main>'),
    }),
    [['Maya', 'home baker turned small business owner']],
  );
  // The business is not named after her: the owner words say nothing.
  assert.deepEqual(
    await founders('sweetcrumbs.test', {
      '/': page('en', 'Sweet Crumbs', '<main><h1>Cakes</h1></main>'),
      '/our-story': page('en', 'Our story', '<main><h1>Our story</h1><p>Maya is a home baker turned small business owner.</p></main>'),
    }),
    [],
  );
});

test('founder forms: the verifier takes a one-word name only as the namesake with an owner role, and "di" only with a legal line', () => {
  const url = 'https://mayascakes.test/our-story';
  const pages = [
    pageFromHtml('https://mayascakes.test/', page('en', "Maya's Cakes", '<main><h1>Cakes</h1></main>')),
    pageFromHtml(url, page('en', 'Our story', '<main><p>Maya is a small business owner. Lena is a small business owner.</p><p>Maya is the daughter of the owner.</p><p>Maya Cakes di Paolo Verdi ci fornisce.</p></main>')),
  ];
  const proposal = (name: string, quote: string) => ({ name, title: null, bio: null, evidence: [{ url, quote }] });
  const extraction: Extraction = {
    fields: [{ field: 'name', value: "Maya's Cakes", evidence: [{ url: 'https://mayascakes.test/', quote: "Maya's Cakes" }] }],
    faqs: [],
    socials: {},
    founders: [
      proposal('Lena', 'Lena is a small business owner.'),
      proposal('Maya', 'Maya is the daughter of the owner.'),
      proposal('Paolo Verdi', 'Maya Cakes di Paolo Verdi ci fornisce.'),
      proposal('Maya', 'Maya is a small business owner.'),
    ],
  };
  assert.deepEqual(
    verifyExtraction(extraction, pages).founders.map((f) => f.name),
    ['Maya'],
  );
});

test('founder forms: a contact page\'s team card with the role over a linked name; a regional manager, a linked name in the menu and a customer card are none', async () => {
  assert.deepEqual(
    await founders('kotiapu.test', {
      '/': page('fi', 'Kotiapu', '<main><h1>Kotiapua Kuopiossa</h1></main>'),
      '/yhteystiedot': page(
        'fi',
        'Yhteystiedot | Kotiapu',
        '<nav><div><div>Toimitusjohtaja</div><a href="/tiimi">Liisa Laine</a></div></nav>' +
          '<main><h1>Yhteystiedot</h1><div class="team">' +
          '<div class="member"><div class="job">Aluepäällikkö, Pohjois-Karjala</div><a href="#" class="name">Mikko Korhonen</a><div class="job">040 123 4567</div></div>' +
          '<div class="member"><div class="job">Toimitusjohtaja</div><a href="#" class="name">Sanna Virtanen</a><div class="job">040 765 4321</div></div>' +
          '</div><div class="testimonial"><div>CEO, Esimerkki Oy</div><a href="#">Pekka Mäki</a></div></main>',
      ),
    }),
    [['Sanna Virtanen', 'Toimitusjohtaja']],
  );
});
