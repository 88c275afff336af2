import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export interface FailureCounter {
  key: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

/** Failed sign-in counters per key ("email:…", "ip:…"), shared by every node through the database. */
export function signInFailuresStore(db: Kysely<DB>) {
  return {
    /**
     * Reads the counters of `keys` under a row lock (missing ones as zero), lets `decide` compute
     * their new state, and writes it, in one transaction: two nodes counting the same key
     * serialise here. `decide` returning undefined changes nothing.
     */
    async update(keys: string[], now: Date, decide: (rows: FailureCounter[]) => FailureCounter[] | undefined) {
      return db.transaction().execute(async (trx) => {
        for (const key of keys) {
          await sql`insert into sign_in_failures (key, failures, window_started_at) values (${key}, 0, ${now}) on conflict (key) do nothing`.execute(trx);
        }
        const rows = (await sql<FailureCounter>`
          select key, failures, window_started_at, locked_until from sign_in_failures
          where key in (${sql.join(keys)}) order by key for update`.execute(trx)).rows;
        const next = decide(rows);
        for (const r of next ?? []) {
          await trx
            .updateTable('sign_in_failures')
            .set({ failures: r.failures, window_started_at: r.window_started_at, locked_until: r.locked_until })
            .where('key', '=', r.key)
            .execute();
        }
        return { before: rows, after: next ?? rows };
      });
    },
    async clear(key: string) {
      await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
    },
    /** Forgets counters whose window began before `before` and that are not locked. */
    async prune(before: Date, now: Date) {
      await sql`delete from sign_in_failures where window_started_at < ${before} and (locked_until is null or locked_until <= ${now})`.execute(db);
    },
  };
}
export type SignInFailuresStore = ReturnType<typeof signInFailuresStore>;
