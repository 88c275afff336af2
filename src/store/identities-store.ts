import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, SignInProvider, UserIdentitiesTable } from './schema.ts';
import { transactional } from './transactional.ts';

export type IdentityRecord = Selectable<UserIdentitiesTable>;

/** What a provider said of an identity at its latest sign-in. */
export interface IdentityFacts {
  provider: SignInProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  providerCreatedAt: Date | null;
}

/** Sign-in identities at GitHub and Google (migrations/0026_sign_in_identities.sql). */
export function identitiesStore(db: Kysely<DB>) {
  return transactional(db, queries);
}
export type IdentitiesStore = ReturnType<typeof identitiesStore>;
export type IdentitiesTx = ReturnType<typeof queries>;

function queries(db: Kysely<DB>) {
  return {
    /** The identity with this provider's subject, with its account's state (one probe of the unique index). */
    bySubject(provider: SignInProvider, subject: string) {
      return db
        .selectFrom('user_identities as i')
        .innerJoin('users as u', 'u.id', 'i.user_id')
        .select(['i.id', 'i.user_id', 'u.disabled_at'])
        .where('i.provider', '=', provider)
        .where('i.subject', '=', subject)
        .executeTakeFirst();
    },

    listForUser(userId: string): Promise<IdentityRecord[]> {
      return db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).orderBy('provider').execute();
    },

    /**
     * The account by e-mail (case-insensitive, like sign-in), its row locked until the transaction
     * ends so a link and an unlink of the same account take turns.
     */
    async lockUserByEmail(email: string) {
      const r = await sql<{ id: string; email_verified_at: Date | null; disabled_at: Date | null }>`
        select id, email_verified_at, disabled_at from users where lower(email) = ${email.toLowerCase()} for update`.execute(db);
      return r.rows[0];
    },

    async hasPassword(userId: string) {
      const r = await sql<{ yes: boolean }>`select password_hash is not null as yes from users where id = ${userId}`.execute(db);
      return r.rows[0]?.yes ?? false;
    },

    /** The account's row locked, with whether it has a password. */
    async lockUser(userId: string) {
      const r = await sql<{ id: string; has_password: boolean; disabled_at: Date | null }>`
        select id, password_hash is not null as has_password, disabled_at from users where id = ${userId} for update`.execute(db);
      return r.rows[0];
    },

    /** A new account without a password, its address confirmed by the provider; undefined when the e-mail is taken. */
    async createUser(p: { email: string; name: string; at: Date }) {
      const r = await sql<{ id: string }>`
        insert into users (email, name, password_hash, email_verified_at) values (${p.email}, ${p.name}, null, ${p.at})
        on conflict ((lower(email))) do nothing returning id`.execute(db);
      return r.rows[0]?.id;
    },

    /** Links an identity; false when either unique rule stands in the way (the caller has looked before, under the lock). */
    async insert(userId: string, f: IdentityFacts, at: Date) {
      const r = await sql<{ id: string }>`
        insert into user_identities (user_id, provider, subject, email, email_verified, provider_created_at, linked_at, last_used_at)
        values (${userId}, ${f.provider}, ${f.subject}, ${f.email}, ${f.emailVerified}, ${f.providerCreatedAt}, ${at}, ${at})
        on conflict do nothing returning id`.execute(db);
      return r.rows.length === 1;
    },

    /** A sign-in with a known identity: when, and what the provider says now. */
    async touch(id: string, f: IdentityFacts, at: Date) {
      await db
        .updateTable('user_identities')
        .set({ last_used_at: at, email: f.email, email_verified: f.emailVerified, ...(f.providerCreatedAt ? { provider_created_at: f.providerCreatedAt } : {}) })
        .where('id', '=', id)
        .execute();
    },

    async remove(userId: string, provider: SignInProvider) {
      const r = await db.deleteFrom('user_identities').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
