import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { unzipSync, strFromU8 } from 'fflate';
import { createTestApp } from '../../testing/harness.ts';
import { DomainError } from '../errors.ts';
import { EXPORT_DOCUMENT_NAME } from './account-export.ts';
import { EXPORT_RULES } from './data-exports.ts';

// An export's life on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and the media
// storage, with the service clock moved by hand: started once an hour, prepared by its job (run
// inline, as pg-boss would on any node), downloaded by its own person only, expired after its link's
// hours (the file deleted by the sweep, the row kept to say so), lost jobs sent again, then failed.
let clock = new Date('2026-03-02T09:00:00Z');
const t = await createTestApp({ now: () => clock });
const exports = t.app.services.dataExports;
const alice = await t.fx.user({ email: 'alice@exports.test', name: 'Alice' });
const bob = await t.fx.user({ email: 'bob@exports.test', name: 'Bob' });
await t.fx.listing({ owner_id: alice, slug: 'alices-app', name: "Alice's App" });
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const rows = async (userId: string) => t.db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as DomainError;
  }
  assert.fail('expected a refusal');
};

test('start → the job prepares it → ready for 24 hours, mailed; the zip holds the account', async () => {
  const started = await exports.start(alice);
  assert.equal(started.started, true);
  assert.equal(started.export.state, 'queued');
  await t.jobsIdle();
  const { latest } = await exports.page(alice);
  assert.equal(latest!.state, 'ready');
  assert.equal(latest!.progress, 100);
  assert.equal(latest!.downloadPath, `/account/data/${latest!.id}/launchyard-export.zip`);
  assert.equal(latest!.expiresAt!.getTime() - latest!.readyAt!.getTime(), 24 * 3_600_000);
  const mail = await t.db.selectFrom('outbox_emails').select(['subject', 'text_body']).where('to_address', '=', 'alice@exports.test').execute();
  assert.equal(mail.length, 1);
  assert.match(mail[0].text_body, /http:\/\/localhost:3000\/account\/data\n/);
  assert.match(mail[0].text_body, /until 2026-03-03 09:00 UTC/);

  const got = await exports.download(alice, latest!.id);
  assert.equal(got.kind, 'file');
  const files = unzipSync(new Uint8Array((got as { body: Buffer }).body));
  const doc = JSON.parse(strFromU8(files[EXPORT_DOCUMENT_NAME]));
  assert.equal(doc.account.email, 'alice@exports.test');
  assert.equal(doc.listings[0].slug, 'alices-app');
  // The file lives under a private key, where the pictures' listing (and so the orphan sweep) never looks.
  const row = (await rows(alice))[0];
  assert.match(row.storage_key!, /^exports\/[0-9a-f]{32}\/launchyard-export\.zip$/);
  for await (const item of t.app.services.mediaStorage.list('')) assert.ok(!item.key.startsWith('exports/'), item.key);
});

const downloads: [string, () => [string, string], string][] = [
  ["another account's export", () => [bob, 'LATEST'], 'not_found'],
  ['an unknown id', () => [alice, '00000000-0000-4000-8000-000000000000'], 'not_found'],
  ['an id that is not one', () => [alice, "x' or 1=1 --"], 'not_found'],
  ['its own person', () => [alice, 'LATEST'], 'file'],
];
test('a download is for its own person: anyone else gets the answer of an unknown id', async (tt) => {
  const latest = (await exports.page(alice)).latest!;
  for (const [name, who, kind] of downloads) {
    await tt.test(name, async () => {
      const [userId, id] = who();
      assert.equal((await exports.download(userId, id === 'LATEST' ? latest.id : id)).kind, kind);
    });
  }
});

test('a second export within the hour is refused (429 with Retry-After); a press while one is under way returns it', async () => {
  later(20 * 60_000);
  const e = await refusal(exports.start(alice));
  assert.equal(e.code, 'data_export_too_soon');
  assert.equal(e.kind, 'rate_limited');
  assert.equal(e.retryAfterSeconds, 40 * 60);
  assert.equal((await exports.page(alice)).nextStartAt!.getTime(), new Date('2026-03-02T10:00:00Z').getTime());
  assert.equal((await rows(alice)).length, 1, 'nothing written');

  // Bob presses twice at once (two tabs, two nodes): one export.
  const [a, b] = await Promise.all([exports.start(bob), exports.start(bob)]);
  assert.equal(a.export.id, b.export.id);
  assert.deepEqual([a.started, b.started].sort(), [false, true]);
  await t.jobsIdle();
  assert.equal((await rows(bob)).length, 1);
});

