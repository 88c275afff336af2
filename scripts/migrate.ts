// npm run migrate: applies the pending migrations to the configured database (DATABASE_URL, or
// the embedded one in DATA_DIR) and exits. Nodes also migrate at start-up, under an advisory
// lock; this runs them once before a deploy.
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/store/database.ts';
import { migrate } from '../src/store/migrate.ts';

try {
  const config = loadConfig();
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
  console.log(`migrate: done in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.engine})`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
