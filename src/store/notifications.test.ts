import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { postgresListen } from './notifications.ts';

// A PostgreSQL listener must notice a connection that went silent without closing (a dropped NAT
// entry): TCP keep-alive would take hours. Through a loopback proxy that stops forwarding, its
// own heartbeat stops coming back, and it connects again.
const base = process.env.TEST_DATABASE_URL;
const skip = base ? false : 'PostgreSQL only (set TEST_DATABASE_URL)';

test('a listener whose connection goes silent is declared lost and listens again', { skip }, async () => {
  const target = new URL(base!);
  let frozen = false;
  const sockets: Socket[] = [];
  const proxy = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.push(client, upstream);
    client.on('data', (d) => void (frozen || upstream.write(d)));
    upstream.on('data', (d) => void (frozen || client.write(d)));
    for (const [a, b] of [[client, upstream], [upstream, client]]) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  after(() => {
    for (const s of sockets) s.destroy();
    proxy.close();
  });
  const viaProxy = new URL(base!);
  viaProxy.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const events: string[] = [];
  const heard: string[] = [];
  const stop = postgresListen(viaProxy.toString(), 1000, 100)('proxy_test', {
    message: (p) => heard.push(p),
    up: () => events.push('up'),
    down: () => events.push('down'),
  });
  after(stop);
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    return check();
  };
  const notify = async (payload: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`select pg_notify('proxy_test', $1)`, [payload]);
    await c.end();
  };

  assert.ok(await until(() => events.includes('up')));
  await notify('one');
  assert.ok(await until(() => heard.includes('one')));
  frozen = true; // the connection stays open but nothing passes
  assert.ok(await until(() => events.includes('down')), 'declared lost within two heartbeats');
  frozen = false;
  assert.ok(await until(() => events.filter((e) => e === 'up').length === 2), 'listening again');
  await notify('two');
  assert.ok(await until(() => heard.includes('two')));
  assert.deepEqual(heard, ['one', 'two'], 'heartbeats are not passed on');
});