test('past its link the export reads as expired at once; the sweep deletes the file and keeps the row to say so', async () => {
  const [row] = await rows(alice);
  later(24 * 3_600_000);
  assert.equal((await exports.download(alice, row.id)).kind, 'expired', 'before the sweep');
  assert.equal((await exports.page(alice)).latest!.state, 'expired');
  assert.ok(await t.app.services.mediaStorage.getPrivate(row.storage_key!), 'still stored until the sweep');
  const swept = await exports.sweep();
  assert.ok(swept.expired >= 1);
  assert.equal(await t.app.services.mediaStorage.getPrivate(row.storage_key!), null, 'the file is deleted');
  const after = (await rows(alice))[0];
  assert.deepEqual([after.state, after.storage_key], ['expired', null]);
  assert.equal((await exports.download(alice, row.id)).kind, 'expired');
  assert.equal((await exports.download(bob, row.id)).kind, 'not_found');
  assert.deepEqual(await exports.sweep(), { expired: 0, resent: 0, failed: 0, dropped: 0 }, 'idempotent');

  // A new export replaces the expired row.
  assert.equal((await exports.start(alice)).started, true);
  await t.jobsIdle();
  const now = await rows(alice);
  assert.deepEqual(now.map((r) => r.state), ['ready']);
});

test('a job that went quiet is sent again, up to three sends; then the export fails with a message, and a new one may start at once', async () => {
  const carol = await t.fx.user({ email: 'carol@exports.test', name: 'Carol' });
  // As if the node died mid-job: preparing, quiet since it started.
  const lost = (
    await sql<{ id: string }>`insert into data_exports (user_id, state, progress, step, created_at, updated_at, started_at) values (${carol}, 'preparing', 40, 'Your listings', ${clock}, ${clock}, ${clock}) returning id`.execute(t.db)
  ).rows[0].id;
  later(EXPORT_RULES.quietMs - 1000);
  assert.equal((await exports.sweep()).resent, 0, 'not quiet long enough');
  later(2000);
  assert.equal((await exports.sweep()).resent, 1);
  await t.jobsIdle();
  const done = await t.db.selectFrom('data_exports').selectAll().where('id', '=', lost).executeTakeFirstOrThrow();
  assert.deepEqual([done.state, done.sends], ['ready', 2], 'the re-sent job prepared it');

  const dave = await t.fx.user({ email: 'dave@exports.test', name: 'Dave' });
  const stuck = (
    await sql<{ id: string }>`insert into data_exports (user_id, state, sends, created_at, updated_at) values (${dave}, 'queued', ${EXPORT_RULES.maxSends}, ${clock}, ${clock}) returning id`.execute(t.db)
  ).rows[0].id;
  later(EXPORT_RULES.quietMs + 1000);
  assert.equal((await exports.sweep()).failed, 1);
  const failed = (await exports.page(dave)).latest!;
  assert.equal(failed.id, stuck);
  assert.equal(failed.state, 'failed');
  assert.match(failed.failure!, /could not prepare your data/);
  assert.equal((await exports.download(dave, stuck)).kind, 'not_ready');
  assert.equal((await exports.start(dave)).started, true, 'a failed export does not count against the hour');
  await t.jobsIdle();
  assert.deepEqual((await rows(dave)).map((r) => r.state), ['ready'], 'and the failed row is replaced');
});

test('a job whose export was deleted meanwhile (the account erased) stores nothing that stays', async () => {
  const erin = await t.fx.user({ email: 'erin@exports.test', name: 'Erin' });
  const id = (await sql<{ id: string }>`insert into data_exports (user_id, created_at, updated_at) values (${erin}, ${clock}, ${clock}) returning id`.execute(t.db)).rows[0].id;
  await exports.discardAll(erin);
  assert.deepEqual(await exports.prepare(id), { exportId: id, skipped: 'not pending' });
  assert.equal((await rows(erin)).length, 0);
  // An erasure after it was ready: the file goes first, then the row.
  await exports.start(erin);
  await t.jobsIdle();
  const [ready] = await rows(erin);
  await exports.discardAll(erin);
  assert.equal(await t.app.services.mediaStorage.getPrivate(ready.storage_key!), null);
  assert.equal((await rows(erin)).length, 0);
});
