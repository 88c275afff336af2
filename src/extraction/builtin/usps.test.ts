import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';

// USPs written as a "why <name>" section on a page the roles do not name, as a hero line of
// claims set apart by middle dots, as a row of key figures, as "reasons to choose" in Japanese and
// Korean, as a hero's pills, as "no …, no …" inside a paragraph and as an about page's grid of
// qualities, each on a loopback site of its own.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string, title = 'Product') => `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;

async function usps(pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://product.test${path}`, html));
  return verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots).fields.usps.value;
}

const cases: Array<{ name: string; pages: Record<string, string>; expect: string[] | null }> = [
  {
    name: 'a "why" section whose only list is a row of button links has no items to draft',
    pages: {
      '/': doc('en', '<h1>Tutoring at home</h1><section><h3>Why have a tutor?</h3><p>A tutor gives each pupil time that a class of thirty cannot.</p><ul class="actions"><li><a href="/tutoring" class="button">See More</a></li><li><a href="/contact" class="btn btn-primary">Book now</a></li></ul></section>'),
    },
    expect: null,
  },
  {
    name: '"Por qué <name>." closed by a full stop, the name also in the page title',
    pages: {
      '/': doc('es', '<h1>Tecnología para empresas</h1><p>Software y redes.</p>', 'Inicio · Redhilo'),
      '/nosotros': doc('es', '<h1>Nosotros</h1><h2>Por qué Redhilo.</h2><div class="grid"><div><h3>Un solo contacto</h3><p>Todo con un interlocutor.</p></div><div><h3>Sin letra pequeña</h3><p>Precios claros.</p></div><div><h3>Datos en casa</h3><p>Servidores propios.</p></div></div>', 'Nosotros · Redhilo'),
    },
    expect: ['Un solo contacto', 'Sin letra pequeña', 'Datos en casa'],
  },
  {
    name: 'a "why" heading on such a page that names something else than the site is a how-to',
    pages: {
      '/': doc('en', '<h1>Backups</h1><p>Backups for small offices.</p>', 'Home · Vaultly'),
      '/docs': doc('en', '<h1>Docs</h1><h2>Why restores fail.</h2><ul><li>The disk is full</li><li>The key has expired</li><li>The network is down</li></ul>', 'Docs · Vaultly'),
    },
    expect: null,
  },
  {
    name: 'a hero line of claims set apart by middle dots',
    pages: { '/': doc('fr', '<section class="hero"><h1>La caisse de votre boutique.</h1><p>Ventes, stock et clients au même endroit.</p><p class="note">Sans installation · Sur tout téléphone · Prête en un jour</p></section>') },
    expect: ['Sans installation', 'Sur tout téléphone', 'Prête en un jour'],
  },
  {
    name: 'a row of key figures written as "24/7", "360°", "< 2 min" and "3 apps"',
    pages: {
      '/': doc(
        'en',
        '<h1>Point of sale</h1><div class="stats">' +
          '<div><div>24/7</div><div>Support line</div></div><div><div>360°</div><div>View of your stock</div></div>' +
          '<div><div>&lt; 2 min</div><div>To set up a till</div></div><div><div>3 apps</div><div>One login for all</div></div></div>',
      ),
    },
    expect: ['24/7 Support line', '360° View of your stock', '< 2 min To set up a till', '3 apps One login for all'],
  },
  {
    name: 'a Japanese "<name>を選ぶ理由" (reasons to choose) section on the about page',
    pages: {
      '/': doc('ja', '<h1>船舶と投資</h1><p>テクノロジー企業です。</p>'),
      '/about.html': doc('ja', '<h1>会社について</h1><h2>Kaisen を選ぶ理由</h2><div class="grid"><div class="card"><h3>テクノロジーファースト</h3><p>自社で開発。</p></div><div class="card"><h3>無借金経営</h3><p>借入なし。</p></div><div class="card"><h3>少数精鋭</h3><p>小さなチーム。</p></div></div>'),
    },
    expect: ['テクノロジーファースト', '無借金経営', '少数精鋭'],
  },
  {
    name: 'a Korean "선택해야 하는 이유" (why you should choose) section',
    pages: { '/': doc('ko', '<h1>가계부 앱</h1><h2>저희를 선택해야 하는 이유</h2><ul><li>광고 없음</li><li>가입 없이 시작</li><li>오프라인에서도 작동</li></ul>') },
    expect: ['광고 없음', '가입 없이 시작', '오프라인에서도 작동'],
  },
  {
    name: "the hero's row of pills, a badge for the store beside them not one",
    pages: {
      '/': doc('ko', '<div class="hero"><h1>당신의 사주, 당신의 휴대폰 안에.</h1><p>원국과 오늘의 리딩은 무료예요.</p><div class="badges"><span class="badge">App Store</span></div><div class="pills"><span class="pill">가입 없음</span><span class="pill">구독 없음</span><span class="pill">오프라인에서도 작동</span></div></div><section><h2>원국</h2><p>설명.</p></section>'),
    },
    expect: ['가입 없음', '구독 없음', '오프라인에서도 작동'],
  },
  {
    name: 'a sentence of two "no" clauses inside a longer paragraph',
    pages: {
      '/': doc('it', '<h1>Pizzeria a Como</h1><section><h2>Ordina online</h2><p>Aggiungi i piatti, indica se passi a ritirare o vuoi la consegna, e paghi come preferisci: con carta adesso oppure in contanti alla consegna o al ritiro. Nessuna app, nessuna commissione.</p></section>'),
      '/ordina.html': doc('it', '<h1>Asporto</h1><p>Come vuoi la tua pizza? Ordina direttamente dal sito: scegli dal menù, componi il carrello e ci arriva tutto. Senza app, senza commissioni, prezzo vero. Il telefono resta per prenotare un tavolo.</p>'),
    },
    expect: ['Nessuna app, nessuna commissione.', 'Senza app, senza commissioni, prezzo vero.'],
  },
  {
    name: 'the grid of cards on a page titled "Om oss" (a path no role knows), when nothing else sets the site apart',
    pages: {
      '/': doc('sv', '<h1>Uthyrning för värdar</h1><p>Vi sköter bokningar och städning.</p>'),
      '/om-oss.html': doc(
        'sv',
        '<h1>Om oss</h1><div class="person"><img src="p.jpg" alt=""><div><h2>Anna Berg</h2><p>VD. Jag ser till att allt rullar.</p></div></div><div class="grid"><article class="card"><h3>Värdskap med struktur</h3><p>Checklistor och uppföljning för bättre betyg.</p></article><article class="card"><h3>Nära dig</h3><p>Bas i stan, vi täcker hela länet.</p></article><article class="card"><h3>Flexibelt upplägg</h3><p>Välj paket eller styckvisa tillägg.</p></article></div>',
      ),
    },
    expect: ['Värdskap med struktur', 'Nära dig', 'Flexibelt upplägg'],
  },
  {
    name: 'the values grid of an about page ("/our-story"); a grid of its team is not one',
    pages: {
      '/': doc('en', '<h1>Bakes without barriers</h1><p>Cakes for everyone.</p>'),
      '/our-story.html': doc(
        'en',
        '<h1>Made with love</h1><h2>Meet the team</h2><div class="row"><div><h5>Rebecca Shaw</h5><p>Baker</p></div><div><h5>Tom Shaw</h5><p>Deliveries</p></div><div><h5>Anna Lee</h5><p>Orders</p></div></div>' +
          '<h2>What we stand for</h2><div class="row"><div class="value-card"><h5>Free from, full of flavour</h5><p>Giving up gluten should not mean giving up joy.</p></div><div class="value-card"><h5>Made locally, with care</h5><p>Small batches in our own kitchen.</p></div><div class="value-card"><h5>An inclusive table</h5><p>Everyone reaches for the same slice.</p></div></div>',
      ),
    },
    expect: ['Free from, full of flavour', 'Made locally, with care', 'An inclusive table'],
  },
  {
    name: '"no hidden costs" alone is a claim, in Finnish as in English; one other "no" stays a remark',
    pages: {
      '/': doc('fi', '<h1>Kotisivut yrityksille</h1><section><h2>Lite</h2><p>Viisi sivua ja yhteydenottolomake.</p><p>Ei piilokuluja</p></section><p>Ei roskapostia.</p><section><h2>Pro</h2><p>No hidden fees</p></section>'),
    },
    expect: ['Ei piilokuluja', 'No hidden fees'],
  },
  {
    name: 'Turkish "no" clauses, the denial after the noun ("Reklam yok, takip yok")',
    pages: {
      '/': doc('tr', '<h1>Not defteri</h1><p>Reklam yok, takip yok.</p><p>Sorun yok.</p>'),
    },
    expect: ['Reklam yok, takip yok.'],
  },
];

for (const c of cases) {
  test(`usps: ${c.name}`, async () => {
    assert.deepEqual(await usps(c.pages), c.expect);
  });
}
