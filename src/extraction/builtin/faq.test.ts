import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';

// FAQs the way real sites write them, each shape on a loopback page of its own: the verified
// questions and answers, or none where the page holds no FAQ.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>Product</title></head><body><main>${body}</main></body></html>`;

async function faqs(pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://product.test${path}`, html));
  return verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots).faqs.map((f) => [f.question, f.answer]);
}

const cases: Array<{ name: string; pages: Record<string, string>; expect: string[][] }> = [
  {
    name: 'question-shaped blocks under a Turkish "Sıkça Sorulan Sorular" heading',
    pages: {
      '/': doc('tr', '<h1>Randevu uygulaması</h1><p>Salonunuz için online randevu.</p><section><h2>Sıkça Sorulan Sorular</h2><h3>Ücretsiz deneme var mı?</h3><p>Evet, 14 gün boyunca ücretsiz deneyebilirsiniz.</p><h3>İstediğim zaman iptal edebilir miyim?</h3><p>Evet, aboneliğinizi dilediğiniz an iptal edebilirsiniz.</p></section>'),
    },
    expect: [
      ['Ücretsiz deneme var mı?', 'Evet, 14 gün boyunca ücretsiz deneyebilirsiniz.'],
      ['İstediğim zaman iptal edebilir miyim?', 'Evet, aboneliğinizi dilediğiniz an iptal edebilirsiniz.'],
    ],
  },
  {
    name: 'an accordion of buttons and panels under "よくある質問" (full-width question marks), one entry not phrased as a question',
    pages: {
      '/': doc('ja', '<h1>RPAツール</h1><p>Macの自動化。</p>'),
      '/pricing': doc(
        'ja',
        '<h1>料金</h1><section><div class="section__header"><h2>よくある質問</h2></div><div class="list">' +
          '<div class="item"><button class="item__q">ライセンスキーはすぐに届きますか？<svg></svg></button><div class="item__a"><p>24時間以内にお届けします。</p></div></div>' +
          '<div class="item"><button class="item__q">「開発元が未確認」と表示される場合</button><div class="item__a"><p>右クリックして「開く」を選択してください。</p></div></div></div></section>',
      ),
    },
    expect: [
      ['ライセンスキーはすぐに届きますか？', '24時間以内にお届けします。'],
      ['「開発元が未確認」と表示される場合', '右クリックして「開く」を選択してください。'],
    ],
  },
  {
    name: 'an FAQ on the contact page, its panels named by aria-controls, the toggle sign left out',
    pages: {
      '/': doc('en', '<h1>Tool</h1><p>A tool.</p>'),
      '/contact': doc('en', '<h1>Contact</h1><form><input name="email"></form><h2>FAQ</h2><div><button aria-controls="a1" aria-expanded="false">Can I use it commercially? <span class="sign">+</span></button><div hidden></div><div id="a1"><p>Yes, every licence allows it.</p></div></div>'),
    },
    expect: [['Can I use it commercially?', 'Yes, every licence allows it.']],
  },
  {
    name: 'question headings with a permalink mark on an FAQ page',
    pages: {
      '/': doc('en', '<h1>CI</h1><p>Builds.</p>'),
      '/faq/': doc('en', '<h1>Frequently Asked Questions<a class="headerlink" href="#faq">¶</a></h1><h2>Are there any limits?<a class="headerlink" href="#limits">¶</a></h2><p>16 CPUs for Linux tasks.</p><h2>Any discounts?<a class="headerlink" href="#d">¶</a></h2><p>Free for open source projects.</p>'),
    },
    expect: [
      ['Are there any limits?', '16 CPUs for Linux tasks.'],
      ['Any discounts?', 'Free for open source projects.'],
    ],
  },
  {
    name: 'a collapsible note and a product card\'s accordion are not FAQs',
    pages: {
      '/': doc('es', '<h1>Bodega</h1><div id="accordion"><h5><button data-toggle="collapse" data-target="#c1">Características</button></h5><div id="c1" class="collapse"><ul><li>Rojo intenso</li></ul></div></div>'),
      '/support': doc('en', '<h1>Support</h1><details class="note"><summary>Support Impact Definitions</summary><ul><li>Severity 1: the service is down.</li></ul></details><details><summary>What is a seat?</summary><p>A user that starts builds.</p></details>'),
    },
    expect: [['What is a seat?', 'A user that starts builds.']],
  },
  {
    name: 'entries whose classes name the question and the answer (no toggle, no heading), one phrased as a request',
    pages: {
      '/': doc(
        'ja',
        '<h1>商社</h1><section id="faq"><h2>よくあるご質問</h2>' +
          '<div class="faq-item"><div class="faq-q">納期の目安を教えてください。</div><div class="faq-a">通常は二週間でお届けします。</div></div>' +
          '<div class="faq-item"><div class="faq-q">海外発送はできますか？</div><div class="faq-a">はい、アジア各国へ発送しています。</div></div></section>',
      ),
    },
    expect: [
      ['納期の目安を教えてください。', '通常は二週間でお届けします。'],
      ['海外発送はできますか？', 'はい、アジア各国へ発送しています。'],
    ],
  },
  {
    name: 'outside an FAQ, a classed pair counts only when the question ends in a question mark',
    pages: {
      '/': doc('en', '<h1>Shop</h1><div class="card"><p class="card-q">Our promise</p><p class="card-a">Fast delivery to every town.</p></div><div class="tip"><p class="tip-q">Can I return an order?</p><p class="tip-a">Yes, within 30 days.</p></div>'),
    },
    expect: [['Can I return an order?', 'Yes, within 30 days.']],
  },
  {
    name: 'a question-shaped button outside any FAQ or accordion is a call to act, not an FAQ',
    pages: { '/': doc('en', '<h1>Tool</h1><div class="hero"><button>Need help?</button><p>Our team answers within a day.</p></div>') },
    expect: [],
  },
];

for (const c of cases) {
  test(`faqs: ${c.name}`, async () => {
    assert.deepEqual(await faqs(c.pages), c.expect);
  });
}
