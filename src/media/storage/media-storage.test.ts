// The storage contract, one table run against both adapters: files in a temporary directory, and
// S3 against a real S3-compatible server (s3rver) on loopback. Each case gets a fresh storage (a
// directory of its own; a key prefix of its own in the one bucket).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import dc from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { loopbackS3 } from '../../testing/loopback-s3.ts';
import { configuredMediaStorage } from './configured-storage.ts';
import { localMediaStorage } from './local-storage.ts';
import { mediaEtag } from './media-key.ts';
import type { MediaStorage } from './media-storage.ts';
import { sweepOrphans } from './orphan-sweep.ts';
import { s3MediaStorage } from './s3-storage.ts';

const hash = (seed: string) => createHash('sha256').update(seed).digest('hex');
const [A, B, C] = [hash('a'), hash('b'), hash('c')];
const png = (text: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from(text)]);
const all = async (storage: MediaStorage, prefix = '') => {
  const found = [];
  for await (const item of storage.list(prefix)) found.push(item);
  return found;
};
const keysOf = async (storage: MediaStorage, prefix = '') => (await all(storage, prefix)).map((i) => i.key);

/** Every TCP connection this process attempts: the S3 client may reach its endpoint and nothing else. */
const dials: string[] = [];
dc.subscribe('net.client.socket', (message) => {
  (message as { socket: Socket }).socket.on('connectionAttempt', (ip: string, port: number) => dials.push(`${ip}:${port}`));
});

