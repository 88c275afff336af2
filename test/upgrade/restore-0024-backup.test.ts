import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/store/database.ts';
import { MIGRATIONS_DIR } from '../../src/store/migrate.ts';
import { writeBackup } from '../../src/store/backup/backup-file.ts';
import { localMediaStorage } from '../../src/media/storage/local-storage.ts';
import { cliRun } from '../../src/testing/cli-process.ts';
import { freePort, startService } from '../../src/testing/service-process.ts';
import { FIXTURE, FIXTURE_LAST_MIGRATION } from '../fixtures/make-upgrade-fixture.ts';
import { fixtureDump } from './old-database.ts';

// A backup made by an earlier release (the 0024 fixture's database, in a backup file as that
// release would have written it) restores as it is; the service's next start applies the newer
// migrations and serves the old data.
const root = mkdtempSync(path.join(os.tmpdir(), 'launchyard-old-backup-'));
after(() => rmSync(root, { recursive: true, force: true }));
const all = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
const old = all.filter((f) => f <= FIXTURE_LAST_MIGRATION);

test('a backup from an earlier release restores; the next start applies the newer migrations and serves its listings', { timeout: 120_000 }, async () => {
  const file = path.join(root, 'launchyard-backup-0024.tar.gz');
  const pictures = localMediaStorage(path.join(root, 'old-media'));
  const picture = `${'e'.repeat(64)}/logo-128.png`;
  await pictures.put(picture, Buffer.from('an old logo'), 'image/png');
  await writeBackup(file, { createdAt: new Date('2026-10-20T03:30:00Z'), launchyardVersion: '0.0.24', postgresVersion: '18.6', migrations: old, dump: fixtureDump(), media: { storage: pictures } });

  const dataDir = path.join(root, 'data');
  const restored = await cliRun({ DATA_DIR: dataDir }, 'restore', '--from', file);
  assert.equal(restored.status, 0, restored.stderr);
  assert.match(restored.stdout, /^restored the backup of 2026-10-20T03:30:00\.000Z \(launchyard 0\.0\.24, 24 migrations, 1 picture file\) into /m);
  const newer = all.filter((f) => f > FIXTURE_LAST_MIGRATION);
  assert.match(restored.stdout, new RegExp(`^the next start applies ${newer.length} newer migrations \\(${newer[0]} … ${newer.at(-1)}\\)$`, 'm'));

  const port = await freePort();
  const service = startService({ DATA_DIR: dataDir, PORT: String(port), JOBS: 'off', PUBLIC_URL: `http://127.0.0.1:${port}` });
  after(() => service.child.kill('SIGKILL'));
  await service.listening;
  const profile = await fetch(`http://127.0.0.1:${port}/api/v1/listings/${FIXTURE.live.slug}`);
  assert.equal(profile.status, 200);
  assert.equal((await profile.json()).tagline, FIXTURE.live.tagline);
  assert.equal(Buffer.from(await (await fetch(`http://127.0.0.1:${port}/media/${picture}`)).arrayBuffer()).toString(), 'an old logo');
  service.child.kill('SIGTERM');
  assert.equal(await service.exited, 0);

  const database = await openDatabase({ dataDir });
  try {
    const names = (await sql<{ name: string }>`select name from schema_migrations order by name`.execute(database.db)).rows.map((r) => r.name);
    assert.deepEqual(names, all, 'every migration applied at the start');
    const votes = (await sql<{ n: string }>`select count(*) as n from votes where network_hash is not null`.execute(database.db)).rows[0].n;
    assert.equal(Number(votes), FIXTURE.votes.filter((v) => v.ip).length);
  } finally {
    await database.close();
  }
});
