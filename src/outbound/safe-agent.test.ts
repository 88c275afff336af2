import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { fetch } from 'undici';
import { createSafeAgent } from './safe-agent.ts';

// The machine's own public address is refused like loopback: a service bound to every interface
// would answer there too. Its own addresses are injected (this test machine has no public one).
test("this machine's own addresses are refused before connecting, by literal and by name", async () => {
  let connections = 0;
  const listener = net.createServer((s) => (connections++, s.destroy())).listen(0, '127.0.0.1');
  await new Promise((r) => listener.once('listening', r));
  const port = (listener.address() as net.AddressInfo).port;
  try {
    const agent = createSafeAgent({ allowHosts: [], connectTimeoutMs: 1000, ownAddresses: () => ['8.8.4.4', '2001:4860:4860::8844'] });
    for (const url of ['http://8.8.4.4/', 'http://[2001:4860:4860::8844]/', 'http://[2001:4860:4860:0::8844]/']) {
      await assert.rejects(fetch(url, { dispatcher: agent }), (err: Error & { cause?: { code?: string } }) => err.cause?.code === 'ESSRF', url);
    }
    // Positive control: an address that is not ours and not private is dialled (and fails on its
    // own here, without a network, but not with the policy's error).
    await assert.rejects(fetch('http://8.8.8.8:9/', { dispatcher: agent, signal: AbortSignal.timeout(1500) }), (err: Error & { cause?: { code?: string } }) => err.cause?.code !== 'ESSRF');
    await agent.close();
    // The default reads the real interfaces: loopback is among them (and refused anyway).
    const real = createSafeAgent({ allowHosts: [] });
    await assert.rejects(fetch(`http://127.0.0.1:${port}/`, { dispatcher: real }), (err: Error & { cause?: { code?: string } }) => err.cause?.code === 'ESSRF');
    await real.close();
    assert.equal(connections, 0);
  } finally {
    listener.close();
  }
});
