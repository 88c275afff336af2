import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database.ts';
import { freshDatabaseUrl } from '../testing/database.ts';
import { afterCommit, openUnit, outsideUnit } from './unit-of-work.ts';

// Units of work on the engine the suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// what a unit writes commits or rolls back as one, however its code opened transactions.
let database: Database;
let drop: () => Promise<void>;

before(async () => {
  const fresh = await freshDatabaseUrl();
  drop = fresh.drop;
  database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: 'memory://', loadDataDir: fresh.loadDataDir });
  await sql`create table unit_probe (id int primary key, note text not null)`.execute(database.db);
});
after(async () => {
  await database.close();
  await drop();
});

const db = () => database.db;
const notes = async () => (await sql<{ id: number; note: string }>`select id, note from unit_probe order by id`.execute(db())).rows.map((r) => `${r.id}:${r.note}`);
const write = (id: number, note: string) => sql`insert into unit_probe (id, note) values (${id}, ${note})`.execute(db());
const clear = () => sql`delete from unit_probe`.execute(db());

test('statements and nested transactions of a unit commit together', async () => {
  await clear();
  const unit = openUnit();
  await unit.run(async () => {
    await write(1, 'plain');
    await db().transaction().execute(async (trx) => {
      await sql`insert into unit_probe (id, note) values (2, 'nested')`.execute(trx);
    });
    await write(3, 'after');
  });
  assert.equal(unit.begun, true);
  // Not visible to other code before the commit (on PGlite: read after the commit, one session).
  if (database.engine === 'postgres') assert.deepEqual(await outsideUnit(notes), []);
  await unit.commit();
  assert.deepEqual(await notes(), ['1:plain', '2:nested', '3:after']);
});

test('a rolled back unit leaves nothing, its nested transactions included', async () => {
  await clear();
  const unit = openUnit();
  await unit.run(async () => {
    await write(1, 'plain');
    await db().transaction().execute((trx) => sql`insert into unit_probe (id, note) values (2, 'nested')`.execute(trx));
  });
  await unit.rollback();
  assert.deepEqual(await notes(), []);
});

test('a failed nested transaction is undone alone; the unit goes on and commits the rest', async () => {
  await clear();
  const unit = openUnit();
  await unit.run(async () => {
    await write(1, 'kept');
    await assert.rejects(
      db().transaction().execute(async (trx) => {
        await sql`insert into unit_probe (id, note) values (2, 'undone')`.execute(trx);
        await sql`insert into unit_probe (id, note) values (1, 'duplicate')`.execute(trx);
      }),
      /duplicate key/,
    );
    await write(3, 'after the failure');
  });
  await unit.commit();
  assert.deepEqual(await notes(), ['1:kept', '3:after the failure']);
});

test('reads before the first write hold no connection; a unit that only read commits nothing', async () => {
  await clear();
  await write(1, 'before');
  const unit = openUnit();
  const seen = await unit.run(notes);
  assert.deepEqual(seen, ['1:before']);
  assert.equal(unit.begun, false, 'a plain SELECT does not begin the unit');
  await unit.commit();
  // A locking read begins it: the lock must last until the unit ends.
  const locking = openUnit();
  await locking.run(() => sql`select id from unit_probe where id = 1 for update`.execute(db()));
  assert.equal(locking.begun, true);
  await locking.rollback();
});

test('two transactions started at once inside a unit run one after the other', async () => {
  await clear();
  const unit = openUnit();
  const order: string[] = [];
  await unit.run(() =>
    Promise.all(
      [1, 2].map((id) =>
        db()
          .transaction()
          .execute(async (trx) => {
            order.push(`start ${id}`);
            await sql`insert into unit_probe (id, note) values (${id}, 'both')`.execute(trx);
            await new Promise((r) => setTimeout(r, 20));
            order.push(`end ${id}`);
          }),
      ),
    ),
  );
  await unit.commit();
  assert.deepEqual(order, ['start 1', 'end 1', 'start 2', 'end 2']);
  assert.deepEqual(await notes(), ['1:both', '2:both']);
});

test('work started outside the unit, and statements after it ended, do not join it', async () => {
  await clear();
  const unit = openUnit();
  let late: Promise<unknown> | undefined;
  await unit.run(async () => {
    await write(1, 'in the unit');
    late = new Promise((resolve) => setTimeout(() => resolve(write(2, 'after the end')), 30));
    // On PGlite (one connection) work outside the unit waits for it to end, so it is not awaited here.
    void outsideUnit(() => write(3, 'outside'));
  });
  await unit.rollback();
  await late;
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(await notes(), ['2:after the end', '3:outside']);
});

test('work started after a commit runs once the unit committed, outside it, and sees what it wrote; never after a rollback', async () => {
  await clear();
  const seen: string[][] = [];
  const committed = openUnit();
  await committed.run(async () => {
    await write(1, 'made');
    // A job sent here must not run before the row is visible to other connections.
    await afterCommit(async () => void seen.push(await notes()));
    assert.deepEqual(seen, [], 'not before the commit');
  });
  await committed.commit();
  assert.deepEqual(seen, [['1:made']], 'after the commit, reading through the pool');

  const rolledBack = openUnit();
  await rolledBack.run(async () => {
    await write(2, 'undone');
    await afterCommit(async () => void seen.push(['rolled back, yet ran']));
  });
  await rolledBack.rollback();
  assert.equal(seen.length, 1, 'dropped with the rollback');

  // Outside a unit: at once. A failure after a commit does not undo it or fail the commit.
  await afterCommit(async () => void seen.push(['outside']));
  assert.equal(seen.length, 2);
  const failing = openUnit();
  await failing.run(async () => {
    await write(3, 'kept');
    await afterCommit(async () => {
      throw new Error('queue down');
    });
  });
  await failing.commit();
  assert.deepEqual(await notes(), ['1:made', '3:kept']);
});
