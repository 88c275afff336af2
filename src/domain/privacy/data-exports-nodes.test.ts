import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { createTestApp } from '../../testing/harness.ts';
import { loopbackS3 } from '../../testing/loopback-s3.ts';
import { s3MediaStorage } from '../../media/storage/s3-storage.ts';
import { dataExportsStore } from '../../store/data-exports-store.ts';
import { accountExportStore } from '../../store/account-export-store.ts';
import { createDataExports } from './data-exports.ts';

// Several nodes: the export's state is in the database and its file in the S3 storage they share
// (a real S3-compatible server on loopback), so the node whose job prepared it, the node that
// serves the download and the node whose sweep deletes it need not be the same. "Node B" here is
// a second S3 client and a second exports service over the same database, as another process has.
const s3 = await loopbackS3();
after(() => s3.close());
let clock = new Date('2026-05-04T08:00:00Z');
const t = await createTestApp({ now: () => clock, env: s3.env });
const nodeBStorage = s3MediaStorage(s3.settings);
after(() => nodeBStorage.close());
const nodeB = createDataExports({
  store: dataExportsStore(t.db),
  source: accountExportStore(t.db),
  storage: nodeBStorage,
  jobs: { send: async () => assert.fail('node B sends no job here') },
  mailer: t.app.services.mailer,
  publicUrl: 'http://localhost:3000',
  now: () => clock,
});
const alice = await t.signIn({ email: 'alice@nodes.test' });
const listing = await t.fx.listing({ owner_id: alice.userId, slug: 'shared-storage', status: 'live' });
await t.app.services.pictures.setLogo(alice.userId, Number(listing), await sharp({ create: { width: 128, height: 128, channels: 3, background: '#aa3311' } }).png().toBuffer());

test('node A prepares it into the shared S3 storage; node B serves the same zip to its person and no one else', async () => {
  assert.equal(t.app.services.mediaStorage.kind, 's3');
  await t.app.services.dataExports.start(alice.userId);
  await t.jobsIdle();
  const { latest } = await nodeB.page(alice.userId);
  assert.equal(latest!.state, 'ready');
  const got = await nodeB.download(alice.userId, latest!.id);
  assert.equal(got.kind, 'file');
  const files = unzipSync(new Uint8Array((got as { body: Buffer }).body));
  assert.equal(JSON.parse(strFromU8(files['launchyard-export.json'])).listings[0].slug, 'shared-storage');
  assert.ok(files['files/listings/shared-storage/logo.png'].length > 0, 'the logo, read from S3 by the job');
  const other = await t.fx.user();
  assert.equal((await nodeB.download(other, latest!.id)).kind, 'not_found');
  // Node A's site serves it as well.
  assert.equal((await alice.browser.get(latest!.downloadPath!)).status, 200);
});

test("node B's sweep deletes the expired file from the shared storage; node A then answers 410", async () => {
  const { latest } = await nodeB.page(alice.userId);
  const { storage_key: key } = await t.db.selectFrom('data_exports').select('storage_key').where('id', '=', latest!.id).executeTakeFirstOrThrow();
  assert.ok(await t.app.services.mediaStorage.getPrivate(key!), 'stored, as node A sees it');
  clock = new Date(clock.getTime() + 25 * 3_600_000);
  assert.equal((await nodeB.sweep()).expired, 1);
  const [row] = await t.db.selectFrom('data_exports').select(['state', 'storage_key']).where('user_id', '=', alice.userId).execute();
  assert.deepEqual(row, { state: 'expired', storage_key: null });
  const gone = await alice.browser.get(latest!.downloadPath!);
  assert.equal(gone.status, 410);
  assert.equal(await t.app.services.mediaStorage.getPrivate(key!), null, 'gone for node A too');
});
