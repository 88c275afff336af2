import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { isSealed, SecretsKeyError, type SecretBox } from '../domain/accounts/secret-box.ts';

/**
 * Secrets generated once per installation (cookie and signing keys) and shared by every node:
 * the first node to need one creates it; the others read the same row. With a box (SECRETS_KEY)
 * they are stored sealed, and a plain one found from before is sealed in place on first read.
 */
export function secretsStore(db: Kysely<DB>, box?: SecretBox) {
  const read = async (name: string) => (await db.selectFrom('installation_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
  const reveal = <T>(name: string, value: unknown): T => {
    if (!isSealed(value)) return value as T;
    if (!box) throw new SecretsKeyError(`The installation secret "${name}" is sealed: set SECRETS_KEY to the key it was sealed with.`);
    return box.open<T>(name, value);
  };
  const stored = (name: string, value: unknown) => JSON.stringify(box ? box.seal(name, value) : value);

  return {
    async getOrCreate<T>(name: string, generate: () => T | Promise<T>): Promise<T> {
      const existing = await read(name);
      if (existing !== undefined) {
        if (box && !isSealed(existing)) {
          // Only if still plain: two nodes sealing at once both end with a sealed row.
          await db
            .updateTable('installation_secrets')
            .set({ value: stored(name, existing) })
            .where('name', '=', name)
            .where(sql<boolean>`not (value ? 'sealed')`)
            .execute();
        }
        return reveal<T>(name, existing);
      }
      const value = await generate();
      await db.insertInto('installation_secrets').values({ name, value: stored(name, value) }).onConflict((oc) => oc.column('name').doNothing()).execute();
      // Another node may have won the race: everyone uses the stored value.
      return reveal<T>(name, await read(name));
    },
  };
}
