import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readPage } from './page-text.ts';

const PAGE = `<!doctype html><html lang="en-GB"><head>
  <title>  Acme —  rockets for teams </title>
  <meta name="description" content="Acme builds   rockets.">
  <meta property="og:title" content="Acme — rockets for teams">
  <meta property="og:description" content="Reusable rockets, launched weekly.">
  <meta property="og:image" content="/og.png">
  <meta name="twitter:site" content="@acme">
  <meta name="twitter:card" content="summary">
  <link rel="icon" href="/favicon.ico">
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme Ltd","foundingDate":"2019",
    "address":{"@type":"PostalAddress","addressLocality":"Leeds"},"offers":[{"price":9},{"price":29}]}</script>
  <script type="application/ld+json">{ not json</script>
  <style>body { content: "style text" }</style>
  <script>window.secret = "script text";</script>
</head><body>
  <!-- a comment with text -->
  <header><a href="/pricing">Pricing</a><a href="/about"><img src="/about.png" alt="About Acme"></a></header>
  <h1>Rockets&nbsp;for   teams</h1>
  <p>Launch <b>every</b> week.<br>No pilots needed.</p>
  <noscript>Please enable JavaScript</noscript>
  <template><p>template text</p></template>
  <ul><li>Reusable</li><li>Quiet</li></ul>
  <table><tr><td>Starter</td><td>9 €</td></tr></table>
  <video src="/demo.mp4"></video>
  <iframe src="https://www.youtube.com/embed/xyz" title="Demo video"></iframe>
  <a href="mailto:hello@acme.test">Write to us</a>
  <a href="https://x.com/acme"><svg><title>svg title</title></svg></a>
  <p hidden>Answer in a closed accordion.</p>
</body></html>`;

test('visible text in document order, one line per block, no scripts, styles, comments or template text', () => {
  const page = readPage(PAGE, 'https://acme.test/');
  const [visible] = page.text.split('\ntitle: ');
  assert.equal(
    visible,
    [
      'Pricing',
      'Rockets for teams',
      'Launch every week.',
      'No pilots needed.',
      'Reusable',
      'Quiet',
      'Starter',
      '9 €',
      'Write to us',
      'Answer in a closed accordion.',
    ].join('\n'),
  );
  for (const hidden of ['style text', 'script text', 'a comment', 'template text', 'Please enable', 'svg title', 'not json']) {
    assert.ok(!page.text.includes(hidden), hidden);
  }
});

test('stated metadata follows the text, one key: value line each, repeats dropped', () => {
  const page = readPage(PAGE, 'https://acme.test/');
  const metadata = page.text.slice(page.text.indexOf('\ntitle: ') + 1).split('\n');
  assert.deepEqual(metadata, [
    'title: Acme — rockets for teams',
    'description: Acme builds rockets.',
    'og:description: Reusable rockets, launched weekly.',
    'twitter:site: @acme',
    'json-ld @type: Organization',
    'json-ld name: Acme Ltd',
    'json-ld foundingDate: 2019',
    'json-ld address.addressLocality: Leeds',
    'json-ld offers.price: 9',
    'json-ld offers.price: 29',
  ]);
  assert.equal(page.title, 'Acme — rockets for teams');
  assert.equal(page.lang, 'en');
});

test('links are absolute http(s) URLs with their text and kind; mailto and other schemes are left out', () => {
  const page = readPage(PAGE, 'https://acme.test/en/');
  assert.deepEqual(page.links, [
    { url: 'https://acme.test/pricing', text: 'Pricing', kind: 'a' },
    { url: 'https://acme.test/about', text: 'About Acme', kind: 'a' },
    { url: 'https://acme.test/about.png', text: 'About Acme', kind: 'img' },
    { url: 'https://acme.test/demo.mp4', text: '', kind: 'video' },
    { url: 'https://www.youtube.com/embed/xyz', text: 'Demo video', kind: 'video' },
    { url: 'https://x.com/acme', text: '', kind: 'a' },
    { url: 'https://acme.test/og.png', text: 'og:image', kind: 'meta' },
    { url: 'https://acme.test/favicon.ico', text: '', kind: 'icon' },
  ]);
});

test('<base href> resolves relative links; lang falls back to Content-Language', () => {
  const page = readPage('<html><head><base href="https://cdn.acme.test/site/"></head><body><a href="pricing">P</a></body></html>', 'https://acme.test/', 'de-AT, en');
  assert.deepEqual(page.links, [{ url: 'https://cdn.acme.test/site/pricing', text: 'P', kind: 'a' }]);
  assert.equal(page.lang, 'de');
  assert.equal(page.title, '');
});

test('a German page keeps its text as written', () => {
  const html = `<html lang="de"><head><title>Über uns – Müller & Söhne</title></head><body>
    <h2>Über uns</h2><p>Wir entwickeln Software für Bäckereien in Köln. Gegründet 2015, heute 14 Mitarbeitende.</p>
    <p>Preise ab 19&nbsp;€ pro Monat (zzgl. MwSt.).</p></body></html>`;
  const page = readPage(html, 'https://mueller.test/ueber-uns');
  assert.equal(
    page.text,
    'Über uns\nWir entwickeln Software für Bäckereien in Köln. Gegründet 2015, heute 14 Mitarbeitende.\nPreise ab 19 € pro Monat (zzgl. MwSt.).\ntitle: Über uns – Müller & Söhne',
  );
  assert.equal(page.lang, 'de');
});

test("a JSON-LD @graph's nodes are read as top-level things, their types kept", () => {
  const html = `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@graph":[
    {"@type":"WebSite","name":"Pousada Sol"},
    {"@type":"LodgingBusiness","name":"Pousada Sol","address":{"@type":"PostalAddress","addressLocality":"Natal"}}]}</script></head><body><p>Hi</p></body></html>`;
  const page = readPage(html, 'https://sol.test/');
  const metadata = page.text.slice(page.text.indexOf('\njson-ld') + 1).split('\n');
  assert.deepEqual(metadata, ['json-ld @type: WebSite', 'json-ld name: Pousada Sol', 'json-ld @type: LodgingBusiness', 'json-ld address.addressLocality: Natal']);
});
