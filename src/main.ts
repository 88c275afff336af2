import { ConfigError, loadConfig } from './config.ts';
import { createApp } from './app.ts';
import { DataDirLockedError } from './store/data-dir-lock.ts';
import { DataDirError } from './store/data-dir-errors.ts';
import { nextSteps } from './next-steps.ts';
import { boundEmbeddedHeap, watchHeapBound } from './embedded-heap.ts';

async function main() {
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  // May not return: the process starts again with the heap bound, before it opens anything.
  boundEmbeddedHeap(embedded, config.embeddedHeapMiB);
  if (embedded) watchHeapBound((message) => console.warn(message));
  const demo = process.argv.includes('--demo');
  const app = await createApp(config);
  if (demo) {
    const { loadDemoData } = await import('./demo/load.ts');
    const result = await loadDemoData(app.database.db, { now: new Date(), pictures: { storage: app.services.mediaStorage, publicUrl: config.publicUrl } });
    console.log(result.loaded ? `demo data loaded: ${result.summary}` : 'demo data skipped: the database already has listings');
  }
  // Read before listening, so the block follows the listening line at once.
  const steps = await nextSteps(app.database.db, config.publicUrl);
  await app.http.listen({ port: config.port, host: config.host });
  if (!config.secretsKey) console.warn('SECRETS_KEY is not set: the OAuth signing keys and cookie secrets are stored unencrypted in the database (see README, "Secrets").');
  console.log(`launchyard listening on ${config.publicUrl} (API ${config.publicUrl}/api/v1, MCP ${config.publicUrl}/mcp, database ${app.database.engine})`);
  if (steps) console.log(steps);

  // First signal: stop taking work and finish what runs, within SHUTDOWN_TIMEOUT_SECONDS. A
  // second signal, or a shutdown that overruns its deadline, exits at once: an operator's
  // second Ctrl-C or SIGTERM means now.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: stopping (at most ${config.shutdownTimeoutMs / 1000} s; send it again to exit now)`);
    setTimeout(() => {
      console.error('shutdown overran its deadline: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 2_000).unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        console.error('shutdown failed:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof DataDirError) {
    console.error(err.message);
  } else if (err?.code === '53100') {
    // PostgreSQL's disk_full, e.g. while migrating: PGlite's data directory or the server's disk.
    console.error(`the database's disk is full: ${err.message}; free some space and start again`);
  } else if (err?.code === 'ECONNREFUSED' || err?.code === 'ENOTFOUND') {
    console.error(`cannot reach the database: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
