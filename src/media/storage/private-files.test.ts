import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loopbackS3 } from '../../testing/loopback-s3.ts';
import { localMediaStorage } from './local-storage.ts';
import { MEDIA_KEY, PRIVATE_KEY, type MediaStorage } from './media-storage.ts';
import { sweepOrphans } from './orphan-sweep.ts';
import { s3MediaStorage } from './s3-storage.ts';

// The media storage's private files (data exports), on both adapters: whole put, get, delete; keys
// checked before any storage is touched; never listed (so never swept as an orphan picture), never
// read through the pictures' get, and no private key is ever a picture key (what /media/* serves).
const s3 = await loopbackS3();
const scratch = await mkdtemp(join(tmpdir(), 'launchyard-private-test-'));
after(async () => {
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

const KEY = `exports/${'a1'.repeat(16)}/launchyard-export.zip`;
const PICTURE = `${createHash('sha256').update('p').digest('hex')}/logo-64.png`;
const zip = Buffer.from('PK\u0003\u0004 not really a zip, but bytes');
const BAD_KEYS = [
  `exports/${'a1'.repeat(16)}/../../escape.zip`,
  `exports/${'a1'.repeat(15)}/launchyard-export.zip`,
  `exports/${'A1'.repeat(16)}/launchyard-export.zip`,
  `exports/${'a1'.repeat(16)}/launchyard-export.html`,
  `/exports/${'a1'.repeat(16)}/launchyard-export.zip`,
  `exports/${'a1'.repeat(16)}/sub/launchyard-export.zip`,
  `exports\\${'a1'.repeat(16)}\\launchyard-export.zip`,
  PICTURE,
  '',
];

let n = 0;
const adapters: { name: string; fresh: () => Promise<{ storage: MediaStorage; outside?: string }> }[] = [
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
      const storage = s3MediaStorage({ ...s3.settings, prefix: `private-${++n}/` });
      after(() => storage.close());
      return { storage };
    },
  },
];

test('no private key is a picture key, and no picture key a private one', () => {
  assert.ok(PRIVATE_KEY.test(KEY) && !MEDIA_KEY.test(KEY));
  assert.ok(MEDIA_KEY.test(PICTURE) && !PRIVATE_KEY.test(PICTURE));
});

for (const { name, fresh } of adapters) {
  test(`${name}: a private file is put whole, read back, never listed nor swept, and deleted`, async () => {
    const { storage } = await fresh();
    assert.equal(await storage.getPrivate(KEY), null);
    await storage.putPrivate(KEY, zip);
    await storage.put(PICTURE, Buffer.from('png'), 'image/png');
    assert.deepEqual(await storage.getPrivate(KEY), zip);
    const listed: string[] = [];
    for await (const item of storage.list('')) listed.push(item.key);
    assert.deepEqual(listed, [PICTURE], 'only pictures are listed');
    const swept = await sweepOrphans(storage, new Set(), new Date(Date.now() + 86_400_000));
    assert.equal(swept.deleted, 1, 'the unreferenced picture goes');
    assert.deepEqual(await storage.getPrivate(KEY), zip, 'the private file stays');
    await assert.rejects(() => storage.get(KEY), /not a media key/, 'the pictures\u2019 get never reads a private file');
    await storage.deletePrivate([KEY]);
    assert.equal(await storage.getPrivate(KEY), null);
    await storage.deletePrivate([KEY]); // a missing one is not an error
  });

  test(`${name}: every malformed private key throws before the storage is touched`, async () => {
    const { storage, outside } = await fresh();
    for (const bad of BAD_KEYS) {
      await assert.rejects(() => storage.putPrivate(bad, zip), /not a private file key/, JSON.stringify(bad));
      await assert.rejects(() => storage.getPrivate(bad), /not a private file key/, JSON.stringify(bad));
      await assert.rejects(() => storage.deletePrivate([KEY, bad]), /not a private file key/, JSON.stringify(bad));
    }
    if (outside) assert.ok(!existsSync(join(outside, 'escape.zip')) && !existsSync(join(outside, 'media')), 'nothing was written');
  });
}
