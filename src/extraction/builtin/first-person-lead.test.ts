import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';
import type { Extraction } from '../types.ts';

// The owner who says in the first person, on a team or about page, that they run the business
// named as this site ("Mein Name ist … leite ich die Pension Sonnhof"), and the partner the same
// sentence names as running it with them. Each shape on a small loopback site of its own.
const extractor = createBuiltinExtractor();
const page = (lang: string, title: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;

async function founders(host: string, pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://${host}${path}`, html));
  return verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots).founders.map((f) => f.name);
}

test('first-person lead: the owner introduces themselves and says they run the business; the wife named in that sentence by her given name', async () => {
  const names = await founders('pension-sonnhof.test', {
    '/': page('de', 'Pension Sonnhof', '<h1>Urlaub am Berg</h1><p>Zimmer mit Frühstück.</p>'),
    '/team.html': page(
      'de',
      'Unser Team | Pension Sonnhof',
      '<h1>Team</h1><p>Mein Name ist Jonas Berger, ich bin in Graz aufgewachsen und koche seit zwanzig Jahren. Gemeinsam mit meiner Frau Mia leite ich die Pension Sonnhof und kümmere mich um die Küche. Wir freuen uns auf Sie.</p>' +
        '<p>Ich bin Eva und arbeite an der Rezeption.</p>',
    ),
  });
  assert.deepEqual(names, ['Jonas Berger', 'Mia']);
});

test('first-person lead: a partner named in full needs no introduced speaker; a given name alone does', async () => {
  assert.deepEqual(
    await founders('harbour-bikes.test', {
      '/': page('en', 'Harbour Bikes', '<h1>Bikes for rent</h1>'),
      '/about': page('en', 'About | Harbour Bikes', '<h1>About</h1><p>Together with my wife Anna Roe I run Harbour Bikes since 2015.</p>'),
    }),
    ['Anna Roe'],
  );
  assert.deepEqual(
    await founders('harbour-bikes.test', {
      '/': page('en', 'Harbour Bikes', '<h1>Bikes for rent</h1>'),
      '/about': page('en', 'About | Harbour Bikes', '<h1>About</h1><p>With my brother Max I run Harbour Bikes since 2015.</p>'),
    }),
    [],
  );
});

test('first-person lead: not a job at the business, not another business, not a customer on the home page', async () => {
  assert.deepEqual(
    await founders('harbour-bikes.test', {
      '/': page('en', 'Harbour Bikes', '<h1>Bikes for rent</h1><p>My name is Carl Smith and I run Harbour Bikes tours with my kids every summer.</p>'),
      '/team': page(
        'en',
        'Team | Harbour Bikes',
        '<h1>Team</h1><p>My name is Eva Lang and I lead the repair team at Harbour Bikes.</p><p>My name is Tom Hill and I run a bakery next door.</p>',
      ),
    }),
    [],
  );
});

test('first-person lead: the verifier wants the introduction and "I run" in one paragraph, and a given name alone after an introduction', () => {
  const html = page(
    'en',
    'Team | Harbour Bikes',
    '<h1>Team</h1><p>My name is Jane Doe and I grew up by the sea.</p><p>I run Harbour Bikes with my husband Leo.</p>' +
      '<p>My name is Ruth Kay, I grew up by the sea. Together with my husband Ben I run Harbour Bikes.</p>',
  );
  const pages = [pageFromHtml('https://harbour-bikes.test/', page('en', 'Harbour Bikes', '<h1>Bikes for rent</h1>')), pageFromHtml('https://harbour-bikes.test/team', html)];
  const url = 'https://harbour-bikes.test/team';
  const proposal = (name: string, quote: string) => ({ name, title: null, bio: null, evidence: [{ url, quote }] });
  const extraction: Extraction = {
    fields: [],
    faqs: [],
    socials: {},
    founders: [
      // Two paragraphs: two voices as far as the page tells.
      proposal('Jane Doe', 'My name is Jane Doe and I grew up by the sea. I run Harbour Bikes with my husband Leo.'),
      // A given name with no introduction in the quote.
      proposal('Leo', 'I run Harbour Bikes with my husband Leo.'),
      proposal('Ruth Kay', 'My name is Ruth Kay, I grew up by the sea. Together with my husband Ben I run Harbour Bikes.'),
      proposal('Ben', 'My name is Ruth Kay, I grew up by the sea. Together with my husband Ben I run Harbour Bikes.'),
    ],
  };
  assert.deepEqual(
    verifyExtraction(extraction, pages).founders.map((f) => f.name),
    ['Ruth Kay', 'Ben'],
  );
});

