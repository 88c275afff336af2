import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonTag, jsonText, lazyJson, tagOf } from './json-text.ts';

const document = { slug: 'acme', name: 'Acme', votes: 3, links: { page: '/p/acme' }, tags: ['a', 'b'] };
const text = JSON.stringify(document);
const keys = new Set([...Object.keys(document), 'optional_key']);

function counted() {
  let parses = 0;
  const answer = lazyJson<typeof document>(text, tagOf(text), keys, () => {
    parses++;
    return JSON.parse(text);
  });
  return { answer, parses: () => parses };
}

test('what a REST answer needs (text, tag, being awaited, being probed) does not parse the text', async () => {
  const { answer, parses } = counted();
  assert.equal(jsonText(answer), text);
  assert.equal(jsonTag(answer), tagOf(text));
  assert.equal(await Promise.resolve(answer), answer, 'a Promise resolves to it without reading inside');
  // What Fastify's reply.send and others ask of any object.
  const probe = answer as unknown as Record<string | symbol, unknown>;
  assert.equal(typeof probe.pipe, 'undefined');
  assert.equal(typeof probe.getReader, 'undefined');
  assert.equal(Object.prototype.toString.call(answer), '[object Object]');
  assert.equal(Array.isArray(answer), false);
  assert.equal('then' in answer, false);
  assert.equal(parses(), 0);
});

test('reading inside parses it, and it is then the document: fields, keys, JSON, deep equality', () => {
  const { answer, parses } = counted();
  assert.equal(answer.name, 'Acme');
  assert.equal(parses(), 1);
  assert.deepEqual(answer.links, { page: '/p/acme' });
  assert.deepEqual(Object.keys(answer), Object.keys(document));
  assert.equal('slug' in answer, true);
  assert.equal('optional_key' in answer, false, 'a schema key the text does not have is absent');
  assert.equal(JSON.stringify(answer), text);
  assert.deepEqual({ ...answer }, document);
  assert.deepEqual(answer, document);
});

test('it is read-only: writes throw instead of changing a kept answer', () => {
  const { answer } = counted();
  assert.throws(() => {
    (answer as { name: string }).name = 'Changed';
  }, TypeError);
  assert.throws(() => delete (answer as Partial<typeof document>).name, TypeError);
  assert.throws(() => Object.defineProperty(answer, 'x', { value: 1 }), TypeError);
  assert.equal(answer.name, 'Acme');
});
