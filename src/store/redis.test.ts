import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectRedis, REDIS_COMMAND_TIMEOUT_MS, type RedisLink } from './redis.ts';
import { startTcpProxy, targetOf } from '../testing/tcp-proxy.ts';

// Needs a Redis server (CI sets TEST_REDIS_URL); a proxy cuts it off without stopping it.
const redisUrl = process.env.TEST_REDIS_URL;
const skip = redisUrl ? false : 'set TEST_REDIS_URL to run';

async function until(what: string, check: () => boolean, limitMs: number) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > limitMs) assert.fail(`${what}: not within ${limitMs} ms`);
    await sleep(20);
  }
}

/** A link through a fresh proxy, and what it logged, as [level, redis state]. */
async function linkThroughProxy() {
  const proxy = await startTcpProxy(targetOf(redisUrl!));
  const logged: [string, string][] = [];
  const link: RedisLink = connectRedis(proxy.via(redisUrl!), (level, entry) => logged.push([level, (entry as { redis: string }).redis]));
  after(async () => {
    link.close();
    await proxy.close();
  });
  await link.start();
  assert.equal(link.usable(), true, 'connected once started');
  return { proxy, link, logged };
}

test('while Redis is cut off commands fail at once; going away and coming back are logged once each', { skip }, async () => {
  const { proxy, link, logged } = await linkThroughProxy();
  assert.equal(await link.ping(), true);

  for (const outage of [1, 2]) {
    proxy.cut();
    await until('seen as away', () => !link.usable(), 1000);
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await assert.rejects(link.client.incr('launchyard:test:redis-link'));
      assert.ok(performance.now() - started < 100, 'no offline queue: rejected at once');
    }
    assert.equal(await link.ping(), false);
    await sleep(2500); // several reconnection attempts fail meanwhile
    assert.deepEqual(logged.filter(([level]) => level === 'warn').length, outage, 'one warning per outage, not per command or attempt');

    proxy.restore();
    await until('usable again', link.usable, 3000);
    assert.equal(await link.ping(), true);
    assert.deepEqual(logged.length, outage * 2);
  }
  assert.deepEqual(logged, [['warn', 'down'], ['info', 'up'], ['warn', 'down'], ['info', 'up']]);
});

test('a connection that stops answering without closing is dropped after one command timeout and reopened', { skip }, async () => {
  const { proxy, link, logged } = await linkThroughProxy();
  proxy.stall();
  const started = performance.now();
  const err = await link.client.get('launchyard:test:redis-link').then(
    () => assert.fail('a stalled Redis cannot answer'),
    (e: unknown) => e,
  );
  const took = performance.now() - started;
  assert.ok(took >= REDIS_COMMAND_TIMEOUT_MS - 50 && took < REDIS_COMMAND_TIMEOUT_MS + 400, `timed out after ${Math.round(took)} ms`);
  link.failed(err);
  assert.equal(link.usable(), false, 'not used again until it answers');
  assert.deepEqual(logged, [['warn', 'down']]);

  proxy.restore();
  await until('usable again', link.usable, 3000);
  assert.equal(await link.ping(), true);
  assert.deepEqual(logged, [['warn', 'down'], ['info', 'up']]);
});

test('a node whose Redis is away at start starts at once, degraded, and uses Redis once it appears', { skip }, async () => {
  const proxy = await startTcpProxy(targetOf(redisUrl!));
  const logged: string[] = [];
  const link = connectRedis(proxy.via(redisUrl!), (level) => logged.push(level));
  after(async () => {
    link.close();
    await proxy.close();
  });
  proxy.cut();
  const started = performance.now();
  await link.start();
  assert.ok(performance.now() - started < 1500, 'start does not wait for Redis beyond the connect timeout');
  assert.equal(link.usable(), false);
  assert.deepEqual(logged, ['warn']);
  proxy.restore();
  await until('usable once Redis appears', link.usable, 3000);
  assert.deepEqual(logged, ['warn', 'info']);
});
