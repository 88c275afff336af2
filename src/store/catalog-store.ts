import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** Things the site's administrator curates: purchasable products and interview questions. */
export function catalogStore(db: Kysely<DB>) {
  return {
    async products(limit: number, offset: number) {
      const base = db.selectFrom('products').where('active', '=', true);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'code', 'name', 'description', 'kind', 'price_cents', 'needs_listing', 'options', 'updated_at'])
          .orderBy('position')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async interviewQuestions(limit: number, offset: number) {
      const base = db.selectFrom('interview_questions').where('active', '=', true);
      const [rows, count] = await Promise.all([
        base.select(['id', 'question', 'position']).orderBy('position').orderBy('id').limit(limit).offset(offset).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
export type CatalogStore = ReturnType<typeof catalogStore>;
