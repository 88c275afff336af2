import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../testing/harness.ts';

// The administrator's price list on the site: /admin/products shows every product with its price
// and changes prices, adds and retires products. Only administrators; list_products follows at once.
const t = await createTestApp();
await t.fx.product({ code: 'paid-launch', price_cents: 4900, kind: 'paid_launch' });
const admin = await t.signIn({ admin: true });
const person = await t.signIn();
const products = async () => (await t.get('/api/v1/products')).body.items as { code: string; price_cents: number; options: Record<string, unknown> }[];

test('only administrators: a person is refused, a stranger is sent to sign in', async () => {
  assert.equal((await person.browser.get('/admin/products')).status, 403);
  const stranger = await t.siteBrowser().get('/admin/products');
  assert.deepEqual([stranger.status, stranger.location], [303, '/sign-in?return_to=%2Fadmin%2Fproducts']);
  const post = await person.browser.post('/admin/products/paid-launch/price', { csrf: person.csrf, price_cents: '1' });
  assert.equal(post.status, 403);
  assert.equal((await products())[0].price_cents, 4900);
});

test('the page lists products with their prices in cents excluding VAT, each with a labelled price field', async () => {
  const page = await admin.browser.get('/admin/products');
  assert.equal(page.status, 200);
  assert.match(page.body, /<code>paid-launch<\/code>/);
  assert.match(page.body, /\$49\.00<br><span class="muted">4900 cents/);
  assert.match(page.body, /<label for="price-paid-launch">New price in cents<\/label>/);
});

test('a new price applies from now on; a bad one is refused with the reason and changes nothing', async () => {
  const saved = await admin.browser.post('/admin/products/paid-launch/price', { csrf: admin.csrf, price_cents: '5900' });
  assert.deepEqual([saved.status, saved.location], [303, '/admin/products?notice=price-saved']);
  assert.equal((await products()).find((p) => p.code === 'paid-launch')!.price_cents, 5900);
  for (const bad of ['49.50', '-1', 'free', '']) {
    const res = await admin.browser.post('/admin/products/paid-launch/price', { csrf: admin.csrf, price_cents: bad });
    assert.equal(res.status, 400, bad);
    assert.match(res.body, /The price of paid-launch was not changed: it must be/);
  }
  assert.equal((await products()).find((p) => p.code === 'paid-launch')!.price_cents, 5900);
  assert.equal((await admin.browser.post('/admin/products/no-such/price', { csrf: admin.csrf, price_cents: '1' })).status, 404);
});

test('adding a product: each kind with its options; a bad one shows the fields at fault; a code is taken once', async () => {
  const add = (form: Record<string, string>) => admin.browser.post('/admin/products', { csrf: admin.csrf, ...form });
  const ok = await add({ code: 'unlock-media', name: 'Media section', kind: 'section_unlock', price_cents: '1900', section: 'media' });
  assert.deepEqual([ok.status, ok.location], [303, '/admin/products?notice=product-added']);
  assert.equal((await add({ code: 'billboard', name: 'Billboard', kind: 'billboard', price_cents: '1000', minimum_cents: '500' })).status, 303);
  const listed = await products();
  assert.deepEqual(listed.find((p) => p.code === 'unlock-media')!.options, { section: 'media' });
  assert.deepEqual(listed.find((p) => p.code === 'billboard')!.options, { minimum_cents: 500 });

  const bad = await add({ code: 'Bad Code', name: '', kind: 'section_unlock', price_cents: '10' });
  assert.equal(bad.status, 400);
  assert.match(bad.body, /id="code"[^>]*aria-invalid="true"/);
  assert.match(bad.body, /id="section"[^>]*aria-invalid="true"/);
  assert.match(bad.body, /value="Bad Code"/);
  assert.equal((await add({ code: 'featured', name: 'Featured', kind: 'featured', price_cents: '10' })).status, 400);
  assert.equal((await add({ code: 'unlock-media', name: 'Again', kind: 'section_unlock', price_cents: '1', section: 'media' })).status, 409);
});

test('retiring takes a product off sale; the page shows it as retired', async () => {
  const res = await admin.browser.post('/admin/products/billboard/retire', { csrf: admin.csrf });
  assert.deepEqual([res.status, res.location], [303, '/admin/products?notice=product-retired']);
  assert.equal((await products()).some((p) => p.code === 'billboard'), false);
  assert.match((await admin.browser.get('/admin/products')).body, /<code>billboard<\/code> <span class="muted">\(retired\)<\/span>/);
  assert.equal((await admin.browser.post('/admin/products/billboard/retire', { csrf: admin.csrf })).status, 404);
});
