import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export interface SetupState {
  hasAdmin: boolean;
  hasProductOnSale: boolean;
  categories: number;
}

/** What a new directory still lacks (src/next-steps.ts prints it at start-up). */
export function setupStore(db: Kysely<DB>) {
  return {
    async state(): Promise<SetupState> {
      const r = await sql<SetupState>`select
        exists (select 1 from users where is_admin) as "hasAdmin",
        exists (select 1 from products where active) as "hasProductOnSale",
        (select count(*)::int from categories) as categories`.execute(db);
      return r.rows[0];
    },
  };
}
