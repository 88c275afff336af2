// Writes (--write) or checks (--check) openapi/openapi.json, the committed OpenAPI 3.1 document.
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { createApp } from '../src/app.ts';
import { openApiDocument } from '../src/transports/rest/docs.ts';
import { pgliteTemplate } from '../src/testing/database.ts';

const file = new URL('../openapi/openapi.json', import.meta.url);
// Generated against the default public URL so the file does not depend on who ran it. The
// document does not depend on the data: the app starts from the tests' migrated PGlite database (a new
// embedded cluster and every migration cost 6 s of the check) and runs no job queue.
const app = await createApp(loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', JOBS: 'off' }), {
  inlineJobs: true,
  loadDataDir: await pgliteTemplate(),
});
try {
  await app.http.ready();
  const doc = openApiDocument(app.http);
  if (process.argv.includes('--check')) {
    const committed = JSON.parse(readFileSync(file, 'utf8'));
    if (!isDeepStrictEqual(committed, JSON.parse(JSON.stringify(doc)))) {
      console.error('openapi/openapi.json is out of date: run `npm run openapi` and commit it');
      process.exitCode = 1;
    } else {
      console.log('openapi/openapi.json is up to date');
    }
  } else {
    writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
    console.log(`wrote openapi/openapi.json (${Object.keys(doc.paths).length} paths)`);
  }
} finally {
  await app.close();
}
