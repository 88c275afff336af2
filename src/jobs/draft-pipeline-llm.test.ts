import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../testing/harness.ts';
import { loopbackSite } from '../testing/loopback-site.ts';

// The LLM path through the real pipeline: a loopback site, a loopback server speaking the OpenAI
// chat-completions protocol, and the verifier between them. The model's answer is scripted: one
// honest value, one invented with a quote the site never says, one with a real quote from the
// wrong page. Only the honest one may reach the draft.
const site = await loopbackSite({
  '/robots.txt': { type: 'text/plain', body: '' },
  '/': '<html lang="en"><head><title>Ledgerly</title></head><body><h1>Ledgerly</h1><p>Bookkeeping that closes your month in one afternoon.</p><a href="/about">About</a></body></html>',
  '/about': '<html lang="en"><head><title>About Ledgerly</title></head><body><p>Ledgerly is made by a small team.</p></body></html>',
});

const calls: { auth?: string; body: any }[] = [];
const llm = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    calls.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
    const answer = {
      fields: {
        tagline: { value: 'Bookkeeping that closes your month in one afternoon.', quotes: [{ url: `${site.origin}/`, quote: 'Bookkeeping that closes your month in one afternoon.' }] },
        founded_year: { value: '2017', quotes: [{ url: `${site.origin}/about`, quote: 'Ledgerly was founded in 2017.' }] },
        city: { value: 'Ledgerly', quotes: [{ url: `${site.origin}/about`, quote: 'Ledgerly' }] },
        short_description: { value: 'Ledgerly is made by a small team.', quotes: [{ url: `${site.origin}/`, quote: 'Ledgerly is made by a small team.' }] },
      },
      founders: [{ name: 'Sam Invented', title: 'Founder', quotes: [{ url: `${site.origin}/about`, quote: 'Sam Invented, founder' }] }],
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({ id: 'c1', object: 'chat.completion', model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer) }, finish_reason: 'stop' }] }),
    );
  });
});
await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
const llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
after(() => Promise.all([site.close(), new Promise((r) => llm.close(r))]));

const t = await createTestApp({ env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1', LLM_BASE_URL: llmUrl, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test' } });

test('with LLM_BASE_URL set, the model is asked with the crawled text, and only verified values reach the draft', async () => {
  const key = await t.apiKey(['account:read', 'listings:write']);
  const created = await t.rest('POST', '/api/v1/drafts', { url: `${site.origin}/` }, key.auth);
  assert.equal(created.status, 201);
  await t.jobsIdle();
  const d = (await t.get(`/api/v1/drafts/${created.body.id}`, key.auth)).body;
  assert.equal(d.status, 'ready', JSON.stringify(d.failure));

  assert.equal(calls.length, 1);
  assert.equal(calls[0].auth, 'Bearer sk-test');
  assert.equal(calls[0].body.model, 'test-model');
  const prompt = JSON.stringify(calls[0].body.messages);
  assert.match(prompt, /Bookkeeping that closes your month in one afternoon/, 'the stored page text is sent');

  assert.equal(d.fields.tagline.state, 'ai');
  assert.deepEqual(d.fields.tagline.evidence, [{ url: `${site.origin}/`, quote: 'Bookkeeping that closes your month in one afternoon.' }]);
  assert.equal(d.fields.founded_year.state, 'not_found', 'an invented quote removes the value');
  assert.equal(d.fields.founded_year.value, null);
  assert.ok(d.not_found_on_website.includes('founded_year'));
  assert.notEqual(d.fields.short_description.value, 'Ledgerly is made by a small team.', 'a quote cited on the wrong page is rejected');
  assert.notEqual(d.fields.city.value, 'Ledgerly', 'a city needs a quote that places the company there');
  assert.ok(!d.founders.some((f: any) => f.name === 'Sam Invented'));
});
