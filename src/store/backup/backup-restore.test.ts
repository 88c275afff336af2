import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../database.ts';
import { migratedDataDir } from '../../testing/database.ts';
import { fixtures } from '../../testing/fixtures.ts';
import { freePort, startService } from '../../testing/service-process.ts';
import { cliRun } from '../../testing/cli-process.ts';
import { createAccounts } from '../../domain/accounts/accounts.ts';
import { usersStore } from '../users-store.ts';
import { apiKeysStore } from '../api-keys-store.ts';
import { localMediaStorage } from '../../media/storage/local-storage.ts';

// Backups of the embedded database end to end, as an operator runs them: the service as a process
// on a DATA_DIR, `npm run cli -- backup` while it serves, then `restore` into another DATA_DIR and
// the service started there.
const root = mkdtempSync(path.join(os.tmpdir(), 'launchyard-backup-'));
after(() => rmSync(root, { recursive: true, force: true }));
const dirA = path.join(root, 'a');
const envOf = (dir: string, port = 0) => ({ DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3997', JOBS: 'off', SHARE_IMAGES: 'off', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000', RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '1000000' });

// The scene, written before the service holds the directory: an owner with an API key, three live
// listings with logos (files under DATA_DIR/media).
await migratedDataDir(dirA);
const pictures = [0, 1, 2].map((i) => ({ key: `${createHash('sha256').update(`logo ${i}`).digest('hex')}/logo-128.png`, body: Buffer.from(`not really a png ${i}`) }));
const scene = await (async () => {
  const database = await openDatabase({ dataDir: dirA });
  try {
    const accounts = createAccounts({ users: usersStore(database.db), apiKeys: apiKeysStore(database.db), now: () => new Date() });
    const owner = await accounts.createUser({ email: 'owner@backup.test', name: 'Owner', password: null });
    const { key } = await accounts.createApiKey(owner, { name: 'backup test', scopes: ['account:read', 'listings:write'] });
    const fx = fixtures(database.db);
    const slugs = ['kept-one', 'kept-two', 'kept-three'];
    const ids = [];
    for (const [i, slug] of slugs.entries()) ids.push(await fx.listing({ slug, owner_id: owner, tagline: `Tagline of ${slug}`, logo_url: `/media/${pictures[i].key}` }));
    const media = localMediaStorage(path.join(dirA, 'media'));
    for (const p of pictures) await media.put(p.key, p.body, 'image/png');
    return { auth: { authorization: `Bearer ${key}` }, slugs, listingId: ids[0] };
  } finally {
    await database.close();
  }
})();

const call = async (base: string, method: string, url: string, json?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(base + url, { method, headers: { ...headers, ...(json ? { 'content-type': 'application/json' } : {}) }, body: json ? JSON.stringify(json) : undefined });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body };
};

/** Every table of the database's schemas (ours and the job queue's) with its rows' digest: equal digests, equal contents. */
async function contents(db: Kysely<any>): Promise<Record<string, string>> {
  const tables = (await sql<{ t: string }>`select format('%I.%I', table_schema, table_name) as t from information_schema.tables
    where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE' order by 1`.execute(db)).rows.map((r) => r.t);
  const out: Record<string, string> = {};
  for (const t of tables) {
    const row = (await sql<{ n: string; digest: string | null }>`select count(*) as n, md5(string_agg(to_jsonb(x)::text, '|' order by to_jsonb(x)::text)) as digest from ${sql.raw(t)} x`.execute(db)).rows[0];
    // pg-boss notes when it last ran its maintenance in its version row, also while it stops.
    out[t] = t === 'pgboss.version' ? `${row.n} rows` : `${row.n} rows ${row.digest ?? ''}`;
  }
  return out;
}

