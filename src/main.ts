import { ConfigError, loadConfig } from './config.ts';
import { createApp } from './app.ts';
import { DataDirLockedError } from './store/data-dir-lock.ts';

async function main() {
  const config = loadConfig();
  const demo = process.argv.includes('--demo');
  const app = await createApp(config);
  if (demo) {
    const { loadDemoData } = await import('./demo/load.ts');
    const result = await loadDemoData(app.database.db, { now: new Date() });
    console.log(result.loaded ? `demo data loaded: ${result.summary}` : 'demo data skipped: the database already has listings');
  }
  await app.http.listen({ port: config.port, host: config.host });
  console.log(`launchyard listening on ${config.publicUrl} (API ${config.publicUrl}/api/v1, MCP ${config.publicUrl}/mcp, database ${app.database.engine})`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else if (err?.code === 'ECONNREFUSED' || err?.code === 'ENOTFOUND') {
    console.error(`cannot reach the database: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
