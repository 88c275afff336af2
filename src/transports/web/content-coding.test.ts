import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compress, preferredCoding } from './content-coding.ts';

test('Accept-Encoding: Brotli first, then gzip; q=0 refuses a coding; nothing asked, nothing compressed', () => {
  const cases: [string | string[] | undefined, string | undefined][] = [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR ; Q=0.000, GZIP;q=0.5', 'gzip'],
    ['gzip;q=0', undefined],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
    [['deflate', 'br;q=1'], 'br'],
  ];
  for (const [header, expected] of cases) assert.equal(preferredCoding(header), expected, JSON.stringify(header));
});

test('compressed pages decompress to the same bytes', () => {
  const body = Buffer.from('<!doctype html>' + '<li class="card">Ünïcode ★</li>'.repeat(200));
  assert.deepEqual(brotliDecompressSync(compress(body, 'br')), body);
  assert.deepEqual(gunzipSync(compress(body, 'gzip')), body);
  assert.ok(compress(body, 'br').length < body.length / 5);
});
