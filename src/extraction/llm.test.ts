import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLlmExtractor, LlmExtractionError } from './llm.ts';
import { verifyExtraction } from './verify.ts';
import { germanSite, sparseSite } from './sample-sites.ts';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    response_format: unknown;
    messages: Array<{ role: string; content: string }>;
  };
}

/** A loopback server speaking the OpenAI chat completions protocol, answering what the test says. */
let reply: (seen: Seen, res: http.ServerResponse) => void = () => {};
const seen: Seen[] = [];
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const s: Seen = { method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) };
    seen.push(s);
    reply(s, res);
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
after(() => {
  server.closeAllConnections();
  server.close();
});

function answer(content: string, status = 200) {
  reply = (_s, res) => {
    const body = status === 200 ? { id: 'chatcmpl-1', object: 'chat.completion', model: 'test-model', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] } : { error: { message: 'invalid api key' } };
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}

const DE = 'https://schichtwerk.example';

test('asks the model with the page texts and verifies what it proposes: a value with an invented quote is dropped', async () => {
  const pages = germanSite();
  const modelAnswer = {
    fields: {
      name: { value: 'Schichtwerk', quotes: [{ url: `${DE}/`, quote: 'Schichtwerk plant Dienste, tauscht Schichten und erfasst Arbeitszeiten' }] },
      tagline: { value: 'Dienstpläne in Minuten statt Stunden', quotes: [{ url: `${DE}/`, quote: 'Dienstpläne in Minuten statt Stunden' }] },
      city: { value: 'Leipzig', quotes: [{ url: `${DE}/impressum`, quote: '04107 Leipzig' }] },
      country: { value: 'DE', quotes: [{ url: `${DE}/impressum`, quote: '04107 Leipzig\nDeutschland' }] },
      founded_year: { value: 2015, quotes: [{ url: `${DE}/ueber-uns`, quote: 'Schichtwerk wurde 2015 gegründet' }] },
      stage: { value: null, quotes: [] },
      features: { value: ['Zeiterfassung mit GPS', 'KI-Dienstplanung'], quotes: [{ url: `${DE}/`, quote: 'Zeiterfassung mit GPS' }] },
    },
    faqs: [{ question: 'Kann ich Schichtwerk kostenlos testen?', answer: 'Ja, 30 Tage lang und ohne Kreditkarte.', quotes: [{ url: `${DE}/`, quote: 'Kann ich Schichtwerk kostenlos testen? Ja, 30 Tage lang und ohne Kreditkarte.' }] }],
    founders: [{ name: 'Anna Becker', title: 'Gründerin', bio: null, quotes: [{ url: `${DE}/ueber-uns`, quote: 'Unsere Gründerin Anna Becker' }] }],
    socials: { x: 'https://x.com/schichtwerk' },
  };
  answer('Here is the JSON:\n```json\n' + JSON.stringify(modelAnswer) + '\n```');
  seen.length = 0;

  const llm = createLlmExtractor({ baseUrl: `${baseUrl}/`, model: 'test-model', apiKey: 'sk-test' });
  assert.equal(llm.name, 'llm');
  const extraction = await llm.extract({ pages, categoryNames: ['Scheduling', 'Time Tracking'] });

  assert.equal(seen.length, 1);
  const request = seen[0];
  assert.equal(request.method, 'POST');
  assert.equal(request.path, '/v1/chat/completions');
  assert.equal(request.authorization, 'Bearer sk-test');
  assert.equal(request.body.model, 'test-model');
  assert.deepEqual(request.body.response_format, { type: 'json_object' });
  const [system, user] = request.body.messages;
  assert.equal(system.role, 'system');
  assert.match(system.content, /JSON/);
  assert.match(system.content, /copied character for character/);
  assert.match(system.content, /Keep the language of the site/);
  assert.match(system.content, /Never infer a country from a currency .* founding year from a copyright line .* founders from testimonials/);
  assert.equal(user.role, 'user');
  for (const page of pages) {
    assert.ok(user.content.includes(`url=${page.finalUrl}`), page.finalUrl);
    assert.ok(user.content.includes(page.text), `the stored text of ${page.finalUrl}`);
  }
  assert.match(user.content, /CATEGORY LIST: "Scheduling", "Time Tracking"/);

  assert.equal(extraction.fields.find((f) => f.field === 'founded_year')?.value, '2015', 'a number comes back as text');
  assert.equal(extraction.fields.some((f) => f.field === 'stage'), false, 'null means not stated');

  const d = verifyExtraction(extraction, pages, { categoryNames: ['Scheduling', 'Time Tracking'] });
  assert.equal(d.fields.name.value, 'Schichtwerk');
  assert.equal(d.fields.tagline.value, 'Dienstpläne in Minuten statt Stunden', 'German stays German');
  assert.equal(d.fields.city.value, 'Leipzig');
  assert.equal(d.fields.country.value, 'DE');
  assert.equal(d.fields.founded_year.state, 'not_found', 'the site says 2020, the model invented 2015');
  assert.match((d.fields.founded_year as { rejected?: string }).rejected!, /quote not found on https:\/\/schichtwerk\.example\/ueber-uns/);
  assert.deepEqual(d.fields.features.value, ['Zeiterfassung mit GPS'], 'the unquoted feature is dropped');
  assert.deepEqual(d.faqs.map((f) => f.question), ['Kann ich Schichtwerk kostenlos testen?']);
  assert.deepEqual(d.founders.map((f) => [f.name, f.title]), [['Anna Becker', 'Gründerin']]);
  assert.deepEqual(d.socials, {}, 'the site never links that profile');
  assert.ok(d.notFound.includes('founded_year') && d.notFound.includes('stage'));
});