// The owner of a one-person business who introduces themselves by its trade ("Je suis Claire,
// apicultrice …") where the page's title or headings give the business that trade.
test('trade introduction: "I am <name>, <trade>" on the home or about page whose headings give that trade', async () => {
  assert.deepEqual(
    await founders('miel-du-causse.test', {
      '/': page(
        'fr',
        'Miel du Causse',
        '<h1>Bienvenue au Miel du Causse</h1><h2>Apicultrice dans l’Aveyron</h2><p>Je suis Claire, apicultrice dans l’Aveyron. Mes ruches sont installées sur le causse depuis 2019.</p>',
      ),
    }),
    ['Claire'],
  );
  assert.deepEqual(
    await founders('reed-pottery.test', {
      '/': page('en', 'Reed Pottery | Potter in Devon', '<h1>Handmade stoneware</h1>'),
      '/about': page('en', 'About | Reed Pottery, potter in Devon', '<h1>About</h1><p>Hello, I’m Tom Reed, a potter working from a small barn near Exeter.</p>'),
    }),
    ['Tom Reed'],
  );
  assert.deepEqual(
    await founders('weingut-berger.test', {
      '/': page('de', 'Weingut Berger', '<h1>Weingut Berger</h1><h2>Winzerin an der Mosel</h2><p>Ich bin Lena Berger, Winzerin in dritter Generation.</p>'),
    }),
    ['Lena Berger'],
  );
});

test('trade introduction: not a customer of another trade, not "your guide", not a testimonial, not on a blog page, not "je suis ravie"', async () => {
  assert.deepEqual(
    await founders('miel-du-causse.test', {
      '/': page(
        'fr',
        'Miel du Causse',
        '<h1>Bienvenue au Miel du Causse</h1><h2>Apicultrice dans l’Aveyron</h2>' +
          '<p>Je suis Marie, boulangère à Lyon, et j’utilise ce miel dans mes pains d’épices.</p><p>Je suis ravie de vous accueillir.</p>',
      ),
    }),
    [],
  );
  assert.deepEqual(
    await founders('city-walks.test', {
      '/': page('en', 'City Walks | Your guide to the old town', '<h1>Your guide to the old town</h1><p>I’m Anna, your guide for today.</p>'),
    }),
    [],
  );
  // A customer who has the trade the site serves ("pour boulanger", "Vous êtes boulanger ?").
  assert.deepEqual(
    await founders('moulin-dupre.test', {
      '/': page('fr', 'Moulin Dupré', '<h1>Farines pour boulanger</h1><h2>Vous êtes boulanger ?</h2><p>Je suis Paul, boulanger à Lyon, et je ne jure que par ces farines.</p>'),
    }),
    [],
  );
  // A customer who shares the site's trade, in the customers' own section: someone else's voice.
  assert.deepEqual(
    await founders('moulin-dupre.test', {
      '/': page(
        'fr',
        'Moulin Dupré | Meunier et boulanger',
        '<h1>Moulin Dupré</h1><h2>Meunier et boulanger à Lyon</h2><blockquote><p>Je suis Paul, boulanger à Lyon, et je ne jure que par leurs farines.</p></blockquote>' +
          '<section class="testimonials"><h2>Ils nous font confiance</h2><p>Je suis Luc, boulanger à Metz.</p></section>',
      ),
    }),
    [],
  );
  assert.deepEqual(
    await founders('reed-pottery.test', {
      '/': page('en', 'Reed Pottery | Potter in Devon', '<h1>Handmade stoneware</h1>'),
      '/blog/guest-post': page('en', 'A guest post by a potter', '<h1>Guest post</h1><p>I’m Jane Doe, a potter from Leeds, and this is my kiln.</p>'),
    }),
    [],
  );
});

test('trade introduction: the verifier wants "I am" to open the sentence and the trade in the page\'s headings', () => {
  const url = 'https://miel-du-causse.test/';
  const html = page(
    'fr',
    'Miel du Causse',
    '<h1>Bienvenue au Miel du Causse</h1><h2>Apicultrice dans l’Aveyron</h2><p>Je suis Claire, apicultrice dans l’Aveyron.</p>' +
      '<p>Ma voisine m’a dit : je suis Sophie, apicultrice aussi.</p><p>Je suis Marie, boulangère à Lyon.</p>',
  );
  const pages = [pageFromHtml(url, html)];
  const proposal = (name: string, quote: string) => ({ name, title: null, bio: null, evidence: [{ url, quote }] });
  const extraction: Extraction = {
    fields: [],
    faqs: [],
    socials: {},
    founders: [
      proposal('Claire', 'Je suis Claire, apicultrice dans l’Aveyron.'),
      // Cut out of someone else's sentence: on the page "je suis" follows "m'a dit", not a sentence end.
      proposal('Sophie', 'je suis Sophie, apicultrice aussi.'),
      // A trade the page's headings do not give.
      proposal('Marie', 'Je suis Marie, boulangère à Lyon.'),
    ],
  };
  assert.deepEqual(
    verifyExtraction(extraction, pages).founders.map((f) => f.name),
    ['Claire'],
  );
});
