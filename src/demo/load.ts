import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';

export async function loadDemoData(_db: Kysely<DB>, _opts: { now: Date }): Promise<{ loaded: boolean; summary: string }> {
  throw new Error('demo data generator not written yet');
}
