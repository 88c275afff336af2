// GET/HEAD /media/<key> over a bare Fastify and a real local storage (a temporary directory); the
// storage being away is an S3 storage aimed at a closed loopback port.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { localMediaStorage } from '../../media/storage/local-storage.ts';
import { mediaEtag } from '../../media/storage/media-key.ts';
import { s3MediaStorage } from '../../media/storage/s3-storage.ts';
import { registerMediaRoute } from './media-route.ts';

const PUBLIC_URL = 'http://launchyard.test';
const H = createHash('sha256').update('logo upload').digest('hex');
const KEY = `${H}/logo-256.webp`;
const BODY = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(2_000, 1), Buffer.from('WEBP')]);
const ETAG = mediaEtag(KEY, BODY.length);

const dir = await mkdtemp(join(tmpdir(), 'launchyard-media-route-'));
const storage = localMediaStorage(dir);
await storage.put(KEY, BODY, 'image/webp');
const app = Fastify();
registerMediaRoute(app, storage, { publicUrl: PUBLIC_URL });
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
after(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url, headers });

/** Over a socket, the request line exactly as written: inject() (like a browser) would resolve "..". */
const raw = (path: string, method: 'GET' | 'HEAD') =>
  new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject).end();
  });

function assertPictureHeaders(headers: Record<string, unknown>) {
  assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal(headers.etag, ETAG);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  assert.equal(headers['set-cookie'], undefined);
}

test('GET: the bytes, their type and length, a year\'s cache, the strong ETag, nosniff, no cookie', async () => {
  const res = await get(`/media/${KEY}`);
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.rawPayload, BODY);
  assert.equal(res.headers['content-type'], 'image/webp');
  assert.equal(res.headers['content-length'], String(BODY.length));
  assertPictureHeaders(res.headers);
  assert.equal((await get(`/media/${KEY}?v=2`)).statusCode, 200, 'a query string changes nothing');
});

test('HEAD: the same headers, no body', async () => {
  const res = await get(`/media/${KEY}`, {}, 'HEAD');
  assert.equal(res.statusCode, 200);
  assert.equal(res.body, '');
  assert.equal(res.headers['content-type'], 'image/webp');
  assert.equal(res.headers['content-length'], String(BODY.length));
  assertPictureHeaders(res.headers);
});

const revalidations: [string, string, 'GET' | 'HEAD', number][] = [
  ['the ETag', ETAG, 'GET', 304],
  ['the ETag on HEAD', ETAG, 'HEAD', 304],
  ['the ETag weak (W/)', `W/${ETAG}`, 'GET', 304],
  ['the ETag in a list', `"other", ${ETAG}`, 'GET', 304],
  ['*', '*', 'GET', 304],
  ['another tag', '"0123456789abcdef-1"', 'GET', 200],
  ['the ETag unquoted', ETAG.slice(1, -1), 'GET', 200],
];
for (const [name, ifNoneMatch, method, status] of revalidations) {
  test(`If-None-Match: ${name} → ${status}`, async () => {
    const res = await get(`/media/${KEY}`, { 'if-none-match': ifNoneMatch }, method);
    assert.equal(res.statusCode, status);
    assertPictureHeaders(res.headers);
    if (status === 304) assert.equal(res.body, '');
    else assert.deepEqual(res.rawPayload, BODY);
  });
}

const notFound: [string, string][] = [
  ['a key not stored', `/media/${H}/logo-64.webp`],
  ['an upload not stored', `/media/${'0'.repeat(64)}/logo-256.webp`],
  ['../ in the path', `/media/${H}/../${H}/logo-256.webp`],
  ['../ percent-encoded', `/media/${H}/%2e%2e/%2e%2e/etc/passwd`],
  ['a slash percent-encoded', `/media/${H}%2Flogo-256.webp`],
  ['a letter percent-encoded', `/media/${H}/logo-256.w%65bp`],
  ['an absolute path', '/media//etc/passwd'],
  ['capitals in the hash', `/media/${H.toUpperCase()}/logo-256.webp`],
  ['an SVG', `/media/${H}/logo-256.svg`],
  ['an HTML file', `/media/${H}/logo-256.html`],
  ['a folder', `/media/${H}/`],
  ['the bare prefix', '/media/'],
  ['a deeper path', `/media/${H}/x/logo-256.webp`],
  ['a NUL byte', `/media/${H}/logo-256.webp%00.png`],
  ['a backslash', `/media/${H}%5Clogo-256.webp`],
  ['the temporary files\' folder', '/media/.incoming/x.tmp'],
];
for (const [name, url] of notFound) {
  test(`404 problem: ${name}`, async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await raw(url, method);
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      if (method === 'GET') {
        assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
        assert.equal(JSON.parse(res.body).code, 'media_not_found');
        assert.equal(JSON.parse(res.body).type, `${PUBLIC_URL}/docs/problems#media_not_found`);
      }
    }
  });
}

test('the storage away: 503 media_unavailable with Retry-After, not cached, and logged', async () => {
  const away = s3MediaStorage({ endpoint: 'http://127.0.0.1:9', region: 'us-east-1', bucket: 'media', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true });
  const logged: string[] = [];
  const down = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } });
  registerMediaRoute(down, away, { publicUrl: PUBLIC_URL });
  after(async () => {
    away.close();
    await down.close();
  });
  const res = await down.inject({ method: 'GET', url: `/media/${KEY}` });
  assert.equal(res.statusCode, 503);
  assert.equal(res.json().code, 'media_unavailable');
  assert.equal(res.headers['retry-after'], '5');
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.ok(logged.some((line) => line.includes('media storage unreachable')));
  assert.ok(!logged.some((line) => line.includes('secretAccessKey') || line.includes('"b"')), 'no credential in the log');
});
