import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export function usersStore(db: Kysely<DB>) {
  return {
    byEmail(email: string) {
      return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    },
    byId(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Creates a user; undefined when the email is taken (case-insensitively). */
    async create(p: { email: string; name: string; passwordHash: string | null; isAdmin?: boolean }) {
      const row = await sql<{ id: string }>`
        insert into users (email, name, password_hash, is_admin) values (${p.email}, ${p.name}, ${p.passwordHash}, ${p.isAdmin ?? false})
        on conflict ((lower(email))) do nothing returning id`.execute(db);
      return row.rows[0]?.id;
    },
    async markEmailVerified(id: string) {
      await db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', id).execute();
    },
  };
}
export type UsersStore = ReturnType<typeof usersStore>;
