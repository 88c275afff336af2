import { sql, type Kysely } from 'kysely';
import type { AdminActionKind, AdminActionsTable, DB } from './schema.ts';

export interface AdminActionInput {
  /** The administrator; null for the operator's CLI. */
  adminId: string | null;
  action: AdminActionKind;
  subjectType: AdminActionsTable['subject_type'];
  subjectId: string;
  /** What was done, in words. */
  summary: string;
  /** The values before and after, the reason given. */
  details?: Record<string, unknown>;
  at: Date;
}

export interface AdminActionRow {
  id: string;
  admin_id: string | null;
  admin_email: string | null;
  action: AdminActionKind;
  subject_type: AdminActionsTable['subject_type'];
  subject_id: string;
  summary: string;
  details: Record<string, unknown>;
  created_at: Date;
}

/**
 * Records one administrator's action. Call it with the transaction that makes the change, so the
 * log never names a change that did not happen, nor misses one that did.
 */
export async function recordAdminAction(trx: Kysely<DB>, a: AdminActionInput): Promise<void> {
  await trx
    .insertInto('admin_actions')
    .values({
      admin_id: a.adminId,
      action: a.action,
      subject_type: a.subjectType,
      subject_id: a.subjectId,
      summary: a.summary.slice(0, 2000),
      details: JSON.stringify(a.details ?? {}),
      created_at: a.at,
    })
    .execute();
}

/**
 * Whether this account may act as an administrator now (an administrator, not disabled), read
 * inside the action's transaction: a role taken away or an account disabled a moment ago counts.
 */
export async function isActingAdmin(trx: Kysely<DB>, userId: string): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`select is_admin and disabled_at is null as ok from users where id = ${userId}`.execute(trx);
  return r.rows[0]?.ok === true;
}

/** The log of administrators' actions (migrations/0014_admin_actions.sql), newest first. */
export function adminActionsStore(db: Kysely<DB>) {
  return {
    record: (a: AdminActionInput) => recordAdminAction(db, a),

    /** A page of the log; with a subject, only the actions on it. */
    async recent(p: { limit: number; offset: number; subject?: { type: AdminActionsTable['subject_type']; id: string } }) {
      const where = p.subject ? sql`where a.subject_type = ${p.subject.type} and a.subject_id = ${p.subject.id}` : sql``;
      const [rows, total] = await Promise.all([
        sql<AdminActionRow>`
          select a.id, a.admin_id, u.email as admin_email, a.action, a.subject_type, a.subject_id, a.summary, a.details, a.created_at
          from admin_actions a left join users u on u.id = a.admin_id
          ${where}
          order by a.created_at desc, a.id desc limit ${p.limit} offset ${p.offset}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from admin_actions a ${where}`.execute(db),
      ]);
      return { items: rows.rows, total: total.rows[0].n };
    },
  };
}
export type AdminActionsStore = ReturnType<typeof adminActionsStore>;
