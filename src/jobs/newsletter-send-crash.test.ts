import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../store/database.ts';
import { freshDatabaseUrl } from '../testing/database.ts';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.ts';
import { addEdition, addSubscribers } from '../testing/newsletter-fixtures.ts';
import { inheritedV8Flags } from '../testing/v8-flags.ts';
import { newsletterDeliveriesStore } from '../store/newsletter-deliveries-store.ts';

// The sender in processes of its own against one database (PGlite in a data directory, or
// PostgreSQL with TEST_DATABASE_URL), copies counted at a real SMTP server on loopback: killed
// with SIGKILL in the middle of an edition and started again; and, on PostgreSQL, two at once.
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const SENDER = path.join(import.meta.dirname, '../testing/newsletter-sender-process.ts');
const SUBSCRIBERS = 400;

const sink = await startSmtpSink({ keepRaw: false });
after(() => sink.close());

/** A database with SUBSCRIBERS confirmed subscribers and an edition queued to them; where the sender processes find it. */
async function scene() {
  const dataDir = process.env.TEST_DATABASE_URL ? undefined : mkdtempSync(path.join(os.tmpdir(), 'launchyard-newsletter-crash-'));
  const fresh = await freshDatabaseUrl({ dataDir });
  after(async () => {
    await fresh.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: dataDir ?? '', poolSize: 2 });
  await addSubscribers(database.db, { count: SUBSCRIBERS, prefix: 'crash' });
  const editionId = await addEdition(database.db);
  await newsletterDeliveriesStore(database.db).queue(editionId, new Date());
  await database.close(); // PGlite: one process at a time holds the data directory
  const env: Record<string, string> = fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : { DATA_DIR: dataDir! };
  return { editionId, env, open: () => openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: dataDir ?? '', poolSize: 2 }) };
}

function sender(editionId: string, env: Record<string, string>, node: string) {
  const child = spawn(process.execPath, [...inheritedV8Flags(), SENDER, editionId], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env, SMTP_URL: sink.url, NEWSLETTER_RATE_PER_SECOND: '150', NEWSLETTER_TEST_LEASE_MS: '1500', NEWSLETTER_TEST_NODE: node, PUBLIC_URL: 'http://localhost:3000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, out: () => out, err: () => err };
}

async function until(what: string, check: () => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Copies per subscriber at the SMTP server: the ones with none, the ones with more than one. */
function tally(s: SmtpSink) {
  const missing: string[] = [];
  const extra: string[] = [];
  for (let i = 1; i <= SUBSCRIBERS; i++) {
    const n = s.copies.get(`crash-${i}@test.example`) ?? 0;
    if (n === 0) missing.push(`crash-${i}`);
    if (n > 1) extra.push(`crash-${i} ×${n}`);
  }
  return { missing, extra };
}

test(`kill -9 in the middle of sending (${engine}), then a restart: no subscriber has two copies at the SMTP server, and a copy is missing only where the kill fell inside a hand-over`, { timeout: 180_000 }, async (t) => {
  sink.reset();
  const { editionId, env, open } = await scene();
  const first = sender(editionId, env, 'node-1');
  // Killed once the server has a third of the edition: connections are open, messages in flight.
  await until('a third of the edition at the server', () => sink.count() >= SUBSCRIBERS / 3 || first.child.exitCode !== null);
  assert.equal(first.child.exitCode, null, `the first sender ended before the kill: ${first.err()}`);
  first.child.kill('SIGKILL');
  assert.deepEqual(await first.exited, { code: null, signal: 'SIGKILL' });
  const atKill = sink.count();

  const second = sender(editionId, env, 'node-2');
  const done = await second.exited;
  assert.equal(done.code, 0, second.err());
  const report = JSON.parse(second.out().trim().split('\n').pop()!);
  const { missing, extra } = tally(sink);
  t.diagnostic(`${engine}: ${atKill} copies at the kill; the restart sent ${report.runs.reduce((n: number, r: { sent: number }) => n + r.sent, 0)}; ${missing.length} subscribers without a copy, ${extra.length} with more than one`);

  // The claim (docs/decisions.md#newsletter): a copy is never sent twice, because a delivery is
  // recorded sent before its end is written and only unrecorded ones are sent again; a copy is lost
  // only when the kill falls between the hand-over's two writes (COMMIT, then the end a tick later).
  // That gap is microseconds of CPU, but on a loaded machine the killed process can be descheduled
  // inside it: a CI run lost one copy (the one in hand-over at the kill). So a missing copy must be
  // one the killed sender had recorded sent, at most one per SMTP connection (5) in flight at the kill.
  assert.deepEqual(extra, [], 'no subscriber has two copies');
  assert.ok(missing.length <= 5, `at most one copy per connection in flight at the kill is lost: ${missing.join(', ')}`);
  assert.equal(sink.count(), SUBSCRIBERS - missing.length);

  const database = await open();
  try {
    const store = newsletterDeliveriesStore(database.db);
    assert.deepEqual(await store.progress(editionId), { sent: SUBSCRIBERS, failed: 0, remaining: 0, total: SUBSCRIBERS });
    assert.equal((await sql<{ status: string }>`select status from newsletter_editions where id = ${editionId}`.execute(database.db)).rows[0].status, 'sent');
    const lost = missing.length
      ? (
          await sql<{ email: string; claimed_by: string }>`select s.email, d.claimed_by from newsletter_deliveries d join newsletter_subscribers s on s.id = d.subscriber_id
            where d.edition_id = ${editionId} and s.email in (${sql.join(missing.map((m) => `${m}@test.example`))})`.execute(database.db)
        ).rows
      : [];
    assert.deepEqual(
      lost.map((r) => r.claimed_by),
      missing.map(() => 'node-1'),
      'every missing copy was recorded sent by the killed sender (the hand-over it was killed in), none by the restart',
    );
    const retried = (await sql<{ n: number }>`select count(*)::int as n from newsletter_deliveries where edition_id = ${editionId} and attempts > 1`.execute(database.db)).rows[0].n;
    t.diagnostic(`${retried} deliveries were claimed again after their lease lapsed (claimed or in flight at the kill, never finished)`);
  } finally {
    await database.close();
  }
});

test('two sender processes at once on one PostgreSQL database: each subscriber exactly one copy', { skip: !process.env.TEST_DATABASE_URL && 'PostgreSQL only (PGlite is one process)', timeout: 180_000 }, async (t) => {
  sink.reset();
  const { editionId, env } = await scene();
  const a = sender(editionId, env, 'node-a');
  const b = sender(editionId, env, 'node-b');
  const [ea, eb] = await Promise.all([a.exited, b.exited]);
  assert.equal(ea.code, 0, a.err());
  assert.equal(eb.code, 0, b.err());
  const sent = [a, b].map((p) => JSON.parse(p.out().trim().split('\n').pop()!).runs.reduce((n: number, r: { sent: number }) => n + r.sent, 0));
  t.diagnostic(`node-a sent ${sent[0]}, node-b sent ${sent[1]}`);
  const { missing, extra } = tally(sink);
  assert.deepEqual(extra, []);
  assert.deepEqual(missing, []);
  assert.equal(sent[0] + sent[1], SUBSCRIBERS);
});
