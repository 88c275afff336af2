import { sql, type Kysely, type Selectable } from 'kysely';
import type { DataExportsTable, DB } from './schema.ts';
import { transactional } from './transactional.ts';

export type DataExportRow = Selectable<DataExportsTable>;

const COLUMNS = ['id', 'user_id', 'state', 'progress', 'step', 'storage_key', 'size_bytes', 'sends', 'failure', 'created_at', 'updated_at', 'started_at', 'ready_at', 'expires_at'] as const;

function bind(db: Kysely<DB>) {
  return {
    /** The account's newest export, or undefined. */
    latest: (userId: string) => db.selectFrom('data_exports').select(COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(1).executeTakeFirst(),

    byId: (id: string) => db.selectFrom('data_exports').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    /** Holds the account's row until the transaction ends: two "Prepare" presses, on two nodes, decide one after the other. */
    async lockAccount(userId: string) {
      return !!(await sql`select id from users where id = ${userId} for update`.execute(db)).rows.length;
    },

    async insert(userId: string, at: Date) {
      return db.insertInto('data_exports').values({ user_id: userId, created_at: at, updated_at: at }).returning(COLUMNS).executeTakeFirstOrThrow();
    },

    /** The account's finished exports without a file (failed, expired) but `keep`: a new export replaces them. */
    async dropSettled(userId: string, keep: string) {
      await db.deleteFrom('data_exports').where('user_id', '=', userId).where('id', '<>', keep).where('state', 'in', ['failed', 'expired']).execute();
    },

    /** Files of every export of the account, and then its rows (an erased account's): the files first, by the caller. */
    keysOf: async (userId: string) =>
      (await db.selectFrom('data_exports').select('storage_key').where('user_id', '=', userId).where('storage_key', 'is not', null).execute()).map((r) => r.storage_key!),
    async deleteAll(userId: string) {
      await db.deleteFrom('data_exports').where('user_id', '=', userId).execute();
    },

    /** Finished exports without a file that a newer export of the same account has replaced. */
    async dropSuperseded() {
      const res = await sql`delete from data_exports d where d.state in ('failed', 'expired')
        and exists (select 1 from data_exports n where n.user_id = d.user_id and n.created_at > d.created_at)`.execute(db);
      return Number(res.numAffectedRows ?? 0);
    },

    /** The job's start (or its retry's): queued or preparing → preparing. Undefined when the export is done, failed or gone. */
    claim: (id: string, at: Date) =>
      db
        .updateTable('data_exports')
        .set({ state: 'preparing', started_at: at, updated_at: at, progress: 0, step: null })
        .where('id', '=', id)
        .where('state', 'in', ['queued', 'preparing'])
        .returning(['id', 'user_id'])
        .executeTakeFirst(),

    async progress(id: string, progress: number, step: string, at: Date) {
      await db.updateTable('data_exports').set({ progress, step, updated_at: at }).where('id', '=', id).where('state', '=', 'preparing').execute();
    },

    /** preparing → ready with its file. False when the row is no longer preparing (deleted meanwhile): the file is the caller's to delete. */
    async ready(id: string, p: { key: string; size: number; readyAt: Date; expiresAt: Date }) {
      const row = await db
        .updateTable('data_exports')
        .set({ state: 'ready', progress: 100, step: null, storage_key: p.key, size_bytes: p.size, ready_at: p.readyAt, expires_at: p.expiresAt, updated_at: p.readyAt })
        .where('id', '=', id)
        .where('state', '=', 'preparing')
        .returning('id')
        .executeTakeFirst();
      return !!row;
    },

    async fail(id: string, failure: string, at: Date) {
      await db.updateTable('data_exports').set({ state: 'failed', step: null, failure, updated_at: at }).where('id', '=', id).where('state', 'in', ['queued', 'preparing']).execute();
    },

    /** Ready exports whose link has run out, oldest first. */
    expiredReady: (now: Date, limit: number) =>
      db
        .selectFrom('data_exports')
        .select(['id', 'storage_key'])
        .where('state', '=', 'ready')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute(),

    /** ready → expired once its file is deleted: the row stays, without the file, so the old link says it expired. */
    async markExpired(ids: string[], at: Date) {
      if (!ids.length) return;
      await db.updateTable('data_exports').set({ state: 'expired', storage_key: null, updated_at: at }).where('id', 'in', ids).where('state', '=', 'ready').execute();
    },

    /** Exports whose job has written nothing since `before`: lost (a crash between the commit and the send, a dead node). */
    quiet: (before: Date, limit: number) =>
      db
        .selectFrom('data_exports')
        .select(['id', 'sends'])
        .where('state', 'in', ['queued', 'preparing'])
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(limit)
        .execute(),

    /** The job sent again: counted, back to queued, and its quiet time starts over. */
    async resent(id: string, at: Date) {
      await db
        .updateTable('data_exports')
        .set({ sends: sql<number>`sends + 1`, state: 'queued', progress: 0, step: null, updated_at: at })
        .where('id', '=', id)
        .where('state', 'in', ['queued', 'preparing'])
        .execute();
    },

  };
}

/** The data_exports rows (migrations/0034): one per prepared or preparing export of an account. */
export function dataExportsStore(db: Kysely<DB>) {
  return transactional(db, bind);
}
export type DataExportsStore = ReturnType<typeof dataExportsStore>;
