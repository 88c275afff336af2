import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readTar, tarEnd, tarHeader, tarPadding, TarFormatError } from './tar.ts';
import { BackupFileError, readBackup } from './archive-read.ts';
import { BACKUP_FORMAT, DATABASE_MEMBER, isBackupMemberName } from './manifest.ts';
import { backupTar } from './archive-write.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'launchyard-archive-'));
after(() => rmSync(root, { recursive: true, force: true }));
const at = new Date('2026-11-28T03:30:00Z');
const member = (name: string, bytes: Buffer) => [tarHeader(name, bytes.length, at), bytes, tarPadding(bytes.length)];
const tarOf = (members: [string, Buffer][], end = true) => Buffer.concat([...members.flatMap(([n, b]) => member(n, b)), ...(end ? [tarEnd()] : [])]);
async function* chunked(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
async function readAll(bytes: Buffer, chunk = 700) {
  const out: [string, Buffer][] = [];
  for await (const entry of readTar(chunked(bytes, chunk))) {
    const parts: Buffer[] = [];
    for await (const c of entry.body()) parts.push(Buffer.from(c));
    out.push([entry.name, Buffer.concat(parts)]);
  }
  return out;
}

test('tar: what the writer writes reads back whole, whatever the chunking, and the system tar reads it too', async () => {
  const long = `media/${'a'.repeat(64)}/${'b'.repeat(40)}.webp`;
  const deep = `${'d'.repeat(120)}/${'e'.repeat(90)}`; // over 100 bytes: prefix and name
  const members: [string, Buffer][] = [
    ['empty', Buffer.alloc(0)],
    ['one', Buffer.from('x')],
    ['block', Buffer.alloc(512, 1)],
    ['block-and-one', Buffer.alloc(513, 2)],
    [long, Buffer.alloc(100_000, 3)],
    [deep, Buffer.from('deep')],
  ];
  const bytes = tarOf(members);
  for (const chunk of [1, 511, 700, 1 << 20]) assert.deepEqual(await readAll(bytes, chunk), members, `chunks of ${chunk}`);
  const file = path.join(root, 'plain.tar');
  writeFileSync(file, bytes);
  const listed = spawnSync('tar', ['-tf', file], { encoding: 'utf8' });
  assert.equal(listed.status, 0, listed.stderr);
  assert.deepEqual(listed.stdout.trim().split('\n'), members.map(([n]) => n));
  assert.throws(() => tarHeader(`${'f'.repeat(200)}/${'g'.repeat(101)}`, 1, at), TarFormatError, 'a name that cannot be split is refused, not cut');
});

test('tar: sizes of 8 GiB and more are written base-256 and read back', async () => {
  const huge = 9_000_000_000;
  const entries = readTar(chunked(tarHeader('database/pglite.tar', huge, at), 512));
  const first = await entries.next();
  assert.equal(first.done, false);
  assert.equal(first.value!.size, huge);
  await assert.rejects(entries.next(), /cut short \(it ends in the middle of database\/pglite\.tar\)/);
});

test('tar: damaged headers, links and archives without their end are refused', async () => {
  const good = tarOf([['a', Buffer.from('abc')]]);
  const badSum = Buffer.from(good);
  badSum[10] ^= 1;
  const link = Buffer.from(good);
  link[156] = 0x32; // '2': a symbolic link
  let sum = 0;
  link.fill(0x20, 148, 156);
  for (const b of link.subarray(0, 512)) sum += b;
  link.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  const cases: [string, Buffer, RegExp][] = [
    ['a header whose checksum does not match', badSum, /a member header is damaged \(its checksum does not match\)/],
    ['a symbolic link', link, /something other than a file \(type 2\)/],
    ['no end blocks', tarOf([['a', Buffer.from('abc')]], false), /cut short \(it ends in the middle of a header\)/],
    ['cut inside a member', good.subarray(0, 600), /cut short \(it ends in the middle of a\)/],
  ];
  for (const [name, bytes, message] of cases) await assert.rejects(readAll(bytes), (err: Error) => err instanceof TarFormatError && message.test(err.message), name);
});

test('member names: the database, and pictures under their checked keys; nothing that could leave the directory', () => {
  const key = `${'0123456789abcdef'.repeat(4)}/logo-128.png`;
  const cases: [string, boolean][] = [
    [DATABASE_MEMBER, true],
    [`media/${key}`, true],
    ['manifest.json', false], // read apart, never written to disk
    ['database/other.tar', false],
    ['../etc/passwd', false],
    [`media/../${key}`, false],
    [`media/${key.replace('/', '/../')}`, false],
    ['/etc/passwd', false],
    [`media/${key}/x`, false],
    [`media/${key.toUpperCase()}`, false],
  ];
  for (const [name, ok] of cases) assert.equal(isBackupMemberName(name), ok, name);
});

test('readBackup: the manifest must name every member once, with its size and SHA-256, and nothing else', async () => {
  const dump = Buffer.from('a database');
  const picture = Buffer.from('a picture');
  const key = `media/${'a'.repeat(64)}/logo-64.png`;
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const manifest = (over: Record<string, unknown> = {}) =>
    Buffer.from(
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: 1,
        created_at: at.toISOString(),
        launchyard_version: '1.0.0',
        engine: 'pglite',
        postgres_version: '18.6',
        schema_migrations: ['0001_directory.sql'],
        media: { storage: 'local', files: 1 },
        members: [
          { name: DATABASE_MEMBER, size: dump.length, sha256: sha(dump) },
          { name: key, size: picture.length, sha256: sha(picture) },
        ],
        ...over,
      }),
    );
  const write = (members: [string, Buffer][]) => {
    const file = path.join(root, `backup-${Math.random().toString(36).slice(2)}.tar.gz`);
    writeFileSync(file, gzipSync(tarOf(members)));
    return file;
  };
  const ok = await readBackup(write([[DATABASE_MEMBER, dump], [key, picture], ['manifest.json', manifest()]]));
  assert.equal(ok.members.length, 2);
  const seen: string[] = [];
  await readBackup(write([[DATABASE_MEMBER, dump], [key, picture], ['manifest.json', manifest()]]), async (name, size, bytes) => {
    for await (const _ of bytes);
    seen.push(`${name} ${size}`);
  });
  assert.deepEqual(seen, [`${DATABASE_MEMBER} ${dump.length}`, `${key} ${picture.length}`], 'each member is shown once, as read');

  const cases: [string, [string, Buffer][], RegExp][] = [
    ['a member not in the manifest', [[DATABASE_MEMBER, dump], [key, picture], [`media/${'b'.repeat(64)}/logo-64.png`, picture], ['manifest.json', manifest()]], /media\/b{64}\/logo-64\.png is not in the manifest/],
    ['a member missing', [[DATABASE_MEMBER, dump], ['manifest.json', manifest()]], /media\/a{64}\/logo-64\.png is missing/],
    ['a member twice', [[DATABASE_MEMBER, dump], [DATABASE_MEMBER, dump], [key, picture], ['manifest.json', manifest()]], /it holds database\/pglite\.tar twice/],
    ['a member of another size', [[DATABASE_MEMBER, Buffer.from('a databas')], [key, picture], ['manifest.json', manifest()]], /database\/pglite\.tar is damaged/],
    ['a path out of the directory', [[DATABASE_MEMBER, dump], ['../../etc/cron.d/x', picture], ['manifest.json', manifest()]], /it holds "\.\.\/\.\.\/etc\/cron\.d\/x", which no backup holds/],
    ['a member after the manifest', [[DATABASE_MEMBER, dump], ['manifest.json', manifest()], [key, picture]], /follows the manifest/],
    ['another format', [[DATABASE_MEMBER, dump], [key, picture], ['manifest.json', manifest({ format: 'something-else' })]], /its manifest is not one this release reads \(format:/],
    ['a later format version', [[DATABASE_MEMBER, dump], [key, picture], ['manifest.json', manifest({ version: 2 })]], /its manifest is not one this release reads \(version:/],
    ['a manifest that is not JSON', [[DATABASE_MEMBER, dump], [key, picture], ['manifest.json', Buffer.from('{"format":')]], /its manifest is not JSON/],
  ];
  for (const [name, members, message] of cases) {
    await assert.rejects(readBackup(write(members)), (err: Error) => err instanceof BackupFileError && message.test(err.message), name);
  }
  await assert.rejects(readBackup(path.join(root, 'absent.tar.gz')), /there is no such file/);
});

test('pictures in S3: the manifest names the bucket, and the archive holds the database alone', async () => {
  const dump = new Blob([Buffer.from('a database dump')]);
  const file = path.join(root, 's3.tar.gz');
  const parts: Buffer[] = [];
  for await (const chunk of backupTar({ createdAt: at, launchyardVersion: '1.0.0', postgresVersion: '18.6', migrations: ['0001_directory.sql'], dump, media: { s3: { bucket: 'pictures', endpoint: 'http://minio:9000' } } })) parts.push(chunk);
  writeFileSync(file, gzipSync(Buffer.concat(parts)));
  const manifest = await readBackup(file);
  assert.deepEqual(manifest.media, { storage: 's3', bucket: 'pictures', endpoint: 'http://minio:9000' });
  assert.deepEqual(manifest.members.map((m) => m.name), [DATABASE_MEMBER]);
  assert.equal(manifest.members[0].sha256, createHash('sha256').update('a database dump').digest('hex'));
});