const s3 = await loopbackS3();
const scratch = await mkdtemp(join(tmpdir(), 'launchyard-media-test-'));
after(async () => {
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

interface Fresh {
  storage: MediaStorage;
  /** Local only: the directory around the storage's, where nothing may ever be written. */
  outside?: string;
}
let n = 0;
const adapters: { name: string; fresh: () => Promise<Fresh> }[] = [
  {
    name: 'local',
    fresh: async () => {
      const outside = join(scratch, `case-${++n}`);
      await mkdir(outside);
      return { storage: localMediaStorage(join(outside, 'media')), outside };
    },
  },
  {
    name: 's3',
    fresh: async () => {
      const storage = s3MediaStorage({ ...s3.settings, prefix: `case-${++n}/` });
      after(() => storage.close());
      return { storage };
    },
  },
];

const BAD_KEYS = [
  '../escape.png',
  `${A}/../../escape.png`,
  `${A}/../${B}/logo-64.png`,
  `/${A}/logo-64.png`,
  `${A.toUpperCase()}/logo-64.png`,
  `${A}/logo-64.svg`,
  `${A}/logo-64.html`,
  `${A}/Logo-64.png`,
  `${A}/sub/logo-64.png`,
  `${A}\\logo-64.png`,
  `${A}/logo-64.png/`,
  `${A}/logo-64.png\n`,
  `${A}/.png`,
  `${A.slice(1)}/logo-64.png`,
  '',
];

const cases: { name: string; run: (f: Fresh) => Promise<void> }[] = [
  {
    name: 'put then get: the same bytes, the type of the extension, the size, a quoted strong ETag that stays the same',
    run: async ({ storage }) => {
      const body = png('logo');
      await storage.put(`${A}/logo-64.png`, body, 'image/png');
      const got = await storage.get(`${A}/logo-64.png`);
      assert.ok(got);
      assert.deepEqual(got.body, body);
      assert.equal(got.contentType, 'image/png');
      assert.equal(got.size, body.length);
      assert.match(got.etag, /^"[^"]+"$/, 'quoted, not W/');
      assert.equal(got.etag, mediaEtag(`${A}/logo-64.png`, body.length), 'the same tag from both adapters');
      assert.equal((await storage.get(`${A}/logo-64.png`))?.etag, got.etag);
      for (const [ext, type] of [['webp', 'image/webp'], ['avif', 'image/avif'], ['jpg', 'image/jpeg']]) {
        await storage.put(`${A}/gallery-640.${ext}`, Buffer.from(ext), type);
        assert.equal((await storage.get(`${A}/gallery-640.${ext}`))?.contentType, type);
      }
    },
  },
  {
    name: 'a put of a key already there is no error and leaves the same bytes',
    run: async ({ storage }) => {
      await storage.put(`${A}/logo-128.webp`, Buffer.from('first'), 'image/webp');
      await storage.put(`${A}/logo-128.webp`, Buffer.from('first'), 'image/webp');
      assert.equal((await storage.get(`${A}/logo-128.webp`))?.body.toString(), 'first');
      assert.deepEqual(await keysOf(storage), [`${A}/logo-128.webp`]);
    },
  },
  {
    name: 'a missing key is null, in a folder that exists or not',
    run: async ({ storage }) => {
      assert.equal(await storage.get(`${A}/logo-64.png`), null);
      await storage.put(`${A}/logo-64.png`, png('x'), 'image/png');
      assert.equal(await storage.get(`${A}/logo-128.png`), null);
      assert.equal(await storage.get(`${B}/logo-64.png`), null);
    },
  },
  {
    name: 'delete: the keys go; missing keys and an empty list are fine; a folder can be written again',
    run: async ({ storage }) => {
      await storage.put(`${A}/logo-64.png`, png('1'), 'image/png');
      await storage.put(`${A}/logo-128.png`, png('2'), 'image/png');
      await storage.put(`${B}/logo-64.png`, png('3'), 'image/png');
      await storage.delete([`${A}/logo-64.png`, `${A}/logo-128.png`, `${C}/never-there.png`]);
      await storage.delete([]);
      assert.equal(await storage.get(`${A}/logo-64.png`), null);
      assert.deepEqual(await keysOf(storage), [`${B}/logo-64.png`]);
      await storage.put(`${A}/logo-64.png`, png('again'), 'image/png');
      assert.equal((await storage.get(`${A}/logo-64.png`))?.body.toString(), png('again').toString());
    },
  },
  {
    name: 'list: every key in key order with when it was written; a prefix narrows it',
    run: async ({ storage }) => {
      const before = Date.now();
      const keys = [`${B}/gallery-640.webp`, `${A}/logo-64.png`, `${A}/logo-128.png`, `${B}/gallery-1280.webp`];
      for (const key of keys) await storage.put(key, Buffer.from(key), key.endsWith('.png') ? 'image/png' : 'image/webp');
      const listed = await all(storage);
      assert.deepEqual(listed.map((i) => i.key), [...keys].sort());
      for (const { writtenAt } of listed) {
        assert.ok(writtenAt instanceof Date && Math.abs(writtenAt.getTime() - before) < 60_000, String(writtenAt));
      }
      assert.deepEqual(await keysOf(storage, `${A}/`), [`${A}/logo-128.png`, `${A}/logo-64.png`]);
      assert.deepEqual(await keysOf(storage, `${B}/gallery-1`), [`${B}/gallery-1280.webp`]);
      assert.deepEqual(await keysOf(storage, B.slice(0, 8)), [`${B}/gallery-1280.webp`, `${B}/gallery-640.webp`]);
      assert.deepEqual(await keysOf(storage, `${C}/`), []);
      assert.deepEqual(await keysOf(storage, '../'), []);
    },
  },
  {
    name: 'a key that is not "<64 hex>/<name>.<ext>" is refused by put, get and delete, and nothing is written anywhere',
    run: async ({ storage, outside }) => {
      for (const key of BAD_KEYS) {
        await assert.rejects(storage.put(key, png('x'), 'image/png'), /not a media key/, `put ${JSON.stringify(key)}`);
        await assert.rejects(storage.get(key), /not a media key/, `get ${JSON.stringify(key)}`);
        await assert.rejects(storage.delete([`${A}/logo-64.png`, key]), /not a media key/, `delete ${JSON.stringify(key)}`);
      }
      assert.deepEqual(await keysOf(storage), []);
      if (outside) assert.deepEqual(await readdir(outside), [], 'nothing beside the media directory, not even the directory');
    },
  },
  {
    name: 'a content type that is not the extension\'s is refused',
    run: async ({ storage }) => {
      await assert.rejects(storage.put(`${A}/logo-64.png`, png('x'), 'image/jpeg'), /is image\/png, not image\/jpeg/);
      await assert.rejects(storage.put(`${A}/logo-64.png`, png('x'), 'text/html'), /not text\/html/);
      assert.deepEqual(await keysOf(storage), []);
    },
  },
  {
    name: 'eight concurrent puts of one key all succeed and leave one object with the bytes',
    run: async ({ storage, outside }) => {
      const body = Buffer.alloc(256 * 1024, 7);
      await Promise.all(Array.from({ length: 8 }, () => storage.put(`${A}/gallery-1920.avif`, body, 'image/avif')));
      assert.deepEqual((await storage.get(`${A}/gallery-1920.avif`))?.body, body);
      assert.deepEqual(await keysOf(storage), [`${A}/gallery-1920.avif`]);
      if (outside) assert.deepEqual(await readdir(join(outside, 'media', '.incoming')), [], 'no temporary file left');
    },
  },
  {
    name: 'a put of a key already there makes it recent again (what the sweep\'s grace period reads)',
    run: async ({ storage }) => {
      await storage.put(`${A}/logo-64.png`, png('x'), 'image/png');
      const [first] = await all(storage);
      await new Promise((r) => setTimeout(r, 1_100)); // S3 keeps whole seconds
      await storage.put(`${A}/logo-64.png`, png('x'), 'image/png');
      const [second] = await all(storage);
      assert.ok(second.writtenAt > first.writtenAt, `${second.writtenAt.toISOString()} after ${first.writtenAt.toISOString()}`);
    },
  },
  {
    name: 'orphan sweep: unreferenced uploads written before the grace period go, referenced and recent ones stay',
    run: async ({ storage }) => {
      for (const h of [A, B, C]) {
        await storage.put(`${h}/logo-64.png`, png(h), 'image/png');
        await storage.put(`${h}/logo-128.webp`, Buffer.from(h), 'image/webp');
      }
      // Everything written since this instant is within the grace period: nothing goes.
      const past = new Date(Date.now() - 60_000);
      assert.deepEqual(await sweepOrphans(storage, new Set([A]), past), { listed: 6, referenced: 2, recent: 4, deleted: 0 });
      // Grace period over: B and C go (asked through a function this time, as the database would answer).
      const asked: string[] = [];
      const future = new Date(Date.now() + 60_000);
      const counts = await sweepOrphans(storage, async (h) => (asked.push(h), h === A), future);
      assert.deepEqual(counts, { listed: 6, referenced: 2, recent: 0, deleted: 4 });
      assert.deepEqual(await keysOf(storage), [`${A}/logo-128.webp`, `${A}/logo-64.png`]);
      assert.deepEqual(asked.sort(), [A, B, B, C, C].sort(), 'once per upload, and again before its files go');
      assert.deepEqual(await sweepOrphans(storage, new Set(), future), { listed: 2, referenced: 0, recent: 0, deleted: 2 });
      assert.deepEqual(await keysOf(storage), []);
    },
  },
  {
    name: 'orphan sweep: an upload whose reference appears while the sweep lists keeps its files',
    run: async ({ storage }) => {
      await storage.put(`${B}/logo-64.png`, png('b'), 'image/png');
      let calls = 0;
      const counts = await sweepOrphans(storage, () => ++calls > 1, new Date(Date.now() + 60_000));
      assert.deepEqual(counts, { listed: 1, referenced: 1, recent: 0, deleted: 0 });
      assert.equal((await keysOf(storage)).length, 1);
    },
  },
];

for (const adapter of adapters) {
  for (const c of cases) {
    test(`${adapter.name}: ${c.name}`, async () => c.run(await adapter.fresh()));
  }
}

test('local: a file left in .incoming by a crash is never a key, and a stale one is removed by the next process', async () => {
  const { storage, outside } = await adapters[0].fresh();
  const incoming = join(outside!, 'media', '.incoming');
  await mkdir(incoming, { recursive: true });
  await writeFile(join(incoming, 'half.tmp'), 'half a file');
  await utimes(join(incoming, 'half.tmp'), new Date(Date.now() - 7_200_000), new Date(Date.now() - 7_200_000));
  await writeFile(join(incoming, 'running.tmp'), 'another put, still writing');
  assert.deepEqual(await keysOf(storage), []);
  await storage.put(`${A}/logo-64.png`, png('x'), 'image/png');
  assert.deepEqual(await readdir(incoming), ['running.tmp']);
});

test('s3: an unreachable endpoint fails within the deadlines, it does not hang', async () => {
  const storage = s3MediaStorage({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
  after(() => storage.close());
  const started = Date.now();
  await assert.rejects(storage.get(`${A}/logo-64.png`));
  assert.ok(Date.now() - started < 10_000, `${Date.now() - started} ms`);
});

test('configured: S3 when a bucket and its keys are set, files under DATA_DIR/media otherwise, a temporary directory for memory://', async () => {
  const onS3 = configuredMediaStorage(loadConfig({ DATA_DIR: join(scratch, 'unused'), ...s3.env }));
  assert.equal(onS3.storage.kind, 's3');
  assert.equal(onS3.where, `S3 bucket ${s3.bucket} at ${new URL(s3.endpoint).host}`);
  assert.ok(!onS3.where.includes(s3.settings.secretAccessKey) && !onS3.where.includes(s3.settings.accessKeyId));
  await onS3.storage.put(`${C}/logo-64.png`, png('configured'), 'image/png');
  assert.equal((await onS3.storage.get(`${C}/logo-64.png`))?.body.toString(), png('configured').toString());
  await onS3.storage.delete([`${C}/logo-64.png`]);
  await onS3.close();
  assert.ok(!existsSync(join(scratch, 'unused')), 'nothing written under DATA_DIR');

  const onDisk = configuredMediaStorage(loadConfig({ DATA_DIR: join(scratch, 'data') }));
  assert.equal(onDisk.storage.kind, 'local');
  await onDisk.storage.put(`${C}/logo-64.png`, png('x'), 'image/png');
  assert.deepEqual(await readdir(join(scratch, 'data', 'media', C)), ['logo-64.png']);
  await onDisk.close();
  assert.ok(existsSync(join(scratch, 'data', 'media', C, 'logo-64.png')), 'close leaves real files alone');

  const throwaway = configuredMediaStorage(loadConfig({ DATA_DIR: 'memory://' }));
  assert.equal(throwaway.storage.kind, 'local');
  const dir = throwaway.where.replace('files under ', '');
  assert.ok(dir.startsWith(tmpdir()) && !existsSync(dir), 'made at the first put, not before');
  await throwaway.storage.put(`${C}/logo-64.png`, png('x'), 'image/png');
  assert.ok(existsSync(join(dir, C, 'logo-64.png')));
  await throwaway.close();
  assert.ok(!existsSync(dir), 'removed at close');
});

test('every connection the S3 client made went to its endpoint: no instance metadata service, no AWS', () => {
  const endpoints = new Set([new URL(s3.endpoint).host, '127.0.0.1:9']);
  assert.ok(dials.length > 0, 'the instrument saw the S3 connections');
  assert.deepEqual(dials.filter((d) => !endpoints.has(d)), []);
});
