import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Secrets generated once per installation (cookie and signing keys) and shared by every node:
 * the first node to need one creates it; the others read the same row.
 */
export function secretsStore(db: Kysely<DB>) {
  return {
    async getOrCreate<T>(name: string, generate: () => T | Promise<T>): Promise<T> {
      const existing = await db.selectFrom('installation_secrets').select('value').where('name', '=', name).executeTakeFirst();
      if (existing) return existing.value as T;
      const value = await generate();
      await db.insertInto('installation_secrets').values({ name, value: JSON.stringify(value) }).onConflict((oc) => oc.column('name').doNothing()).execute();
      // Another node may have won the race: everyone uses the stored value.
      return (await db.selectFrom('installation_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value as T;
    },
  };
}
