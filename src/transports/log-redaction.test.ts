import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { redactUrl } from './log-redaction.ts';
import { inheritedV8Flags } from '../testing/v8-flags.ts';

test('link tokens are redacted from logged URLs, in the query and in the path', () => {
  assert.equal(redactUrl('/checkout/LY-2027-000001?token=abc_DEF-123'), '/checkout/LY-2027-000001?token=[redacted]');
  assert.equal(redactUrl('/checkout/LY-2027-000001?payment=returned&token=abc&x=1'), '/checkout/LY-2027-000001?payment=returned&token=[redacted]&x=1');
  assert.equal(redactUrl('/verify-email?token=secret'), '/verify-email?token=[redacted]');
  assert.equal(redactUrl('/invites/secret-token?x=1'), '/invites/[redacted]?x=1');
  assert.equal(redactUrl('/claims/confirm/secret'), '/claims/confirm/[redacted]');
  assert.equal(redactUrl('/api/v1/listings?q=tokens'), '/api/v1/listings?q=tokens');
});

test('a running service logs the checkout page request without its token', () => {
  // In a child process: the request log goes to its stdout, where this test can read it. It
  // starts from the tests' migrated database (a new cluster and every migration cost it 8 s of CPU).
  const script = `
    import { loadConfig } from './src/config.ts';
    import { createApp } from './src/app.ts';
    import { pgliteTemplate } from './src/testing/database.ts';
    const app = await createApp(loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'info', JOBS: 'off' }), { inlineJobs: true, loadDataDir: await pgliteTemplate() });
    await app.http.inject({ method: 'GET', url: '/checkout/LY-2027-000001?token=very-secret-token-value' });
    await app.close();`;
  const run = spawnSync(process.execPath, [...inheritedV8Flags(), '--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url).pathname, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /"url":"\/checkout\/LY-2027-000001\?token=\[redacted\]"/);
  assert.equal(run.stdout.includes('very-secret-token-value'), false);
});
