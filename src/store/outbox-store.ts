import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Date;
  sent_at: Date | null;
  transport: string;
  error: string | null;
  headers: Record<string, string>;
}

/** The readable outbox: every mail the service sends, whether or not SMTP delivered it. */
export function outboxStore(db: Kysely<DB>) {
  return {
    async add(p: { to: string; subject: string; text: string; transport: string; at: Date; headers?: Record<string, string> }) {
      return (await db
        .insertInto('outbox_emails')
        .values({ to_address: p.to, subject: p.subject, text_body: p.text, transport: p.transport, created_at: p.at, headers: JSON.stringify(p.headers ?? {}) })
        .returning('id')
        .executeTakeFirstOrThrow()).id;
    },
    async markSent(id: string, at: Date) {
      await db.updateTable('outbox_emails').set({ sent_at: at, error: null }).where('id', '=', id).execute();
    },
    async markFailed(id: string, error: string) {
      await db.updateTable('outbox_emails').set({ error: error.slice(0, 1000) }).where('id', '=', id).execute();
    },
    /** Newest first. */
    async recent(limit: number, offset = 0) {
      const rows = await sql<OutboxRow & { total: number }>`
        select id, to_address, subject, text_body, headers, created_at, sent_at, transport, error, count(*) over ()::int as total
        from outbox_emails order by created_at desc, id desc limit ${limit} offset ${offset}`.execute(db);
      const total = rows.rows[0]?.total ?? (offset > 0 ? Number((await sql<{ n: number }>`select count(*)::int as n from outbox_emails`.execute(db)).rows[0].n) : 0);
      return { items: rows.rows.map(({ total: _t, ...r }) => r as OutboxRow), total };
    },
  };
}
export type OutboxStore = ReturnType<typeof outboxStore>;
