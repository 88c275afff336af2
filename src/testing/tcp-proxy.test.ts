import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { once } from 'node:events';
import { startTcpProxy, targetOf } from './tcp-proxy.ts';

/** Sends `line` through a new connection to `port`; resolves with the answer, or 'closed'. */
async function roundTrip(port: number, line: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(line);
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
    if (answer.length >= line.length) socket.end();
  });
  await once(socket, 'close');
  return answer === '' ? 'closed' : answer;
}

test('the proxy pipes to its target, cuts every connection, refuses new ones while cut, and resumes', async () => {
  const echo = createServer((s) => s.pipe(s));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
  try {
    assert.equal(await roundTrip(proxy.port, 'hello'), 'hello');

    const held: Socket = connect(proxy.port, '127.0.0.1');
    held.on('error', () => {});
    await once(held, 'connect');
    const closed = once(held, 'close');
    proxy.cut();
    await closed; // an open connection is destroyed at once
    assert.equal(await roundTrip(proxy.port, 'while cut'), 'closed');

    proxy.restore();
    assert.equal(await roundTrip(proxy.port, 'again'), 'again');
  } finally {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  }
});

test('a stalled proxy keeps connections open but drops every byte until restored', async () => {
  const echo = createServer((s) => s.pipe(s));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
  try {
    const socket = connect(proxy.port, '127.0.0.1');
    socket.on('error', () => {});
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    proxy.stall();
    socket.write('lost');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(received, '', 'nothing came back while stalled');
    assert.equal(socket.destroyed, false, 'the connection is still open');
    proxy.restore();
    socket.write('kept');
    await once(socket, 'data');
    assert.equal(received, 'kept');
    socket.destroy();
  } finally {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  }
});

test('targetOf reads host and port, with the default port of the scheme', () => {
  assert.deepEqual(targetOf('redis://:secret@127.0.0.1:6380/2'), { host: '127.0.0.1', port: 6380 });
  assert.deepEqual(targetOf('redis://localhost'), { host: 'localhost', port: 6379 });
  assert.deepEqual(targetOf('postgres://postgres@127.0.0.1/test'), { host: '127.0.0.1', port: 5432 });
});
