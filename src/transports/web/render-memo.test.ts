import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { encodedBody, keptPageBytes, RENDERED_PAGES_BYTES, rendered } from './render-memo.ts';

test('a page is rendered once per set of reads and URL, and again as soon as one read is a new object', () => {
  const feed = { items: [1] };
  const info = { name: 'Site' };
  let renders = 0;
  const render = () => {
    renders++;
    return { body: `<p>${renders}</p>`, status: 200, script: false };
  };
  const first = rendered([info, feed], '/', render);
  assert.equal(rendered([info, feed], '/', render), first, 'the same objects: the same page');
  assert.equal(renders, 1);
  assert.match(first.etag, /^"[\w-]{32}"$/);

  rendered([info, feed], '/?notice=voted', render);
  assert.equal(renders, 2, 'another URL is its own variant');

  const refreshed = { items: [1] }; // the cache expired: an equal but new object
  const again = rendered([info, refreshed], '/', render);
  assert.equal(renders, 3, 'a new read renders anew, even when equal');
  assert.notDeepEqual(again.body, first.body);
  assert.equal(rendered([info, feed], '/', render), first, 'still kept while the old object lives');
});

test('the order of the reads matters and variants per set of reads are bounded', () => {
  const a = {};
  const b = {};
  let renders = 0;
  const render = () => ({ body: String(++renders), status: 200, script: false });
  rendered([a, b], '/', render);
  rendered([b, a], '/', render);
  assert.equal(renders, 2);
  for (let i = 0; i < 200; i++) rendered([a, b], `/?utm=${i}`, render);
  const before = renders;
  rendered([a, b], '/', render);
  assert.equal(renders, before + 1, 'a flood of query variants pushed the old ones out instead of growing without end');
});

test('a page is compressed only once it is reused, and then once per coding', () => {
  const reads = [{}];
  const render = () => ({ body: '<p>kept</p>'.repeat(100), status: 200, script: false });
  const first = rendered(reads, '/', render);
  assert.deepEqual(encodedBody(first, 'gzip'), { body: first.body }, 'a page served once goes out as it is');
  const again = rendered(reads, '/', render);
  const gz = encodedBody(again, 'gzip');
  assert.equal(gz.coding, 'gzip');
  assert.equal(gunzipSync(gz.body).toString(), '<p>kept</p>'.repeat(100));
  assert.equal(encodedBody(again, 'gzip').body, gz.body, 'compressed once');
  assert.deepEqual(encodedBody(again, undefined), { body: again.body });
});

test('kept pages stay within their byte budget, the least recently served dropped first', () => {
  const size = 2 * 1024 * 1024;
  const count = Math.ceil(RENDERED_PAGES_BYTES / size) + 8;
  const reads = Array.from({ length: count }, () => ({}));
  let renders = 0;
  const render = (i: number) => () => {
    renders++;
    return { body: String(i % 10).repeat(size), status: 200, script: false };
  };
  for (let i = 0; i < count; i++) {
    rendered([reads[i]], '/big', render(i));
    // The first page is served again all along: the most recently served is kept.
    rendered([reads[0]], '/big', render(0));
    assert.ok(keptPageBytes() <= RENDERED_PAGES_BYTES, `${keptPageBytes()} bytes kept after ${i + 1} pages`);
  }
  assert.equal(renders, count, 'each page rendered once so far');
  rendered([reads[0]], '/big', render(0));
  assert.equal(renders, count, 'the page served all along is still kept');
  rendered([reads[1]], '/big', render(1));
  assert.equal(renders, count + 1, 'the least recently served one was dropped and is rendered again');
  assert.ok(keptPageBytes() <= RENDERED_PAGES_BYTES);
});
