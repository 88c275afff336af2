import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../testing/harness.ts';
import { loopbackSite } from '../testing/loopback-site.ts';

// A draft proposes categories from the default tree (installed on first start): names and the
// keywords each category is known by, in the site's own words, with the quote that matched.
const t = await createTestApp({ env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' } });
const owner = await t.apiKey(['listings:write', 'account:read']);
const page = (lang: string, title: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;
const sites = {
  hosting: await loopbackSite({
    '/': page('en', 'Harbor – Managed WordPress hosting', '<h1>Managed WordPress hosting for agencies</h1><p>Fast servers, daily backups and free SSL for every site you host with us.</p>'),
  }),
  russian: await loopbackSite({
    '/': page('ru', 'Кодовая база — платформа разработки', '<h1>Платформа разработки бизнес-приложений</h1><p>Создавайте приложения быстрее.</p>'),
  }),
  silent: await loopbackSite({ '/': page('en', 'Hello', '<h1>Hello there</h1><p>We are happy to see you here today, friend.</p>') }),
};
after(() => Promise.all(Object.values(sites).map((s) => s.close())));

async function draftOf(origin: string) {
  const res = await t.rest('POST', '/api/v1/drafts', { url: `${origin}/` }, owner.auth);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  await t.jobsIdle();
  return (await t.get(`/api/v1/drafts/${res.body.id}`, owner.auth)).body;
}

test('the default tree is there on first start', async () => {
  const res = await t.get('/api/v1/categories');
  assert.equal(res.status, 200);
  assert.ok(res.body.total >= 20);
});

test('a hosting site gets the hosting category, with the quote that names it', async () => {
  const d = await draftOf(sites.hosting.origin);
  const c = d.fields.categories;
  assert.equal(c.state, 'ai', JSON.stringify(c));
  assert.ok(['Web hosting', 'Hosting & cloud'].includes(c.value[0]), `primary: ${c.value[0]}`);
  assert.ok(c.value.includes('Web hosting'), JSON.stringify(c.value));
  assert.ok(c.value.length <= 4);
  assert.ok(c.evidence.some((e: { quote: string }) => /hosting/i.test(e.quote)), JSON.stringify(c.evidence));
});

test('an inflected keyword still names its category ("разработки" for "разработка"), quoted', async () => {
  const d = await draftOf(sites.russian.origin);
  assert.equal(d.fields.categories.state, 'ai', JSON.stringify(d.fields.categories));
  assert.ok(d.fields.categories.value.includes('Developer tools'));
  assert.ok(d.fields.categories.evidence.some((e: { quote: string }) => e.quote.includes('разработки')));
});

test('a site that names no category gets none', async () => {
  const d = await draftOf(sites.silent.origin);
  assert.equal(d.fields.categories.state, 'not_found');
  assert.ok(d.not_found_on_website.includes('categories'));
});
