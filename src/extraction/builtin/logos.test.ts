import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';

// The site's logo where no image is called "logo": a header image named the wordmark; a page icon
// is a browser's icon, not the logo. Each on a loopback page of its own, verified.
const extractor = createBuiltinExtractor();

async function logo(head: string, body: string) {
  const pages = [pageFromHtml('https://app.test/', `<!doctype html><html lang="en"><head><title>Tally</title>${head}</head><body>${body}</body></html>`)];
  return verifyExtraction(await extractor.extract({ pages, categoryNames: [] }), pages).fields.logo_url.value;
}

test('logo: a header image whose file is the wordmark', async () => {
  assert.equal(await logo('', '<header><img src="/img/wordmark.png" alt="Tally"><nav><a href="/faq">FAQ</a></nav></header><main><h1>Tally</h1></main>'), 'https://app.test/img/wordmark.png');
});

test('logo: a page icon is a browser\'s icon, not the logo, even when its file is named so', async () => {
  assert.equal(await logo('<link rel="icon" href="/favicon.ico"><link rel="icon" href="/img/logo-circle.png">', '<main><h1>Tally</h1></main>'), null);
});
