// A process that opens the database of DATA_DIR or DATABASE_URL and migrates it, saying how far it
// got on stdout: "opened N" (migrations applied before), "migrated", then with --describe the
// schema as one JSON line. upgrade.test.ts kills it with SIGKILL part-way.
import { sql } from 'kysely';
import { openDatabase } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { describeSchema } from './schema.ts';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? 'memory://' });
try {
  const before = (await sql<{ n: string }>`select count(*) as n from schema_migrations`.execute(database.db)).rows[0].n;
  console.log(`opened ${before}`);
  await migrate(database.db);
  console.log('migrated');
  if (process.argv.includes('--describe')) console.log(JSON.stringify(await describeSchema(database.db)));
} finally {
  await database.close();
}
