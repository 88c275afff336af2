import { sql, type Kysely } from 'kysely';
import type { DB, EmailKind } from './schema.ts';

/** What people switched off (no row: on). */
export function emailPreferencesStore(db: Kysely<DB>) {
  return {
    async of(userId: string): Promise<Map<EmailKind, boolean>> {
      const r = await sql<{ kind: EmailKind; enabled: boolean }>`select kind, enabled from email_preferences where user_id = ${userId}`.execute(db);
      return new Map(r.rows.map((x) => [x.kind, x.enabled]));
    },
    async set(userId: string, kind: EmailKind, enabled: boolean, at: Date) {
      await sql`insert into email_preferences (user_id, kind, enabled, changed_at) values (${userId}, ${kind}, ${enabled}, ${at})
        on conflict (user_id, kind) do update set enabled = excluded.enabled, changed_at = excluded.changed_at`.execute(db);
    },
    /** Of these users, the ones who switched this kind off. */
    async optedOut(userIds: string[], kind: EmailKind) {
      if (!userIds.length) return new Set<string>();
      const r = await sql<{ user_id: string }>`select user_id from email_preferences where kind = ${kind} and not enabled
        and user_id = any(${userIds}::bigint[])`.execute(db);
      return new Set(r.rows.map((x) => x.user_id));
    },
    async exists(userId: string) {
      return (await sql`select 1 from users where id = ${userId}`.execute(db)).rows.length > 0;
    },
  };
}
export type EmailPreferencesStore = ReturnType<typeof emailPreferencesStore>;
