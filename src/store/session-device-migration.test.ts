import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from './database.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';
import { freshDatabaseUrl } from '../testing/database.ts';
import { deviceLabel } from '../domain/accounts/device-label.ts';

// Migration 0033 on a database whose sessions stored the client's raw address and User-Agent: each
// becomes the label the service now computes (the SQL and device-label.ts agree), the columns are
// gone and no raw value is left anywhere in the table; the sign-in counters named by raw addresses
// are forgotten.
const HEADERS: (string | null)[] = [
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Vivaldi/6.8',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
  'Firefox/1.0',
  'curl/8.5.0',
  '',
  null,
];
const IPS = ['203.0.113.9', '2001:db8:5:6::1', null];

test('0033 turns the sessions\' raw ip and user_agent into a device label, leaving no raw value, and forgets address-named sign-in counters', async () => {
  const fresh = await freshDatabaseUrl({ empty: true });
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: fresh.databaseUrl, loadDataDir: fresh.loadDataDir });
  const before = mkdtempSync(path.join(os.tmpdir(), 'ly-before-0033-'));
  const upTo = mkdtempSync(path.join(os.tmpdir(), 'ly-upto-0033-'));
  try {
    for (const f of readdirSync(MIGRATIONS_DIR)) {
      if (f < '0033') cpSync(path.join(MIGRATIONS_DIR, f), path.join(before, f));
      // Only this migration on top: later ones are not this test's business.
      if (f < '0034') cpSync(path.join(MIGRATIONS_DIR, f), path.join(upTo, f));
    }
    await migrate(database.db, before);
    const db = database.db;
    const user = (await sql<{ id: string }>`insert into users (email, name) values ('old@test.example', 'Old') returning id`.execute(db)).rows[0].id;
    for (const [i, header] of HEADERS.entries()) {
      await sql`insert into sessions (token_hash, user_id, csrf_token, ip, user_agent, expires_at)
        values (${`hash-${i}`}, ${user}, 'csrf', ${IPS[i % IPS.length]}::inet, ${header}, now() + interval '1 day')`.execute(db);
    }
    await sql`insert into sign_in_failures (key, failures) values ('ip:203.0.113.9', 3), ('pair:' || md5('old@test.example'), 2)`.execute(db);

    assert.deepEqual(await migrate(db, upTo), ['0033_session_device.sql']);

    const columns = (await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'sessions'`.execute(db)).rows.map((c) => c.column_name);
    assert.ok(!columns.includes('ip') && !columns.includes('user_agent') && columns.includes('device'), columns.join(', '));
    const rows = (await sql<Record<string, unknown>>`select * from sessions order by id`.execute(db)).rows;
    assert.deepEqual(
      rows.map((r) => r.device),
      HEADERS.map((h) => deviceLabel(h)),
      'the SQL labels each header as device-label.ts does',
    );
    const text = JSON.stringify(rows);
    for (const raw of ['203.0.113', '2001:db8', 'Mozilla', 'Gecko', 'AppleWebKit', 'Win64', 'curl', '128.0']) assert.ok(!text.includes(raw), `${raw} is left in ${text}`);
    assert.equal((await sql<{ n: number }>`select count(*)::int as n from sign_in_failures`.execute(db)).rows[0].n, 0);

    // The service names every new session's device: the column has no default to fall back on.
    await assert.rejects(sql`insert into sessions (token_hash, user_id, csrf_token, expires_at) values ('new', ${user}, 'csrf', now())`.execute(db), /device/);
  } finally {
    rmSync(before, { recursive: true, force: true });
    rmSync(upTo, { recursive: true, force: true });
    await database.close();
    await fresh.drop();
  }
});
