import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';
import type { DraftField } from '../types.ts';

// Features, USPs and pricing the way real sites show them, each as a table of page shapes.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string, title = 'Product') => `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;

async function draft(pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://product.test${path}`, html));
  return verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots);
}
const valueOf = async (field: DraftField, pages: Record<string, string>) => (await draft(pages)).fields[field].value;

const features: Array<{ name: string; pages: Record<string, string>; expect: string[] | null }> = [
  {
    name: 'a card grid with no "features" heading (titles over sentences)',
    pages: { '/': doc('it', '<h1>Editor PDF</h1><h2>Un editor completo</h2><div class="grid"><div class="card"><h3>Firma digitale</h3><p>Firma con valore legale.</p></div><div class="card"><h3>OCR delle scansioni</h3><p>Testo cercabile.</p></div><div class="card"><h3>Confronto documenti</h3><p>Le differenze evidenziate.</p></div></div>') },
    expect: ['Firma digitale', 'OCR delle scansioni', 'Confronto documenti'],
  },
  {
    name: 'a features heading in Russian',
    pages: { '/': doc('ru', '<h1>Сервис</h1><h2>Возможности</h2><ul><li>Отчёты за минуту</li><li>Импорт из Excel</li><li>Доступ по ролям</li></ul>') },
    expect: ['Отчёты за минуту', 'Импорт из Excel', 'Доступ по ролям'],
  },
  {
    name: '"how it works" steps',
    pages: { '/': doc('en', '<h1>Shipments</h1><h2>How it works</h2><ol><li>Connect your store</li><li>Print labels</li><li>Track every parcel</li></ol>') },
    expect: ['Connect your store', 'Print labels', 'Track every parcel'],
  },
  {
    name: 'a grid of customer quotes is not a feature list',
    pages: { '/': doc('en', '<h1>Shop</h1><h2>What our customers say</h2><div><div><h3>Anna Smith</h3><p>Great!</p></div><div><h3>Bob Jones</h3><p>Lovely.</p></div><div><h3>Carl Weber</h3><p>Fine.</p></div></div>') },
    expect: null,
  },
  {
    name: 'a grid of plans with prices is not a feature list',
    pages: { '/': doc('en', '<h1>Tool</h1><div><div><h3>Starter</h3><p>$5/month</p></div><div><h3>Team</h3><p>$20/month</p></div><div><h3>Business</h3><p>$50/month</p></div></div>') },
    expect: null,
  },
];
for (const s of features) {
  test(`features: ${s.name}`, async () => {
    assert.deepEqual(await valueOf('features', s.pages), s.expect);
  });
}

test('usps: the hero check-mark claims, when there is no why-us section', async () => {
  const home = doc('en', '<section class="hero"><h1>Edit PDFs offline</h1><p>One licence, no cloud.</p><div class="trust"><span><i class="tick"></i>No account</span><span><i class="tick"></i>No cloud</span><span><i class="tick"></i>Your files stay on your PC</span></div></section><h2>Features</h2><ul><li>OCR</li></ul>');
  assert.deepEqual(await valueOf('usps', { '/': home }), ['No account', 'No cloud', 'Your files stay on your PC']);
});

const pricing: Array<{ name: string; text: string; model: string | null }> = [
  { name: 'Russian monthly price', text: '<h2>Тарифы</h2><p>Бизнес — 990 ₽ в месяц</p>', model: 'subscription' },
  { name: 'Japanese monthly price in yen', text: '<h2>料金プラン</h2><p>月額980円</p>', model: 'subscription' },
  { name: 'Japanese free plan beside a paid one', text: '<h2>料金</h2><p>フリー 無料</p><p>プロ 月額1,200円</p>', model: 'freemium' },
  { name: 'Italian pay-once licence that says "no subscription"', text: '<h2>Prezzo</h2><p>€49,90 una volta, licenza una tantum, nessun abbonamento</p>', model: 'one-time' },
  { name: 'a product price with free shipping is not freemium', text: '<h2>Preise</h2><p>Honig 500 g 8,90 €</p><p>Kostenloser Versand ab 30 €</p>', model: 'one-time' },
  { name: 'a free trial is not a free plan', text: '<h2>Pricing</h2><p>Start your free trial</p><p>Pro $9 per month</p>', model: 'subscription' },
  { name: 'free updates beside a pay-once licence are not a free plan', text: '<h2>料金</h2><p>無料アップデート (v2.x)</p><p>フルバージョン — 買い切り 4,800円</p>', model: 'one-time' },
  { name: 'free registration is not a free plan', text: '<h2>Prices</h2><p>Registration is free.</p><p>Cabbage 100 JPY</p>', model: 'one-time' },
  { name: '"free for open-source projects" beside prices is a free tier', text: '<h2>Pricing</h2><p>Free for open source projects</p><p>Private repositories $10 per month</p>', model: 'freemium' },
];
for (const s of pricing) {
  test(`pricing_model: ${s.name} → ${s.model}`, async () => {
    assert.equal(await valueOf('pricing_model', { '/': doc('xx', '<h1>Product</h1>'), '/pricing': doc('xx', s.text) }), s.model);
  });
}

test('pricing_model: an open-source project without a pricing page states its licence', async () => {
  assert.equal(await valueOf('pricing_model', { '/': doc('en', '<h1>Mosh</h1><p>Mosh is free software, available for GNU/Linux, BSD and macOS.</p>') }), 'open-source');
});
