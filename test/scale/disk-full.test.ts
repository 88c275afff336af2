import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { freshPostgres, startNode } from './cluster.ts';
import { call } from './client.ts';
import { sharedDatabase } from './shared-database.ts';

// A full disk while the service runs (issue 31, item 6), on a real small filesystem: a tmpfs
// mounted for the test. PGlite: the whole DATA_DIR lives on it. PostgreSQL (a local server): the
// milestones table and its indexes are moved to a tablespace on it. The disk is then filled to
// the last few hundred kB and writes go on until one is refused: it must be a 503 problem with
// Retry-After and code disk_full; reads keep working; freeing the space lets writes through again
// without a restart; every write answered 201 is there afterwards and none that was refused.
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** Mounting needs CAP_SYS_ADMIN (CI and this machine kind run as root); elsewhere this test cannot run. */
function canMount(): string | false {
  if (process.getuid?.() !== 0) return 'mounting a small tmpfs needs root';
  if (process.env.TEST_DATABASE_URL) {
    const host = new URL(process.env.TEST_DATABASE_URL).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost') return 'the PostgreSQL server must be local (its tablespace goes on the small disk)';
  }
  return false;
}

function mountTmpfs(megabytes: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', dir]);
  return {
    dir,
    free: () => {
      const s = statfsSync(dir);
      return s.bavail * s.bsize;
    },
    unmount: () => {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test(`a full disk while serving (${engine}): writes answer 503 disk_full with Retry-After, reads work, writes resume when space returns, nothing half-written`, { skip: canMount(), timeout: 180_000 }, async (t) => {
  const pgDb = process.env.TEST_DATABASE_URL ? await freshPostgres('disk_full') : undefined;
  // PGlite's migrated directory is about 45 MB; a tablespace holds one table.
  const disk = mountTmpfs(pgDb ? 8 : 64);
  const dataDir = pgDb ? undefined : path.join(disk.dir, 'data');
  // Undone last first: the node stops before its database goes, the disk is unmounted last.
  const cleanup: (() => Promise<unknown> | void)[] = [disk.unmount, () => pgDb?.drop()];
  after(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  let shared = await sharedDatabase({ databaseUrl: pgDb?.url, dataDir });
  const owner = await shared.person(['listings:write', 'account:read'], 'disk');
  // At most 50 milestones a listing: the writes go round 40 listings.
  const listings: string[] = [];
  for (let i = 0; i < 40; i++) listings.push(await shared.fx.listing({ slug: `small-disk-${i}`, owner_id: owner.userId, status: 'live', name: `Small Disk ${i}` }));
  const listingId = listings[0];
  if (pgDb) {
    const space = path.join(disk.dir, 'pg');
    mkdirSync(space);
    execFileSync('chown', ['postgres:postgres', space]);
    const name = `ly_small_${process.pid}`;
    await sql`create tablespace ${sql.id(name)} location ${sql.lit(space)}`.execute(shared.db);
    cleanup.push(async () => {
      await pgDb.drop(); // the database first: a tablespace in use cannot go
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop tablespace if exists ${name}`);
      await admin.end();
    });
    await sql`alter table milestones set tablespace ${sql.id(name)}`.execute(shared.db);
    for (const { indexname } of (await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'milestones'`.execute(shared.db)).rows) {
      await sql`alter index ${sql.id(indexname)} set tablespace ${sql.id(name)}`.execute(shared.db);
    }
  }
  await shared.close();

  const node = await startNode('small-disk', { ...(pgDb ? { DATABASE_URL: pgDb.url } : { DATA_DIR: dataDir! }), PUBLIC_URL: 'http://localhost:3996', RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '1000000' });
  let running = true;
  cleanup.push(async () => {
    if (running) await node.stop();
  });
  const headers = owner.auth;
  const write = (n: number) =>
    call(node.url, 'POST', `/api/v1/me/listings/${listings[n % listings.length]}/milestones`, {
      json: { date: '2026-11-02', title: `milestone ${n}`, description: `${n} `.repeat(300).slice(0, 1900) },
      headers,
    });

  // Nearly full: what is left is a few hundred kB (the service's own small writes need some too).
  const filler = path.join(disk.dir, 'filler.bin');
  writeFileSync(filler, Buffer.alloc(Math.max(0, disk.free() - 256 * 1024)));
  t.diagnostic(`${Math.round(disk.free() / 1024)} kB left on the small disk`);

  const stored: number[] = [];
  let refused: Awaited<ReturnType<typeof write>> | undefined;
  for (let n = 0; n < 1900 && !refused; n++) {
    const r = await write(n);
    if (r.status === 201) stored.push(n);
    else refused = r;
  }
  assert.ok(refused, 'a write was refused before 1,900 milestones');
  assert.equal(refused.status, 503, refused.text.slice(0, 300));
  assert.match(refused.headers.get('content-type') ?? '', /application\/problem\+json/);
  assert.equal(refused.body.code, 'disk_full');
  assert.equal(refused.headers.get('retry-after'), '60');
  assert.match(refused.body.detail, /can still be read/);
  t.diagnostic(`${stored.length} writes stored before the disk was full`);

  // Reads go on: the owner's listing with its milestones, a public read, a page.
  const mine = await call(node.url, 'GET', `/api/v1/me/listings/${listingId}`, { headers });
  assert.equal(mine.status, 200);
  assert.equal((await call(node.url, 'GET', '/api/v1/listings/small-disk-0')).status, 200);
  assert.equal((await call(node.url, 'GET', '/')).status, 200);
  // Still full: refused again. (A smaller write may still find room in a page the database already
  // has, so not every next write fails: one of the next few does, and any that pass are kept.)
  let again = 0;
  for (let n = 10_000; n < 10_050 && again === 0; n++) {
    const r = await write(n);
    if (r.status === 201) stored.push(n);
    else {
      assert.equal(r.status, 503);
      again++;
    }
  }
  assert.equal(again, 1, 'a write is refused again while the disk is still full');

  // Space returns: writes go through again, no restart.
  rmSync(filler);
  const resumed = await write(20_001);
  assert.equal(resumed.status, 201, resumed.text.slice(0, 300));
  stored.push(20_001);

  // Nothing half-written: exactly the answered writes are there, after a clean restart.
  running = false;
  assert.equal(await node.stop(), 0);
  shared = await sharedDatabase({ databaseUrl: pgDb?.url, dataDir });
  const titles = (await sql<{ title: string }>`select title from milestones where listing_id = any(${listings}::bigint[]) order by id`.execute(shared.db)).rows.map((r) => r.title);
  await shared.close();
  assert.deepEqual(titles, stored.map((n) => `milestone ${n}`));
});
