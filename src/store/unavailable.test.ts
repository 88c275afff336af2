import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import pg from 'pg';
import { DomainError } from '../domain/errors.ts';
import { asServiceUnavailable, DATABASE_RETRY_AFTER_SECONDS, DISK_FULL_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isDiskFull } from './unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

const scenarios: [string, unknown, boolean][] = [
  ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), true],
  ['connection reset', withCode('ECONNRESET', 'read ECONNRESET'), true],
  ['host not found', withCode('ENOTFOUND', 'getaddrinfo ENOTFOUND db'), true],
  ['connection lost mid-query', new Error('Connection terminated unexpectedly'), true],
  ['connect timeout (connectionTimeoutMillis)', new Error('Connection terminated due to connection timeout'), true],
  ['no pooled client free in time', new Error('timeout exceeded when trying to connect'), true],
  ['query on a broken client', new Error('Client has encountered a connection error and is not queryable'), true],
  ['SQLSTATE 08006 connection failure', withCode('08006', 'connection failure'), true],
  ['SQLSTATE 08P01 protocol violation', withCode('08P01'), true],
  ['SQLSTATE 57P01 admin shutdown', withCode('57P01', 'terminating connection due to administrator command'), true],
  ['SQLSTATE 57P03 starting up', withCode('57P03', 'the database system is starting up'), true],
  ['SQLSTATE 53300 too many connections', withCode('53300', 'sorry, too many clients already'), true],
  ['refused on every address (AggregateError)', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''), true],
  ['refused, as a cause', new Error('wrapped', { cause: withCode('ECONNREFUSED') }), true],
  ['unique violation 23505', withCode('23505', 'duplicate key value violates unique constraint'), false],
  ['syntax error 42601', withCode('42601', 'syntax error at or near "selec"'), false],
  ['serialization failure 40001', withCode('40001'), false],
  ['query canceled 57014', withCode('57014', 'canceling statement due to statement timeout'), false],
  ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
  ['a domain error', new DomainError('not_found', 'listing_not_found', 'No listing.'), false],
  ['not an error', 'Connection terminated', false],
  ['nothing', undefined, false],
];

for (const [name, err, expected] of scenarios) {
  test(`database unavailable? ${name} → ${expected}`, () => {
    assert.equal(isDatabaseUnavailable(err), expected);
    const mapped = asServiceUnavailable(err);
    if (!expected) return assert.equal(mapped, undefined);
    assert.ok(mapped instanceof DomainError);
    assert.equal(mapped.kind, 'unavailable');
    assert.equal(mapped.code, 'service_unavailable');
    assert.equal(mapped.retryAfterSeconds, DATABASE_RETRY_AFTER_SECONDS);
  });
}

// A full disk: the database's (PostgreSQL's and PGlite's 53100) or our own files' (ENOSPC, a quota).
const diskScenarios: [string, unknown, boolean][] = [
  ['SQLSTATE 53100 could not extend file', withCode('53100', 'could not extend file "base/5/24577": No space left on device'), true],
  ['ENOSPC writing a picture', withCode('ENOSPC', "ENOSPC: no space left on device, write"), true],
  ['EDQUOT (a quota)', withCode('EDQUOT', 'EDQUOT: disk quota exceeded'), true],
  ['ENOSPC as a cause', new Error('storing the picture failed', { cause: withCode('ENOSPC') }), true],
  ['out of memory 53200 is not the disk', withCode('53200', 'out of memory'), false],
  ['connection refused is not the disk', withCode('ECONNREFUSED'), false],
  ['a bug', new TypeError('x is undefined'), false],
];
for (const [name, err, expected] of diskScenarios) {
  test(`disk full? ${name} → ${expected}`, () => {
    assert.equal(isDiskFull(err), expected);
    const mapped = asServiceUnavailable(err);
    if (!expected) return assert.notEqual(mapped?.code, 'disk_full');
    assert.equal(mapped?.kind, 'unavailable');
    assert.equal(mapped?.code, 'disk_full');
    assert.equal(mapped?.retryAfterSeconds, DISK_FULL_RETRY_AFTER_SECONDS);
    assert.match(mapped!.message, /can still be read/);
  });
}

/** A loopback server that treats every connection as `onSocket` says; closed after the test. */
async function server(onSocket: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const s = createServer((socket) => {
    sockets.add(socket);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  return {
    url: `postgres://u@127.0.0.1:${port}/db`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => s.close(resolve));
    },
  };
}

const realFailures: [string, ((socket: Socket) => void) | 'nothing listens'][] = [
  ['nothing listens', 'nothing listens'],
  ['the server closes every connection at once', (socket) => socket.destroy()],
  ['the server never answers (connect timeout)', () => {}],
];

for (const [name, behave] of realFailures) {
  test(`node-postgres' own error when ${name} is classified as unavailable`, async () => {
    const s = await server(behave === 'nothing listens' ? () => {} : behave);
    if (behave === 'nothing listens') await s.close(); // the port is free again: refused
    const pool = new pg.Pool({ connectionString: s.url, connectionTimeoutMillis: 300 });
    pool.on('error', () => {});
    const started = Date.now();
    const err = await pool.query('select 1').then(
      () => assert.fail('the query cannot succeed'),
      (e: unknown) => e,
    );
    assert.ok(Date.now() - started < 2000, 'failed fast');
    assert.equal(isDatabaseUnavailable(err), true, String(err));
    await pool.end();
    if (behave !== 'nothing listens') await s.close();
  });
}