/** The files under a directory, each with its digest: what "untouched" means. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(`${path.relative(dir, p)} ${createHash('sha256').update(readFileSync(p)).digest('hex')}`);
    }
  };
  walk(dir);
  return out;
}

const fileOne = path.join(root, 'while-writing.tar.gz');
const fileTwo = path.join(root, 'while-reading.tar.gz');
const answered: string[] = [];
let answeredWhenStarted = 0;
let answeredWhenDone = 0;
let listOfA: unknown;

test('backup while the service serves reads and writes: taken by the service over its control socket; restore refused while it runs', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const service = startService(envOf(dirA, port));
  after(() => service.child.kill('SIGKILL'));
  await service.listening;
  const base = `http://127.0.0.1:${port}`;
  const socket = statSync(path.join(dirA, 'control.sock'));
  assert.ok(socket.isSocket());
  assert.equal(socket.mode & 0o777, 0o600, 'the control socket is its owner\'s alone');

  // Writers: updates of a listing, one after another per writer, each answered 201 or not at all.
  let writing = true;
  const writers = [0, 1].map(async (w) => {
    for (let i = 0; writing; i++) {
      const title = `update ${w}-${i}`;
      const r = await call(base, 'POST', `/api/v1/me/listings/${scene.listingId}/updates`, { title, body: 'Written during the backup.' }, scene.auth);
      assert.equal(r.status, 201, r.body.toString());
      answered.push(title);
      await new Promise((resolve) => setTimeout(resolve, 10)); // a steady stream, not a load test
    }
  });
  // Readers: lists, pages and pictures, all answered while the backup runs.
  let reading = true;
  let reads = 0;
  const readers = [0, 1].map(async () => {
    while (reading) {
      for (const url of ['/api/v1/listings?per_page=5', '/', `/media/${pictures[0].key}`]) {
        const r = await call(base, 'GET', url);
        assert.equal(r.status, 200, `${url}: ${r.body.toString().slice(0, 200)}`);
        reads++;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  });
  while (answered.length < 20) await new Promise((r) => setTimeout(r, 20));
  answeredWhenStarted = answered.length;
  const first = await cliRun(envOf(dirA), 'backup', '--to', fileOne);
  answeredWhenDone = answered.length;
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /^backup written to .*while-writing\.tar\.gz \(\d+\.\d MB: \d+ migrations, 3 picture files; taken by the running service\)$/m);
  assert.ok(answeredWhenDone > answeredWhenStarted, 'writes were answered while the backup was taken');
  writing = false;
  await Promise.all(writers);

  // A restore into the directory of the running service is refused, and it goes on serving.
  const refused = await cliRun(envOf(dirA), 'restore', '--from', fileOne);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /^restore refused while the service runs: the embedded database in .* is in use by process \d+; stop it first\n$/);
  assert.equal((await call(base, 'GET', '/api/v1/listings?per_page=5')).status, 200);

  // Then a backup while it serves reads only: the one compared table by table below. (Lists,
  // pages and pictures: a profile read counts a view, written later.)
  listOfA = JSON.parse((await call(base, 'GET', '/api/v1/listings?per_page=10')).body.toString());
  const second = await cliRun(envOf(dirA), 'backup', '--to', fileTwo);
  assert.equal(second.status, 0, second.stderr);
  reading = false;
  await Promise.all(readers);
  assert.ok(reads > 10, `requests were served meanwhile (${reads})`);

  service.child.kill('SIGTERM');
  assert.equal(await service.exited, 0);
  assert.ok(!readdirSync(dirA).includes('control.sock'), 'the socket goes with the service');
});

test('restore into new data directories: the backup taken while writing holds every write answered before it; the one taken while reading equals the source table by table; the service serves the same listings and pictures', { timeout: 120_000 }, async () => {
  const dirB = path.join(root, 'b');
  const dirC = path.join(root, 'c');
  for (const [dir, file] of [[dirB, fileOne], [dirC, fileTwo]]) {
    const r = await cliRun(envOf(dir), 'restore', '--from', file);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^restored the backup of \S+ \(launchyard [^,]+, \d+ migrations, 3 picture files\) into /);
    assert.doesNotMatch(r.stdout, /newer migration/, 'a backup of this release has nothing to apply');
    assert.deepEqual(readdirSync(dir).sort(), ['media', 'pg']);
  }

  // Taken between two statements while updates were written: each update answered before the
  // backup started is in it, none answered after it finished.
  const b = await openDatabase({ dataDir: dirB });
  try {
    const titles = new Set((await b.db.selectFrom('listing_updates').select('title').execute()).map((r) => r.title));
    assert.deepEqual(answered.slice(0, answeredWhenStarted).filter((t) => !titles.has(t)), [], 'every update answered before the backup');
    assert.ok(titles.size <= answeredWhenDone + 2, `none answered after it (${titles.size} of ${answeredWhenDone})`);
  } finally {
    await b.close();
  }

  const a = await openDatabase({ dataDir: dirA });
  const expected = await contents(a.db).finally(() => a.close());
  const c = await openDatabase({ dataDir: dirC });
  const restored = await contents(c.db).finally(() => c.close());
  assert.deepEqual(restored, expected, 'every table holds the same rows');
  assert.ok(Number(expected['public.listing_updates'].split(' ')[0]) >= answeredWhenDone);
  assert.deepEqual(tree(path.join(dirC, 'media')), tree(path.join(dirA, 'media')), 'the same picture files');

  const port = await freePort();
  const service = startService(envOf(dirC, port));
  after(() => service.child.kill('SIGKILL'));
  await service.listening;
  const base = `http://127.0.0.1:${port}`;
  assert.deepEqual(JSON.parse((await call(base, 'GET', '/api/v1/listings?per_page=10')).body.toString()), listOfA, 'the same listings');
  for (const slug of scene.slugs) {
    const r = await call(base, 'GET', `/api/v1/listings/${slug}`);
    assert.equal(r.status, 200);
    const profile = JSON.parse(r.body.toString());
    assert.equal(profile.tagline, `Tagline of ${slug}`);
    assert.equal(profile.latest_updates.length, slug === scene.slugs[0] ? 5 : 0, 'the updates written before the backup');
  }
  for (const p of pictures) assert.deepEqual((await call(base, 'GET', `/media/${p.key}`)).body, p.body);
  service.child.kill('SIGTERM');
  assert.equal(await service.exited, 0);
});
