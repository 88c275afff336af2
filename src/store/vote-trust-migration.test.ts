import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from './database.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';
import { freshDatabaseUrl } from '../testing/database.ts';

// Migration 0025 on a database that stored raw addresses and user agents: they are replaced by
// hashes (same /24 network → same hash, nothing else in common), the columns are gone, and the
// counted points start from the votes as they were.
test('0025 replaces the votes\' raw ip and user_agent by salted hashes and keeps the votes counting', async () => {
  const fresh = await freshDatabaseUrl({ empty: true });
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: fresh.databaseUrl, loadDataDir: fresh.loadDataDir });
  const before = mkdtempSync(path.join(os.tmpdir(), 'ly-before-0025-'));
  try {
    for (const f of readdirSync(MIGRATIONS_DIR)) if (f < '0025') cpSync(path.join(MIGRATIONS_DIR, f), path.join(before, f));
    await migrate(database.db, before);
    const db = database.db;
    const users = await sql<{ id: string }>`insert into users (email, name) select 'u' || g || '@test.example', 'U' || g from generate_series(1, 4) g returning id`.execute(db);
    const listing = await sql<{ id: string }>`insert into listings (slug, name, url, domain, status, launch_week, published_at)
      values ('old', 'Old', 'https://old.example', 'old.example', 'live', '2026-03-02', now()) returning id`.execute(db);
    const l = listing.rows[0].id;
    const ips = ['203.0.113.9', '203.0.113.77', '198.51.100.1', '2001:db8:5:6::1'];
    for (const [i, u] of users.rows.entries()) {
      await sql`insert into votes (listing_id, user_id, week, ip, user_agent, created_at) values (${l}, ${u.id}, '2026-03-02', ${ips[i]}::inet, 'Mozilla/5.0 old', '2026-03-03T10:00:00Z')`.execute(db);
    }
    await sql`update listings set votes_count = 4 where id = ${l}`.execute(db);

    await migrate(database.db, MIGRATIONS_DIR);
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'votes'`.execute(db);
    const names = columns.rows.map((c) => c.column_name);
    assert.ok(!names.includes('ip') && !names.includes('user_agent'), names.join(', '));
    const votes = await sql<{ network_hash: string; agent_hash: string; seen_on: string; points: number }>`select network_hash, agent_hash, seen_on, points from votes order by id`.execute(db);
    const [a, b, c, d] = votes.rows;
    assert.equal(a.network_hash, b.network_hash, 'one /24 network, one hash');
    assert.notEqual(a.network_hash, c.network_hash);
    assert.notEqual(c.network_hash, d.network_hash);
    assert.match(d.network_hash, /^[0-9a-f]{32}$/);
    assert.equal(new Set(votes.rows.map((v) => v.agent_hash)).size, 1, 'one browser, one hash');
    assert.doesNotMatch(JSON.stringify(votes.rows), /203\.0\.113|Mozilla/);
    assert.deepEqual(votes.rows.map((v) => [v.seen_on, v.points]), Array(4).fill(['unrecorded', 1000]), 'counted as they were until the job weighs them');
    const counted = await sql<{ vote_points: string; week_points: string }>`select vote_points, week_points from listings where id = ${l}`.execute(db);
    assert.deepEqual(counted.rows[0], { vote_points: '4000', week_points: '4000' });
    // The salt was never stored: nothing in the database names it.
    const secrets = await sql<{ n: number }>`select count(*)::int as n from installation_secrets`.execute(db);
    assert.equal(secrets.rows[0].n, 0);
  } finally {
    rmSync(before, { recursive: true, force: true });
    await database.close();
    await fresh.drop();
  }
});