const malformed: Array<[string, () => void]> = [
  ['prose instead of JSON', () => answer('I am sorry, I cannot browse websites.')],
  ['truncated JSON', () => answer('{"fields": {"name": {"value": "Acme", "quotes": [')],
  ['JSON of the wrong shape', () => answer('{"fields": [1, 2, 3], "faqs": {"a": 1}, "founders": "Jane", "socials": ["x"]}')],
  ['a body that is not a chat completion', () => (reply = (_s, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy login</html>'))],
  ['no choices', () => (reply = (_s, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": []}'))],
];
for (const [name, setUp] of malformed) {
  test(`a malformed answer is an empty extraction, never an error: ${name}`, async () => {
    setUp();
    const pages = sparseSite();
    const extraction = await createLlmExtractor({ baseUrl, model: 'm' }).extract({ pages, categoryNames: [] });
    const d = verifyExtraction(extraction, pages);
    assert.deepEqual(d.notFound.length, 18);
    assert.deepEqual([d.faqs, d.founders, d.socials], [[], [], {}]);
  });
}

test('a fact the model invents for a sparse site is dropped: year from ©, country from €, founder from a testimonial', async () => {
  const url = 'https://acme.example/';
  answer(
    JSON.stringify({
      fields: {
        founded_year: { value: '2019', quotes: [{ url, quote: '© 2019 Acme' }] },
        country: { value: 'DE', quotes: [{ url, quote: '€9' }] },
        pricing_model: { value: 'subscription', quotes: [{ url, quote: 'Plans from €9 per month.' }] },
      },
      founders: [{ name: 'Jane Doe', title: 'CEO', bio: null, quotes: [{ url, quote: '“Great tool!” — Jane Doe, CEO of Foo' }] }],
    }),
  );
  const pages = sparseSite();
  const d = verifyExtraction(await createLlmExtractor({ baseUrl, model: 'm' }).extract({ pages, categoryNames: [] }), pages);
  assert.equal(d.fields.founded_year.state, 'not_found');
  assert.equal(d.fields.country.state, 'not_found');
  assert.deepEqual(d.founders, []);
  assert.equal(d.fields.pricing_model.value, 'subscription', 'a stated fact still passes');
});

test('regenerate: the prompt lists only the asked fields and other answered fields are ignored', async () => {
  const url = 'https://acme.example/';
  answer(JSON.stringify({ fields: { name: { value: 'Acme', quotes: [{ url, quote: 'Acme' }] }, tagline: { value: 'Acme', quotes: [{ url, quote: 'Acme' }] } }, faqs: [{ question: 'q?', answer: 'a', quotes: [] }] }));
  seen.length = 0;
  const e = await createLlmExtractor({ baseUrl, model: 'm' }).extract({ pages: sparseSite(), categoryNames: [], only: ['name'] });
  assert.deepEqual(e, { fields: [{ field: 'name', value: 'Acme', evidence: [{ url, quote: 'Acme' }] }], faqs: [], founders: [], socials: {} });
  assert.match(seen[0].body.messages[0].content, /- name \(string\)/);
  assert.doesNotMatch(seen[0].body.messages[0].content, /- tagline/);
  assert.equal(seen[0].authorization, undefined, 'no key, no Authorization header');
});

test('the page text sent is bounded, shared across pages', async () => {
  answer('{}');
  seen.length = 0;
  const big = sparseSite()[0];
  const pages = [0, 1, 2].map((i) => ({ ...big, finalUrl: `https://acme.example/p${i}`, text: `${'x'.repeat(5000)}END${i}` }));
  await createLlmExtractor({ baseUrl, model: 'm', maxPromptChars: 3000 }).extract({ pages, categoryNames: [] });
  const user = seen[0].body.messages[1].content;
  assert.ok(user.length < 3500, `${user.length} characters`);
  for (const p of pages) assert.ok(user.includes(`url=${p.finalUrl}`));
});

test('an HTTP error from the model is a typed error with the status', async () => {
  answer('', 401);
  await assert.rejects(
    createLlmExtractor({ baseUrl, model: 'm', apiKey: 'bad' }).extract({ pages: sparseSite(), categoryNames: [] }),
    (err: unknown) => err instanceof LlmExtractionError && err.code === 'llm_http_error' && err.status === 401 && /HTTP 401/.test(err.message),
  );
});

test('a model that does not answer in time is llm_timeout', async () => {
  reply = () => {}; // never answers
  const started = Date.now();
  await assert.rejects(
    createLlmExtractor({ baseUrl, model: 'm', timeoutMs: 200 }).extract({ pages: sparseSite(), categoryNames: [] }),
    (err: unknown) => err instanceof LlmExtractionError && err.code === 'llm_timeout',
  );
  assert.ok(Date.now() - started < 3000);
  server.closeAllConnections();
});

test('an unreachable model is llm_unreachable; the caller\'s own cancellation passes through', async () => {
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((r) => closed.close(() => r()));
  await assert.rejects(
    createLlmExtractor({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' }).extract({ pages: sparseSite(), categoryNames: [] }),
    (err: unknown) => err instanceof LlmExtractionError && err.code === 'llm_unreachable',
  );
  reply = () => {};
  const controller = new AbortController();
  const pending = createLlmExtractor({ baseUrl, model: 'm' }).extract({ pages: sparseSite(), categoryNames: [] }, { signal: controller.signal });
  setTimeout(() => controller.abort(new Error('draft deleted')), 50);
  await assert.rejects(pending, /draft deleted/);
  server.closeAllConnections();
});
