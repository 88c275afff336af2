import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { freshDatabaseUrl } from './testing/database.ts';
import { inheritedV8Flags } from './testing/v8-flags.ts';
import { openDatabase } from './store/database.ts';
import { migrate } from './store/migrate.ts';
import { fixtures } from './testing/fixtures.ts';
import { localMediaStorage } from './media/storage/local-storage.ts';

// npm run cli -- user:export on the configured database (a fresh PostgreSQL one with
// TEST_DATABASE_URL, else an embedded data directory) and the pictures under DATA_DIR/media: the
// same zip as /account/data, written once, readable by the operator alone.
const dir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-cli-export-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const dataDir = path.join(dir, 'data');
const fresh = await freshDatabaseUrl({ dataDir });
after(() => fresh.drop());
const env = { ...process.env, DATABASE_URL: fresh.databaseUrl ?? '', REDIS_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
const cli = (args: string[], cwd = dir) => spawnSync(process.execPath, [...inheritedV8Flags(), path.join(import.meta.dirname, 'cli.ts'), ...args], { env, cwd, encoding: 'utf8' });

const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#0a7d4f' } }).png().toBuffer();
const hash = createHash('sha256').update('cli-export-logo').digest('hex');
let userId = '';
{
  const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir });
  try {
    await migrate(database.db);
    const fx = fixtures(database.db);
    userId = await fx.user({ email: 'Operator.Asked@cli-export.test', name: 'Asked By Letter' });
    await fx.user({ email: 'someone.else@cli-export.test' });
    await database.db.insertInto('media_files').values({ source_hash: hash, purpose: 'logo', width: 256, height: 256 }).execute();
    await fx.listing({ owner_id: userId, slug: 'letter-app', name: 'Letter App', logo_hash: hash, logo_url: `http://localhost:3000/media/${hash}/logo-256.png` });
  } finally {
    await database.close();
  }
  await localMediaStorage(path.join(dataDir, 'media')).put(`${hash}/logo-256.png`, logo, 'image/png');
}

test('user:export --email (any case) --to FILE writes the account\'s zip: the document and its pictures, mode 600', () => {
  const to = path.join(dir, 'asked.zip');
  const r = cli(['user:export', '--email', 'operator.asked@CLI-EXPORT.test', '--to', to]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), `wrote ${to} (${statSync(to).size} bytes): account ${userId}, 1 listing(s), 1 picture(s)`);
  assert.equal(statSync(to).mode & 0o777, 0o600);
  const files = unzipSync(new Uint8Array(readFileSync(to)));
  const doc = JSON.parse(strFromU8(files['launchyard-export.json']));
  assert.deepEqual([doc.format, doc.version, doc.account.email], ['launchyard.account-export', 1, 'Operator.Asked@cli-export.test']);
  assert.equal(doc.listings[0].slug, 'letter-app');
  assert.deepEqual(Buffer.from(files['files/listings/letter-app/logo.png']), logo);
});

test('without --to it writes ./launchyard-export-<id>.zip; it never writes over a file', () => {
  const r = cli(['user:export', '--email', 'operator.asked@cli-export.test']);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(existsSync(path.join(dir, `launchyard-export-${userId}.zip`)));
  const again = cli(['user:export', '--email', 'operator.asked@cli-export.test']);
  assert.equal(again.status, 1);
  assert.equal(again.stderr.trim(), `${path.join(dir, `launchyard-export-${userId}.zip`)} exists already: remove it or choose another --to`);
});

const mistakes: [string, string[], RegExp][] = [
  ['no --email', ['user:export'], /^user:export needs --email E/],
  ['an unknown address', ['user:export', '--email', 'nobody@cli-export.test'], /^no account with the address nobody@cli-export\.test$/],
  ['an unknown option', ['user:export', '--email', 'operator.asked@cli-export.test', '--format', 'csv'], /^user:export: Unknown option '--format'/],
  ['a folder that does not exist', ['user:export', '--email', 'operator.asked@cli-export.test', '--to', path.join(dir, 'no', 'such', 'x.zip')], /^cannot write .*x\.zip: ENOENT/],
];
for (const [name, args, message] of mistakes) {
  test(`user:export with ${name}: one line on stderr, exit 1`, () => {
    const r = cli(args);
    assert.equal(r.status, 1);
    assert.match(r.stderr.trim(), message);
  });
}
