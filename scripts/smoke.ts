import { openDatabase } from '/work/main/src/store/database.ts';
import { migrate } from '/work/main/src/store/migrate.ts';
import { sql } from 'kysely';
const t0 = Date.now();
const d = await openDatabase({ dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL });
console.log('open', Date.now() - t0);
console.log(await migrate(d.db), Date.now() - t0);
console.log((await sql`select version(), ly_unaccent('Crème'), current_date as d`.execute(d.db)).rows);
await d.close();
