import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { nextStepsText } from './next-steps.ts';
import { freePort, runCli, startService } from './testing/service-process.ts';
import { freshDatabaseUrl } from './testing/database.ts';

test('the next-steps block names only what is missing, and is gone once the directory is set up', () => {
  const none = nextStepsText({ hasAdmin: false, hasProductOnSale: false, categories: 143 }, 'https://dir.example');
  assert.equal(
    none,
    [
      'next steps to set up this directory:',
      "  1. create the administrator:\n     npm run cli -- user:create --email you@example.com --password 'a long password' --admin",
      '  2. put the paid products on sale at your prices (USD cents, excluding VAT), e.g.\n' +
        '     npm run cli -- products:add --code paid-launch --name "Paid launch" --kind paid_launch --cents 4900\n' +
        '     (kinds: paid_launch, extra_category, section_unlock, billboard; products:list shows them, products:set-price CODE --cents N changes one)',
      '  3. sign in at https://dir.example/admin (as the administrator): moderation, accounts, prices and the action log',
      '  the category tree has 143 categories; change it with npm run cli -- categories:export > tree.yaml, edit, categories:import tree.yaml [--apply]',
      '  (README, "First start")',
    ].join('\n'),
  );
  const adminOnly = nextStepsText({ hasAdmin: true, hasProductOnSale: false, categories: 0 }, 'https://dir.example')!;
  assert.doesNotMatch(adminOnly, /user:create/);
  assert.match(adminOnly, /^ {2}1\. put the paid products on sale/m);
  assert.match(adminOnly, /^ {2}2\. sign in at https:\/\/dir\.example\/admin/m);
  assert.match(adminOnly, /the category tree is empty: add categories with npm run cli -- categories:add or categories:import/);
  assert.equal(nextStepsText({ hasAdmin: true, hasProductOnSale: true, categories: 143 }, 'https://dir.example'), null);
});

test('npm start on an empty database logs the next steps after the listening line; set up, it does not', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-next-steps-'));
  const fresh = await freshDatabaseUrl({ dataDir });
  after(() => fresh.drop());
  const env = { DATA_DIR: dataDir, DATABASE_URL: fresh.databaseUrl ?? '' };
  /** The service's whole start-up output: started, then stopped (its "stopping" line comes after everything start-up printed). */
  const startUpOutput = async () => {
    const port = await freePort();
    const service = startService({ ...env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}` });
    const closed = once(service.child, 'close');
    await service.listening;
    // A request answered: start-up has run to its end (signal handlers included).
    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
    service.child.kill('SIGTERM');
    const code = await service.exited;
    await closed;
    assert.equal(code, 0, service.out() + service.err());
    assert.match(service.out(), /SIGTERM: stopping/);
    return { out: service.out(), port };
  };

  const first = await startUpOutput();
  const lines = first.out.split('\n');
  const listening = lines.findIndex((l) => l.startsWith('launchyard listening on'));
  assert.equal(lines[listening + 1], 'next steps to set up this directory:');
  assert.match(first.out, /1\. create the administrator:\n {5}npm run cli -- user:create /);
  assert.match(first.out, /2\. put the paid products on sale .*\n {5}npm run cli -- products:add /);
  assert.match(first.out, new RegExp(`3\\. sign in at http://localhost:${first.port}/admin `));
  assert.match(first.out, /the category tree has 143 categories/);

  runCli(env, 'user:create', '--email', 'admin@dir.example', '--password', 'a long password for tests', '--admin');
  runCli(env, 'products:add', '--code', 'paid-launch', '--name', 'Paid launch', '--kind', 'paid_launch', '--cents', '4900');
  const second = await startUpOutput();
  assert.match(second.out, /launchyard listening on/);
  assert.doesNotMatch(second.out, /next steps/);
});
