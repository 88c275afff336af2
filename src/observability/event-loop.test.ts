import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { watchEventLoop } from './event-loop.ts';

test('a blocked event loop is warned about and shows in the delay figures', async () => {
  const warnings: Array<{ maxMs: number }> = [];
  const watch = watchEventLoop({ checkEveryMs: 100, warn: (d) => warnings.push(d) });
  try {
    await sleep(250);
    const calm = watch.delay();
    assert.ok(calm.maxMs < 200, `a calm loop is not reported as blocked (${calm.maxMs} ms)`);
    assert.equal(warnings.length, 0);

    const end = Date.now() + 300;
    while (Date.now() < end); // what a catastrophic regex does to the main thread
    await sleep(250);
    assert.equal(warnings.length, 1, 'one warning for one stall');
    assert.ok(warnings[0].maxMs >= 250, `warned with the stall's length (${warnings[0].maxMs} ms)`);
    const after = watch.delay();
    assert.ok(after.maxMs >= 250 && after.maxEverMs >= 250, JSON.stringify(after));
    assert.ok(after.p50Ms < 50, 'one stall does not move the median');
  } finally {
    watch.stop();
  }
});
