import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hostileSite } from './testing/hostile-site.ts';
import { freePort, startService, userWithKey } from './testing/service-process.ts';
import { migratedDataDir } from './testing/database.ts';

// Black box: the real process (node src/main.ts, as npm start runs it) drafts a site built to
// hurt an extractor while another client keeps asking /healthz and a public read. The service
// must stay responsive throughout, the draft must end (ready, or failed with a reason), and
// SIGTERM must stop the process. The bounds are the behaviour bounds, not performance targets.
test('a hostile site is drafted while /healthz and a public read stay fast; SIGTERM then stops the process', { timeout: 180_000 }, async () => {
  const site = await hostileSite();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-hostile-'));
  await migratedDataDir(dataDir); // a new cluster and every migration would cost the first CLI run 8 s of CPU
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', CRAWLER_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000', RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000' };
  const key = userWithKey(env, 'founder@hostile.test', 'account:read,listings:write');
  const port = await freePort();
  const service = startService({ ...env, PORT: String(port) });
  const { child, exited } = service;
  try {
    await service.listening;
    const base = `http://127.0.0.1:${port}`;
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    const created = await fetch(`${base}/api/v1/drafts`, { method: 'POST', headers: auth, body: JSON.stringify({ url: `${site.origin}/` }) });
    assert.equal(created.status, 201);
    const { id } = await created.json();

    const timed = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      assert.equal(res.status, 200, url);
      return performance.now() - t0;
    };
    const health: number[] = [];
    const reads: number[] = [];
    let done = false;
    const probe = (async () => {
      while (!done) {
        health.push(await timed(`${base}/healthz`));
        reads.push(await timed(`${base}/api/v1/site`));
        await sleep(20);
      }
    })();

    let draft: { status: string; failure: { reason: string } | null; progress: { skipped: unknown[] } } | undefined;
    const started = performance.now();
    while (performance.now() - started < 60_000) {
      draft = await (await fetch(`${base}/api/v1/drafts/${id}`, { headers: auth })).json();
      if (draft!.status !== 'crawling' && draft!.status !== 'drafting') break;
      await sleep(250);
    }
    done = true;
    await probe;
    if (process.env.SHOW_DRAFT) console.log(JSON.stringify({ status: draft?.status, failure: draft?.failure, progress: draft?.progress, ms: Math.round(performance.now() - started), healthMax: Math.max(...health) }));

    assert.ok(draft && (draft.status === 'ready' || (draft.status === 'failed' && draft.failure?.reason)), `the draft ended (${JSON.stringify(draft?.status)}) within 60 s`);
    assert.ok(health.length >= 10, `probed ${health.length} times`);
    assert.ok(Math.max(...health) < 1000, `/healthz answered within 1 s throughout (slowest ${Math.round(Math.max(...health))} ms)`);
    const sorted = [...reads].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
    assert.ok(p99 <= 200, `public read p99 ${Math.round(p99)} ms ≤ 200 ms`);

    const stopAt = performance.now();
    child.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(10_000).then(() => 'still running')]);
    assert.equal(code, 0, `SIGTERM stopped the process within 10 s (${Math.round(performance.now() - stopAt)} ms)\n${service.out()}${service.err()}`);
  } finally {
    child.kill('SIGKILL');
    await site.close();
  }
});
