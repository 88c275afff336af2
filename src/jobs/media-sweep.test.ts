import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createTestApp } from '../testing/harness.ts';
import { mediaStore } from '../store/media-store.ts';
import { MEDIA_GRACE_MS, runMediaSweep } from './media-sweep.ts';

// The daily sweep on a real database and the local media storage: what a listing uses stays,
// share cards stay, a registered picture nothing uses and files no registry knows go once past
// the grace period (not before: an upload's reference may be about to commit), and the upload
// log keeps a day.
const t = await createTestApp();
const owner = await t.signIn();
const id = Number(await t.fx.listing({ owner_id: owner.userId, slug: 'swept', status: 'live', launch_week: '2026-11-23' }));
const storage = t.app.services.mediaStorage;
const png = (colour: string) => sharp({ create: { width: 100, height: 100, channels: 3, background: colour } }).png().toBuffer();
const hex = (c: string) => c.repeat(64);
const keys = async () => {
  const out: string[] = [];
  for await (const o of storage.list('')) out.push(o.key);
  return out.sort();
};
const sweep = (at: Date) => runMediaSweep({ store: mediaStore(t.db), storage, pictures: t.app.services.pictures, now: () => at });

test('the sweep keeps what is used, share cards and anything young; deletes the rest past the grace period; cuts the upload log', async () => {
  const { logo_url } = await t.app.services.pictures.setLogo(owner.userId, id, await png('#123456'));
  const used = /\/media\/([0-9a-f]{64})\//.exec(logo_url)![1];
  // A picture registered but no longer used (a crash between a replace and its delete).
  await sql`insert into media_files (source_hash, purpose, width, height) values (${hex('a')}, 'gallery', 800, 600)`.execute(t.db);
  await storage.put(`${hex('a')}/gallery-640.jpg`, Buffer.from('a'), 'image/jpeg');
  // Files no registry knows (their transaction never committed), and a share card.
  await storage.put(`${hex('b')}/logo-64.png`, Buffer.from('b'), 'image/png');
  await storage.put(`${hex('c')}/share.png`, Buffer.from('c'), 'image/png');
  await sql`insert into media_upload_log (user_id, created_at) values (${owner.userId}, ${new Date(Date.now() - 2 * 86_400_000)})`.execute(t.db);
  const all = await keys();

  // Within the grace period nothing goes.
  const early = await sweep(new Date());
  assert.deepEqual([early.released, early.files.deleted], [0, 0]);
  assert.deepEqual(await keys(), all);

  const late = await sweep(new Date(Date.now() + MEDIA_GRACE_MS + 3_600_000));
  assert.equal(late.released, 1);
  assert.equal(late.files.deleted, 1);
  assert.equal(late.uploadLogDropped >= 1, true);
  const left = await keys();
  assert.ok(left.every((k) => !k.startsWith(hex('a')) && !k.startsWith(hex('b'))), left.join(', '));
  assert.ok(left.includes(`${hex('c')}/share.png`), 'the share card stays');
  assert.equal(left.filter((k) => k.startsWith(used)).length, 9, 'the logo in use keeps its nine variants');
  const registry = await sql<{ source_hash: string }>`select source_hash from media_files order by 1`.execute(t.db);
  assert.deepEqual(registry.rows.map((r) => r.source_hash), [used]);
  // Idempotent.
  const again = await sweep(new Date(Date.now() + MEDIA_GRACE_MS + 3_600_000));
  assert.deepEqual([again.released, again.files.deleted], [0, 0]);
});
