/**
 * Test support: the test's own connection to the database the nodes share, for setting the scene
 * (rows through the ordinary fixtures and account code) and for looking at the outcome.
 */
import { openDatabase } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { fixtures } from '../../src/testing/fixtures.ts';
import { createAccounts } from '../../src/domain/accounts/accounts.ts';
import { usersStore } from '../../src/store/users-store.ts';
import { apiKeysStore } from '../../src/store/api-keys-store.ts';
import type { Scope } from '../../src/domain/actor.ts';

export const PASSWORD = 'a long password for the scale tests';

let people = 0;

/** The database of DATABASE_URL, or PGlite's in DATA_DIR (held, and locked, until close()). */
export async function sharedDatabase(opts: { databaseUrl?: string; dataDir?: string }) {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir ?? 'memory://', poolSize: 4 });
  const { db } = database;
  await migrate(db); // as the nodes do at start: the test may set the scene before they run
  const accounts = createAccounts({ users: usersStore(db), apiKeys: apiKeysStore(db), now: () => new Date() });
  return {
    db,
    fx: fixtures(db),
    /** A person with a confirmed address and a password (for the site), and an API key of these scopes. */
    async person(scopes: Scope[], label = 'person') {
      const email = `${label}-${process.pid}-${++people}@scale.test`;
      const userId = await accounts.createUser({ email, name: `${label} ${people}`, password: PASSWORD });
      await db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).execute();
      const { key } = await accounts.createApiKey(userId, { name: 'scale test', scopes });
      return { userId, email, key, auth: { authorization: `Bearer ${key}` } };
    },
    close: () => database.close(),
  };
}
export type SharedDatabase = Awaited<ReturnType<typeof sharedDatabase>>;
