import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openDatabase } from '../database.ts';
import { migratedDataDir, pgliteTemplate } from '../../testing/database.ts';
import { cliRun } from '../../testing/cli-process.ts';
import { localMediaStorage } from '../../media/storage/local-storage.ts';
import { embeddedBackups } from './embedded-backups.ts';
import { restoreBackup } from './restore.ts';
import { BackupFileError } from './archive-read.ts';
import { tarEnd, tarHeader, tarPadding } from './tar.ts';
import { writeBackup } from './backup-file.ts';
import { MIGRATIONS_DIR } from '../migrate.ts';

// A backup file that is damaged, cut short or not a backup at all is refused whole, before the
// data directory changes: one line saying why, exit 1.
const root = mkdtempSync(path.join(os.tmpdir(), 'launchyard-damaged-backup-'));
after(() => rmSync(root, { recursive: true, force: true }));
const dataDir = path.join(root, 'data');
await migratedDataDir(dataDir);
const picture = { key: `${'c'.repeat(64)}/logo-64.png`, body: Buffer.from('a picture') };
await localMediaStorage(path.join(dataDir, 'media')).put(picture.key, picture.body, 'image/png');

// A good backup to damage, of another database (made in memory).
const good = path.join(root, 'good.tar.gz');
{
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  try {
    const media = localMediaStorage(path.join(root, 'other-media'));
    await media.put(`${'d'.repeat(64)}/logo-64.png`, Buffer.from('another picture'), 'image/png');
    await embeddedBackups({ database, mediaStorage: media, launchyardVersion: '0.0.0-test', now: () => new Date() }).write(good);
  } finally {
    await database.close();
  }
}

/** The database's and the pictures' files with their digests: what "untouched" means. */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(`${path.relative(dir, p)} ${createHash('sha256').update(readFileSync(p)).digest('hex')}`);
    }
  };
  for (const sub of ['pg', 'media']) walk(path.join(dir, sub));
  return out;
}

test('a damaged, cut or foreign file is refused before anything changes: one clear line, exit 1, the data untouched', async () => {
  const whole = readFileSync(good);
  const tar = gunzipSync(whole);
  const tampered = Buffer.from(tar);
  tampered[512 + 20_000] ^= 0xff; // inside the database member: the gzip is whole, the member's checksum is not
  const manifestAt = tar.lastIndexOf('manifest.json\0');
  const forged = Buffer.from(tar);
  const pictureAt = forged.lastIndexOf('another picture');
  forged.write('ANOTHER PICTURE', pictureAt); // same size, other bytes
  const cases: [string, Buffer, RegExp][] = [
    ['cut in half', whole.subarray(0, Math.floor(whole.length / 2)), /the file is cut short/],
    ['a member changed inside a valid gzip', gzipSync(tampered), /database\/pglite\.tar is damaged \(its checksum does not match the manifest\)/],
    ['a byte changed in the compressed data', Buffer.concat([whole.subarray(0, 4000), Buffer.from([whole[4000] ^ 0x55]), whole.subarray(4001)]), /damaged/],
    ['a picture changed', gzipSync(forged), /^media\/d{64}\/logo-64\.png is damaged/],
    ['the manifest left out', gzipSync(Buffer.concat([tar.subarray(0, manifestAt), Buffer.alloc(1024)])), /it has no manifest: not a launchyard backup, or cut short/],
    ['the end blocks cut off', gzipSync(tar.subarray(0, tar.length - 1024)), /the file is cut short \(it ends in the middle of a header\)/],
    ['not a backup at all', Buffer.from('hello, this is not a backup\n'.repeat(100)), /damaged or not a gzip file/],
    ['empty', Buffer.alloc(0), /cut short/],
  ];
  const before = files(dataDir);
  for (const [i, [name, bytes, reason]] of cases.entries()) {
    const file = path.join(root, `bad-${i}.tar.gz`);
    writeFileSync(file, bytes);
    // Two through the CLI, as an operator meets them; the others through the same restore, here.
    if (i < 2) {
      const r = await cliRun({ DATA_DIR: dataDir }, 'restore', '--from', file);
      assert.equal(r.status, 1, `${name}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.split('\n').length, 2, `one line: ${r.stderr}`);
      assert.ok(r.stderr.startsWith(`cannot restore from ${file}: `) && r.stderr.endsWith('; nothing was changed\n'), r.stderr);
      assert.match(r.stderr, reason, name);
    } else {
      await assert.rejects(restoreBackup(file, dataDir), (err: Error) => err instanceof BackupFileError && reason.test(err.message), `${name}: ${reason}`);
    }
  }
  assert.deepEqual(files(dataDir), before, 'not one file of the database or the pictures changed');
  assert.deepEqual(readdirSync(dataDir).sort(), ['media', 'pg'], 'no staging directory or lock left behind');

  // The good file restores (the same data directory, replaced whole: the other picture, not ours).
  await restoreBackup(good, dataDir);
  assert.deepEqual(readdirSync(path.join(dataDir, 'media')), ['d'.repeat(64)]);
  assert.deepEqual(readdirSync(dataDir).sort(), ['media', 'pg'], 'the previous data removed once the restore is complete');
});

test('a backup from a later release (a migration this one does not know) is refused, the data untouched', async () => {
  const tar = gunzipSync(readFileSync(good));
  const manifestAt = tar.lastIndexOf('manifest.json\0');
  const size = parseInt(tar.toString('latin1', manifestAt + 124, manifestAt + 135), 8);
  const manifest = JSON.parse(tar.toString('utf8', manifestAt + 512, manifestAt + 512 + size));
  manifest.schema_migrations.push('9999_from_the_future.sql');
  const text = Buffer.from(JSON.stringify(manifest));
  const later = path.join(root, 'later.tar.gz');
  writeFileSync(later, gzipSync(Buffer.concat([tar.subarray(0, manifestAt), tarHeader('manifest.json', text.length, new Date()), text, tarPadding(text.length), tarEnd()])));
  const before = files(dataDir);
  await assert.rejects(restoreBackup(later, dataDir), /it was made by a newer release \(launchyard 0\.0\.0-test; migration 9999_from_the_future\.sql is not in this one\)/);
  assert.deepEqual(files(dataDir), before);
});

test('a file whose checksums hold but whose database does not open as the manifest says is refused, the data untouched', async () => {
  const odd = path.join(root, 'odd.tar.gz');
  const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  await writeBackup(odd, { createdAt: new Date(), launchyardVersion: '0.0.0-test', postgresVersion: '18.6', migrations, dump: new Blob([Buffer.alloc(4096, 7)]), media: { storage: localMediaStorage(path.join(root, 'no-media')) } });
  const before = files(dataDir);
  await assert.rejects(restoreBackup(odd, dataDir), (err: Error) => err instanceof BackupFileError && /its database/.test(err.message));
  assert.deepEqual(files(dataDir), before);
  assert.deepEqual(readdirSync(dataDir).sort(), ['media', 'pg'], 'its staging directory removed');
});
